/**
 * docs/product.md §6 roles, decided on the server for every /api call: visitor × customer × another
 * customer × admin. Happy paths live in each domain's test file; here every call is checked for
 * who may make it. Destructive admin calls use ids that do not exist, so the guard is proven
 * without harm. The matrix is compared with the route files, so a new endpoint cannot escape it.
 */
import { describe, expect, it } from "vitest"
import { TWO_FACTOR_EXPIRED_MESSAGE } from "@enclave/contract"
import { asAdmin, asNewCustomer, asVisitor, sandboxPaymentId, type ApiClient } from "../support/api.ts"
import { routeCallKeys, routeFiles } from "../support/fuzz-routes.ts"
import { testAddress } from "../support/address.ts"

type Call = [method: string, path: string, body?: unknown]

const publicCalls: Call[] = [
  ["GET", "/api/health"],
  ["GET", "/api/openapi.json"],
  ["GET", "/api/products"],
  ["GET", "/api/products/1"],
  ["GET", "/api/shipping-methods"],
  ["GET", "/api/shipping-settings"],
  ["GET", "/api/payment-methods"],
  ["GET", "/api/shop-details"],
  ["GET", "/api/session"],
]

const customerCalls: Call[] = [
  ["GET", "/api/user"],
  ["GET", "/api/account"],
  ["PUT", "/api/account", { email: "not an address" }],
  ["POST", "/api/account/password", { currentPassword: "", newPassword: "short" }],
  ["GET", "/api/account/sessions"],
  // No session of anyone's has this id: 404 past the door.
  ["DELETE", "/api/account/sessions/0123456789abcdef"],
  ["GET", "/api/account/data"],
  ["GET", "/api/account/pgp-key"],
  ["PUT", "/api/account/pgp-key", { publicKey: "not a key" }],
  ["DELETE", "/api/account/pgp-key"],
  // Never the password: the customer's is refused (400), the admin's account is refused before it is checked (409).
  ["POST", "/api/account/deletion", { password: "not the password at all" }],
  // A set-up that is never confirmed changes nothing at sign-in; the codes below are never right.
  ["POST", "/api/account/two-factor/setup"],
  ["POST", "/api/account/two-factor/enable", { code: "12345" }],
  ["POST", "/api/account/two-factor/disable", { code: "12345" }],
  // Passkeys: options make a challenge nobody answers; the rest are refused past the door (no such passkey, no valid answer).
  ["GET", "/api/account/passkeys"],
  ["POST", "/api/account/passkeys/registration/options"],
  ["POST", "/api/account/passkeys", { name: "Permission key", response: {} }],
  ["PUT", "/api/account/passkeys/passkey_01NOSUCHPASSKEY0000000000", { name: "Renamed" }],
  ["DELETE", "/api/account/passkeys/passkey_01NOSUCHPASSKEY0000000000"],
  ["POST", "/api/account/passkeys/confirm/options"],
  ["GET", "/api/cart"],
  ["GET", "/api/checkout-summary?country=DE&shippingMethod=1"],
  ["POST", "/api/cart", { productId: 4, quantity: 1 }],
  ["PUT", "/api/cart/999999", { quantity: 1 }],
  ["DELETE", "/api/cart/999999"],
  ["DELETE", "/api/cart"],
  ["GET", "/api/orders"],
  // An order of nobody's: past the door, the customer and the admin are both told it does not exist.
  ["GET", "/api/orders/999999/invoice.pdf"],
  ["POST", "/api/orders", { shippingAddress: testAddress, shippingMethod: 1, paymentMethod: "stripe", paymentId: "str-permission" }],
  ["POST", "/api/card-payments", { shippingAddress: testAddress, shippingMethodId: 1 }],
  ["POST", "/api/paypal-server/create-order", { shippingAddress: testAddress, shippingMethodId: 1, amount: "1.00" }],
  ["POST", "/api/paypal-server/capture-order", { orderId: "5O190127TN364715T" }],
  ["GET", "/api/paypal-server/order/5O190127TN364715T"],
]

/**
 * Calls on one's own sign-in: as the customer that makes them, never as the shared admin (ending the
 * admin's other sessions would sign out the suites running beside this one).
 */
const ownSessionCalls: Call[] = [["DELETE", "/api/account/sessions"]]

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
  ["PUT", "/api/admin/orders/999999/shipping-address", { shippingAddress: testAddress }],
  ["POST", "/api/admin/orders/999999/mark-paid"],
  ["DELETE", "/api/admin/orders/999999"],
  ["GET", "/api/admin/order-user/999999"],
  ["GET", "/api/admin/products"],
  ["GET", "/api/admin/products/1"],
  ["POST", "/api/admin/products", {}],
  ["PUT", "/api/admin/products/999999", { name: "x" }],
  ["DELETE", "/api/admin/products/999999"],
  ["POST", "/api/admin/products/999999/upload-image"],
  ["GET", "/api/admin/payment-config"],
  ["POST", "/api/admin/payment-config", { shippingLabel: 42 }],
  ["GET", "/api/admin/shop-details"],
  // Refused (400) past the door: the shared shop's details stay as they are.
  ["POST", "/api/admin/shop-details", { companyName: 42 }],
  ["GET", "/api/admin/shipping-methods"],
  ["POST", "/api/admin/shipping-methods", {}],
  ["GET", "/api/admin/shipping-methods/999999"],
  ["PUT", "/api/admin/shipping-methods/999999", { name: "Never" }],
  ["DELETE", "/api/admin/shipping-methods/999999"],
  ["GET", "/api/admin/returns"],
  ["POST", "/api/admin/returns/return_01NOSUCHRETURN/receive", { restock: true }],
  ["POST", "/api/admin/orders/999999/returns", { reason: "goodwill" }],
  ["GET", "/api/admin/orders/999999/refunds"],
  ["POST", "/api/admin/orders/999999/refunds", { amount: "1.00" }],
]

/**
 * Signing in, up and out answer everyone; what they answer depends on the body, so here only
 * that nobody is turned away at the door (their rules are in accounts*.test.ts).
 */
const accountCalls: Call[] = [
  ["POST", "/api/login", { username: "nobody-permission-test", password: 42 }],
  ["POST", "/api/register", { username: "" }],
  ["POST", "/api/logout"],
  ["POST", "/api/password-reset", { email: "not an address" }],
  ["POST", "/api/password-reset/confirm", { token: "not-a-token", password: "short" }],
  ["POST", "/api/account/email/confirm", { token: "" }],
  // A username-less passkey sign-in: options for anyone, and an answer that is none (400).
  ["POST", "/api/login/passkey/options"],
  ["POST", "/api/login/passkey", { response: {} }],
  // Signed out by order number and e-mail, signed in among one's own: an order of nobody's is a 404 for all.
  ["POST", "/api/withdrawals", { orderId: 999999, name: "Nobody", email: "nobody@example.com" }],
]

/**
 * The second step of a two-factor sign-in: only the pending sign-in of a right password gets past
 * it, never a session, whoever's (two-factor.test.ts proves the way through).
 */
const passkeyAnswer = {
  response: {
    id: "cGVybWlzc2lvbg",
    rawId: "cGVybWlzc2lvbg",
    type: "public-key",
    response: { clientDataJSON: "e30", authenticatorData: "AAAA", signature: "AAAA" },
    clientExtensionResults: {},
  },
}
const secondStepCalls: Call[] = [
  ["POST", "/api/login/two-factor", { code: "123456" }],
  ["POST", "/api/login/passkey/second-factor/options"],
  ["POST", "/api/login/passkey/second-factor", passkeyAnswer],
]

/** Paths no operation has, one per depth up to four and per method: 404 for all. */
const unknownCalls: Call[] = ["GET", "POST", "PUT", "PATCH", "DELETE"].flatMap((method) =>
  ["/api/nope", "/api/nope/a", "/api/nope/a/b", "/api/nope/a/b/c"].map((path): Call => [method, path]),
)

const ADMIN_ONLY_VISITOR = "You must be logged in"
const ADMIN_ONLY_CUSTOMER = "You do not have permission to access this area."

/** The route file a concrete path lands on: the most specific template that matches it. */
function routeKeyOf([method, path]: Call): string {
  const candidates = routeFiles()
    .filter((route) => route.methods.includes(method))
    .filter((route) => new RegExp("^" + route.template.replace(/\{\w+\}/g, "[^/]+") + "$").test(path.split("?")[0]))
    .sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0))
  return candidates[0] ? `${method} ${candidates[0].template}` : `${method} ${path} (no route)`
}

async function statusOf(client: ApiClient, [method, path, body]: Call) {
  const answer = await client.request(method, path, body)
  expect(answer.headers.get("content-type"), `${method} ${path}`).toMatch(/json/)
  return answer.status
}

describe("who may call what (docs/product.md §6)", () => {
  it("the matrix covers every call of every route file under plugins/api-facade/src/api/api", () => {
    const covered = new Set(
      [
        ...publicCalls,
        ...customerCalls,
        ...ownSessionCalls,
        ...providerCalls,
        ...adminCalls,
        ...accountCalls,
        ...secondStepCalls,
        ...unknownCalls,
      ].map(routeKeyOf),
    )
    expect(routeCallKeys().filter((key) => !covered.has(key))).toEqual([])
  })

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
      for (const [who, client] of [
        ["customer", customer],
        ["admin", admin],
      ] as const) {
        const status = await statusOf(client, call)
        expect([401, 403], `${call[0]} ${call[1]} as ${who}: ${status}`).not.toContain(status)
        expect(status, `${call[0]} ${call[1]} as ${who}`).toBeLessThan(500)
      }
    }
  })

  it("own-session calls: a visitor gets 401, the customer gets past the door", async () => {
    const customer = await asNewCustomer()
    for (const call of ownSessionCalls) {
      expect(await statusOf(asVisitor(), call), `${call[0]} ${call[1]} as visitor`).toBe(401)
      expect(await statusOf(customer, call), `${call[0]} ${call[1]} as customer`).toBe(200)
    }
  })

  it("admin calls: visitor 401, customer 403 (even one who registered with isAdmin: true), admin past the door", async () => {
    const customer = await asNewCustomer({ isAdmin: true })
    const admin = await asAdmin()
    for (const call of adminCalls) {
      const [method, path, body] = call
      const visitor = await asVisitor().request(method, path, body)
      expect([visitor.status, visitor.body.message], `${method} ${path} as visitor`).toEqual([401, ADMIN_ONLY_VISITOR])
      const refused = await customer.request(method, path, body)
      expect([refused.status, refused.body.message], `${method} ${path} as customer`).toEqual([403, ADMIN_ONLY_CUSTOMER])
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

  it("sign-in, sign-up and sign-out are open to everyone", async () => {
    const [customer, admin] = [await asNewCustomer(), await asAdmin()]
    for (const call of accountCalls) {
      // The customer and the admin stay signed in: only the visitor signs out.
      const callers = call[1] === "/api/logout" ? [asVisitor()] : [asVisitor(), customer, admin]
      for (const client of callers) {
        const status = await statusOf(client, call)
        expect([401, 403], `${call[0]} ${call[1]}: ${status}`).not.toContain(status)
        expect(status, call.join(" ")).toBeLessThan(500)
      }
    }
  })

  it("the second step of a two-factor sign-in answers 401 to everyone without a pending sign-in, signed in or not", async () => {
    const [customer, admin] = [await asNewCustomer(), await asAdmin()]
    for (const call of secondStepCalls) {
      for (const client of [asVisitor(), customer, admin]) {
        const answer = await client.request(call[0], call[1], call[2])
        expect([answer.status, answer.body.message], call.join(" ")).toEqual([401, TWO_FACTOR_EXPIRED_MESSAGE])
      }
    }
  })

  it("paths no route serves answer 404 with a message, whoever asks", async () => {
    const [customer, admin] = [await asNewCustomer(), await asAdmin()]
    for (const [method, path] of unknownCalls) {
      for (const client of [asVisitor(), customer, admin]) {
        const answer = await client.request(method, path)
        expect([answer.status, answer.body.message], `${method} ${path}`).toEqual([404, `No API call ${method} ${path}`])
      }
    }
  })
})

describe("another customer (docs/product.md §6: a customer's own cart, orders and payments)", () => {
  it("cannot read or change the first customer's cart, orders or payments", async () => {
    const admin = await asAdmin()
    // A product of this test's own, so the stock other test files count is not touched.
    const product = await admin.post("/api/admin/products", {
      name: "Permission test phone",
      price: "20.00",
      stockQuantity: 10,
      category: "accessory",
    })
    expect(product.status).toBe(201)
    const [first, other] = [await asNewCustomer(), await asNewCustomer()]
    expect((await first.post("/api/cart", { productId: product.body.id, quantity: 1 })).status).toBe(201)
    const order = await first.post("/api/orders", {
      shippingAddress: testAddress,
      shippingMethod: 1,
      paymentMethod: "stripe",
      paymentId: sandboxPaymentId(),
    })
    expect(order.status, JSON.stringify(order.body)).toBe(201)
    const cart = await first.post("/api/cart", { productId: product.body.id, quantity: 2 })
    expect(cart.status).toBe(201)
    const item = cart.body[0]
    const before = { cart: (await first.get("/api/cart")).body, orders: (await first.get("/api/orders")).body }

    // The cart: the other customer's calls find no such item and see only their own (empty) cart.
    const change = await other.put(`/api/cart/${item.id}`, { quantity: 5 })
    expect([change.status, change.body.message]).toEqual([404, `Cart item ${item.id} not found`])
    const remove = await other.delete(`/api/cart/${item.id}`)
    expect([remove.status, remove.body.message]).toEqual([404, `Cart item ${item.id} not found`])
    expect((await other.get("/api/cart")).body).toEqual([])
    expect((await other.delete("/api/cart")).status).toBe(200)

    // The orders: not in the other's list, their invoice is "not found", and the admin calls on them are refused.
    expect((await other.get("/api/orders")).body).toEqual([])
    const invoice = await other.get(`/api/orders/${order.body.id}/invoice.pdf`)
    expect([invoice.status, invoice.body.message]).toEqual([404, `Order ${order.body.id} not found`])
    for (const [method, path, body] of [
      ["PUT", `/api/admin/orders/${order.body.id}/status`, { status: "cancelled" }],
      ["PUT", `/api/admin/orders/${order.body.id}/shipping-address`, { shippingAddress: { ...testAddress, city: "Elsewhere" } }],
      ["POST", `/api/admin/orders/${order.body.id}/mark-paid`],
      ["DELETE", `/api/admin/orders/${order.body.id}`],
      ["GET", `/api/admin/order-user/${first.user.id}`],
    ] as Call[]) {
      const answer = await other.request(method, path, body)
      expect([answer.status, answer.body.message], `${method} ${path}`).toEqual([403, ADMIN_ONLY_CUSTOMER])
    }

    // The payments: paying for or capturing in the first customer's name is refused. (Reading
    // or capturing another customer's real PayPal order (404) is proven in payments.test.ts,
    // on the shop whose PayPal is the fake one.)
    const payFor = await other.post("/api/paypal-server/create-order", {
      shippingAddress: testAddress,
      shippingMethodId: 1,
      amount: "20.00",
      userId: first.user.id,
    })
    expect([payFor.status, payFor.body.message]).toEqual([403, "You can only pay for your own cart"])
    const capture = await other.post("/api/paypal-server/capture-order", { orderId: "5O190127TN364715T", userId: first.user.id })
    expect([capture.status, capture.body.message]).toEqual([403, "You can only pay for your own cart"])
    const view = await other.get("/api/paypal-server/order/5O190127TN364715T")
    expect([view.status, view.body.message]).toEqual([404, "There is no PayPal order with this id for your account"])

    // The first customer's cart and orders are exactly as they were.
    expect((await first.get("/api/cart")).body).toEqual(before.cart)
    expect((await first.get("/api/orders")).body).toEqual(before.orders)
    expect(before.cart).toEqual([expect.objectContaining({ id: item.id, quantity: 2 })])
    expect(before.orders).toEqual([expect.objectContaining({ id: order.body.id })])
  })
})
