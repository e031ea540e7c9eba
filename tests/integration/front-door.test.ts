/**
 * The front door with several Medusa servers (MEDUSA_SERVERS): /api calls take turns between them,
 * and a server that does not answer gets a JSON error rather than a hanging request. Two loopback
 * servers stand in for Medusa here, so the test sees which one answered. With MEDUSA_DASHBOARD on,
 * /app and the dashboard's calls under /medusa reach Medusa: a stand-in again, as building the real
 * dashboard takes half a minute (medusa-admin.test.ts checks the default shop has none).
 */
import fs from "node:fs"
import http from "node:http"
import os from "node:os"
import path from "node:path"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { UNKNOWN_HOST_MESSAGE } from "@enclave/contract/public-address"
import { ADMIN_POLICY, API_POLICY } from "@enclave/contract/security-headers"
import { createFrontDoor, HEADERS_TOO_LARGE_MESSAGE, KEEP_ALIVE_MS } from "../../launcher/front-door.ts"
import { repoRoot } from "../../launcher/env.ts"
import { freePort } from "../../launcher/ports.ts"

const servers: http.Server[] = []
let door: http.Server
let doorUrl = ""
let deadUrl = ""

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  )
}

beforeAll(async () => {
  const urls: string[] = []
  for (const name of ["one", "two"]) {
    const server = http.createServer((req, res) => {
      res.writeHead(200, { "content-type": "application/json" })
      res.end(JSON.stringify({ server: name, path: req.url }))
    })
    servers.push(server)
    urls.push(await listen(server))
  }
  deadUrl = `http://127.0.0.1:${await freePort()}`
  door = await createFrontDoor({ apiUrl: urls, uploadsDir: os.tmpdir() })
  doorUrl = await listen(door)
})

afterAll(async () => {
  for (const server of [door, ...servers]) {
    server?.closeAllConnections()
    await new Promise((resolve) => server?.close(resolve))
  }
})

describe("the front door with two Medusa servers", () => {
  it("sends /api calls to each in turn, with the path intact", async () => {
    const answered: string[] = []
    for (let i = 0; i < 4; i++) {
      const body = (await (await fetch(`${doorUrl}/api/products/${i}`)).json()) as { server: string; path: string }
      expect(body.path).toBe(`/api/products/${i}`)
      answered.push(body.server)
    }
    expect(answered.sort()).toEqual(["one", "one", "two", "two"])
  })

  it("sends a GET once more when the connection is reset before an answer, but never a POST", async () => {
    let calls = 0
    // Drops every other request's connection without answering, as a server closing a kept-alive connection does.
    const flaky = http.createServer((req, res) => {
      calls += 1
      if (calls % 2 === 1) return req.socket.destroy()
      res.writeHead(200, { "content-type": "application/json" })
      res.end(JSON.stringify({ path: req.url }))
    })
    const flakyDoor = await createFrontDoor({ apiUrl: [await listen(flaky)], uploadsDir: os.tmpdir() })
    const url = await listen(flakyDoor)
    try {
      const got = await fetch(`${url}/api/products`)
      expect(got.status).toBe(200)
      expect(await got.json()).toEqual({ path: "/api/products" })
      expect(calls).toBe(2)
      const posted = await fetch(`${url}/api/cart`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })
      expect(posted.status).toBe(502)
      expect(calls).toBe(3)
    } finally {
      for (const server of [flakyDoor, flaky]) {
        server.closeAllConnections()
        await new Promise((resolve) => server.close(resolve))
      }
    }
  })

  it("keeps an idle connection open for a minute, so a client that reuses it after 5 s gets an answer, not a reset", async () => {
    // One socket, kept alive, and no agent timeout: like Playwright's request context, this client
    // does not read the Keep-Alive hint and reuses the connection for as long as it is open.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const get = () =>
      new Promise<{ status: number; keepAlive: string; reused: boolean }>((resolve, reject) => {
        const req = http.get(`${doorUrl}/api/products/kept`, { agent }, (res) => {
          res.resume()
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, keepAlive: String(res.headers["keep-alive"]), reused: req.reusedSocket }),
          )
        })
        req.on("error", reject)
      })
    try {
      const first = await get()
      expect(first).toEqual({ status: 200, keepAlive: `timeout=${KEEP_ALIVE_MS / 1000}`, reused: false })
      // Longer than Node's default of 5 s, after which the server would have closed it.
      await new Promise((resolve) => setTimeout(resolve, 6_000))
      expect(await get()).toEqual({ status: 200, keepAlive: `timeout=${KEEP_ALIVE_MS / 1000}`, reused: true })
    } finally {
      agent.destroy()
    }
  }, 15_000)

  it("answers a JSON 502 with a message when a server is down", async () => {
    const lonely = await createFrontDoor({ apiUrl: [deadUrl], uploadsDir: os.tmpdir() })
    const url = await listen(lonely)
    try {
      const answer = await fetch(`${url}/api/products`)
      expect(answer.status).toBe(502)
      expect(await answer.json()).toEqual({
        message: "The shop's server is not answering. Please try again in a moment.",
        code: "provider_failed",
      })
    } finally {
      lonely.closeAllConnections()
      await new Promise((resolve) => lonely.close(resolve))
    }
  })

  it("serves the fingerprinted files of the admin and the storefront as immutable for a year, the admin's page not", async () => {
    const IMMUTABLE = "public, max-age=31536000, immutable"
    const adminAsset = fs.readdirSync(path.join(repoRoot, "admin", "dist", "assets")).find((name) => name.endsWith(".js"))
    const storefrontAsset = fs
      .readdirSync(path.join(repoRoot, "storefront", "dist", "client", "_astro"))
      .find((name) => name.endsWith(".js"))
    for (const file of [`/admin/assets/${adminAsset}`, `/_astro/${storefrontAsset}`]) {
      const answer = await fetch(`${doorUrl}${file}`)
      expect(answer.status, file).toBe(200)
      expect(answer.headers.get("cache-control"), file).toBe(IMMUTABLE)
    }
    // The app's page names the current files: it is never kept.
    const page = await fetch(`${doorUrl}/admin/`, { redirect: "manual" })
    expect(page.headers.get("cache-control")).toBe("private, no-store")
  })
})

describe("the front door's host names", () => {
  /** A GET with the Host header as given (fetch sets its own). */
  const getWithHost = (url: string, path: string, host: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const target = new URL(url)
      http
        .get({ host: target.hostname, port: target.port, path, headers: { host } }, (res) => {
          let text = ""
          res.on("data", (chunk) => (text += chunk))
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }))
        })
        .on("error", reject)
    })

  it("answers PUBLIC_URL's host, the ALLOWED_HOSTS and loopback, and refuses any other with 400", async () => {
    const saved = { PUBLIC_URL: process.env.PUBLIC_URL, ALLOWED_HOSTS: process.env.ALLOWED_HOSTS }
    process.env.PUBLIC_URL = "https://shop.example"
    process.env.ALLOWED_HOSTS = "other.example, .enclave.test"
    const strict = await createFrontDoor({
      apiUrl: [await listen(http.createServer((_req, res) => res.end("{}")))],
      uploadsDir: os.tmpdir(),
    })
    Object.assign(process.env, saved)
    for (const [name, value] of Object.entries(saved)) if (value === undefined) delete process.env[name]
    const url = await listen(strict)
    try {
      for (const host of [
        "shop.example",
        "shop.example:8000",
        "other.example",
        "enclave.test",
        "www.enclave.test",
        "localhost:1",
        "[::1]:8000",
      ]) {
        expect((await getWithHost(url, "/api/products", host)).status, host).toBe(200)
      }
      for (const host of ["evil.example", "shop.example.evil.example", "notenclave.test", "other.example.org"]) {
        const api = await getWithHost(url, "/api/products", host)
        expect(api.status, host).toBe(400)
        expect(JSON.parse(api.text)).toEqual({
          message: UNKNOWN_HOST_MESSAGE,
          code: "unknown_host",
          details: { fields: { host: `Unknown host: ${host}` } },
        })
        const page = await getWithHost(url, "/products", host)
        expect(page.status, host).toBe(400)
        expect(page.text).toBe(`${UNKNOWN_HOST_MESSAGE}.\n`)
      }
    } finally {
      strict.closeAllConnections()
      await new Promise((resolve) => strict.close(resolve))
    }
  })
})

describe("requests Node's parser refuses", () => {
  it("answer the JSON 431 for an address or cookies too long, with the security headers", async () => {
    const door = await createFrontDoor({ apiUrl: [await listen(http.createServer((_req, res) => res.end("{}")))], uploadsDir: os.tmpdir() })
    const url = await listen(door)
    try {
      for (const [path, headers] of [
        [`/products?q=${"x".repeat(20_000)}`, {}],
        ["/api/products", { cookie: `enclave.sid=${"y".repeat(20_000)}` }],
      ] as const) {
        const answer = await fetch(`${url}${path}`, { headers })
        expect(answer.status).toBe(431)
        expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8")
        expect(answer.headers.get("x-content-type-options")).toBe("nosniff")
        expect(await answer.json()).toEqual({ message: HEADERS_TOO_LARGE_MESSAGE, code: "headers_too_large" })
      }
    } finally {
      door.closeAllConnections()
      await new Promise((resolve) => door.close(resolve))
    }
  })
})

describe("Medusa's dashboard through the front door (MEDUSA_DASHBOARD)", () => {
  /** A request with the path exactly as written (fetch would resolve its dot segments first). */
  const rawRequest = (url: string, method: string, rawPath: string) =>
    new Promise<{ status: number; type: string; csp: string; text: string }>((resolve, reject) => {
      const req = http.request(`${url}${rawPath}`, { method, path: rawPath }, (res) => {
        let text = ""
        res.on("data", (chunk) => (text += chunk))
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers["content-type"]),
            csp: String(res.headers["content-security-policy"]),
            text,
          }),
        )
      })
      req.on("error", reject)
      req.end()
    })

  it("off (the default): /app and /medusa are the storefront's, and nothing of them reaches Medusa", async () => {
    for (const rawPath of ["/app", "/app/orders", "/medusa/admin/orders", "/medusa/auth/user/emailpass"]) {
      const answer = await rawRequest(doorUrl, "GET", rawPath)
      expect(answer.status, rawPath).toBe(404)
      expect(answer.type, rawPath).toMatch(/^text\/html/)
      expect(answer.text, rawPath).not.toContain('"server"')
    }
  })

  it("on: /app goes to Medusa as it is, the dashboard's calls under /medusa without the prefix, nothing else of Medusa", async () => {
    const medusa = http.createServer((req, res) => {
      res.writeHead(200, { "content-type": "application/json" })
      res.end(JSON.stringify({ method: req.method, path: req.url }))
    })
    const withDashboard = await createFrontDoor({ apiUrl: [await listen(medusa)], uploadsDir: os.tmpdir(), medusaDashboard: true })
    const url = await listen(withDashboard)
    try {
      const passed: Array<[string, string, string]> = [
        ["GET", "/app", "/app"],
        ["GET", "/app/orders?limit=2", "/app/orders?limit=2"],
        ["GET", "/app/assets/index-abc.js", "/app/assets/index-abc.js"],
        ["GET", "/medusa/admin/orders?fields=id", "/admin/orders?fields=id"],
        ["POST", "/medusa/auth/user/emailpass", "/auth/user/emailpass"],
        ["GET", "/medusa/auth/user/providers", "/auth/user/providers"],
        ["POST", "/medusa/auth/session", "/auth/session"],
        ["DELETE", "/medusa/auth/session", "/auth/session"],
        ["POST", "/medusa/auth/token/refresh", "/auth/token/refresh"],
        ["POST", "/medusa/auth/mfa/challenges/1/verify", "/auth/mfa/challenges/1/verify"],
        ["GET", "/api/products", "/api/products"],
      ]
      for (const [method, rawPath, medusaPath] of passed) {
        const answer = await rawRequest(url, method, rawPath)
        expect(answer.status, rawPath).toBe(200)
        expect(JSON.parse(answer.text), rawPath).toMatchObject({ path: medusaPath, method })
      }
      // The dashboard's page and files are a Vite app like the back office; its calls answer JSON like /api.
      expect((await rawRequest(url, "GET", "/app/orders")).csp).toBe(ADMIN_POLICY)
      expect((await rawRequest(url, "GET", "/medusa/admin/orders")).csp).toBe(API_POLICY)

      const refused = [
        ["GET", "/medusa/store/products"],
        ["POST", "/medusa/auth/customer/emailpass"],
        ["POST", "/medusa/auth/user/emailpass/register"],
        ["POST", "/medusa/auth/user/emailpass/reset-password"],
        ["POST", "/medusa/auth/user/emailpass/update"],
        ["GET", "/medusa/health"],
        ["GET", "/medusa"],
        ["GET", "/app/../admin/orders"],
        ["GET", "/app/%2e%2e/store/products"],
        ["GET", "/medusa/admin/../store/products"],
        ["GET", "/medusa/admin/%2E%2E/%2e%2e/api/orders"],
      ]
      for (const [method, rawPath] of refused) {
        const answer = await rawRequest(url, method, rawPath)
        expect(answer.status, rawPath).toBe(404)
        expect(JSON.parse(answer.text), rawPath).toEqual({ message: expect.stringContaining("No such path"), code: "not_found" })
      }
    } finally {
      for (const server of [withDashboard, medusa]) {
        server.closeAllConnections()
        await new Promise((resolve) => server.close(resolve))
      }
    }
  })
})
