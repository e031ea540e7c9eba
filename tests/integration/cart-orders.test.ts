import { describe, expect, it } from "vitest"
import { cartSchema, orderListSchema, orderSchema, orderStatuses, PAYMENT_ID_USED_MESSAGE, productSchema } from "@enclave/contract"
import { asAdmin, asNewCustomer, asVisitor, sandboxPaymentId, type ApiClient } from "../support/api.ts"
import { testAddress as address } from "../support/address.ts"

// Products with plenty of stock, so parallel test files never run them out.
const BASE = 1 // 599.00, stock 120
const SLEEVE = 4 // 49.00, stock 60
const SCREEN_PROTECTOR = 5 // 29.00, stock 6
const DATA_BLOCKER = 6 // out of stock
const DEVICE_SETUP = 8 // 99.00, stock 500
// 39.00, stock 45. The tests whose stock must come back bought exactly by them use it: no other suite on the shared
// shop buys it, while they buy the sleeve at the same time (vitest runs two files at once).
const CHARGER = 7
const GERMANY_STANDARD = 1 // 15.00
const GERMANY_EXPRESS = 2 // 25.00
const WORLDWIDE = 3 // 50.00

async function stockOf(id: number) {
  return productSchema.parse((await asVisitor().get(`/api/products/${id}`)).body).stockQuantity
}

async function placeTestOrder(customer: ApiClient, items: Array<[number, number]>, extra: Record<string, unknown> = {}) {
  for (const [productId, quantity] of items) expect((await customer.post("/api/cart", { productId, quantity })).status).toBe(201)
  return customer.post("/api/orders", {
    shippingAddress: address,
    shippingMethod: GERMANY_STANDARD,
    paymentMethod: "stripe",
    paymentId: sandboxPaymentId(),
    ...extra,
  })
}

describe("/api/cart", () => {
  it("is closed to visitors with the spec's message", async () => {
    const add = await asVisitor().post("/api/cart", { productId: BASE, quantity: 1 })
    expect(add.status).toBe(401)
    expect(add.body.message).toBe("You must be logged in to add items to cart")
    expect((await asVisitor().get("/api/cart")).status).toBe(401)
    expect((await asVisitor().put("/api/cart/1", { quantity: 2 })).status).toBe(401)
    expect((await asVisitor().delete("/api/cart/1")).status).toBe(401)
    expect((await asVisitor().delete("/api/cart")).status).toBe(401)
  })

  it("adds products, merges a second add of the same product, and lists them with the product", async () => {
    const customer = await asNewCustomer()
    expect((await customer.get("/api/cart")).body).toEqual([])
    await customer.post("/api/cart", { productId: BASE, quantity: 1 })
    await customer.post("/api/cart", { productId: SLEEVE })
    const again = await customer.post("/api/cart", { productId: BASE, quantity: 2 })
    expect(again.status).toBe(201)
    const cart = cartSchema.parse((await customer.get("/api/cart")).body)
    expect(cart.map((i) => [i.productId, i.quantity])).toEqual([
      [BASE, 3],
      [SLEEVE, 1],
    ])
    expect(cart[0].product).toMatchObject({ name: "Enclave Base", price: "599.00" })
    expect(cart.every((i) => i.userId === customer.user.id)).toBe(true)
  })

  it.each([
    [{ productId: BASE, quantity: 0 }, "quantity", "Quantity must be at least 1"],
    [{ productId: BASE, quantity: -2 }, "quantity", "Quantity must be at least 1"],
    [{ productId: BASE, quantity: 1.5 }, "quantity", "Quantity must be a whole number"],
    [{ productId: BASE, quantity: "2" }, "quantity", "Quantity must be a number"],
    [{ productId: BASE, quantity: 1e20 }, "quantity", "Quantity must be at most 10000"],
    [{ productId: BASE, quantity: 10001 }, "quantity", "Quantity must be at most 10000"],
    [{ productId: "1", quantity: 1 }, "productId", "Product id must be a whole number"],
    [{ quantity: 1 }, "productId", "Product id must be a whole number"],
    [{ productId: BASE, quantity: 1, price: "0.01" }, "", undefined],
  ])("refuses %j with a 400 naming %s: %s", async (body, field, message) => {
    const customer = await asNewCustomer()
    const { status, body: answer } = await customer.post("/api/cart", body)
    expect(status).toBe(400)
    expect(Object.keys(answer.details.fields)).toContain(field)
    if (message) expect(answer.details.fields[field]).toBe(message)
  })

  it("answers 404 for an unknown product and 409 beyond the stock", async () => {
    const customer = await asNewCustomer()
    expect((await customer.post("/api/cart", { productId: 999999, quantity: 1 })).status).toBe(404)
    const out = await customer.post("/api/cart", { productId: DATA_BLOCKER, quantity: 1 })
    expect(out.status).toBe(409)
    expect(out.body.message).toMatch(/out of stock/)
    const tooMany = await customer.post("/api/cart", { productId: SCREEN_PROTECTOR, quantity: 7 })
    expect(tooMany.status).toBe(409)
    expect(tooMany.body.message).toMatch(/^Only \d+ of Privacy Screen Protector left in stock/)
    // What a German page needs to say it in German, with the name it sells the product under.
    expect(tooMany.body.details).toMatchObject({
      code: "low_stock",
      productId: SCREEN_PROTECTOR,
      wanted: 7,
      productName: "Privacy Screen Protector",
      productNameDe: expect.any(String),
    })
    expect(out.body.details).toMatchObject({ code: "out_of_stock", productId: DATA_BLOCKER, stockQuantity: 0 })
    // The codes the pages choose their words by, with what the words need.
    expect(out.body).toMatchObject({ code: "sold_out", params: { productId: DATA_BLOCKER, productName: expect.any(String) } })
    expect(tooMany.body).toMatchObject({
      code: "stock_short",
      params: {
        productId: SCREEN_PROTECTOR,
        available: tooMany.body.details.stockQuantity,
        wanted: 7,
        productName: "Privacy Screen Protector",
      },
    })
    expect((await customer.get("/api/cart")).body).toEqual([])
  })

  it("changes a quantity, removes an item, clears the cart; never below 1", async () => {
    const customer = await asNewCustomer()
    await customer.post("/api/cart", { productId: BASE, quantity: 1 })
    await customer.post("/api/cart", { productId: SLEEVE, quantity: 1 })
    const [base, sleeve] = cartSchema.parse((await customer.get("/api/cart")).body)
    const updated = await customer.put(`/api/cart/${base.id}`, { quantity: 4 })
    expect(updated.status).toBe(200)
    expect(cartSchema.parse(updated.body).find((i) => i.id === base.id)!.quantity).toBe(4)
    expect((await customer.put(`/api/cart/${base.id}`, { quantity: 0 })).status).toBe(400)
    expect((await customer.put(`/api/cart/${base.id}`, {})).status).toBe(400)
    expect((await customer.put("/api/cart/abc", { quantity: 1 })).status).toBe(400)
    const removed = await customer.delete(`/api/cart/${sleeve.id}`)
    expect(removed.status).toBe(200)
    expect(cartSchema.parse(removed.body).map((i) => i.id)).toEqual([base.id])
    expect((await customer.delete(`/api/cart/${sleeve.id}`)).status).toBe(404)
    expect((await customer.delete("/api/cart")).status).toBe(200)
    expect((await customer.get("/api/cart")).body).toEqual([])
  })

  // Every 201 must be in the cart. The first add starts the cart, and each racing
  // request used to decide from the user row it read before queueing for the cart lock.
  it.each([
    ["a new cart", false],
    ["an existing cart", true],
  ])("20 simultaneous adds to %s: every one answered 201 and the cart holds 20", async (_, existing) => {
    const customer = await asNewCustomer()
    if (existing) expect((await customer.post("/api/cart", { productId: SLEEVE, quantity: 1 })).status).toBe(201)
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => customer.post("/api/cart", { productId: DEVICE_SETUP, quantity: 1 })),
    )
    expect(answers.map((a) => [a.status, a.status === 201 ? "" : a.body.message])).toEqual(Array.from({ length: 20 }, () => [201, ""]))
    const cart = cartSchema.parse((await customer.get("/api/cart")).body)
    expect(cart.map((i) => [i.productId, i.quantity])).toEqual(
      existing
        ? [
            [SLEEVE, 1],
            [DEVICE_SETUP, 20],
          ]
        : [[DEVICE_SETUP, 20]],
    )
  })

  it("never lets one user read or change another's cart item", async () => {
    const owner = await asNewCustomer()
    const stranger = await asNewCustomer()
    await owner.post("/api/cart", { productId: SLEEVE, quantity: 2 })
    const [item] = cartSchema.parse((await owner.get("/api/cart")).body)
    expect((await stranger.put(`/api/cart/${item.id}`, { quantity: 9 })).status).toBe(404)
    expect((await stranger.delete(`/api/cart/${item.id}`)).status).toBe(404)
    expect((await stranger.get("/api/cart")).body).toEqual([])
    expect(cartSchema.parse((await owner.get("/api/cart")).body)[0].quantity).toBe(2)
  })
})

describe("POST /api/orders", () => {
  it("places the order: server totals, stock goes down, cart is emptied, a sandbox card is a test payment", async () => {
    const customer = await asNewCustomer()
    const [baseBefore, sleeveBefore] = [await stockOf(BASE), await stockOf(SLEEVE)]
    const { status, body } = await placeTestOrder(
      customer,
      [
        [BASE, 2],
        [SLEEVE, 1],
      ],
      { shippingCost: "15.00", total: 1262 },
    )
    expect(status).toBe(201)
    const order = orderSchema.parse(body)
    expect(order).toMatchObject({
      userId: customer.user.id,
      status: "processing",
      subtotal: "1247.00",
      shippingCost: "15.00",
      total: "1262.00",
      paymentProvider: "sandbox",
      isTestPayment: true,
      shippingMethodId: GERMANY_STANDARD,
      shippingMethod: { id: GERMANY_STANDARD, name: "Germany Standard" },
      shippingAddress: { ...address, addressLine2: null },
      email: customer.details.email,
    })
    expect(order.paymentMethod).toMatch(/Sandbox/)
    expect(order.paymentId).toMatch(/^str-/)
    expect(order.items.map((i) => [i.productId, i.quantity, i.price, i.product.name])).toEqual([
      [BASE, 2, "599.00", "Enclave Base"],
      [SLEEVE, 1, "49.00", "Faraday Sleeve"],
    ])
    expect(await stockOf(BASE)).toBe(baseBefore - 2)
    expect(await stockOf(SLEEVE)).toBe(sleeveBefore - 1)
    expect((await customer.get("/api/cart")).body).toEqual([])
  })

  it("accepts a simulated card's payment id once: another account sending it gets 409 and no order, its cart kept", async () => {
    const paymentId = sandboxPaymentId()
    const first = await asNewCustomer()
    expect((await placeTestOrder(first, [[DEVICE_SETUP, 1]], { paymentId })).status).toBe(201)
    const second = await asNewCustomer()
    const before = await stockOf(DEVICE_SETUP)
    const again = await placeTestOrder(second, [[DEVICE_SETUP, 1]], { paymentId })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ message: PAYMENT_ID_USED_MESSAGE, details: { fields: { paymentId: PAYMENT_ID_USED_MESSAGE } } })
    expect((await second.get("/api/orders")).body).toEqual([])
    expect(cartSchema.parse((await second.get("/api/cart")).body).map((item) => item.productId)).toEqual([DEVICE_SETUP])
    expect(await stockOf(DEVICE_SETUP)).toBe(before)
  })

  it("accepts a payment id once even when two accounts send it at the same moment", async () => {
    const paymentId = sandboxPaymentId()
    const buyers = [await asNewCustomer(), await asNewCustomer()]
    for (const buyer of buyers) expect((await buyer.post("/api/cart", { productId: DEVICE_SETUP, quantity: 1 })).status).toBe(201)
    const answers = await Promise.all(
      buyers.map((buyer) =>
        buyer.post("/api/orders", { shippingAddress: address, shippingMethod: GERMANY_STANDARD, paymentMethod: "stripe", paymentId }),
      ),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409])
    const orders = await Promise.all(buyers.map(async (buyer) => orderListSchema.parse((await buyer.get("/api/orders")).body).length))
    expect(orders.sort()).toEqual([0, 1])
  })

  it("lists the user's own orders newest first, with items, and nobody else's", async () => {
    const customer = await asNewCustomer()
    const first = orderSchema.parse((await placeTestOrder(customer, [[SLEEVE, 1]])).body)
    const second = orderSchema.parse((await placeTestOrder(customer, [[BASE, 1]])).body)
    const { status, body } = await customer.get("/api/orders")
    expect(status).toBe(200)
    const orders = orderListSchema.parse(body)
    expect(orders.map((o) => o.id)).toEqual([second.id, first.id])
    expect(orders[0].items[0].product.imageUrl).toMatch(/^\//)
    const other = await asNewCustomer()
    expect((await other.get("/api/orders")).body).toEqual([])
    expect((await asVisitor().get("/api/orders")).status).toBe(401)
  })

  it("refuses a missing address with 'Missing shipping address' and names each bad address field", async () => {
    const customer = await asNewCustomer()
    await customer.post("/api/cart", { productId: SLEEVE, quantity: 1 })
    const missing = await customer.post("/api/orders", {
      shippingMethod: GERMANY_STANDARD,
      paymentMethod: "stripe",
      paymentId: sandboxPaymentId(),
    })
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe("Missing shipping address")
    const bad = await customer.post("/api/orders", {
      shippingAddress: { fullName: "A", addressLine1: "123", city: "B", state: "C", postalCode: "1", country: "D" },
      shippingMethod: GERMANY_STANDARD,
      paymentMethod: "stripe",
      paymentId: sandboxPaymentId(),
    })
    expect(bad.status).toBe(400)
    expect(bad.body.details.fields).toEqual({
      "shippingAddress.fullName": "Full name is required",
      "shippingAddress.addressLine1": "Address line 1 is required",
      "shippingAddress.city": "City is required",
      "shippingAddress.state": "State is required",
      "shippingAddress.postalCode": "Postal code is required",
      "shippingAddress.country": "Country is required",
    })
    expect(cartSchema.parse((await customer.get("/api/cart")).body)).toHaveLength(1)
  })

  it("refuses a total or shipping cost that disagrees with the server, and stores nothing", async () => {
    const customer = await asNewCustomer()
    const before = await stockOf(CHARGER)
    const wrongTotal = await placeTestOrder(customer, [[CHARGER, 1]], { total: "0.01" })
    expect(wrongTotal.status).toBe(409)
    expect(wrongTotal.body.details).toEqual({ subtotal: "39.00", shippingCost: "15.00", total: "54.00" })
    const wrongShipping = await customer.post("/api/orders", {
      shippingAddress: address,
      shippingMethod: GERMANY_STANDARD,
      shippingCost: 0,
      paymentMethod: "stripe",
      paymentId: sandboxPaymentId(),
    })
    expect(wrongShipping.status).toBe(409)
    expect((await customer.get("/api/orders")).body).toEqual([])
    expect(cartSchema.parse((await customer.get("/api/cart")).body)).toHaveLength(1)
    expect(await stockOf(CHARGER)).toBe(before)
  })

  it("refuses an empty cart, an unknown shipping method, an unverifiable payment and an unknown country", async () => {
    const customer = await asNewCustomer()
    const empty = await customer.post("/api/orders", {
      shippingAddress: address,
      shippingMethod: 1,
      paymentMethod: "stripe",
      paymentId: sandboxPaymentId(),
    })
    expect(empty.status).toBe(400)
    expect(empty.body.message).toBe("Your cart is empty")
    await customer.post("/api/cart", { productId: SLEEVE, quantity: 1 })
    const method = await customer.post("/api/orders", {
      shippingAddress: address,
      shippingMethod: 99999,
      paymentMethod: "stripe",
      paymentId: sandboxPaymentId(),
    })
    expect(method.status).toBe(400)
    expect(method.body.details.fields.shippingMethod).toBe("Unknown shipping method")
    // A card payment the shop never started is no payment.
    const unpaid = await customer.post("/api/orders", {
      shippingAddress: address,
      shippingMethod: 1,
      paymentMethod: "stripe",
      paymentId: "pi_made_up",
    })
    expect(unpaid.status).toBe(404)
    expect(unpaid.body.message).toBe("There is no card payment with this id for your account")
    const noPayment = await customer.post("/api/orders", { shippingAddress: address, shippingMethod: 1, paymentMethod: "cash" })
    expect(noPayment.status).toBe(400)
    expect(noPayment.body.message).toMatch(/payment could not be verified/)
    // Invoice is a way to pay without a payment id, for business customers while the shop offers it.
    const invoice = await customer.post("/api/orders", { shippingAddress: address, shippingMethod: 1, paymentMethod: "invoice" })
    expect([invoice.status, invoice.body.details?.fields?.paymentMethod]).toEqual([400, expect.stringMatching(/^Pay by invoice is/)])
    const nowhere = await customer.post("/api/orders", {
      shippingAddress: { ...address, country: "Atlantis" },
      shippingMethod: 1,
      paymentMethod: "stripe",
      paymentId: sandboxPaymentId(),
    })
    expect(nowhere.status).toBe(400)
    expect(nowhere.body.details?.fields?.["shippingAddress.country"]).toBe("Choose a country the shop ships to")
    expect((await customer.get("/api/orders")).body).toEqual([])
  })
})

describe("/api/orders: shipping zones", () => {
  const paris = {
    ...address,
    addressLine1: "8 Rue de Rivoli",
    city: "Paris",
    state: "Île-de-France",
    postalCode: "75001",
    country: "France",
  }

  it("refuses a method that does not ship to the address's country with 400 naming shippingMethod, and stores nothing", async () => {
    const customer = await asNewCustomer()
    const before = await stockOf(CHARGER)
    const refused = await placeTestOrder(customer, [[CHARGER, 1]], { shippingAddress: paris, shippingMethod: GERMANY_STANDARD })
    expect(refused.status).toBe(400)
    expect(refused.body.message).toBe("Germany Standard does not ship to France")
    expect(refused.body.details.fields).toEqual({ shippingMethod: "Germany Standard does not ship to France" })
    // A country typed as a code or in German is the same country.
    const express = await customer.post("/api/orders", {
      shippingAddress: { ...paris, country: "Frankreich" },
      shippingMethod: GERMANY_EXPRESS,
      paymentMethod: "stripe",
      paymentId: sandboxPaymentId(),
    })
    expect(express.status).toBe(400)
    expect(express.body.details.fields.shippingMethod).toBe("Germany Express does not ship to France")
    const worldwideAtHome = await customer.post("/api/orders", {
      shippingAddress: address,
      shippingMethod: WORLDWIDE,
      paymentMethod: "stripe",
      paymentId: sandboxPaymentId(),
    })
    expect(worldwideAtHome.status).toBe(400)
    expect(worldwideAtHome.body.details.fields.shippingMethod).toBe("Worldwide does not ship to Germany")
    expect((await customer.get("/api/orders")).body).toEqual([])
    expect(cartSchema.parse((await customer.get("/api/cart")).body)).toHaveLength(1)
    expect(await stockOf(CHARGER)).toBe(before)
  })

  it("places a French order with Worldwide and a German one with Germany Express", async () => {
    const french = await asNewCustomer()
    const abroad = await placeTestOrder(french, [[SLEEVE, 1]], { shippingAddress: { ...paris, country: "FR" }, shippingMethod: WORLDWIDE })
    expect(abroad.status, JSON.stringify(abroad.body)).toBe(201)
    expect(orderSchema.parse(abroad.body)).toMatchObject({ total: "99.00", shippingMethod: { id: WORLDWIDE, name: "Worldwide" } })

    const german = await asNewCustomer()
    const home = await placeTestOrder(german, [[SLEEVE, 1]], { shippingMethod: GERMANY_EXPRESS })
    expect(home.status, JSON.stringify(home.body)).toBe(201)
    expect(orderSchema.parse(home.body)).toMatchObject({ total: "74.00", shippingMethod: { id: GERMANY_EXPRESS, name: "Germany Express" } })
  })
})

describe("admin: orders", () => {
  it("the permission matrix: visitor 401, customer 403 on every admin order call", async () => {
    const customer = await asNewCustomer()
    const calls: Array<[string, string, unknown?]> = [
      ["GET", "/api/admin/orders"],
      ["PUT", "/api/admin/orders/1/status", { status: "shipped" }],
      ["PUT", "/api/admin/orders/1/shipping-address", { shippingAddress: address }],
      ["DELETE", "/api/admin/orders/1"],
    ]
    for (const [method, path, body] of calls) {
      expect((await asVisitor().request(method, path, body)).status, `${method} ${path} as visitor`).toBe(401)
      expect((await customer.request(method, path, body)).status, `${method} ${path} as customer`).toBe(403)
    }
  })

  it("lists every order newest first with items and user id, and sets any status from any other", async () => {
    const customer = await asNewCustomer()
    const order = orderSchema.parse((await placeTestOrder(customer, [[SLEEVE, 1]])).body)
    const admin = await asAdmin()
    const list = orderListSchema.parse((await admin.get("/api/admin/orders")).body)
    const listed = list.find((o) => o.id === order.id)!
    expect(listed).toMatchObject({ userId: customer.user.id, items: [{ productId: SLEEVE, quantity: 1 }] })
    const times = list.map((o) => o.createdAt)
    expect([...times].sort().reverse()).toEqual(times)

    for (const status of [...orderStatuses].reverse()) {
      const changed = await admin.put(`/api/admin/orders/${order.id}/status`, { status })
      expect(changed.status).toBe(200)
      expect(changed.body.status).toBe(status)
    }
    expect((await customer.get("/api/orders")).body[0].status).toBe("pending")
    const bad = await admin.put(`/api/admin/orders/${order.id}/status`, { status: "lost" })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe("Status must be one of pending, processing, shipped, delivered, completed, cancelled")
    expect((await admin.put("/api/admin/orders/999999/status", { status: "shipped" })).status).toBe(404)
    expect((await admin.put("/api/admin/orders/x/status", { status: "shipped" })).status).toBe(400)
  })

  it("updates the shipping address with validation, and keeps the country", async () => {
    const customer = await asNewCustomer()
    const order = orderSchema.parse((await placeTestOrder(customer, [[SLEEVE, 1]])).body)
    const admin = await asAdmin()
    const moved = { ...address, addressLine1: "Friedrichstraße 100", city: "Hamburg", postalCode: "20095" }
    const saved = await admin.put(`/api/admin/orders/${order.id}/shipping-address`, { shippingAddress: moved })
    expect(saved.status).toBe(200)
    expect(saved.body.shippingAddress).toMatchObject({ addressLine1: "Friedrichstraße 100", city: "Hamburg" })
    expect((await customer.get("/api/orders")).body[0].shippingAddress.city).toBe("Hamburg")
    const invalid = await admin.put(`/api/admin/orders/${order.id}/shipping-address`, { shippingAddress: { ...moved, city: "" } })
    expect(invalid.status).toBe(400)
    expect(invalid.body.details.fields["shippingAddress.city"]).toBe("City is required")
    const abroad = await admin.put(`/api/admin/orders/${order.id}/shipping-address`, { shippingAddress: { ...moved, country: "France" } })
    expect(abroad.status).toBe(409)
  })

  it("deletes an order: it leaves every list and its stock goes back on sale", async () => {
    const customer = await asNewCustomer()
    const before = await stockOf(CHARGER)
    const order = orderSchema.parse((await placeTestOrder(customer, [[CHARGER, 3]])).body)
    expect(await stockOf(CHARGER)).toBe(before - 3)
    const admin = await asAdmin()
    const deleted = await admin.delete(`/api/admin/orders/${order.id}`)
    expect(deleted.status).toBe(200)
    expect(await stockOf(CHARGER)).toBe(before)
    expect((await customer.get("/api/orders")).body).toEqual([])
    expect(orderListSchema.parse((await admin.get("/api/admin/orders")).body).some((o) => o.id === order.id)).toBe(false)
    expect((await admin.delete(`/api/admin/orders/${order.id}`)).status).toBe(404)
  })
})
