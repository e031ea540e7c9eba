/**
 * Medusa holds the books: an order placed through /api, read through Medusa's
 * own admin API signed in as the shop's admin, shows the same total, the VAT contained in it with tax
 * lines on its items and shipping, its payment captured, and its fulfilment moving with the admin's
 * status: what a merchant's plugin or Medusa's dashboard reads is the order the shop shows. Runs on
 * the shared shop.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { orderSchema, type Order } from "@enclave/contract"
import { eurosToCents as cents } from "@enclave/contract/money"
import { asAdmin, type ApiClient } from "../support/api.ts"
import { MedusaAdmin } from "../support/medusa-admin.ts"
import { buyWithSandboxCard, createRaceProduct, medusaOfShop, newBuyer } from "../support/races.ts"
import { shopUrl } from "../support/urls.ts"

let admin: ApiClient
let medusa: MedusaAdmin

beforeAll(async () => {
  admin = await asAdmin()
  medusa = await MedusaAdmin.signIn(medusaOfShop(shopUrl()).url)
})

const FIELDS = [
  "id",
  "display_id",
  "status",
  "total",
  "tax_total",
  "payment_status",
  "fulfillment_status",
  "*items",
  "*items.tax_lines",
  "*shipping_methods",
  "*shipping_methods.tax_lines",
  "*fulfillments",
  "*fulfillments.labels",
].join(",")

interface MedusaOrder {
  id: string
  status: string
  total: number
  tax_total: number
  payment_status: string
  fulfillment_status: string
  items: Array<{ tax_lines: Array<{ rate: number; code: string }> }>
  shipping_methods: Array<{ tax_lines: Array<{ rate: number; code: string }> }>
  fulfillments: Array<{
    shipped_at: string | null
    delivered_at: string | null
    canceled_at: string | null
    labels: Array<{ tracking_number: string }>
  }>
}

/** The order as Medusa's admin API answers it, found by the number the shop shows. */
async function medusaOrder(displayId: number): Promise<MedusaOrder> {
  const answer = await medusa.get(`/admin/orders?q=${displayId}&fields=${encodeURIComponent(FIELDS)}&limit=50`)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  const order = (answer.body.orders as Array<MedusaOrder & { display_id: number }>).find((o) => o.display_id === displayId)
  expect(order, `order ${displayId} in Medusa's admin API`).toBeDefined()
  return order!
}

async function setStatus(order: Order, body: Record<string, unknown>) {
  const answer = await admin.put(`/api/admin/orders/${order.id}/status`, body)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
}

describe("an order placed through /api, read through Medusa's admin API as the shop's admin", () => {
  it("has the same total, the 19 % VAT contained in it with tax lines on items and shipping, and its payment captured", async () => {
    const product = await createRaceProduct(admin, 10)
    const buyer = await newBuyer(shopUrl())
    expect((await buyer.post("/api/cart", { productId: product.id, quantity: 2 })).status).toBe(201)
    const placed = await buyWithSandboxCard(buyer)
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    const order = orderSchema.parse(placed.body)

    const books = await medusaOrder(order.id)
    expect(cents(books.total)).toBe(cents(order.total))
    // Gross prices: the VAT is the part of the total that 19 % makes up (Medusa does not round; the shop rounds to the cent).
    expect(cents(books.tax_total)).toBe(Math.round((cents(order.total) * 19) / 119))
    for (const line of [...books.items, ...books.shipping_methods]) expect(line.tax_lines.map((t) => Number(t.rate))).toEqual([19])
    expect(books.payment_status).toBe("captured")
    expect(books.fulfillment_status).toBe("not_fulfilled")
  })

  it("is fulfilled and shipped with its tracking number, then delivered and completed, as the admin sets it", async () => {
    const product = await createRaceProduct(admin, 10)
    const buyer = await newBuyer(shopUrl())
    expect((await buyer.post("/api/cart", { productId: product.id, quantity: 1 })).status).toBe(201)
    const order = orderSchema.parse((await buyWithSandboxCard(buyer)).body)

    await setStatus(order, { status: "shipped", carrier: "dhl", trackingNumber: "00340434161094042557" })
    let books = await medusaOrder(order.id)
    expect(books.fulfillment_status).toBe("shipped")
    expect(books.fulfillments).toHaveLength(1)
    expect(books.fulfillments[0].labels.map((l) => l.tracking_number)).toEqual(["00340434161094042557"])

    await setStatus(order, { status: "delivered" })
    books = await medusaOrder(order.id)
    expect(books.fulfillment_status).toBe("delivered")

    await setStatus(order, { status: "completed" })
    expect((await medusaOrder(order.id)).status).toBe("completed")

    // And back: the fulfilment is taken back (Medusa reads an order whose only fulfilment is cancelled so), its order open again.
    await setStatus(order, { status: "processing" })
    books = await medusaOrder(order.id)
    expect(books.status).toBe("pending")
    expect(books.fulfillment_status).toBe("canceled")
    expect(books.fulfillments.map((f) => Boolean(f.canceled_at))).toEqual([true])
  })
})
