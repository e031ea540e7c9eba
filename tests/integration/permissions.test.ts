/**
 * SPEC §6 roles, decided on the server for every /api call: visitor × customer × admin.
 * Happy paths live in each domain's test file; here every call is checked for who may make it.
 * Destructive admin calls use ids that do not exist, so the guard is proven without harm.
 */
import { describe, expect, it } from "vitest"
import { asAdmin, asNewCustomer, asVisitor, type ApiClient } from "../support/api.ts"

type Call = [method: string, path: string, body?: unknown]

const address = { fullName: "Ada Lovelace", addressLine1: "Unter den Linden 1", city: "Berlin", state: "Berlin", postalCode: "10117", country: "Germany" }

const publicCalls: Call[] = [
  ["GET", "/api/health"],
  ["GET", "/api/products"],
  ["GET", "/api/products/1"],
  ["GET", "/api/shipping-methods"],
  ["GET", "/api/shipping-settings"],
  ["GET", "/api/payment-methods"],
]

const customerCalls: Call[] = [
  ["GET", "/api/user"],
  ["GET", "/api/cart"],
  ["POST", "/api/cart", { productId: 4, quantity: 1 }],
  ["PUT", "/api/cart/999999", { quantity: 1 }],
  ["DELETE", "/api/cart/999999"],
  ["DELETE", "/api/cart"],
  ["GET", "/api/orders"],
  ["POST", "/api/orders", { shippingAddress: address, shippingMethod: 1, paymentMethod: "stripe", paymentId: "str-permission" }],
  ["POST", "/api/card-payments", { shippingAddress: address, shippingMethodId: 1 }],
  ["POST", "/api/paypal-server/create-order", { shippingAddress: address, shippingMethodId: 1, amount: "1.00" }],
  ["POST", "/api/paypal-server/capture-order", { orderId: "5O190127TN364715T" }],
  ["GET", "/api/paypal-server/order/5O190127TN364715T"],
]

/** Called by the payment providers, not people: the signature decides, not the session. */
const providerCalls: Call[] = [
  ["POST", "/api/webhooks/stripe", { type: "payment_intent.succeeded" }],
  ["POST", "/api/webhooks/paypal", { event_type: "PAYMENT.CAPTURE.COMPLETED" }],
]

const adminCalls: Call[] = [
  ["GET", "/api/admin/users"],
  ["GET", "/api/admin/unfinalised-payments"],
  ["GET", "/api/admin/orders"],
  ["PUT", "/api/admin/orders/999999/status", { status: "shipped" }],
  ["PUT", "/api/admin/orders/999999/shipping-address", { shippingAddress: address }],
  ["DELETE", "/api/admin/orders/999999"],
  ["GET", "/api/admin/order-user/999999"],
  ["POST", "/api/admin/products", {}],
  ["PUT", "/api/admin/products/999999", { name: "x" }],
  ["DELETE", "/api/admin/products/999999"],
  ["POST", "/api/admin/products/999999/upload-image"],
  ["GET", "/api/admin/payment-config"],
  ["POST", "/api/admin/payment-config", { shippingLabel: 42 }],
  ["GET", "/api/admin/shipping-methods"],
  ["POST", "/api/admin/shipping-methods", {}],
  ["PUT", "/api/admin/shipping-methods/999999", { name: "Never" }],
  ["DELETE", "/api/admin/shipping-methods/999999"],
]

async function statusOf(client: ApiClient, [method, path, body]: Call) {
  const answer = await client.request(method, path, body)
  expect(answer.headers.get("content-type"), `${method} ${path}`).toMatch(/json/)
  return answer.status
}

describe("who may call what (SPEC §6)", () => {
  it("public calls answer everyone", async () => {
    const [customer, admin] = [await asNewCustomer(), await asAdmin()]
    for (const call of publicCalls) {
      for (const client of [asVisitor(), customer, admin]) expect(await statusOf(client, call), call.join(" ")).toBe(200)
    }
  })

  it("customer calls: a visitor gets 401, a customer and an admin get past the door", async () => {
    const [customer, admin] = [await asNewCustomer(), await asAdmin()]
    for (const call of customerCalls) {
      expect(await statusOf(asVisitor(), call), `${call[0]} ${call[1]} as visitor`).toBe(401)
      for (const [who, client] of [["customer", customer], ["admin", admin]] as const) {
        const status = await statusOf(client, call)
        expect([401, 403], `${call[0]} ${call[1]} as ${who}: ${status}`).not.toContain(status)
        expect(status, `${call[0]} ${call[1]} as ${who}`).toBeLessThan(500)
      }
    }
  })

  it("admin calls: visitor 401, customer 403 (even one who registered with isAdmin: true), admin past the door", async () => {
    const customer = await asNewCustomer({ isAdmin: true })
    const admin = await asAdmin()
    for (const call of adminCalls) {
      expect(await statusOf(asVisitor(), call), `${call[0]} ${call[1]} as visitor`).toBe(401)
      expect(await statusOf(customer, call), `${call[0]} ${call[1]} as customer`).toBe(403)
      const status = await statusOf(admin, call)
      expect([401, 403], `${call[0]} ${call[1]} as admin: ${status}`).not.toContain(status)
      expect(status, `${call[0]} ${call[1]} as admin`).toBeLessThan(500)
    }
  })

  it("provider webhooks refuse an unsigned delivery with 400, whoever sends it", async () => {
    const [customer, admin] = [await asNewCustomer(), await asAdmin()]
    for (const call of providerCalls) {
      for (const client of [asVisitor(), customer, admin]) expect(await statusOf(client, call), call.join(" ")).toBe(400)
    }
  })
})
