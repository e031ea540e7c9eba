/**
 * Payments through the real providers' SDKs against loopback fakes of PayPal and Stripe (docs/product.md §4
 * wallet flow, §5 wallet rules, §7 /api/paypal-server/* and /api/orders, §8 messages). The shop
 * is its own (tests/support/payment-shop.ts): these tests switch providers on and off.
 */
import fs from "node:fs"
import path from "node:path"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import {
  cardPaymentSchema,
  orderListSchema,
  orderSchema,
  PAYMENT_RECEIVED_NOT_FINALISED_MESSAGE,
  paymentErrorSchema,
  paypalCaptureSchema,
  paypalMessages,
  paypalOrderCreatedSchema,
  paypalOrderSchema,
  productSchema,
  TEST_PAYMENTS_OFF_MESSAGE,
  unfinalisedPaymentListSchema,
} from "@enclave/contract"
import { ApiClient, newUserDetails, sandboxPaymentId } from "../support/api.ts"
import { MedusaAdmin } from "../support/medusa-admin.ts"
import { servedDocument } from "../support/openapi-check.ts"
import { paymentKeys, paymentSecrets, startPaymentShop, type PaymentShop } from "../support/payment-shop.ts"
import pg from "pg"
import { buyerAddress as address, captureTenTimes, databaseUrlOf, medusaAvailableStock, medusaOfShop } from "../support/races.ts"

let env: PaymentShop
let admin: ApiClient

const SLEEVE = 4 // 49.00, stock 60
const GERMANY_STANDARD = 1 // 15.00

async function customer() {
  const client = new ApiClient(env.url)
  const answer = await client.post("/api/register", newUserDetails())
  expect(answer.status).toBe(201)
  return Object.assign(client, { userId: answer.body.id as number })
}

/** A customer with one product in the cart; the total is its price plus 15.00 standard shipping. */
async function customerWithCart(productId = SLEEVE, quantity = 1) {
  const client = await customer()
  expect((await client.post("/api/cart", { productId, quantity })).status).toBe(201)
  return client
}

async function stockOf(id: number) {
  return productSchema.parse((await new ApiClient(env.url).get(`/api/products/${id}`)).body).stockQuantity
}

async function ordersOf(client: ApiClient) {
  const answer = await client.get("/api/orders")
  expect(answer.status).toBe(200)
  return orderListSchema.parse(answer.body)
}

async function startPaypal(client: ApiClient & { userId: number }, extra: Record<string, unknown> = {}) {
  return client.post("/api/paypal-server/create-order", {
    shippingAddress: address,
    shippingMethodId: GERMANY_STANDARD,
    amount: "64.00",
    userId: client.userId,
    ...extra,
  })
}

async function approvedPaypalOrder(client: ApiClient & { userId: number }, amount = "64.00") {
  const created = await startPaypal(client, { amount })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const order = paypalOrderCreatedSchema.parse(created.body)
  env.paypal.approve(order.id)
  return order
}

/** Medusa's own record of a shop order (by its number): its status, live reservations and refunds. */
async function medusaOrderOf(databaseUrl: string, displayId: number) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query(
      `select o.status,
              (select count(*)::int from reservation_item ri
                where ri.deleted_at is null and ri.line_item_id in (select item_id from order_item where order_id = o.id)) as reservations,
              (select count(*)::int from order_payment_collection opc
                 join payment p on p.payment_collection_id = opc.payment_collection_id
                 join refund r on r.payment_id = p.id and r.deleted_at is null
                where opc.order_id = o.id) as refunds
         from "order" o where o.display_id = $1`,
      [displayId],
    )
    return rows[0] as { status: string; reservations: number; refunds: number } | undefined
  } finally {
    await client.end()
  }
}

function expectPaymentError(answer: { status: number; body: unknown }, status: number, message: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status)
  const body = paymentErrorSchema.parse(answer.body)
  expect(body.message).toBe(message)
  expect(body.error).toBe(message)
  return body
}

beforeAll(async () => {
  env = await startPaymentShop()
  admin = await env.admin()
  await env.enableProviders()
})

afterAll(async () => {
  await env?.stop()
})

beforeEach(() => {
  env.paypal.reset()
  env.stripe.reset()
})

describe("the wallet provider (PayPal)", () => {
  it("creates an order for the server's amount, is approved, captured into a shop order, and the stock goes down", async () => {
    const buyer = await customerWithCart(SLEEVE, 2)
    const stockBefore = await stockOf(SLEEVE)
    const created = await startPaypal(buyer, { amount: 113 })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const paypalOrder = paypalOrderCreatedSchema.parse(created.body)
    expect(paypalOrder).toMatchObject({ status: "PAYER_ACTION_REQUIRED", amount: "113.00" })
    // docs/product.md §7: the approval address carries the user id and the shipping method.
    const approve = new URL(paypalOrder.approveUrl)
    expect(approve.searchParams.get("token")).toBe(paypalOrder.id)
    expect(approve.searchParams.get("userid")).toBe(String(buyer.userId))
    expect(approve.searchParams.get("shippingMethodId")).toBe(String(GERMANY_STANDARD))
    // PayPal got the server's amount, sandbox host, and the shop's own return addresses.
    const atPaypal = env.paypal.orders.get(paypalOrder.id)!
    expect(atPaypal.host).toBe("api-m.sandbox.paypal.com")
    expect(atPaypal.purchaseUnits[0].amount).toEqual({ currency_code: "EUR", value: "113.00" })
    expect(atPaypal.returnUrl).toBe(`${env.url}/checkout/success?paypal=true`)
    expect(atPaypal.cancelUrl).toBe(`${env.url}/checkout/error?paypal=true`)

    env.paypal.approve(paypalOrder.id)
    const captured = await buyer.post("/api/paypal-server/capture-order", { orderId: paypalOrder.id, userId: buyer.userId })
    expect(captured.status, JSON.stringify(captured.body)).toBe(200)
    const capture = paypalCaptureSchema.parse(captured.body)
    expect(capture).toMatchObject({ id: paypalOrder.id, status: "COMPLETED" })
    expect(capture.paymentId).toBe(env.paypal.orders.get(paypalOrder.id)!.capture!.id)
    expect(capture.order).toMatchObject({
      id: capture.orderId,
      status: "processing",
      total: "113.00",
      paymentMethod: "PayPal (Sandbox)",
      paymentProvider: "paypal",
      paymentId: capture.paymentId,
      isTestPayment: true,
      shippingMethodId: GERMANY_STANDARD,
    })
    expect(await stockOf(SLEEVE)).toBe(stockBefore - 2)
    expect((await buyer.get("/api/cart")).body).toEqual([])
    expect((await ordersOf(buyer)).map((o) => o.id)).toEqual([capture.orderId])

    const view = await buyer.get(`/api/paypal-server/order/${paypalOrder.id}`)
    expect(view.status).toBe(200)
    expect(paypalOrderSchema.parse(view.body)).toMatchObject({
      id: paypalOrder.id,
      status: "COMPLETED",
      purchase_units: [{ amount: { currency_code: "EUR", value: "113.00" } }],
    })
    expect(view.body.create_time).toEqual(expect.any(String))
  })

  it("refuses an amount that is not the server's, and creates nothing at PayPal", async () => {
    const buyer = await customerWithCart()
    const ordersBefore = env.paypal.orders.size
    const answer = await startPaypal(buyer, { amount: "1.00" })
    expect(answer.status).toBe(409)
    expect(answer.body.message).toBe("The order total is €64.00, not €1.00: please review your order")
    expect(env.paypal.orders.size).toBe(ordersBefore)
  })

  it("captures ten times at once into exactly one order and one capture at PayPal", async () => {
    const buyer = await customerWithCart()
    const stockBefore = await stockOf(SLEEVE)
    const { id } = await approvedPaypalOrder(buyer)
    // The scenario the scaled-out shop runs too (tests/support/races.ts).
    const { answers } = await captureTenTimes(buyer, id)
    // Here every capture waits for the first under the buyer's purchase lock, so all ten answer the order.
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(env.paypal.capturesTaken(id)).toBe(1)
    expect(await stockOf(SLEEVE)).toBe(stockBefore - 1)
  })

  it("refuses a capture by another customer, or for another user id, and takes no money", async () => {
    const owner = await customerWithCart()
    const { id } = await approvedPaypalOrder(owner)
    const stranger = await customer()
    const byStranger = await stranger.post("/api/paypal-server/capture-order", { orderId: id })
    expect(byStranger.status).toBe(404)
    expect((await stranger.get(`/api/paypal-server/order/${id}`)).status).toBe(404)
    const otherUserId = await owner.post("/api/paypal-server/capture-order", { orderId: id, userId: stranger.userId })
    expect(otherUserId.status).toBe(403)
    expect(otherUserId.body.message).toBe("You can only pay for your own cart")
    expect((await new ApiClient(env.url).post("/api/paypal-server/capture-order", { orderId: id })).status).toBe(401)
    expect(env.paypal.capturesTaken(id)).toBe(0)
    expect(await ordersOf(owner)).toEqual([])
  })

  it("answers a capture before approval with a 409 and keeps the order capturable", async () => {
    const buyer = await customerWithCart()
    const created = paypalOrderCreatedSchema.parse((await startPaypal(buyer)).body)
    const early = await buyer.post("/api/paypal-server/capture-order", { orderId: created.id })
    expect(early.status).toBe(409)
    expect(early.body.message).toBe("The PayPal payment has not been approved yet")
    env.paypal.approve(created.id)
    expect((await buyer.post("/api/paypal-server/capture-order", { orderId: created.id })).status).toBe(200)
  })

  it.each([
    ["non-json", 502, paypalMessages.invalidResponse],
    ["server-error", 502, paypalMessages.createFailed],
    ["no-id", 502, paypalMessages.noOrderId],
    ["no-approve-link", 502, paypalMessages.noApprovalUrl],
  ] as const)("create-order when PayPal answers %s: %s %s", async (mode, status, message) => {
    const buyer = await customerWithCart()
    env.paypal.failNext("create", mode)
    const body = expectPaymentError(await startPaypal(buyer), status, message)
    // PayPal's own words come along as details.
    if (mode === "server-error") expect(String(body.details)).toMatch(/internal server error/i)
    // Nothing half-made: the next attempt works.
    expect((await startPaypal(buyer)).status).toBe(201)
  })

  it("capture-order without an order id: 'No order ID available'", async () => {
    const buyer = await customer()
    expectPaymentError(await buyer.post("/api/paypal-server/capture-order", {}), 400, paypalMessages.noOrderIdToCapture)
    expect((await buyer.post("/api/paypal-server/capture-order", { orderId: "" })).body.message).toBe(paypalMessages.noOrderIdToCapture)
  })

  it.each([
    ["non-json", 502, paypalMessages.invalidCaptureResponse],
    ["server-error", 502, paypalMessages.captureFailed],
    ["declined", 402, "PayPal declined the payment: please choose another way to pay in PayPal"],
  ] as const)("capture-order when PayPal answers %s: %s %s, no money taken, no order", async (mode, status, message) => {
    const buyer = await customerWithCart()
    const { id } = await approvedPaypalOrder(buyer)
    env.paypal.failNext("capture", mode)
    expectPaymentError(await buyer.post("/api/paypal-server/capture-order", { orderId: id }), status, message)
    expect(env.paypal.capturesTaken(id)).toBe(0)
    expect(await ordersOf(buyer)).toEqual([])
    // A second try goes through.
    expect((await buyer.post("/api/paypal-server/capture-order", { orderId: id })).status).toBe(200)
  })

  it("a capture with no payment id: 'No payment ID received from PayPal after capture'", async () => {
    const buyer = await customerWithCart()
    const { id } = await approvedPaypalOrder(buyer)
    env.paypal.failNext("capture", "no-capture-id")
    expectPaymentError(await buyer.post("/api/paypal-server/capture-order", { orderId: id }), 502, paypalMessages.noPaymentId)
    expect(await ordersOf(buyer)).toEqual([])
  })

  it("keeps a payment that was taken but could not become an order on record, tells the customer, and finishes it from the webhook", async () => {
    const created = await admin.post("/api/admin/products", {
      name: "Enclave Last Unit",
      price: "20.00",
      stockQuantity: 1,
      category: "accessory",
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const productId = created.body.id as number
    const slow = await customerWithCart(productId)
    const { id } = await approvedPaypalOrder(slow, "35.00")
    // PayPal takes the money at once but answers late; meanwhile someone else buys the last unit.
    const quick = await customerWithCart(productId)
    env.paypal.delayNext("capture", 6000)
    const capturing = slow.post("/api/paypal-server/capture-order", { orderId: id })
    await new Promise((resolve) => setTimeout(resolve, 300))
    const bought = await quick.post("/api/orders", {
      shippingAddress: address,
      shippingMethod: GERMANY_STANDARD,
      paymentMethod: "stripe",
      paymentId: `str-lastunit${Date.now()}`,
    })
    expect(bought.status, JSON.stringify(bought.body)).toBe(201)

    const body = expectPaymentError(await capturing, 409, PAYMENT_RECEIVED_NOT_FINALISED_MESSAGE)
    expect(body.paymentReceived).toBe(true)
    expect(body.paymentId).toBe(env.paypal.orders.get(id)!.capture!.id)
    expect(env.paypal.capturesTaken(id)).toBe(1)
    expect(await ordersOf(slow)).toEqual([])
    // On record for staff, with the reason.
    const onRecord = unfinalisedPaymentListSchema.parse((await admin.get("/api/admin/unfinalised-payments")).body)
    expect(onRecord).toContainEqual(
      expect.objectContaining({
        provider: "paypal",
        reference: id,
        paymentId: body.paymentId,
        amount: "35.00",
        userId: slow.userId,
        isTestPayment: true,
      }),
    )
    expect(onRecord.find((p) => p.reference === id)!.reason).toMatch(/inventory|stock/i)

    // Restocked: PayPal's webhook for the capture finishes the order, without a second capture.
    expect((await admin.put(`/api/admin/products/${productId}`, { stockQuantity: 1 })).status).toBe(200)
    const event = env.paypal.captureEvent(id)
    const webhook = `${env.url}/api/webhooks/paypal`
    const tampered = await env.paypal.sendWebhook(webhook, event, { webhookId: paymentKeys.paypalSandboxWebhookId, tamper: true })
    expect(tampered.status).toBe(400)
    expect(await ordersOf(slow)).toEqual([])
    const delivered = await env.paypal.sendWebhook(webhook, event, { webhookId: paymentKeys.paypalSandboxWebhookId })
    expect(delivered.status, delivered.body).toBe(200)
    expect(JSON.parse(delivered.body)).toEqual({ received: true, result: "ordered" })
    const [order] = await ordersOf(slow)
    expect(order).toMatchObject({ paymentMethod: "PayPal (Sandbox)", paymentId: body.paymentId, total: "35.00", isTestPayment: true })
    expect(env.paypal.capturesTaken(id)).toBe(1)
    const after = unfinalisedPaymentListSchema.parse((await admin.get("/api/admin/unfinalised-payments")).body)
    expect(after.map((p) => p.reference)).not.toContain(id)
    // The customer's own retry, and the webhook again, answer the same order.
    const retry = await slow.post("/api/paypal-server/capture-order", { orderId: id })
    expect(retry.status).toBe(200)
    expect(retry.body.orderId).toBe(order.id)
    const repeated = await env.paypal.sendWebhook(webhook, event, { webhookId: paymentKeys.paypalSandboxWebhookId })
    expect(JSON.parse(repeated.body)).toEqual({ received: true, result: "already-ordered" })
    expect(await ordersOf(slow)).toHaveLength(1)
  })

  it("cancels an order whose capture PayPal denies afterwards: Medusa's order too, and its stock goes back on sale", async () => {
    const buyer = await customerWithCart(SLEEVE, 2)
    const databaseUrl = databaseUrlOf(env.url)
    const before = { shown: await stockOf(SLEEVE), medusa: await medusaAvailableStock(databaseUrl, SLEEVE) }
    const { id } = await approvedPaypalOrder(buyer, "113.00")
    const captured = paypalCaptureSchema.parse((await buyer.post("/api/paypal-server/capture-order", { orderId: id })).body)
    expect(await stockOf(SLEEVE)).toBe(before.shown - 2)
    expect(await medusaOrderOf(databaseUrl, captured.orderId)).toEqual({ status: "pending", reservations: 1, refunds: 0 })
    const event = env.paypal.captureEvent(id, "PAYMENT.CAPTURE.DENIED")
    const webhook = `${env.url}/api/webhooks/paypal`
    const denied = await env.paypal.sendWebhook(webhook, event, { webhookId: paymentKeys.paypalSandboxWebhookId })
    expect(denied.status, denied.body).toBe(200)
    expect(JSON.parse(denied.body)).toEqual({ received: true, result: "failed" })
    const [order] = await ordersOf(buyer)
    expect(order).toMatchObject({ id: captured.orderId, status: "cancelled", notes: "PayPal denied the capture" })
    // A denied capture took no money: PayPal is asked for no refund (it would refuse one); Medusa's
    // books balance the capture it recorded with a refund. The stock is on sale again.
    expect(await medusaOrderOf(databaseUrl, captured.orderId)).toEqual({ status: "canceled", reservations: 0, refunds: 1 })
    expect(env.paypal.orders.get(id)!.capture!.refundedCents).toBe(0)
    expect(await medusaAvailableStock(databaseUrl, SLEEVE)).toEqual(before.medusa)
    expect(await stockOf(SLEEVE)).toBe(before.shown)

    // PayPal delivers again: the same answer, nothing more happens.
    const repeated = await env.paypal.sendWebhook(webhook, event, { webhookId: paymentKeys.paypalSandboxWebhookId })
    expect(repeated.status, repeated.body).toBe(200)
    expect(JSON.parse(repeated.body)).toEqual({ received: true, result: "failed" })
    expect((await ordersOf(buyer))[0]).toMatchObject({ status: "cancelled", notes: "PayPal denied the capture" })
    expect(await stockOf(SLEEVE)).toBe(before.shown)
  })

  it("the admin's cancel of a captured PayPal order refunds it at PayPal and puts the stock back on sale", async () => {
    const buyer = await customerWithCart(SLEEVE, 1)
    const databaseUrl = databaseUrlOf(env.url)
    const shownBefore = await stockOf(SLEEVE)
    const { id } = await approvedPaypalOrder(buyer)
    const captured = paypalCaptureSchema.parse((await buyer.post("/api/paypal-server/capture-order", { orderId: id })).body)
    // PayPal took the money: Medusa's payment module has it captured, announced as payment.captured.
    expect(await medusaPaymentStatus(captured.orderId)).toBe("captured")
    const cancelled = await admin.put(`/api/admin/orders/${captured.orderId}/status`, { status: "cancelled" })
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    expect(cancelled.body.status).toBe("cancelled")
    expect(env.paypal.orders.get(id)!.capture).toMatchObject({ status: "REFUNDED", refundedCents: 6400 })
    expect(await medusaOrderOf(databaseUrl, captured.orderId)).toEqual({ status: "canceled", reservations: 0, refunds: 1 })
    expect(await medusaPaymentStatus(captured.orderId)).toBe("refunded")
    expect(await stockOf(SLEEVE)).toBe(shownBefore)
    // Once refunded, cancelling again asks PayPal for nothing.
    expect((await admin.put(`/api/admin/orders/${captured.orderId}/status`, { status: "cancelled" })).status).toBe(200)
    expect(env.paypal.orders.get(id)!.capture).toMatchObject({ status: "REFUNDED", refundedCents: 6400 })
  })
})

/** The payment status of an order as Medusa's admin API tells it, signed in as the shop's admin. */
async function medusaPaymentStatus(displayId: number): Promise<string> {
  const medusa = await MedusaAdmin.signIn(medusaOfShop(env.url).url)
  const answer = await medusa.get(`/admin/orders?q=${displayId}&fields=display_id,payment_status&limit=50`)
  const order = (answer.body.orders as Array<{ display_id: number; payment_status: string }>).find((o) => o.display_id === displayId)
  expect(order, `order ${displayId} in Medusa's admin API`).toBeDefined()
  return order!.payment_status
}

async function startCard(client: ApiClient, total: string | number = "64.00") {
  return client.post("/api/card-payments", { shippingAddress: address, shippingMethodId: GERMANY_STANDARD, total })
}

function cardOrder(client: ApiClient, paymentId: string, total = "64.00") {
  return client.post("/api/orders", {
    shippingAddress: address,
    shippingMethod: GERMANY_STANDARD,
    paymentMethod: "stripe",
    paymentId,
    total,
  })
}

describe("the card provider (Stripe)", () => {
  it("starts a PaymentIntent for the server's amount and places the order once Stripe says it succeeded", async () => {
    const buyer = await customerWithCart()
    const stockBefore = await stockOf(SLEEVE)
    const started = await startCard(buyer)
    expect(started.status, JSON.stringify(started.body)).toBe(201)
    const payment = cardPaymentSchema.parse(started.body)
    expect(payment).toMatchObject({ amount: "64.00", currency: "eur", sandbox: true, publicKey: paymentKeys.stripeSandboxPublicKey })
    expect(env.stripe.intents.get(payment.paymentIntentId)!.intent).toMatchObject({
      amount: 6400,
      currency: "eur",
      client_secret: payment.clientSecret,
    })

    // Not paid yet: no order.
    const early = await cardOrder(buyer, payment.paymentIntentId)
    expect(early.status).toBe(402)
    expect(early.body.message).toBe("The card payment has not gone through: no money was taken")
    expect(await ordersOf(buyer)).toEqual([])

    env.stripe.confirm(payment.paymentIntentId)
    const placed = await cardOrder(buyer, payment.paymentIntentId)
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    expect(orderSchema.parse(placed.body)).toMatchObject({
      total: "64.00",
      paymentMethod: "Card (Sandbox)",
      paymentProvider: "stripe",
      paymentId: payment.paymentIntentId,
      isTestPayment: true,
      status: "processing",
    })
    expect(await stockOf(SLEEVE)).toBe(stockBefore - 1)
    expect((await buyer.get("/api/cart")).body).toEqual([])
    // Sending it again answers the same order.
    const again = await cardOrder(buyer, payment.paymentIntentId)
    expect(again.status).toBe(201)
    expect(again.body.id).toBe(placed.body.id)
    expect(await ordersOf(buyer)).toHaveLength(1)
  })

  it("keeps its record linked to the cart, Medusa's payment session and the customer, and once placed to the order", async () => {
    const buyer = await customerWithCart()
    const started = await startCard(buyer)
    expect(started.status, JSON.stringify(started.body)).toBe(201)
    const { paymentIntentId } = cardPaymentSchema.parse(started.body)
    const db = new pg.Client({ connectionString: databaseUrlOf(env.url) })
    await db.connect()
    try {
      // Medusa's link tables, as a plugin of a merchant's reads them with Medusa's query.
      const record = async () =>
        (
          await db.query(
            `select cp.status,
                    (select l.cart_id from cart_cart_shoporders_checkout_payment l
                      where l.checkout_payment_id = cp.id and l.deleted_at is null) as cart_id,
                    (select s.data->>'id' from shoporders_checkout_payment_payment_payment_session l join payment_session s on s.id = l.payment_session_id
                      where l.checkout_payment_id = cp.id and l.deleted_at is null) as intent,
                    (select u.user_number from accounts_shop_user_shoporders_checkout_payment l join shop_user u on u.id = l.shop_user_id
                      where l.checkout_payment_id = cp.id and l.deleted_at is null) as user_number,
                    (select o.display_id from order_order_shoporders_checkout_payment l join "order" o on o.id = l.order_id
                      where l.checkout_payment_id = cp.id and l.deleted_at is null) as order_number
               from checkout_payment cp where cp.reference = $1`,
            [paymentIntentId],
          )
        ).rows
      const { rows: carts } = await db.query(
        `select l.cart_id from accounts_shop_user_cart_cart l join shop_user u on u.id = l.shop_user_id
          where u.user_number = $1 and l.deleted_at is null`,
        [buyer.userId],
      )
      const cartId = carts[0].cart_id
      expect(await record()).toEqual([
        { status: "created", cart_id: cartId, intent: paymentIntentId, user_number: buyer.userId, order_number: null },
      ])

      env.stripe.confirm(paymentIntentId)
      const placed = await cardOrder(buyer, paymentIntentId)
      expect(placed.status, JSON.stringify(placed.body)).toBe(201)
      expect(await record()).toEqual([
        { status: "ordered", cart_id: cartId, intent: paymentIntentId, user_number: buyer.userId, order_number: placed.body.id },
      ])
    } finally {
      await db.end()
    }
  })

  it("refuses a total that is not the server's, before asking Stripe", async () => {
    const buyer = await customerWithCart()
    const intentsBefore = env.stripe.intents.size
    const answer = await startCard(buyer, "1.00")
    expect(answer.status).toBe(409)
    expect(answer.body.message).toBe("The order total is €64.00, not €1.00: please review your order")
    expect(env.stripe.intents.size).toBe(intentsBefore)
  })

  it("a declined card makes no order; the same payment with a good card does", async () => {
    const buyer = await customerWithCart()
    const payment = cardPaymentSchema.parse((await startCard(buyer)).body)
    expect(() => env.stripe.confirm(payment.paymentIntentId, "4000000000000002")).toThrow(/card_declined/)
    const refused = await cardOrder(buyer, payment.paymentIntentId)
    expect(refused.status).toBe(402)
    expect(refused.body.details).toBe("Your card was declined.")
    env.stripe.confirm(payment.paymentIntentId)
    expect((await cardOrder(buyer, payment.paymentIntentId)).status).toBe(201)
  })

  it("refuses another customer's payment and a total that differs from the payment", async () => {
    const owner = await customerWithCart()
    const payment = cardPaymentSchema.parse((await startCard(owner)).body)
    env.stripe.confirm(payment.paymentIntentId)
    const stranger = await customerWithCart()
    expect((await cardOrder(stranger, payment.paymentIntentId)).status).toBe(404)
    const wrongTotal = await cardOrder(owner, payment.paymentIntentId, "10.00")
    expect(wrongTotal.status).toBe(409)
    expect(await ordersOf(owner)).toEqual([])
    expect(await ordersOf(stranger)).toEqual([])
  })

  it("Stripe's webhook places the order when the browser went away; a bad signature is refused", async () => {
    const buyer = await customerWithCart()
    const payment = cardPaymentSchema.parse((await startCard(buyer)).body)
    env.stripe.confirm(payment.paymentIntentId)
    const webhook = `${env.url}/api/webhooks/stripe`
    const forged = await env.stripe.sendWebhook(
      webhook,
      "payment_intent.succeeded",
      payment.paymentIntentId,
      paymentKeys.stripeSandboxWebhookSecret,
      { tamper: true },
    )
    expect(forged.status).toBe(400)
    const wrongSecret = await env.stripe.sendWebhook(
      webhook,
      "payment_intent.succeeded",
      payment.paymentIntentId,
      "whsec_not_the_shops_secret",
    )
    expect(wrongSecret.status).toBe(400)
    expect(await ordersOf(buyer)).toEqual([])
    const delivered = await env.stripe.sendWebhook(
      webhook,
      "payment_intent.succeeded",
      payment.paymentIntentId,
      paymentKeys.stripeSandboxWebhookSecret,
    )
    expect(delivered.status, delivered.body).toBe(200)
    expect(JSON.parse(delivered.body)).toEqual({ received: true, result: "ordered" })
    const [order] = await ordersOf(buyer)
    expect(order).toMatchObject({ paymentId: payment.paymentIntentId, total: "64.00" })
    // The browser comes back after all: the same order.
    expect((await cardOrder(buyer, payment.paymentIntentId)).body.id).toBe(order.id)
  })

  it("the admin's delete of a card order refunds it at Stripe, cancels Medusa's order and puts the stock back on sale", async () => {
    const buyer = await customerWithCart()
    const databaseUrl = databaseUrlOf(env.url)
    const shownBefore = await stockOf(SLEEVE)
    const payment = cardPaymentSchema.parse((await startCard(buyer)).body)
    env.stripe.confirm(payment.paymentIntentId)
    const placed = await cardOrder(buyer, payment.paymentIntentId)
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    const order = orderSchema.parse(placed.body)
    expect(await stockOf(SLEEVE)).toBe(shownBefore - 1)
    // Stripe took the money: Medusa's payment module has it captured; the cancel below is a refund there.
    expect(await medusaPaymentStatus(order.id)).toBe("captured")
    const cancelled = await admin.put(`/api/admin/orders/${order.id}/status`, { status: "cancelled" })
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    expect(await medusaPaymentStatus(order.id)).toBe("refunded")
    const deleted = await admin.delete(`/api/admin/orders/${order.id}`)
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200)
    expect(env.stripe.intents.get(payment.paymentIntentId)!.refundedAmount).toBe(6400)
    expect(await medusaOrderOf(databaseUrl, order.id)).toEqual({ status: "canceled", reservations: 0, refunds: 1 })
    expect(await stockOf(SLEEVE)).toBe(shownBefore)
    expect(await ordersOf(buyer)).toEqual([])
    expect((await admin.delete(`/api/admin/orders/${order.id}`)).status).toBe(404)
  })

  it("answers a failing Stripe with a 502 and a message, and keeps the cart", async () => {
    const buyer = await customerWithCart()
    env.stripe.failNext("create", "server-error")
    const answer = await startCard(buyer)
    expect(answer.status).toBe(502)
    expect(answer.body.message).toBe("The card payment provider refused the request")
    expect((await buyer.get("/api/cart")).body).toHaveLength(1)
    expect((await startCard(buyer)).status).toBe(201)
  })
})

describe("refunds through the providers", () => {
  const refundCalls = () => env.stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds").length
  const paypalRefundCalls = (captureId: string) =>
    env.paypal.requests.filter((r) => r.method === "POST" && r.path === `/v2/payments/captures/${captureId}/refund`).length

  it("a card order: a partial refund at Stripe, a refusal answered 502 with Stripe's words and nothing recorded, the rest twice at once refunded once", async () => {
    const buyer = await customerWithCart()
    const payment = cardPaymentSchema.parse((await startCard(buyer)).body)
    env.stripe.confirm(payment.paymentIntentId)
    const order = orderSchema.parse((await cardOrder(buyer, payment.paymentIntentId)).body)
    const before = refundCalls()
    const part = await admin.post(
      `/api/admin/orders/${order.id}/refunds`,
      { amount: "14.00" },
      { headers: { "Idempotency-Key": `card-part-${order.id}` } },
    )
    expect(part.status, JSON.stringify(part.body)).toBe(201)
    expect(part.body).toMatchObject({ amount: "14.00", method: "card" })
    expect(env.stripe.intents.get(payment.paymentIntentId)!.refundedAmount).toBe(1400)
    expect(await medusaPaymentStatus(order.id)).toBe("partially_refunded")

    env.stripe.failNext("refund", "server-error")
    const refused = await admin.post(`/api/admin/orders/${order.id}/refunds`, { amount: "10.00" })
    expect(refused.status, JSON.stringify(refused.body)).toBe(502)
    expect(typeof refused.body.message).toBe("string")
    expect(env.stripe.intents.get(payment.paymentIntentId)!.refundedAmount).toBe(1400)
    expect(await medusaOrderOf(databaseUrlOf(env.url), order.id)).toMatchObject({ refunds: 1 })
    const proposal = (await admin.get(`/api/admin/orders/${order.id}/refunds`)).body
    expect(proposal).toMatchObject({ refunded: "14.00", refundable: "50.00", method: "card" })

    const key = `card-rest-${order.id}`
    const [one, two] = await Promise.all([
      admin.post(`/api/admin/orders/${order.id}/refunds`, { amount: "50.00" }, { headers: { "Idempotency-Key": key } }),
      admin.post(`/api/admin/orders/${order.id}/refunds`, { amount: "50.00" }, { headers: { "Idempotency-Key": key } }),
    ])
    expect([one.status, two.status].sort()).toEqual([200, 201])
    expect(env.stripe.intents.get(payment.paymentIntentId)!.refundedAmount).toBe(6400)
    // The partial, the refused attempt (which Stripe answered with an error) and one for the rest.
    expect(refundCalls() - before).toBe(3)
    expect(await medusaPaymentStatus(order.id)).toBe("refunded")
    expect(await medusaOrderOf(databaseUrlOf(env.url), order.id)).toMatchObject({ refunds: 2 })
    // Nothing is left: refused before Stripe is asked.
    const more = await admin.post(`/api/admin/orders/${order.id}/refunds`, { amount: "1.00" })
    expect(more.status).toBe(409)
    expect(refundCalls() - before).toBe(3)
  })

  it("a PayPal order: refunded at PayPal's capture, partly then fully; a refusal is a 502 and nothing is recorded", async () => {
    const buyer = await customerWithCart(SLEEVE, 1)
    const { id } = await approvedPaypalOrder(buyer)
    const captured = paypalCaptureSchema.parse((await buyer.post("/api/paypal-server/capture-order", { orderId: id })).body)
    const captureId = env.paypal.orders.get(id)!.capture!.id
    const part = await admin.post(
      `/api/admin/orders/${captured.orderId}/refunds`,
      { amount: "4.00" },
      { headers: { "Idempotency-Key": `pp-part-${id}` } },
    )
    expect(part.status, JSON.stringify(part.body)).toBe(201)
    expect(part.body).toMatchObject({ amount: "4.00", method: "paypal" })
    expect(env.paypal.orders.get(id)!.capture).toMatchObject({ status: "PARTIALLY_REFUNDED", refundedCents: 400 })

    env.paypal.failNext("refund", "server-error")
    const refused = await admin.post(`/api/admin/orders/${captured.orderId}/refunds`, { amount: "60.00" })
    expect(refused.status, JSON.stringify(refused.body)).toBe(502)
    expect(env.paypal.orders.get(id)!.capture).toMatchObject({ refundedCents: 400 })
    expect(await medusaOrderOf(databaseUrlOf(env.url), captured.orderId)).toMatchObject({ refunds: 1 })

    const rest = await admin.post(
      `/api/admin/orders/${captured.orderId}/refunds`,
      { amount: "60.00" },
      { headers: { "Idempotency-Key": `pp-rest-${id}` } },
    )
    expect(rest.status, JSON.stringify(rest.body)).toBe(201)
    expect(env.paypal.orders.get(id)!.capture).toMatchObject({ status: "REFUNDED", refundedCents: 6400 })
    // A repeat of the same key asks PayPal for nothing more.
    const repeat = await admin.post(
      `/api/admin/orders/${captured.orderId}/refunds`,
      { amount: "60.00" },
      { headers: { "Idempotency-Key": `pp-rest-${id}` } },
    )
    expect(repeat.status).toBe(200)
    expect(repeat.body.id).toBe(rest.body.id)
    expect(paypalRefundCalls(captureId)).toBe(3)
    expect(await medusaPaymentStatus(captured.orderId)).toBe("refunded")
  })
})

describe("the payment calls and the served OpenAPI document", () => {
  it("their provider failures, refusals, webhooks and successes pass a validating proxy: `error` is declared", async () => {
    const served = await servedDocument(env.url)
    const agrees = (method: string, template: string, answer: { status: number; body: unknown }) =>
      expect(
        served.problemsWith(method, template, answer),
        `${method} ${template} → ${answer.status} ${JSON.stringify(answer.body)}`,
      ).toEqual([])
    // The wallet: PayPal failing, declining, then capturing; a forged webhook for that capture.
    const buyer = await customerWithCart()
    env.paypal.failNext("create", "server-error")
    const paypalFailed = await startPaypal(buyer)
    expect([paypalFailed.status, paypalFailed.body.error]).toEqual([502, paypalFailed.body.message])
    agrees("POST", "/api/paypal-server/create-order", paypalFailed)
    const { id } = await approvedPaypalOrder(buyer)
    env.paypal.failNext("capture", "declined")
    const declined = await buyer.post("/api/paypal-server/capture-order", { orderId: id })
    expect(declined.status).toBe(402)
    agrees("POST", "/api/paypal-server/capture-order", declined)
    const captured = await buyer.post("/api/paypal-server/capture-order", { orderId: id })
    expect(captured.status, JSON.stringify(captured.body)).toBe(200)
    agrees("POST", "/api/paypal-server/capture-order", captured)
    const paypalHook = await env.paypal.sendWebhook(`${env.url}/api/webhooks/paypal`, env.paypal.captureEvent(id), {
      webhookId: paymentKeys.paypalSandboxWebhookId,
      tamper: true,
    })
    expect(paypalHook.status).toBe(400)
    agrees("POST", "/api/webhooks/paypal", { status: paypalHook.status, body: JSON.parse(paypalHook.body) })

    // The card: Stripe failing, then a PaymentIntent; a forged webhook for it.
    const cardBuyer = await customerWithCart()
    env.stripe.failNext("create", "server-error")
    const stripeFailed = await startCard(cardBuyer)
    expect([stripeFailed.status, stripeFailed.body.error]).toEqual([502, stripeFailed.body.message])
    agrees("POST", "/api/card-payments", stripeFailed)
    const card = await startCard(cardBuyer)
    expect(card.status).toBe(201)
    agrees("POST", "/api/card-payments", card)
    const stripeHook = await env.stripe.sendWebhook(
      `${env.url}/api/webhooks/stripe`,
      "payment_intent.succeeded",
      card.body.paymentIntentId,
      paymentKeys.stripeSandboxWebhookSecret,
      { tamper: true },
    )
    expect(stripeHook.status).toBe(400)
    agrees("POST", "/api/webhooks/stripe", { status: stripeHook.status, body: JSON.parse(stripeHook.body) })
    agrees("GET", "/api/paypal-server/order/{id}", await buyer.get(`/api/paypal-server/order/${id}`))
  })
})

describe("the admin's settings apply at the next request", () => {
  async function save(body: Record<string, unknown>) {
    const answer = await admin.post("/api/admin/payment-config", body)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  }

  it("refuses a switched-off provider, and offers it again once switched on", async () => {
    const buyer = await customerWithCart()
    await save({ paypalEnabled: false, stripeEnabled: false })
    expect((await new ApiClient(env.url).get("/api/payment-methods")).body).toMatchObject({
      stripe: false,
      paypal: false,
      simulatedCard: true,
    })
    expectPaymentError(await startPaypal(buyer), 400, "PayPal payments are switched off")
    expectPaymentError(await startCard(buyer), 400, "Card payments are switched off")
    await save({ paypalEnabled: true, stripeEnabled: true })
    expect((await startPaypal(buyer)).status).toBe(201)
    expect((await startCard(buyer)).status).toBe(201)
  })

  it("takes test payments only while the admin has them on: off, no simulated card is offered or accepted", async () => {
    expect((await admin.get("/api/admin/payment-config")).body.testPaymentsEnabled).toBe(true)
    await save({ testPaymentsEnabled: false })
    try {
      expect((await admin.get("/api/admin/payment-config")).body.testPaymentsEnabled).toBe(false)
      expect((await new ApiClient(env.url).get("/api/payment-methods")).body).toMatchObject({ stripe: true, simulatedCard: false })
      const buyer = await customerWithCart()
      const refused = await buyer.post("/api/orders", {
        shippingAddress: address,
        shippingMethod: GERMANY_STANDARD,
        paymentMethod: "stripe",
        paymentId: sandboxPaymentId(),
      })
      expect(refused.status).toBe(400)
      expect(refused.body).toMatchObject({
        message: TEST_PAYMENTS_OFF_MESSAGE,
        details: { fields: { paymentId: "Test payments are switched off" } },
      })
      expect((await buyer.get("/api/orders")).body).toEqual([])
      // Only an admin switches them: a customer's save is refused.
      expect((await buyer.post("/api/admin/payment-config", { testPaymentsEnabled: true })).status).toBe(403)
    } finally {
      await save({ testPaymentsEnabled: true })
    }
    expect((await new ApiClient(env.url).get("/api/payment-methods")).body.simulatedCard).toBe(true)
  })

  it("in live mode uses the live keys and PayPal's live host; its orders are not test payments, and the simulated card is refused", async () => {
    await save({ paypalSandboxMode: false, stripeSandboxMode: false })
    try {
      const buyer = await customerWithCart()
      const methods = (await new ApiClient(env.url).get("/api/payment-methods")).body
      expect(methods).toMatchObject({ stripe: true, paypal: true, stripePublicKey: paymentKeys.stripePublicKey, simulatedCard: false })
      const sandboxCard = await buyer.post("/api/orders", {
        shippingAddress: address,
        shippingMethod: GERMANY_STANDARD,
        paymentMethod: "stripe",
        paymentId: sandboxPaymentId(),
      })
      expect(sandboxCard.status).toBe(400)
      expect(sandboxCard.body.message).toBe("Test payments are switched off: the card provider is in live mode")
      expect((await buyer.get("/api/orders")).body).toEqual([])

      const { id } = await approvedPaypalOrder(buyer)
      expect(env.paypal.orders.get(id)!.host).toBe("api-m.paypal.com")
      const captured = paypalCaptureSchema.parse((await buyer.post("/api/paypal-server/capture-order", { orderId: id })).body)
      expect(captured.order).toMatchObject({ paymentMethod: "PayPal", isTestPayment: false })
      const card = cardPaymentSchema.parse((await startCard(await customerWithCart())).body)
      expect(card).toMatchObject({ sandbox: false, publicKey: paymentKeys.stripePublicKey })
      expect(env.stripe.intents.get(card.paymentIntentId)!.secretKey).toBe(paymentKeys.stripeSecretKey)
    } finally {
      await save({ paypalSandboxMode: true, stripeSandboxMode: true })
    }
  })
})

describe("secrets", () => {
  it("reach the providers but never an answer or the shop's logs", async () => {
    // They were used: PayPal's token calls carried the client secret, Stripe's calls the secret key.
    const paypalAuth = env.paypal.requests.map((r) => String(r.headers.authorization ?? "")).join(" ")
    expect(paypalAuth).toContain(Buffer.from(`${paymentKeys.paypalSandboxClientId}:${paymentKeys.paypalSandboxSecret}`).toString("base64"))
    expect(env.stripe.requests.some((r) => String(r.headers.authorization) === `Bearer ${paymentKeys.stripeSandboxSecretKey}`)).toBe(true)
    const config = JSON.stringify((await admin.get("/api/admin/payment-config")).body)
    const methods = JSON.stringify((await new ApiClient(env.url).get("/api/payment-methods")).body)
    // What the launcher printed, and every log file of the shop (Medusa's among them).
    const logDir = path.join(env.shop.dataDir, "logs")
    const logs = [env.shop.output(), ...fs.readdirSync(logDir).map((file) => fs.readFileSync(path.join(logDir, file), "utf8"))].join("\n")
    expect(logs).toContain("Enclave is ready")
    // Medusa's log is in it (the unfinalised payment above was logged there).
    expect(logs).toContain("was taken but the order could not be made")
    for (const secret of paymentSecrets) {
      expect(config).not.toContain(secret)
      expect(methods).not.toContain(secret)
      expect(logs).not.toContain(secret)
    }
  })
})
