import { describe, expect, it } from "vitest"
import { apiOperations, buildOpenApiDocument } from "@enclave/contract"
import { routeCallKeys } from "../support/fuzz-routes.ts"

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

  it("lists every docs/product.md §7 call, each with a summary, a success answer and the error schema for 4xx", () => {
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
      expect(operation.responses["4XX"].content["application/json"].schema, call).toEqual({ $ref: `#/components/schemas/${errorSchema}` })
    }
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

  it("describes the German product texts (issue 18): the admin's reads and writes, and the public answers' language", () => {
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
      expect(operation.security, key).toEqual(op.access === "public" ? [] : [{ session: [] }])
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
    for (const status of ["401", "404", "4XX"])
      expect(invoice.responses[status].content["application/json"].schema, status).toEqual({ $ref: "#/components/schemas/ApiError" })
  })

  it("has exactly the calls the route files serve: the facade's Allow lists and 405s come from this list", () => {
    const contract = apiOperations.map((op) => `${op.method.toUpperCase()} ${op.path}`).sort()
    expect(routeCallKeys().sort()).toEqual(contract)
  })
})
