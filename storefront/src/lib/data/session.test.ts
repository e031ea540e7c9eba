import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"
import { imprintFields } from "@enclave/contract/values"
import { ordersForPage } from "./orders"
import { currentUser, requireUser } from "./session"

/**
 * The session helpers against a real HTTP server standing in for the facade: what they forward, and what
 * pages get for a visitor, a customer and a facade that fails.
 */
const user = {
  id: 7,
  username: "ada",
  email: "ada@example.org",
  fullName: "Ada Lovelace",
  companyName: null,
  vatId: null,
  isAdmin: false,
  addressLine1: "Unter den Linden 1",
  addressLine2: null,
  city: "Berlin",
  state: "Berlin",
  postalCode: "10117",
  country: "Germany",
  twoFactorEnabled: false,
  loginAttempts: 0,
  accountLocked: false,
  lockedUntil: null,
  lastLogin: null,
  passwordLastChanged: null,
  createdAt: "2026-11-21T10:00:00.000Z",
}

let server: Server
let requests: { path: string; cookie: string | undefined }[] = []
let ordersAnswer: { status: number; body: string } = { status: 200, body: "[]" }

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push({ path: req.url ?? "", cookie: req.headers.cookie })
    res.setHeader("content-type", "application/json")
    if (req.url === "/api/user") {
      const signedIn = (req.headers.cookie ?? "").includes("enclave.sid=good")
      res.statusCode = signedIn ? 200 : 401
      res.end(JSON.stringify(signedIn ? user : { message: "Not signed in", details: "" }))
    } else if (req.url === "/api/orders") {
      res.statusCode = ordersAnswer.status
      res.end(ordersAnswer.body)
    } else if (req.url === "/api/shop-details") {
      const imprint = Object.fromEntries(imprintFields.map((field) => [field, null]))
      res.end(JSON.stringify({ ...imprint, timeZone: "America/New_York" }))
    } else {
      res.statusCode = 404
      res.end("{}")
    }
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  vi.stubEnv("ENCLAVE_API_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}`)
})

afterAll(async () => {
  vi.unstubAllEnvs()
  await new Promise((resolve) => server.close(resolve))
})

beforeEach(() => {
  requests = []
  ordersAnswer = { status: 200, body: "[]" }
})

const browser = (cookie?: string) => new Request("http://shop.test/orders", { headers: cookie ? { cookie } : {} })

function astro(cookie?: string) {
  const response = { status: 200, headers: new Headers() }
  return {
    request: browser(cookie),
    url: new URL("http://shop.test/orders"),
    response,
    locals: {} as { user?: Promise<unknown> },
    redirect: (path: string, status?: number) => new Response(null, { status: status ?? 302, headers: { location: path } }),
  }
}

describe("currentUser", () => {
  it("is null without asking the facade when there is no session cookie", async () => {
    expect(await currentUser(browser("language=de"))).toBeNull()
    expect(requests).toEqual([])
  })

  it("forwards the browser's cookies and answers the user, or null on 401", async () => {
    expect(await currentUser(browser("language=de; enclave.sid=good"))).toMatchObject({ id: 7, username: "ada" })
    expect(requests).toEqual([{ path: "/api/user", cookie: "language=de; enclave.sid=good" }])
    expect(await currentUser(browser("enclave.sid=expired"))).toBeNull()
  })
})

describe("requireUser", () => {
  it("redirects a visitor to /auth, naming the page to come back to, with a 302 and lets a customer through; neither is cached", async () => {
    const visitor = astro()
    const answer = await requireUser(visitor as never)
    expect(answer).toBeInstanceOf(Response)
    expect((answer as Response).status).toBe(302)
    expect((answer as Response).headers.get("location")).toBe("/auth?return=%2Forders")
    expect(visitor.response.headers.get("cache-control")).toBe("private, no-store")

    const customer = astro("enclave.sid=good")
    expect(await requireUser(customer as never)).toMatchObject({ username: "ada" })
    expect(customer.response.headers.get("cache-control")).toBe("private, no-store")
  })
})

describe("ordersForPage", () => {
  it("answers the customer's orders", async () => {
    const page = astro("enclave.sid=good")
    // With the shop's time zone, which the screen writes the dates in.
    expect(await ordersForPage(page as never)).toEqual({ ok: true, orders: [], timeZone: "America/New_York" })
    expect(requests).toContainEqual({ path: "/api/orders", cookie: "enclave.sid=good" })
    expect(page.response.status).toBe(200)
  })

  it("turns a failing or nonsensical answer into the failure state with 503", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    for (const answer of [
      { status: 500, body: JSON.stringify({ message: "boom", details: "" }) },
      { status: 200, body: "not json" },
      { status: 200, body: JSON.stringify([{ id: "x" }]) },
    ]) {
      ordersAnswer = answer
      const page = astro("enclave.sid=good")
      expect(await ordersForPage(page as never)).toEqual({ ok: false })
      expect(page.response.status).toBe(503)
      expect(page.response.headers.get("retry-after")).toBe("30")
    }
  })
})
