/**
 * The admin's order status drives Medusa's own order workflows ("Medusa holds the books"):
 * "shipped" fulfils and ships the order (its reservation consumed, the stocked quantity down), with
 * the carrier and tracking number the admin names; "delivered" marks the fulfilment delivered;
 * "completed" completes Medusa's order; moving back takes the fulfilment back (the stock reserved for
 * the order again); "cancelled" after shipping puts the stock back on sale and refunds. Read from
 * Medusa's tables, from /api and from the customer's mails. Runs on the shared shop with a product of
 * its own.
 */
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { orderSchema, trackingUrl, TRACKING_NUMBER_MESSAGE, TRACKING_ONLY_WHEN_SHIPPED_MESSAGE, type Order } from "@enclave/contract"
import { asAdmin, type ApiClient } from "../support/api.ts"
import { waitForMail } from "../support/mailbox.ts"
import { buyWithSandboxCard, createRaceProduct, databaseUrlOf, medusaAvailableStock, newBuyer, type Buyer } from "../support/races.ts"
import { shopUrl } from "../support/urls.ts"

let db: pg.Client
let databaseUrl: string
let admin: ApiClient

beforeAll(async () => {
  databaseUrl = databaseUrlOf(shopUrl())
  db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  admin = await asAdmin()
})
afterAll(async () => {
  await db?.end()
})

/** Medusa's own record of the order's fulfilments and status. */
async function medusaFulfilment(displayId: number) {
  const { rows } = await db.query(
    `select o.status,
            (select json_agg(json_build_object(
                'shipped', f.shipped_at is not null, 'delivered', f.delivered_at is not null, 'canceled', f.canceled_at is not null,
                'carrier', f.metadata->>'carrier',
                'tracking', (select l.tracking_number from fulfillment_label l where l.fulfillment_id = f.id and l.deleted_at is null limit 1))
              order by f.created_at)
               from order_fulfillment ofl join fulfillment f on f.id = ofl.fulfillment_id
              where ofl.order_id = o.id and ofl.deleted_at is null) as fulfilments,
            (select json_agg(json_build_object('fulfilled', oi.fulfilled_quantity::int, 'shipped', oi.shipped_quantity::int,
                                               'delivered', oi.delivered_quantity::int))
               from order_item oi where oi.order_id = o.id and oi.version = o.version and oi.deleted_at is null) as items
       from "order" o where o.display_id = $1`,
    [displayId],
  )
  return rows[0] as {
    status: string
    fulfilments: Array<{ shipped: boolean; delivered: boolean; canceled: boolean; carrier: string | null; tracking: string | null }> | null
    items: Array<{ fulfilled: number; shipped: number; delivered: number }>
  }
}

async function setStatus(order: Order, body: Record<string, unknown>) {
  const answer = await admin.put(`/api/admin/orders/${order.id}/status`, body)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return orderSchema.parse(answer.body)
}

/** A customer's order of 3 units of a new product with 10 in stock. */
async function placedOrder(): Promise<{ order: Order; productId: number; buyer: Buyer }> {
  const product = await createRaceProduct(admin, 10)
  const buyer = await newBuyer(shopUrl())
  expect((await buyer.post("/api/cart", { productId: product.id, quantity: 3 })).status).toBe(201)
  const placed = await buyWithSandboxCard(buyer)
  expect(placed.status, JSON.stringify(placed.body)).toBe(201)
  return { order: orderSchema.parse(placed.body), productId: product.id, buyer }
}

describe("the admin's status moves Medusa's order", () => {
  it("shipped fulfils and ships it with the carrier and tracking number; the stock leaves; the customer sees and is mailed the tracking link", async () => {
    const { order, productId, buyer } = await placedOrder()
    const email = ((await buyer.get("/api/user")).body as { email: string }).email
    expect(await medusaAvailableStock(databaseUrl, productId)).toEqual({ stocked: 10, reserved: 3, available: 7 })

    const since = new Date()
    const shipped = await setStatus(order, { status: "shipped", carrier: "dhl", trackingNumber: "JJD000390012345678" })
    expect(shipped.status).toBe("shipped")
    expect(shipped.shipment).toMatchObject({ carrier: "dhl", trackingNumber: "JJD000390012345678", deliveredAt: null })
    expect(shipped.shipment!.shippedAt).not.toBeNull()
    expect(await medusaFulfilment(order.id)).toEqual({
      status: "pending",
      fulfilments: [{ shipped: true, delivered: false, canceled: false, carrier: "dhl", tracking: "JJD000390012345678" }],
      items: [{ fulfilled: 3, shipped: 3, delivered: 0 }],
    })
    // The reservation is consumed at fulfilment: the units have left the warehouse.
    expect(await medusaAvailableStock(databaseUrl, productId)).toEqual({ stocked: 7, reserved: 0, available: 7 })
    // The customer's own order list shows the parcel.
    const [mine] = (await buyer.get("/api/orders")).body as Order[]
    expect(mine.shipment).toMatchObject({ carrier: "dhl", trackingNumber: "JJD000390012345678" })
    const mail = await waitForMail({ to: email, since, subject: /on its way|unterwegs/ })
    expect(mail.text).toContain("It travels with DHL, tracking number JJD000390012345678.")
    expect(mail.text).toContain(trackingUrl("dhl", "JJD000390012345678", "en")!)
    expect(mail.html).toContain(`href="${trackingUrl("dhl", "JJD000390012345678", "en")}"`)

    // Named again with "shipped", the carrier and number replace the old ones.
    const relabelled = await setStatus(order, { status: "shipped", carrier: "dpd", trackingNumber: "01234567890123" })
    expect(relabelled.shipment).toMatchObject({ carrier: "dpd", trackingNumber: "01234567890123" })
    expect((await medusaFulfilment(order.id)).fulfilments).toMatchObject([{ carrier: "dpd", tracking: "01234567890123", canceled: false }])
  })

  it("delivered marks the fulfilment delivered, completed completes Medusa's order; moving back takes them back step by step", async () => {
    const { order, productId, buyer } = await placedOrder()
    const email = ((await buyer.get("/api/user")).body as { email: string }).email
    const since = new Date()
    // Straight from processing to delivered: fulfilled, shipped (no carrier named) and delivered.
    const delivered = await setStatus(order, { status: "delivered" })
    expect(delivered.shipment).toMatchObject({ carrier: null, trackingNumber: null })
    expect(delivered.shipment!.deliveredAt).not.toBeNull()
    expect(await medusaFulfilment(order.id)).toMatchObject({
      status: "pending",
      fulfilments: [{ shipped: true, delivered: true, canceled: false }],
      items: [{ fulfilled: 3, shipped: 3, delivered: 3 }],
    })
    await waitForMail({ to: email, since, subject: /has been delivered|wurde zugestellt/ })

    await setStatus(order, { status: "completed" })
    expect((await medusaFulfilment(order.id)).status).toBe("completed")

    // Back to shipped: Medusa's order is open again and its fulfilment no longer delivered.
    const reshipped = await setStatus(order, { status: "shipped" })
    expect(reshipped.shipment).toMatchObject({ deliveredAt: null })
    expect(await medusaFulfilment(order.id)).toMatchObject({
      status: "pending",
      fulfilments: [{ shipped: true, delivered: false, canceled: false }],
      items: [{ fulfilled: 3, shipped: 3, delivered: 0 }],
    })

    // Back to processing: the fulfilment is cancelled and the stock is reserved for the order again.
    const processing = await setStatus(order, { status: "processing" })
    expect(processing.shipment).toBeNull()
    expect(await medusaFulfilment(order.id)).toMatchObject({
      status: "pending",
      fulfilments: [{ canceled: true }],
      items: [{ fulfilled: 0, shipped: 0, delivered: 0 }],
    })
    expect(await medusaAvailableStock(databaseUrl, productId)).toEqual({ stocked: 10, reserved: 3, available: 7 })

    // And it ships again, as a new fulfilment.
    await setStatus(order, { status: "shipped", carrier: "ups", trackingNumber: "1Z999AA10123456784" })
    expect((await medusaFulfilment(order.id)).fulfilments).toMatchObject([
      { canceled: true },
      { shipped: true, canceled: false, carrier: "ups" },
    ])
    expect(await medusaAvailableStock(databaseUrl, productId)).toEqual({ stocked: 7, reserved: 0, available: 7 })
  })

  it("cancelled after shipping takes the fulfilment back, puts the stock back on sale and refunds", async () => {
    const { order, productId } = await placedOrder()
    await setStatus(order, { status: "shipped", carrier: "gls", trackingNumber: "ZX12345678" })
    const cancelled = await setStatus(order, { status: "cancelled" })
    expect(cancelled.status).toBe("cancelled")
    expect(await medusaFulfilment(order.id)).toMatchObject({ status: "canceled", fulfilments: [{ canceled: true }] })
    expect(await medusaAvailableStock(databaseUrl, productId)).toEqual({ stocked: 10, reserved: 0, available: 10 })
    const { rows } = await db.query(
      `select coalesce(sum(r.amount), 0)::float as refunded from "order" o
         join order_payment_collection opc on opc.order_id = o.id
         join payment p on p.payment_collection_id = opc.payment_collection_id
         join refund r on r.payment_id = p.id and r.deleted_at is null
        where o.display_id = $1`,
      [order.id],
    )
    expect(rows[0].refunded).toBe(Number(order.total))
  })

  it("refuses a tracking number with another status, a malformed one, or an unknown carrier, and changes nothing", async () => {
    const { order } = await placedOrder()
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ status: "processing", carrier: "dhl", trackingNumber: "12345678" }, "carrier", TRACKING_ONLY_WHEN_SHIPPED_MESSAGE],
      [{ status: "shipped", carrier: "dhl", trackingNumber: "12 34" }, "trackingNumber", TRACKING_NUMBER_MESSAGE],
      [{ status: "shipped", carrier: "pigeon", trackingNumber: "12345678" }, "carrier", "Carrier must be one of"],
    ]
    for (const [body, field, message] of cases) {
      const answer = await admin.put(`/api/admin/orders/${order.id}/status`, body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.details.fields[field], JSON.stringify(answer.body)).toContain(message)
    }
    expect(await medusaFulfilment(order.id)).toMatchObject({ status: "pending", fulfilments: null })
  })
})
