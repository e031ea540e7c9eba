/**
 * The OpenAPI document as the shop serves it at /api/openapi.json: it passes Redocly's
 * recommended lint rules, and real answers, errors above all, agree with it, so a validating
 * proxy in front of the shop lets them through. What a client generated from it needs to buy is
 * tried the way such a client would: reading the document, not this shop's code.
 * Runs on the shared shop; only the new customers' own carts and orders change.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { apiOperations, type ApiOperation } from "@enclave/contract"
import { ApiClient, asAdmin, asNewCustomer, asVisitor, fromNewAddress, sandboxPaymentId } from "../support/api.ts"
import { testAddress } from "../support/address.ts"
import { redoclyLint, servedDocument, type ServedDocument } from "../support/openapi-check.ts"
import { sendRaw } from "../support/raw-request.ts"
import { Authenticator } from "../support/totp.ts"
import { shopUrl } from "../support/urls.ts"
import { SoftAuthenticator } from "../support/webauthn.ts"

let served: ServedDocument

beforeAll(async () => {
  served = await servedDocument()
})

describe("GET /api/openapi.json", () => {
  it("passes `redocly lint` with the recommended rules: 0 errors", async () => {
    const lint = await redoclyLint(served.text)
    console.log(
      `redocly lint (recommended) of /api/openapi.json: ${lint.errors} errors, ${lint.warnings} warnings${lint.problems.length ? "\n" + lint.problems.join("\n") : ""}`,
    )
    expect(lint.errors, lint.problems.filter((p) => p.startsWith("error")).join("\n")).toBe(0)
  })
})

describe("answers agree with the document", () => {
  let customer: ApiClient
  beforeAll(async () => {
    customer = await asNewCustomer()
    expect((await customer.post("/api/cart", { productId: 4, quantity: 1 })).status).toBe(201)
  })

  async function expectAgreement(
    client: ApiClient,
    method: string,
    path: string,
    template: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) {
    const answer = await client.request(method, path, body, { headers })
    expect(served.problemsWith(method, template, answer), `${method} ${path} → ${answer.status} ${JSON.stringify(answer.body)}`).toEqual([])
    return answer
  }

  it("the payment calls' and webhooks' errors, `error` field included (docs/product.md §3, §8)", async () => {
    const refused = [
      await expectAgreement(customer, "POST", "/api/card-payments", "/api/card-payments", {}),
      await expectAgreement(customer, "POST", "/api/card-payments", "/api/card-payments", {
        shippingAddress: testAddress,
        shippingMethodId: 1,
        total: "1.00",
      }),
      await expectAgreement(customer, "POST", "/api/paypal-server/create-order", "/api/paypal-server/create-order", { amount: [] }),
      await expectAgreement(customer, "POST", "/api/paypal-server/create-order", "/api/paypal-server/create-order", {
        shippingAddress: testAddress,
        shippingMethodId: 1,
        amount: "1.00",
      }),
      await expectAgreement(customer, "POST", "/api/paypal-server/capture-order", "/api/paypal-server/capture-order", {}),
      await expectAgreement(customer, "GET", "/api/paypal-server/order/a.b", "/api/paypal-server/order/{id}"),
      await expectAgreement(customer, "POST", "/api/orders", "/api/orders", { shippingMethod: 1 }),
      await expectAgreement(asVisitor(), "POST", "/api/webhooks/stripe", "/api/webhooks/stripe", {
        id: "evt_1",
        type: "payment_intent.succeeded",
        data: { object: { id: "pi_1" } },
      }),
      await expectAgreement(asVisitor(), "POST", "/api/webhooks/paypal", "/api/webhooks/paypal", {
        id: "WH-1",
        event_type: "PAYMENT.CAPTURE.COMPLETED",
        resource: { id: "CAP-1" },
      }),
    ]
    for (const answer of refused) expect(answer.status).toBeGreaterThanOrEqual(400)
    // The calls that reach a provider repeat the message as `error`, as docs/product.md §8's PayPal toast reads it.
    expect(refused.filter((answer) => answer.body.error === answer.body.message).length).toBeGreaterThanOrEqual(5)
  })

  it("other calls' errors and answers: bad ids, no session, refused bodies", async () => {
    await expectAgreement(asVisitor(), "GET", "/api/products/abc", "/api/products/{id}")
    await expectAgreement(asVisitor(), "GET", "/api/products/1", "/api/products/{id}")
    await expectAgreement(asVisitor(), "GET", "/api/cart", "/api/cart")
    await expectAgreement(customer, "PUT", "/api/cart/1", "/api/cart/{itemId}", { quantity: 1e20 })
    await expectAgreement(asVisitor(), "POST", "/api/login", "/api/login", { username: ["admin"], password: "x" })
  })

  it("the passkey calls: options, a new passkey, a sign-in with it, and their refusals", async () => {
    const owner = await asNewCustomer()
    const authenticator = new SoftAuthenticator(shopUrl())
    const path = "/api/account/passkeys"
    const creation = await expectAgreement(owner, "POST", `${path}/registration/options`, `${path}/registration/options`)
    const response = authenticator.create(creation.body).response
    const added = await expectAgreement(owner, "POST", path, path, { name: "Document key", response })
    expect(added.status).toBe(201)
    expect((await expectAgreement(owner, "POST", path, path, { name: "Again", response })).status).toBe(400)
    await expectAgreement(owner, "GET", path, path)
    await expectAgreement(owner, "PUT", `${path}/${added.body.id}`, `${path}/{id}`, { name: "Renamed" })
    expect((await expectAgreement(owner, "PUT", `${path}/nope`, `${path}/{id}`, { name: "x" })).status).toBe(400)
    expect((await expectAgreement(owner, "POST", `${path}/confirm/options`, `${path}/confirm/options`)).status).toBe(200)
    const client = fromNewAddress()
    const options = await expectAgreement(client, "POST", "/api/login/passkey/options", "/api/login/passkey/options")
    const assertion = authenticator.get(options.body)
    expect((await expectAgreement(client, "POST", "/api/login/passkey", "/api/login/passkey", { response: assertion })).status).toBe(200)
    expect(
      (await expectAgreement(fromNewAddress(), "POST", "/api/login/passkey", "/api/login/passkey", { response: assertion })).status,
    ).toBe(401)
    const second = "/api/login/passkey/second-factor"
    expect((await expectAgreement(asVisitor(), "POST", `${second}/options`, `${second}/options`)).status).toBe(401)
    expect((await expectAgreement(asVisitor(), "POST", second, second, { response: assertion })).status).toBe(401)
    expect((await expectAgreement(owner, "DELETE", `${path}/${added.body.id}`, `${path}/{id}`)).status).toBe(200)
    expect((await expectAgreement(owner, "DELETE", `${path}/${added.body.id}`, `${path}/{id}`)).status).toBe(404)
  })
})

describe("what a generated client needs to know, as the document says it", () => {
  it("the Origin rule: a signed-in change without Origin and one from another origin get the documented 403s; the headers the document names get through", async () => {
    const examples = served.document.paths["/api/cart"].post.responses["403"].content["application/json"].examples
    const customer = await asNewCustomer()
    const item = { productId: 4, quantity: 1 }
    const bare = await customer.post("/api/cart", item, { sameOrigin: false })
    expect([bare.status, bare.body]).toEqual([403, examples.originRequired.value])
    const foreign = await customer.post("/api/cart", item, { headers: { origin: "https://evil.example" } })
    expect([foreign.status, foreign.body]).toEqual([403, examples.crossOrigin.value])
    const crossSite = await customer.post("/api/cart", item, { sameOrigin: false, headers: { "sec-fetch-site": "cross-site" } })
    expect([crossSite.status, crossSite.body]).toEqual([403, examples.crossOrigin.value])
    // Either header the document names: the shop's own Origin, or Sec-Fetch-Site: same-origin.
    const withOrigin = await customer.post("/api/cart", item, { headers: { origin: new URL(shopUrl()).origin } })
    const sameSite = await customer.post("/api/cart", item, { sameOrigin: false, headers: { "sec-fetch-site": "same-origin" } })
    expect([withOrigin.status, sameSite.status]).toEqual([201, 201])
    expect(sameSite.body[0].quantity).toBe(2)
    for (const answer of [bare, foreign, crossSite, withOrigin, sameSite])
      expect(served.problemsWith("POST", "/api/cart", answer)).toEqual([])
  })

  it("the sandbox card: the documented example places an order with a new str- id; the same id again is the documented 409", async () => {
    const placeOrder = served.document.paths["/api/orders"].post
    const example = placeOrder.requestBody.content["application/json"].examples.sandboxCard.value
    // A new id of the documented form (str- and 16 hex digits) for every order, the rest as the example has it.
    const order = { ...example, paymentId: sandboxPaymentId() }
    expect(order.paymentId).toMatch(/^str-[0-9a-f]{16}$/)
    const buyer = await asNewCustomer()
    expect((await buyer.post("/api/cart", { productId: 4, quantity: 1 })).status).toBe(201)
    const placed = await buyer.post("/api/orders", order)
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    expect(placed.body).toMatchObject({ paymentMethod: "Card (Sandbox)", paymentId: order.paymentId, isTestPayment: true })
    expect((await buyer.post("/api/cart", { productId: 4, quantity: 1 })).status).toBe(201)
    const again = await buyer.post("/api/orders", order)
    expect([again.status, again.body]).toEqual([409, placeOrder.responses["409"].content["application/json"].examples.paymentUsed.value])
    for (const answer of [placed, again]) expect(served.problemsWith("POST", "/api/orders", answer)).toEqual([])
  })

  it("the two-factor step: POST /api/login sets the cookie the document names, and a client sending just that cookie and a code is signed in", async () => {
    const step = served.document.paths["/api/login/two-factor"].post
    const scheme = served.document.components.securitySchemes[Object.keys(step.security[0])[0]]
    expect(scheme.in).toBe("cookie")
    const customer = await asNewCustomer()
    const setup = await customer.post("/api/account/two-factor/setup")
    const app = new Authenticator(setup.body.secret)
    expect((await customer.post("/api/account/two-factor/enable", { code: await app.nextCode() })).status).toBe(200)

    const passwordStep = fromNewAddress()
    const login = await passwordStep.post("/api/login", { username: customer.details.username, password: customer.details.password })
    expect([login.status, login.body]).toEqual([200, { twoFactorRequired: true }])
    const cookie = login.headers.getSetCookie().find((line) => line.startsWith(`${scheme.name}=`))
    expect(cookie, login.headers.getSetCookie().join("\n")).toMatch(/; Path=\/api\/login/)
    expect(served.document.paths["/api/login"].post.responses["200"].headers["Set-Cookie"].description).toContain(`\`${scheme.name}\``)

    // Without the cookie: the documented 401. With it, and nothing else: signed in.
    const withoutCookie = await new ApiClient().post("/api/login/two-factor", { code: app.wrongCode() })
    expect(withoutCookie.status).toBe(401)
    const codeStep = new ApiClient()
    codeStep.setCookie(scheme.name, passwordStep.cookie(scheme.name)!)
    const done = await codeStep.post("/api/login/two-factor", { code: await app.nextCode() })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body.username).toBe(customer.details.username)
    expect((await codeStep.get("/api/account")).status).toBe(200)
    for (const [template, answer] of [
      ["/api/login", login],
      ["/api/login/two-factor", withoutCookie],
      ["/api/login/two-factor", done],
    ] as const)
      expect(served.problemsWith("POST", template, answer)).toEqual([])
  })
})

describe("the statuses of the front door and the facade's middlewares: real for every operation, and as documented", () => {
  /** A path of the operation; the ids name nothing, and no request below reaches a route. */
  const pathOf = (op: ApiOperation) => op.path.replace(/\{\w+\}/g, "1")
  const isChange = (op: ApiOperation) => op.method !== "get"
  const jsonBody = (op: ApiOperation) => op.body !== undefined && op.bodyType !== "multipart"

  it("every operation: an unknown Host is a 400, headers over 16 kB a 431, each a documented answer", async () => {
    const problems: string[] = []
    for (const op of apiOperations) {
      const method = op.method.toUpperCase()
      for (const [expected, headers] of [
        [400, { host: "evil.example" }],
        [431, { cookie: `enclave.other=${"y".repeat(20_000)}` }],
      ] as const) {
        const answer = await sendRaw(shopUrl(), method, pathOf(op), headers)
        const body = JSON.parse(answer.text)
        if (answer.status !== expected) problems.push(`${method} ${op.path}: ${answer.status}, not ${expected}`)
        problems.push(...served.problemsWith(method, op.path, { status: answer.status, body }))
      }
    }
    expect(problems).toEqual([])
  })

  it("every change: another origin is a 403, and so is a session cookie without Origin, with the documented messages", async () => {
    const customer = await asNewCustomer()
    const problems: string[] = []
    for (const op of apiOperations.filter(isChange)) {
      const method = op.method.toUpperCase()
      const examples = served.document.paths[op.path][op.method].responses["403"].content["application/json"].examples
      for (const [headers, example] of [
        [{ origin: "https://evil.example" }, examples.crossOrigin],
        [{ "sec-fetch-site": "cross-site" }, examples.crossOrigin],
        // Any session cookie counts, the customer's own too: a browser would have attached it by itself.
        [{ cookie: customer.cookieHeader() }, examples.originRequired],
      ] as const) {
        const answer = await sendRaw(shopUrl(), method, pathOf(op), headers)
        const body = JSON.parse(answer.text)
        if (answer.status !== 403 || JSON.stringify(body) !== JSON.stringify(example.value))
          problems.push(`${method} ${op.path} ${JSON.stringify(headers).slice(0, 40)}: ${answer.status} ${answer.text}`)
        problems.push(...served.problemsWith(method, op.path, { status: answer.status, body }))
      }
    }
    expect(problems).toEqual([])
  })

  it("every JSON body: over 100 kB is a 413, a charset that is not UTF or an encoding the parser does not read a 415", async () => {
    const customer = await asNewCustomer()
    const admin = await asAdmin()
    const origin = new URL(shopUrl()).origin
    const problems: string[] = []
    for (const op of apiOperations.filter(jsonBody)) {
      const method = op.method.toUpperCase()
      const caller = op.access === "admin" ? admin : op.access === "customer" ? customer : new ApiClient()
      const cookie = caller.cookieHeader()
      const headers: Record<string, string> = cookie ? { origin, cookie } : { origin }
      // Bodies no call takes (an unknown field), should one get past the parser to its route.
      for (const [expected, more, body] of [
        [413, {}, { padding: "A".repeat(150_000) }],
        [415, { "content-type": "application/json; charset=iso-8859-1" }, { padding: "A" }],
        [415, { "content-encoding": "br" }, { padding: "A" }],
      ] as const) {
        const answer = await sendRaw(shopUrl(), method, pathOf(op), { ...headers, ...more }, body)
        const parsed = JSON.parse(answer.text)
        if (answer.status !== expected) problems.push(`${method} ${op.path}: ${answer.status}, not ${expected}: ${answer.text}`)
        problems.push(...served.problemsWith(method, op.path, { status: answer.status, body: parsed }))
      }
    }
    expect(problems).toEqual([])
  })

  it("every read: If-None-Match with the answer's ETag is the documented 304 without a body", async () => {
    // A customer for the public reads too: GET /api/user answers a signed-in caller only.
    const customer = (await asNewCustomer()).cookieHeader()
    const cookies = { public: customer, customer, admin: (await asAdmin()).cookieHeader() }
    // The reads of what exists in every shop: those without a parameter, and catalogue ids 1; not those that
    // need a query (the checkout summary prices a cart for a country).
    const reads = apiOperations.filter(
      (op) =>
        op.method === "get" &&
        (!op.params || /^\/api(\/admin)?\/(products|shipping-methods)\/\{id\}$/.test(op.path)) &&
        Object.values(op.query ?? {}).every(
          (schema) => (schema as unknown as { safeParse(value: unknown): { success: boolean } }).safeParse(undefined).success,
        ),
    )
    expect(reads.length).toBeGreaterThan(20)
    const problems: string[] = []
    for (const op of reads) {
      // Raw requests: fetch adds Cache-Control: no-cache to a conditional request, which rightly gets the whole answer.
      const headers = { cookie: cookies[op.access] }
      // Test files beside this one change lists (users, orders) between two reads: a changed answer is read again.
      let outcome = "no 304 in three tries"
      for (let attempt = 0; attempt < 3; attempt++) {
        const first = await sendRaw(shopUrl(), "GET", pathOf(op), headers)
        problems.push(...served.problemsWith("GET", op.path, { status: first.status, body: JSON.parse(first.text) }))
        const etag = first.headers.etag
        if (first.status !== 200 || !etag) {
          outcome = `${first.status}, ETag ${etag}`
          break
        }
        const again = await sendRaw(shopUrl(), "GET", pathOf(op), { ...headers, "if-none-match": etag })
        problems.push(
          ...served.problemsWith("GET", op.path, {
            status: again.status,
            body: again.status === 304 ? again.text : JSON.parse(again.text),
          }),
        )
        if (again.status === 304) {
          outcome = again.text === "" ? "" : "a 304 with a body"
          break
        }
      }
      if (outcome) problems.push(`GET ${op.path}: ${outcome}`)
    }
    expect(problems).toEqual([])
  })

  it("every signed-in call: a visitor is a 401; every admin call: a customer is a 403", async () => {
    const customer = await asNewCustomer()
    const origin = new URL(shopUrl()).origin
    const problems: string[] = []
    for (const op of apiOperations.filter((op) => op.access !== "public")) {
      const method = op.method.toUpperCase()
      const cases: [number, Record<string, string>][] = [[401, { origin }]]
      if (op.access === "admin") cases.push([403, { origin, cookie: customer.cookieHeader() }])
      for (const [expected, headers] of cases) {
        // No body: a customer's call with one would reach its route; the refusals come first.
        const answer = await sendRaw(shopUrl(), method, pathOf(op), headers)
        const body = JSON.parse(answer.text)
        if (answer.status !== expected) problems.push(`${method} ${op.path}: ${answer.status}, not ${expected}`)
        problems.push(...served.problemsWith(method, op.path, { status: answer.status, body }))
      }
    }
    expect(problems).toEqual([])
  })
})
