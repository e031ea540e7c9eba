/**
 * Bad input: thousands of generated malformed requests against every /api call, as a
 * visitor, a customer and an admin. None may answer 5xx or anything but a JSON error with a
 * message, and the shop's data must be exactly what it was. Every answer must also be one the
 * served OpenAPI document lists for the operation its path reaches, with that status's schema:
 * the malformed requests are a good source of the statuses calls really give.
 *
 * It runs on a shop of its own: "nothing changed" cannot be judged on the shared shop while
 * other test files change products, orders and settings at the same time.
 * FUZZ_SEED=<n> replays a run; FUZZ_COUNT=<n> changes its size; FUZZ_SHOP_URL=<url> runs it on a
 * fresh shop already started (while debugging), not one of its own.
 */
import http from "node:http"
import { ERROR_CODE_STATUS, isErrorCode, type ErrorCode } from "@enclave/contract/http-errors"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ApiClient, asAdmin, asNewCustomer, sandboxPaymentId } from "../support/api.ts"
import { describeRequest, fuzzTargets, generateRequests, type FuzzIds, type FuzzRequest, type Role } from "../support/fuzz.ts"
import { routeCallKeys } from "../support/fuzz-routes.ts"
import { servedDocument, type ServedDocument } from "../support/openapi-check.ts"
import { startShopProcess, type ShopProcess } from "../support/shop.ts"
import { testAddress } from "../support/address.ts"

const SEED = Number(process.env.FUZZ_SEED ?? 20261122)
const COUNT = Number(process.env.FUZZ_COUNT ?? 5000)
const IN_FLIGHT = 12

let shop: ShopProcess | undefined
let shopUrl: string
let clients: Record<Role, ApiClient>
let ids: FuzzIds
let served: ServedDocument

interface Answer {
  status: number
  contentType: string
  text: string
  headers: http.IncomingHttpHeaders
}

const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT })

/** node:http, not fetch: fetch would resolve `/api/../x` before sending it. */
function send(request: FuzzRequest): Promise<Answer> {
  const url = new URL(shopUrl)
  const headers: Record<string, string> = { ...request.headers }
  if (headers.cookie === undefined && request.role !== "visitor") headers.cookie = clients[request.role].cookieHeader()
  // A browser on the shop's pages sends its Origin with every change; the fuzzer's cross-origin
  // cases set their own (or none, which the session cookie then makes a 403 as well).
  if (!("origin" in headers) && !["GET", "HEAD", "OPTIONS"].includes(request.method.toUpperCase())) headers.origin = url.origin
  if (request.body !== undefined) headers["content-length"] = String(Buffer.byteLength(request.body))
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method: request.method, path: request.path, headers, agent }, (res) => {
      const chunks: Buffer[] = []
      res.on("data", (c: Buffer) => chunks.push(c))
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers["content-type"] ?? ""),
          text: Buffer.concat(chunks).toString("utf8"),
          headers: res.headers,
        }),
      )
      res.on("error", reject)
    })
    req.on("error", reject)
    req.end(request.body)
  })
}

/** What is wrong with an answer to a request that must be refused, or null. */
function problemWith(answer: Answer): string | null {
  if (answer.status < 400 || answer.status >= 500) return `status ${answer.status}`
  if (!/^application\/json/.test(answer.contentType)) return `content type "${answer.contentType}"`
  let body: unknown
  try {
    body = JSON.parse(answer.text)
  } catch {
    return "a body that is not JSON"
  }
  const message = (body as { message?: unknown } | null)?.message
  if (typeof message !== "string" || message.trim().length < 3) return "no message"
  if (/\bat .+\(.*:\d+:\d+\)|node_modules|stack/i.test(message)) return "internals in the message"
  const code = (body as { code?: unknown }).code
  if (!isErrorCode(code)) return `no error code of the contract's (${JSON.stringify(code)})`
  if (ERROR_CODE_STATUS[code] !== answer.status && !VARYING_STATUS.has(code)) return `code ${code} with status ${answer.status}`
  return null
}

/**
 * The codes the spec answers with another status in places (error-codes.ts): a passkey's, a one-time code's,
 * and a payment's that is unknown: 400 when nothing names one, 404 for a card payment or PayPal order the
 * caller has none of (api-paths.ts lists both).
 */
const VARYING_STATUS = new Set<ErrorCode>([
  "invalid_two_factor_code",
  "payment_unknown",
  "passkey_challenge_invalid",
  "passkey_unknown",
  "passkey_invalid",
  "staff_second_factor_required",
])

/** What the API document says is wrong with an answer (its JSON was checked by problemWith), or null. */
function documentProblem(request: FuzzRequest, answer: Answer): string | null {
  const problems = served.problemsWithRequest(request.method, request.path, { status: answer.status, body: JSON.parse(answer.text) })
  return problems.length ? `not as documented (${problems.slice(0, 3).join("; ")})` : null
}

/** Everything a malformed request could have changed, read through the API. */
async function snapshot() {
  const read = async (client: ApiClient, path: string) => {
    const answer = await client.get(path)
    expect(answer.status, `GET ${path}`).toBe(200)
    return answer.body
  }
  return {
    products: await read(clients.visitor, "/api/products"),
    shippingMethods: await read(clients.admin, "/api/admin/shipping-methods"),
    shippingSettings: await read(clients.visitor, "/api/shipping-settings"),
    paymentMethods: await read(clients.visitor, "/api/payment-methods"),
    paymentConfig: await read(clients.admin, "/api/admin/payment-config"),
    shopDetails: await read(clients.admin, "/api/admin/shop-details"),
    users: await read(clients.admin, "/api/admin/users"),
    orders: await read(clients.admin, "/api/admin/orders"),
    unfinalisedPayments: await read(clients.admin, "/api/admin/unfinalised-payments"),
    customer: await read(clients.customer, "/api/user"),
    cart: await read(clients.customer, "/api/cart"),
    customerOrders: await read(clients.customer, "/api/orders"),
  }
}

beforeAll(async () => {
  if (process.env.FUZZ_SHOP_URL) shopUrl = process.env.FUZZ_SHOP_URL
  else {
    shop = await startShopProcess()
    shopUrl = shop.url
  }
  process.env.ENCLAVE_URL = shopUrl
  const customer = await asNewCustomer()
  const address = testAddress
  // One order (sandbox payment) and one item left in the cart, so ids point at real rows.
  expect((await customer.post("/api/cart", { productId: 1, quantity: 1 })).status).toBe(201)
  const order = await customer.post("/api/orders", {
    shippingAddress: address,
    shippingMethod: 1,
    paymentMethod: "stripe",
    paymentId: sandboxPaymentId(),
  })
  expect(order.status, JSON.stringify(order.body)).toBe(201)
  const cart = await customer.post("/api/cart", { productId: 4, quantity: 1 })
  expect(cart.status).toBe(201)
  clients = { visitor: new ApiClient(), customer, admin: await asAdmin() }
  served = await servedDocument(shopUrl)
  ids = { productId: 1, itemId: cart.body[0].id, orderId: order.body.id, userId: customer.user.id, shippingMethodId: 1 }
})

afterAll(async () => {
  agent.destroy()
  await shop?.stop()
  shop?.removeData()
})

describe("malformed requests", () => {
  it("the generator aims at every call the route files serve", () => {
    const aimed = new Set(fuzzTargets().map((t) => t.key))
    expect(routeCallKeys().filter((key) => !aimed.has(key))).toEqual([])
  })

  it(`${COUNT} generated malformed requests: no 5xx, always a JSON error with a message its document lists, nothing changed`, async () => {
    console.log(`fuzz seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${COUNT} requests`)
    const requests = generateRequests(SEED, COUNT, ids)
    const before = await snapshot()
    const failures: string[] = []
    const perTarget = new Map<string, number>()
    const statuses = new Map<string, Set<number>>()
    let next = 0
    const worker = async () => {
      while (next < requests.length) {
        const request = requests[next++]
        perTarget.set(request.target, (perTarget.get(request.target) ?? 0) + 1)
        let problem: string | null
        let answer: Answer | undefined
        try {
          answer = await send(request)
          problem = problemWith(answer) ?? documentProblem(request, answer)
          statuses.set(request.target, (statuses.get(request.target) ?? new Set()).add(answer.status))
        } catch (error) {
          problem = `no answer (${(error as Error).message})`
        }
        if (problem) failures.push(`${problem}: ${describeRequest(request, SEED)} → ${answer?.status} ${answer?.text.slice(0, 200)}`)
      }
    }
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker))
    console.log(
      `statuses answered per target:\n${[...statuses]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([target, seen]) => `  ${target}: ${[...seen].sort().join(" ")}`)
        .join("\n")}`,
    )
    expect(failures.length, `${failures.length} bad answers, the first ones:\n${failures.slice(0, 15).join("\n")}`).toBe(0)
    // Every call and every unknown-path target got its share (the contract's calls three turns, the others one).
    const turns = fuzzTargets().reduce((sum, t) => sum + (t.op ? 3 : 1), 0)
    for (const target of fuzzTargets()) expect(perTarget.get(target.key) ?? 0, target.key).toBeGreaterThanOrEqual(Math.floor(COUNT / turns))
    expect(await snapshot()).toEqual(before)
  })
})

/** One request as raw as the fuzzer's: its status, content type and parsed JSON body. */
async function rawAnswer(role: Role, method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  const answer = await send({ index: -1, target: "", violation: "", role, method, path, headers, body })
  expect(answer.contentType, `${method} ${path}`).toMatch(/^application\/json/)
  return { status: answer.status, body: JSON.parse(answer.text) as { message: string; details?: unknown } }
}

describe("what the fuzzer found, fixed at the cause", () => {
  it("a NUL character in any text field is a 400 naming the field, not a database error", async () => {
    const login = await rawAnswer(
      "visitor",
      "POST",
      "/api/login",
      { "content-type": "application/json" },
      JSON.stringify({ username: "ad\u0000min", password: "whatever-it-is" }),
    )
    expect(login).toEqual({
      status: 400,
      body: {
        message: "Text must not contain NUL characters",
        code: "invalid_input",
        details: { fields: { username: "Text must not contain NUL characters" } },
      },
    })
    const address = {
      fullName: "Ada\u0000",
      addressLine1: "Unter den Linden 1",
      city: "Berlin",
      state: "Berlin",
      postalCode: "10117",
      country: "Germany",
    }
    const orderAddress = await rawAnswer(
      "admin",
      "PUT",
      `/api/admin/orders/${ids.orderId}/shipping-address`,
      { "content-type": "application/json" },
      JSON.stringify({ shippingAddress: address }),
    )
    expect(orderAddress.status).toBe(400)
    expect(orderAddress.body.details).toEqual({ fields: { "shippingAddress.fullName": "Text must not contain NUL characters" } })
  })

  it("a session cookie that cookie-parser reads as JSON (j:...) is no session, not a 500", async () => {
    const answer = await rawAnswer("visitor", "GET", "/api/user", { cookie: 'enclave.sid=j:{"userId":1}' })
    expect(answer).toEqual({ status: 401, body: { message: "Not signed in", code: "not_signed_in" } })
  })

  it("/api paths no operation has get the JSON 404, whatever the method", async () => {
    for (const [method, path] of [
      ["GET", "/api"],
      ["GET", "/api/"],
      ["GET", "/api//products"],
      ["DELETE", "/api/cart//"],
      ["GET", "/api/a/b/c/d/e"],
      ["TRACE", "/api/nope"],
      ["OPTIONS", "/api/nope/a"],
      ["OPTIONS", "/api/products/1/x"],
    ]) {
      const answer = await rawAnswer("customer", method, path)
      expect(answer, `${method} ${path}`).toEqual({ status: 404, body: { message: `No API call ${method} ${path}`, code: "not_found" } })
    }
  })

  it("a method a path does not serve: 405 with the path's real Allow list; OPTIONS answers that list", async () => {
    const cases: [string, string, string][] = [
      ["PATCH", "/api/products", "GET, HEAD, OPTIONS"],
      ["TRACE", "/api/products", "GET, HEAD, OPTIONS"],
      ["DELETE", "/api/products/1", "GET, HEAD, OPTIONS"],
      ["GET", "/api/webhooks/stripe", "POST, OPTIONS"],
      ["POST", "/api/cart/1", "PUT, DELETE, OPTIONS"],
      ["PUT", "/api/admin/shipping-methods", "GET, HEAD, POST, OPTIONS"],
    ]
    for (const [method, path, allow] of cases) {
      const answer = await send({ index: -1, target: "", violation: "", role: "visitor", method, path, headers: {} })
      expect([answer.status, answer.headers.allow], `${method} ${path}`).toEqual([405, allow])
      expect(answer.contentType).toMatch(/^application\/json/)
      expect(JSON.parse(answer.text)).toEqual({
        message: `${method} is not allowed on ${path}: use ${allow}`,
        code: "method_not_allowed",
        details: { allowed: allow.split(", ") },
      })
    }
    for (const [path, allow] of [
      ["/api/cart", "GET, HEAD, POST, DELETE, OPTIONS"],
      ["/api/products/abc", "GET, HEAD, OPTIONS"],
      ["/api/admin/products/1/upload-image", "POST, OPTIONS"],
      ["/api/openapi.json", "GET, HEAD, OPTIONS"],
    ]) {
      const answer = await send({ index: -1, target: "", violation: "", role: "visitor", method: "OPTIONS", path, headers: {} })
      expect([answer.status, answer.headers.allow, answer.text], `OPTIONS ${path}`).toEqual([204, allow, ""])
    }
  })

  it("a path parameter that is no id is named in details.fields", async () => {
    for (const [role, method, path, field, message] of [
      ["visitor", "GET", "/api/products/abc", "id", "Product id must be a whole number"],
      ["customer", "DELETE", "/api/cart/x1", "itemId", "Cart item id must be a whole number"],
      ["admin", "GET", "/api/admin/order-user/0", "userId", "User id must be a whole number"],
      ["admin", "DELETE", "/api/admin/orders/-1", "id", "Order id must be a whole number"],
    ] as const) {
      const answer = await rawAnswer(role, method, path)
      expect(answer.status, path).toBe(400)
      expect(answer.body.details, path).toEqual({ fields: { [field]: message } })
    }
  })

  it("the front door answers a path that escapes /api with the JSON 404, not a storefront page", async () => {
    for (const path of ["/api/../x", "/api/%2e%2e/admin", "//api/products", "/api\\products", "/\\api/user"]) {
      const answer = await rawAnswer("visitor", "GET", path)
      expect(answer, path).toEqual({ status: 404, body: { message: `No API call GET ${path}`, code: "not_found" } })
    }
  })

  it("a body that is not JSON is refused, not read as an empty change", async () => {
    const before = (await clients.admin.get("/api/admin/payment-config")).body
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "image/png"]) {
      const answer = await rawAnswer("admin", "POST", "/api/admin/payment-config", { "content-type": type }, "stripeEnabled=true")
      expect(answer, type).toEqual({
        status: 400,
        body: { message: "Send the request body as JSON (Content-Type: application/json)", code: "json_required" },
      })
    }
    const noType = await rawAnswer("admin", "PUT", "/api/admin/shipping-methods/1", {}, '{"name":"Changed"}')
    expect(noType.status).toBe(400)
    expect((await clients.admin.get("/api/admin/payment-config")).body).toEqual(before)
  })
})
