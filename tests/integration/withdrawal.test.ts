/**
 * The EU withdrawal function (§ 356a BGB, Art. 11a CRD), returns through Medusa's return
 * workflows and refunds through Medusa's payment module, on the shared shop with sandbox-card orders
 * (the card and PayPal refunds against their fakes are in payments.test.ts). Each test buys a product of
 * its own, so stock counts are its own.
 */
import pg from "pg"
import { beforeAll, describe, expect, it } from "vitest"
import {
  adminReturnListSchema,
  adminReturnSchema,
  orderSchema,
  productSchema,
  refundProposalSchema,
  refundSchema,
  WITHDRAWAL_NOT_FOUND_MESSAGE,
  WITHDRAWAL_REFUSED_MESSAGES,
  withdrawalSchema,
  type Order,
} from "@enclave/contract"
import { asAdmin, asNewCustomer, asVisitor, fromNewAddress, type ApiClient } from "../support/api.ts"
import { waitForMail } from "../support/mailbox.ts"
import { MedusaAdmin } from "../support/medusa-admin.ts"
import { eventsFileOf, heardEvents } from "../support/order-events-plugin.ts"
import { buyWithSandboxCard, createRaceProduct, databaseUrlOf, medusaAvailableStock, medusaOfShop } from "../support/races.ts"
import { shopUrl } from "../support/urls.ts"

let admin: ApiClient
let medusa: MedusaAdmin
let databaseUrl: string

beforeAll(async () => {
  admin = await asAdmin()
  medusa = await MedusaAdmin.signIn(medusaOfShop(shopUrl()).url)
  databaseUrl = databaseUrlOf(shopUrl())
})

async function stockOf(productId: number) {
  return productSchema.parse((await asVisitor().get(`/api/products/${productId}`)).body).stockQuantity
}

/** A new customer's sandbox-card order of `quantity` units of a new product with 10 in stock. */
async function freshOrder(quantity = 2, customerOverrides: Record<string, unknown> = {}) {
  const product = await createRaceProduct(admin, 10)
  const customer = await asNewCustomer(customerOverrides)
  expect((await customer.post("/api/cart", { productId: product.id, quantity })).status).toBe(201)
  const placed = await buyWithSandboxCard(customer)
  expect(placed.status, JSON.stringify(placed.body)).toBe(201)
  return { product, customer, order: orderSchema.parse(placed.body) }
}

async function moveTo(order: Order, status: "shipped" | "delivered") {
  const body = status === "shipped" ? { status, carrier: "dhl", trackingNumber: "00340434161094042557" } : { status }
  const answer = await admin.put(`/api/admin/orders/${order.id}/status`, body)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
}

async function delivered(quantity = 2, customerOverrides: Record<string, unknown> = {}) {
  const bought = await freshOrder(quantity, customerOverrides)
  await moveTo(bought.order, "shipped")
  await moveTo(bought.order, "delivered")
  return bought
}

/** Moves the order's delivery back in time, as if it had been delivered `days` ago. */
async function deliveredDaysAgo(orderNumber: number, days: number) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(
      `update fulfillment set delivered_at = now() - ($2 || ' days')::interval
        where id in (select fulfillment_id from order_fulfillment ofl join "order" o on o.id = ofl.order_id where o.display_id = $1)`,
      [orderNumber, String(days)],
    )
  } finally {
    await client.end()
  }
}

/** Medusa's admin API's view of the order, as a merchant's script reads it. */
async function medusaOrderOf(orderNumber: number) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const { rows } = await client.query(`select id from "order" where display_id = $1`, [orderNumber]).finally(() => client.end())
  const answer = await medusa.get(`/admin/orders/${rows[0].id}?fields=id,display_id,payment_status,*returns,*returns.items,summary`)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  expect(answer.body.order.display_id).toBe(orderNumber)
  return answer.body.order as {
    id: string
    payment_status: string
    returns: Array<{ id: string; status: string; items: Array<{ quantity: number; received_quantity: number }> }>
    summary: { refunded_total?: number }
  }
}

describe("the withdrawal function", () => {
  it("a visitor withdraws with the order's number and e-mail: the statement is recorded, the receipt mailed with date and time, Medusa has a return request", async () => {
    const { customer, order } = await delivered(2)
    const visitor = fromNewAddress()
    const since = new Date()
    const answer = await visitor.post("/api/withdrawals", {
      orderId: order.id,
      name: "Ada Lovelace",
      email: customer.details.email.toUpperCase(),
      language: "de",
    })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    const withdrawal = withdrawalSchema.parse(answer.body)
    expect(withdrawal).toMatchObject({ orderId: order.id, name: "Ada Lovelace", wholeOrder: true, returnRequested: true })
    expect(withdrawal.items).toEqual([{ itemId: order.items[0].id, name: order.items[0].product.name, nameDe: null, quantity: 2 }])
    expect(Math.abs(new Date(withdrawal.receivedAt).getTime() - Date.now())).toBeLessThan(60_000)

    const mail = await waitForMail({ to: customer.details.email, subject: /Widerrufs der Enclave-Bestellung #\d+/, since })
    expect(mail.subject).toBe(`Eingangsbestätigung Ihres Widerrufs der Enclave-Bestellung #${order.id}`)
    expect(mail.text).toContain("Ada Lovelace")
    expect(mail.text).toMatch(/um \d{2}:\d{2} (MEZ|MESZ|CET|CEST|UTC|GMT[+-]?\d*) Uhr/)
    expect(mail.text).toContain(`2 × ${order.items[0].product.name}`)
    expect(mail.text).toContain("Rücksendeadresse")

    const medusaOrder = await medusaOrderOf(order.id)
    expect(medusaOrder.returns).toHaveLength(1)
    expect(medusaOrder.returns[0]).toMatchObject({ status: "requested" })
    expect(medusaOrder.returns[0].items[0]).toMatchObject({ quantity: 2 })

    // A return counts its items from the fulfilment: taking the goods back or cancelling is refused, refunding is the way.
    for (const status of ["processing", "cancelled"]) {
      const moved = await admin.put(`/api/admin/orders/${order.id}/status`, { status })
      expect(moved.status, status).toBe(409)
      expect(moved.body.details).toEqual({ code: "has_return" })
    }

    // The same statement again: the first record, no second return.
    const again = await visitor.post("/api/withdrawals", { orderId: order.id, name: "Ada Lovelace", email: customer.details.email })
    expect(again.status).toBe(200)
    expect(withdrawalSchema.parse(again.body).id).toBe(withdrawal.id)
    expect((await medusaOrderOf(order.id)).returns).toHaveLength(1)

    // The customer's /orders shows it.
    const mine = orderSchema
      .array()
      .parse((await customer.get("/api/orders")).body)
      .find((o) => o.id === order.id)!
    expect(mine.afterSale?.withdrawals.map((w) => w.id)).toEqual([withdrawal.id])
    expect(mine.afterSale?.returns.map((r) => r.state)).toEqual(["requested"])
  })

  it("never tells whether an order number exists for another e-mail address", async () => {
    const { order } = await delivered(1)
    const visitor = fromNewAddress()
    const wrongPair = await visitor.post("/api/withdrawals", { orderId: order.id, name: "Mallory", email: "mallory@example.org" })
    const unknown = await visitor.post("/api/withdrawals", { orderId: 999_999_999, name: "Mallory", email: "mallory@example.org" })
    expect([wrongPair.status, unknown.status]).toEqual([404, 404])
    expect(wrongPair.body).toEqual(unknown.body)
    expect(wrongPair.body.message).toBe(WITHDRAWAL_NOT_FOUND_MESSAGE)
    // Signed in, another customer's order is just as unknown.
    const other = await asNewCustomer()
    const signedIn = await other.post("/api/withdrawals", { orderId: order.id, name: "Mallory" })
    expect(signedIn.status).toBe(404)
    expect(signedIn.body).toEqual(unknown.body)
    // Without a name it says what is missing.
    const noName = await visitor.post("/api/withdrawals", { orderId: order.id, email: "x@example.org" })
    expect(noName.status).toBe(400)
    expect(noName.body.details.fields.name).toBe("Name is required")
  })

  it("after the 14 days it is refused with the last day named; before delivery it is open", async () => {
    const { customer, order } = await delivered(1)
    await deliveredDaysAgo(order.id, 20)
    const late = await customer.post("/api/withdrawals", { orderId: order.id, name: "Late Larry" })
    expect(late.status, JSON.stringify(late.body)).toBe(409)
    expect(late.body.message).toBe(WITHDRAWAL_REFUSED_MESSAGES.period_ended)
    expect(late.body.details).toMatchObject({ code: "period_ended", lastDay: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) })
    const mine = orderSchema
      .array()
      .parse((await customer.get("/api/orders")).body)
      .find((o) => o.id === order.id)!
    expect(mine.afterSale?.withdrawal.state).toBe("ended")

    // Not dispatched: withdrawn at once, some items, no Medusa return (nothing has left), staff see it.
    const fresh = await freshOrder(3)
    const early = await fresh.customer.post("/api/withdrawals", {
      orderId: fresh.order.id,
      name: "Early Erin",
      items: [{ itemId: fresh.order.items[0].id, quantity: 1 }],
    })
    expect(early.status, JSON.stringify(early.body)).toBe(201)
    expect(withdrawalSchema.parse(early.body)).toMatchObject({ wholeOrder: false, returnRequested: false })
    expect((await medusaOrderOf(fresh.order.id)).returns).toHaveLength(0)
    const listed = adminReturnListSchema.parse((await admin.get("/api/admin/returns")).body).find((r) => r.orderId === fresh.order.id)!
    expect(listed).toMatchObject({ kind: "withdrawal", state: "requested", returnId: null, overdue: false })
    // More than is left is refused.
    const tooMany = await fresh.customer.post("/api/withdrawals", {
      orderId: fresh.order.id,
      name: "Early Erin",
      items: [{ itemId: fresh.order.items[0].id, quantity: 3 }],
    })
    expect(tooMany.status).toBe(409)
    expect(tooMany.body.details.code).toBe("nothing_left")
  })

  it("a business customer is told the statutory right is a consumer's; staff may still take the return", async () => {
    const { customer, order } = await delivered(1, { companyName: "Acme GmbH", vatId: "DE123456789" })
    const refused = await customer.post("/api/withdrawals", { orderId: order.id, name: "Acme Buyer" })
    expect(refused.status, JSON.stringify(refused.body)).toBe(409)
    expect(refused.body).toMatchObject({ message: WITHDRAWAL_REFUSED_MESSAGES.business, details: { code: "business" } })
    const opened = await admin.post(`/api/admin/orders/${order.id}/returns`, { reason: "goodwill", note: "Goodwill for Acme" })
    expect(opened.status, JSON.stringify(opened.body)).toBe(201)
    expect(adminReturnSchema.parse(opened.body)).toMatchObject({ kind: "staff", reason: "goodwill", state: "requested", withdrawnAt: null })
  })
})

describe("staff: receiving and refunding", () => {
  it("receive with restock puts the stock back on sale; the refund is proposed by the withdrawal rule, partly and fully refunded once", async () => {
    const { product, customer, order } = await delivered(2)
    const withdrawn = await customer.post("/api/withdrawals", { orderId: order.id, name: "Rita Refund" })
    expect(withdrawn.status).toBe(201)
    const entry = adminReturnListSchema.parse((await admin.get("/api/admin/returns")).body).find((r) => r.orderId === order.id)!
    expect(entry).toMatchObject({ kind: "withdrawal", state: "requested", overdue: false })
    expect(entry.refundDeadline).toMatch(/^\d{4}-\d{2}-\d{2}$/)

    const stockBefore = await stockOf(product.id)
    const since = new Date()
    const received = await admin.post(`/api/admin/returns/${entry.returnId}/receive`, { restock: true, note: "Sealed, complete" })
    expect(received.status, JSON.stringify(received.body)).toBe(200)
    expect(adminReturnSchema.parse(received.body)).toMatchObject({ state: "received" })
    expect(await stockOf(product.id)).toBe(stockBefore + 2)
    expect(await medusaAvailableStock(databaseUrl, product.id)).toMatchObject({ stocked: 10 })
    expect((await medusaOrderOf(order.id)).returns[0].status).toBe("received")
    // The order keeps its figures as sold (its lines, its invoice); what came back is its after-sale.
    const kept = orderSchema
      .array()
      .parse((await customer.get("/api/orders")).body)
      .find((o) => o.id === order.id)!
    expect(kept).toMatchObject({ subtotal: order.subtotal, total: order.total, taxTotal: order.taxTotal })
    expect(kept.afterSale?.returns.map((r) => r.state)).toEqual(["received"])
    await waitForMail({ to: customer.details.email, subject: new RegExp(`return of Enclave order #${order.id}`), since })
    // Received once only.
    const twice = await admin.post(`/api/admin/returns/${entry.returnId}/receive`, { restock: true })
    expect(twice.status).toBe(409)

    const proposal = refundProposalSchema.parse((await admin.get(`/api/admin/orders/${order.id}/refunds`)).body)
    // The whole order: the items and the standard delivery (the cheapest method to Germany).
    expect(proposal).toMatchObject({ captured: order.total, refunded: "0.00", method: "test" })
    expect(Number(proposal.proposed)).toBeGreaterThanOrEqual(Number(order.subtotal))
    expect(Number(proposal.proposed)).toBeLessThanOrEqual(Number(order.total))

    // A partial refund, then more than is left is refused, then the rest; two at once with one key refund once.
    const part = await admin.post(
      `/api/admin/orders/${order.id}/refunds`,
      { amount: "10.00" },
      { headers: { "Idempotency-Key": `part-${order.id}-a` } },
    )
    expect(part.status, JSON.stringify(part.body)).toBe(201)
    expect(refundSchema.parse(part.body)).toMatchObject({ amount: "10.00", method: "test" })
    const over = await admin.post(`/api/admin/orders/${order.id}/refunds`, { amount: order.total })
    expect(over.status).toBe(409)
    expect(over.body.details).toMatchObject({ code: "more_than_refundable" })
    const rest = (Number(order.total) - 10).toFixed(2)
    const key = `rest-${order.id}-b`
    const [one, two] = await Promise.all([
      admin.post(`/api/admin/orders/${order.id}/refunds`, { amount: rest }, { headers: { "Idempotency-Key": key } }),
      admin.post(`/api/admin/orders/${order.id}/refunds`, { amount: rest }, { headers: { "Idempotency-Key": key } }),
    ])
    expect([one.status, two.status].sort()).toEqual([200, 201])
    expect(one.body.id).toBe(two.body.id)
    const after = refundProposalSchema.parse((await admin.get(`/api/admin/orders/${order.id}/refunds`)).body)
    expect(after).toMatchObject({ refunded: order.total, refundable: "0.00", proposed: "0.00" })
    expect(after.refunds.map((r) => r.amount)).toEqual(["10.00", rest])
    const medusaOrder = await medusaOrderOf(order.id)
    expect(medusaOrder.payment_status).toBe("refunded")
    await waitForMail({
      to: customer.details.email,
      subject: new RegExp(`Refund of .*${rest.replace(".", "\\.")}.* for Enclave order #${order.id}`),
      since,
    })
    const listed = adminReturnListSchema.parse((await admin.get("/api/admin/returns")).body).find((r) => r.orderId === order.id)!
    expect(listed.state).toBe("refunded")

    // A merchant's plugin heard it all through Medusa's own events (and the shop's, which name the refund).
    const eventsFile = eventsFileOf(medusaOfShop(shopUrl()).pid)
    const heard = () =>
      heardEvents(eventsFile).filter((e) => e.data.order_id === medusaOrder.id || e.name === "payment.refunded" || e.name === "refund.made")
    for (let i = 0; i < 50 && heard().filter((e) => e.name === "payment.refunded").length < 2; i++)
      await new Promise((r) => setTimeout(r, 100))
    const names = heard().map((e) => e.name)
    expect(names.filter((n) => n === "order.return_requested")).toHaveLength(1)
    expect(names.filter((n) => n === "order.return_received")).toHaveLength(1)
    expect(heardEvents(eventsFile).filter((e) => e.name === "refund.made" && after.refunds.some((r) => r.id === e.data.id))).toHaveLength(2)
  }, 60_000)
})
