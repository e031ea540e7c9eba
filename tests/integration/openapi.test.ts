/**
 * The OpenAPI document as the shop serves it at /api/openapi.json (issue 13): it passes Redocly's
 * recommended lint rules, and real answers, errors above all, agree with it, so a validating
 * proxy in front of the shop lets them through. Runs on the shared shop; nothing is changed.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { asNewCustomer, asVisitor, type ApiClient } from "../support/api.ts"
import { testAddress } from "../support/address.ts"
import { redoclyLint, servedDocument, type ServedDocument } from "../support/openapi-check.ts"

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
})
