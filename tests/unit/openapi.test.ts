import { describe, expect, it } from "vitest"
import { ERROR_CODES } from "@enclave/contract/http-errors"
import {
  apiOperations,
  apiPathOf,
  buildOpenApiDocument,
  createOrderSchema,
  CROSS_ORIGIN_MESSAGE,
  errorAnswersOf,
  NOT_AN_ADMIN_MESSAGE,
  ORIGIN_REQUIRED_MESSAGE,
  PAYMENT_ID_USED_MESSAGE,
  PENDING_SIGN_IN_COOKIE,
  SANDBOX_CARD_PAYMENT_ID,
  SESSION_COOKIE,
  TEST_PAYMENTS_OFF_MESSAGE,
} from "@enclave/contract"
import { routeCallKeys } from "../support/fuzz-routes.ts"
import { documentChecker } from "../support/openapi-check.ts"

/** docs/product.md §7, less the three /api/paypal-server/* calls that arrive with the wallet provider. */
const specCalls = [
  "GET /api/user",
  "POST /api/login",
  "POST /api/register",
  "POST /api/logout",
  "GET /api/cart",
  "POST /api/cart",
  "PUT /api/cart/{itemId}",
  "DELETE /api/cart/{itemId}",
  "DELETE /api/cart",
  "GET /api/products",
  "GET /api/products/{id}",
  "GET /api/shipping-settings",
  "GET /api/shipping-methods",
  "GET /api/payment-methods",
  "POST /api/orders",
  "GET /api/orders",
  "GET /api/admin/users",
  "GET /api/admin/orders",
  "POST /api/admin/products",
  "PUT /api/admin/products/{id}",
  "DELETE /api/admin/products/{id}",
  "POST /api/admin/products/{id}/upload-image",
  "PUT /api/admin/orders/{id}/status",
  "DELETE /api/admin/orders/{id}",
  "PUT /api/admin/orders/{id}/shipping-address",
  "GET /api/admin/order-user/{userId}",
  "GET /api/admin/payment-config",
  "POST /api/admin/payment-config",
  "GET /api/admin/shipping-methods",
  "POST /api/admin/shipping-methods",
  "PUT /api/admin/shipping-methods/{id}",
  "DELETE /api/admin/shipping-methods/{id}",
]

const documentText = JSON.stringify(buildOpenApiDocument())
const document = JSON.parse(documentText)

/** An operation's answers in the document, by status: each media type's schema. */
type Answers = Record<string, { content?: Record<string, { schema?: unknown }> }>
const methods = ["get", "post", "put", "delete", "patch"]

function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refsIn(v, found))
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string") found.push(inner)
      else refsIn(inner, found)
    }
  }
  return found
}

describe("the OpenAPI document", () => {
  it("is JSON of OpenAPI 3.1.0 with a title and version", () => {
    expect(document.openapi).toBe("3.1.0")
    expect(document.info.title).toBeTruthy()
    expect(document.info.version).toBeTruthy()
  })

  it("lists every docs/product.md §7 call, each with a summary, a success answer and the error schema for each 4xx", () => {
    const paymentCalls = new Set(["POST /api/orders", "POST /api/paypal-server/create-order", "POST /api/paypal-server/capture-order"])
    const listed = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((m) => methods.includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    )
    expect(listed).toEqual(expect.arrayContaining(specCalls))
    for (const call of specCalls) {
      const [method, path] = call.split(" ")
      const operation = document.paths[path][method.toLowerCase()]
      expect(operation.summary, call).toBeTruthy()
      expect(
        Object.keys(operation.responses).some((s) => /^2\d\d$/.test(s)),
        call,
      ).toBe(true)
      const errorSchema = paymentCalls.has(call) ? "PaymentError" : "ApiError"
      const errors = Object.entries(operation.responses as Answers).filter(([status]) => /^4/.test(status))
      expect(errors.length, call).toBeGreaterThan(1)
      for (const [status, answer] of errors) {
        // The sign-in's 428 is an ApiError whose details carry the challenge to solve, a schema of its own.
        const schema = call === "POST /api/login" && status === "428" ? "ChallengeRequired" : errorSchema
        expect(answer.content?.["application/json"]?.schema, `${call} ${status}`).toEqual({ $ref: `#/components/schemas/${schema}` })
      }
    }
  })

  it("lists each operation's statuses one by one, as the contract's errorAnswersOf has them: no 4XX or default catch-all", () => {
    for (const op of apiOperations) {
      const key = `${op.method} ${op.path}`
      const statuses = Object.keys(document.paths[op.path][op.method].responses)
      expect(statuses, key).not.toContain("4XX")
      expect(statuses, key).not.toContain("default")
      const errors = statuses.filter((status) => /^4\d\d$/.test(status)).map(Number)
      expect(errors, key).toEqual([...errorAnswersOf(op).keys()].filter((status) => status < 500))
      // What every call may meet on its way: the host check, and the HTTP parser's limit on headers.
      expect(errors, key).toEqual(expect.arrayContaining([400, 431]))
      if (op.access !== "public") expect(errors, key).toContain(401)
      if (op.access === "admin") expect(errors, key).toContain(403)
      if (op.body && op.bodyType !== "multipart") expect(errors, key).toEqual(expect.arrayContaining([413, 415]))
      expect(errors.includes(429), key).toBe(Boolean(op.signInLimit))
      expect(statuses, key).toContain("5XX")
      // Every GET answer carries an ETag; If-None-Match with it is a 304.
      expect(statuses.includes("304"), key).toBe(op.method === "get")
    }
  })

  it("states the Origin rule once for all and in every change's 403, with both refusals as examples", () => {
    expect(document.info.description).toContain("`Sec-Fetch-Site: same-origin`")
    expect(document.info.description).toContain(ORIGIN_REQUIRED_MESSAGE)
    expect(document.info.description).toContain(CROSS_ORIGIN_MESSAGE)
    for (const op of apiOperations) {
      const key = `${op.method} ${op.path}`
      const forbidden = document.paths[op.path][op.method].responses["403"]
      if (op.method === "get") {
        if (op.access === "admin") expect(Object.keys(forbidden.content["application/json"].examples), key).toEqual(["notAnAdmin"])
        else expect(forbidden, key).toBeUndefined()
        continue
      }
      expect(forbidden.description, key).toContain("`Origin`")
      expect(forbidden.description, key).toContain("`Sec-Fetch-Site: same-origin`")
      const examples = forbidden.content["application/json"].examples
      expect(examples.originRequired.value, key).toEqual({ message: ORIGIN_REQUIRED_MESSAGE, code: "origin_required" })
      expect(examples.crossOrigin.value, key).toEqual({ message: CROSS_ORIGIN_MESSAGE, code: "cross_origin" })
      if (op.access === "admin") expect(examples.notAnAdmin.value, key).toEqual({ message: NOT_AN_ADMIN_MESSAGE, code: "not_an_admin" })
    }
  })

  it("documents the sandbox card on POST /api/orders with an example the contract takes", () => {
    const placeOrder = document.paths["/api/orders"].post
    expect(placeOrder.description).toContain("**The sandbox card.**")
    expect(placeOrder.description).toContain(TEST_PAYMENTS_OFF_MESSAGE)
    expect(placeOrder.description).toContain(PAYMENT_ID_USED_MESSAGE)
    const example = placeOrder.requestBody.content["application/json"].examples.sandboxCard.value
    expect(createOrderSchema.safeParse(example).success).toBe(true)
    expect(example).toMatchObject({ paymentMethod: "stripe", paymentId: expect.stringMatching(/^str-[0-9a-f]{16}$/) })
    expect(SANDBOX_CARD_PAYMENT_ID.test(example.paymentId)).toBe(true)
    expect(document.components.schemas.CreateOrder.properties.paymentId.description).toMatch(/str- and 16 hex digits/)
    expect(placeOrder.responses["400"].content["application/json"].examples.testPaymentsOff.value.message).toBe(TEST_PAYMENTS_OFF_MESSAGE)
    expect(placeOrder.responses["409"].content["application/json"].examples.paymentUsed.value.message).toBe(PAYMENT_ID_USED_MESSAGE)
  })

  it("documents the two-factor step's cookie: set by POST /api/login, needed by POST /api/login/two-factor", () => {
    const schemes = document.components.securitySchemes
    expect(schemes.pendingSignIn).toMatchObject({ type: "apiKey", in: "cookie", name: PENDING_SIGN_IN_COOKIE })
    expect(schemes.session).toMatchObject({ type: "apiKey", in: "cookie", name: SESSION_COOKIE })
    expect(document.paths["/api/login/two-factor"].post.security).toEqual([{ pendingSignIn: [] }])
    const setCookie = document.paths["/api/login"].post.responses["200"].headers["Set-Cookie"].description
    expect(setCookie).toContain(`\`${PENDING_SIGN_IN_COOKIE}\``)
    expect(setCookie).toContain("{twoFactorRequired: true}")
    expect(setCookie).toContain("Path=/api/login")
    expect(document.paths["/api/login/two-factor"].post.responses["200"].headers["Set-Cookie"].description).toContain(SESSION_COOKIE)
  })

  it("lists every registered operation once, and names each path parameter", () => {
    const keys = apiOperations.map((op) => `${op.method} ${op.path}`)
    expect(new Set(keys).size).toBe(keys.length)
    for (const op of apiOperations) {
      const operation = document.paths[op.path][op.method]
      const inPath = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
      const declared = ((operation.parameters ?? []) as Array<{ in: string; name: string }>)
        .filter((p) => p.in === "path")
        .map((p) => p.name)
        .sort()
      expect(declared, `${op.method} ${op.path}`).toEqual(inPath)
    }
  })

  it("resolves every schema it references", () => {
    const refs = refsIn(document)
    expect(refs.length).toBeGreaterThan(0)
    for (const ref of new Set(refs)) {
      expect(ref).toMatch(/^#\/components\/schemas\/[A-Za-z0-9]+$/)
      const name = ref.split("/").pop()!
      expect(document.components.schemas[name], ref).toBeDefined()
    }
  })

  it("describes the admin product calls with the contract's schemas", () => {
    const create = document.paths["/api/admin/products"].post
    expect(create.requestBody.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/AdminProductCreate" })
    expect(create.responses["201"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/AdminProduct" })
    const schema = document.components.schemas.AdminProductCreate
    expect(schema.required).toEqual(["name", "price"])
    expect(schema.additionalProperties).toBe(false)
    expect(schema.properties.securityLevel).toMatchObject({ type: "integer", minimum: 1, maximum: 5 })
    const upload = document.paths["/api/admin/products/{id}/upload-image"].post
    expect(Object.keys(upload.requestBody.content)).toEqual(["multipart/form-data"])
    expect(upload.responses["413"]).toBeDefined()
    expect(upload.responses["415"]).toBeDefined()
    expect(document.paths["/api/products/{id}"].get.responses["200"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/Product",
    })
  })

  it("describes the German product texts: the admin's reads and writes, and the public answers' language", () => {
    const adminProduct = document.components.schemas.AdminProduct
    expect(adminProduct.required).toEqual(expect.arrayContaining(["descriptionDe", "featuresDe", "specificationsDe"]))
    expect(Object.keys(document.components.schemas.AdminProductCreate.properties)).toEqual(
      expect.arrayContaining(["descriptionDe", "featuresDe", "specificationsDe"]),
    )
    expect(document.components.schemas.AdminProductCreate.properties.descriptionDe).toMatchObject({ maxLength: 5000 })
    expect(document.paths["/api/admin/products"].get.responses["200"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/AdminProductList",
    })
    expect(document.paths["/api/admin/products/{id}"].get["x-access"]).toBe("admin")
    for (const path of ["/api/products", "/api/products/{id}"]) {
      const read = document.paths[path].get
      expect(read.parameters).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ name: "Accept-Language", in: "header" }),
          expect.objectContaining({ name: "language", in: "cookie" }),
        ]),
      )
      expect(Object.keys(read.responses["200"].headers)).toEqual(expect.arrayContaining(["Content-Language", "Vary"]))
      expect(read.description).toMatch(/Accept-Language/)
    }
  })

  it("lists every error code a refusal may carry, with its params, in ApiError and PaymentError", () => {
    for (const name of ["ApiError", "PaymentError"]) {
      const schema = document.components.schemas[name]
      expect(schema.required, name).toEqual(expect.arrayContaining(["message", "code"]))
      expect([...schema.properties.code.enum].sort(), name).toEqual([...ERROR_CODES].sort())
      expect(schema.properties.params.type, name).toBe("object")
    }
  })

  it("declares the error fields the payment calls answer with (docs/product.md §3 wallet responses: error, details)", () => {
    const paymentError = document.components.schemas.PaymentError
    expect(Object.keys(paymentError.properties)).toEqual(
      expect.arrayContaining(["message", "error", "details", "paymentReceived", "paymentId"]),
    )
    expect(document.components.schemas.ApiError.additionalProperties).toBe(false)
    for (const [method, path] of [
      ["post", "/api/card-payments"],
      ["post", "/api/paypal-server/create-order"],
      ["post", "/api/paypal-server/capture-order"],
      ["get", "/api/paypal-server/order/{id}"],
      ["post", "/api/orders"],
      ["post", "/api/webhooks/stripe"],
      ["post", "/api/webhooks/paypal"],
    ]) {
      const responses = document.paths[path][method].responses
      for (const [status, answer] of Object.entries(responses as Answers)) {
        if (/^[45]/.test(status))
          expect(answer.content?.["application/json"]?.schema, `${method} ${path} ${status}`).toEqual({
            $ref: "#/components/schemas/PaymentError",
          })
      }
    }
  })

  it("names its server, marks public calls as needing no credentials, and describes every operation", () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: "/" })])
    for (const op of apiOperations) {
      const operation = document.paths[op.path][op.method]
      const key = `${op.method} ${op.path}`
      expect(operation.security, key).toEqual(op.pendingSignIn ? [{ pendingSignIn: [] }] : op.access === "public" ? [] : [{ session: [] }])
      expect(operation.description, key).toMatch(/\w{3,}.*\./)
      const mediaType = op.responseType === "pdf" ? "application/pdf" : "application/json"
      for (const [status, answer] of Object.entries(operation.responses as Answers)) {
        if (/^2/.test(status) && op.path !== "/api/openapi.json")
          expect(answer.content?.[mediaType]?.schema, `${key} ${status}`).toBeDefined()
      }
    }
    const changeAddress = document.paths["/api/admin/orders/{id}/shipping-address"].put
    expect(changeAddress.responses["200"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/ShippingAddressChanged",
    })
    for (const provider of ["stripe", "paypal"]) {
      const webhook = document.paths[`/api/webhooks/${provider}`].post
      expect(webhook.requestBody.content["application/json"].schema.$ref, provider).toMatch(/WebhookEvent$/)
      expect(webhook.responses["200"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/WebhookReceipt" })
    }
  })

  it("describes the invoice download as a PDF file for a signed-in caller, with its language and its refusals as JSON", () => {
    const invoice = document.paths["/api/orders/{id}/invoice.pdf"].get
    expect(invoice.security).toEqual([{ session: [] }])
    expect(invoice.responses["200"].content).toEqual({ "application/pdf": { schema: { type: "string", format: "binary" } } })
    expect(invoice.responses["200"].headers["Content-Disposition"]).toBeDefined()
    expect(invoice.parameters).toEqual([
      expect.objectContaining({ name: "id", in: "path", required: true }),
      { name: "language", in: "query", required: false, schema: { type: "string", enum: ["en", "de"] } },
    ])
    for (const status of ["400", "401", "404", "431"])
      expect(invoice.responses[status].content["application/json"].schema, status).toEqual({ $ref: "#/components/schemas/ApiError" })
  })

  it("has exactly the calls the route files serve: the facade's Allow lists and 405s come from this list", () => {
    const contract = apiOperations.map((op) => `${op.method.toUpperCase()} ${op.path}`).sort()
    expect(routeCallKeys().sort()).toEqual(contract)
  })
})

describe("the document's checks of real answers (tests/support/openapi-check.ts)", () => {
  const checker = documentChecker(document)

  it("refuses a status its operation does not list, and a listed status whose body has the wrong shape", () => {
    expect(
      checker.problemsWith("GET", "/api/products/{id}", { status: 404, body: { message: "Product 9 not found", code: "not_found" } }),
    ).toEqual([])
    // Without its code, or with one the contract does not have, an error body is not as documented.
    expect(checker.problemsWith("GET", "/api/products/{id}", { status: 404, body: { message: "Product 9 not found" } }).join()).toMatch(
      /code/,
    )
    expect(
      checker.problemsWith("GET", "/api/products/{id}", { status: 404, body: { message: "No", code: "no_such_product" } }).join(),
    ).toMatch(/code/)
    expect(checker.problemsWith("GET", "/api/products/{id}", { status: 409, body: { message: "Conflict" } })).toEqual([
      "GET /api/products/{id}: status 409 is not one the document lists",
    ])
    expect(checker.problemsWith("GET", "/api/products", { status: 404, body: { message: "No" } })).toHaveLength(1)
    expect(checker.problemsWith("GET", "/api/products/{id}", { status: 404, body: { error: "Not found" } }).join()).toMatch(/message/)
    expect(
      checker.problemsWith("GET", "/api/products/{id}", { status: 404, body: { message: "x", code: "not_found", stack: "at …" } }).join(),
    ).toMatch(/additional/)
    expect(
      checker.problemsWith("POST", "/api/orders", { status: 409, body: { message: "x", code: "conflict", paymentReceived: "yes" } }),
    ).toHaveLength(1)
    expect(
      checker.problemsWith("GET", "/api/health", { status: 503, body: { status: "unavailable", message: "x", code: "unavailable" } }),
    ).toEqual([])
    expect(checker.problemsWith("GET", "/api/health", { status: 500, body: { message: "x", code: "internal_error" } })).toEqual([])
  })

  it("judges a request by the operation its raw path reaches: others must be the JSON 404 or 405, or refused before the look-up", () => {
    expect(
      checker.problemsWithRequest("GET", "/api/products/abc?x=1", { status: 400, body: { message: "x", code: "invalid_input" } }),
    ).toEqual([])
    expect(checker.problemsWithRequest("GET", "/api/products/abc", { status: 401, body: { message: "x" } })).toHaveLength(1)
    expect(
      checker.problemsWithRequest("GET", "/api/products/1/x", { status: 404, body: { message: "No API call", code: "not_found" } }),
    ).toEqual([])
    expect(checker.problemsWithRequest("GET", "/api/products/1/x", { status: 401, body: { message: "x" } })).toHaveLength(1)
    expect(checker.problemsWithRequest("GET", "/api/products/1/x", { status: 404, body: { error: "x" } }).join()).toMatch(/message/)
    // An address that does not decode, or a body the JSON parser refuses, is answered before the path is looked up.
    expect(checker.problemsWithRequest("POST", "/api/x/%ED%A0%80", { status: 400, body: { message: "x", code: "invalid_input" } })).toEqual(
      [],
    )
    expect(checker.problemsWithRequest("POST", "/api/x", { status: 413, body: { message: "x", code: "too_large" } })).toEqual([])
    expect(
      checker.problemsWithRequest("PATCH", "/api/products", {
        status: 405,
        body: { message: "x", code: "method_not_allowed", details: { allowed: [] } },
      }),
    ).toEqual([])
    expect(checker.problemsWithRequest("PATCH", "/api/products", { status: 404, body: { message: "x" } })).toHaveLength(1)
  })
})

describe("apiPathOf: the path a request reaches, as the facade routes it", () => {
  it("matches fixed segments regardless of case, ranks them before parameters, and knows no empty segment", () => {
    expect(apiPathOf("/api/products/7")).toEqual({ template: "/api/products/{id}", methods: ["get"] })
    expect(apiPathOf("/API/Cart/")).toEqual({ template: "/api/cart", methods: ["get", "post", "delete"] })
    expect(apiPathOf("/api/admin/orders/5/status")?.template).toBe("/api/admin/orders/{id}/status")
    expect(apiPathOf("/api/login/two-factor")?.template).toBe("/api/login/two-factor")
    for (const path of ["/api", "/api/", "/api//products", "/api/products//", "/apifoo/products", "/api/products/1/x", "//api/products"])
      expect(apiPathOf(path), path).toBeUndefined()
  })
})
