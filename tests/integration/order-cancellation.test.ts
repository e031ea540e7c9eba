/**
 * Cancelling an order is one workflow (plugins/orders/src/orders/cancel-order.ts),
 * whether the admin deletes it or sets it to "cancelled": Medusa's order is cancelled, its stock
 * reservations are gone (the stock is on sale again, in Medusa and in the catalogue) and its
 * payment, captured when the order was placed, is refunded in Medusa's payment module. Each test buys a product of its own, so other files' orders do not move
 * the counts. Runs on the shared test shop.
 */
import pg from "pg"
import { beforeAll, describe, expect, it } from "vitest"
import { orderListSchema, orderSchema, productSchema, type Order } from "@enclave/contract"
import { asAdmin, asNewCustomer, asVisitor, type ApiClient } from "../support/api.ts"
import { buyWithSandboxCard, createRaceProduct, databaseUrlOf, medusaAvailableStock } from "../support/races.ts"
import { shopUrl } from "../support/urls.ts"

let admin: ApiClient
let databaseUrl: string

beforeAll(async () => {
  admin = await asAdmin()
  databaseUrl = databaseUrlOf(shopUrl())
})

async function stockOf(productId: number) {
  return productSchema.parse((await asVisitor().get(`/api/products/${productId}`)).body).stockQuantity
}

/** A customer's sandbox-card order of `quantity` units of a new product with 10 in stock. */
async function freshOrder(quantity = 3) {
  const product = await createRaceProduct(admin, 10)
  const customer = await asNewCustomer()
  expect((await customer.post("/api/cart", { productId: product.id, quantity })).status).toBe(201)
  const placed = await buyWithSandboxCard(customer)
  expect(placed.status, JSON.stringify(placed.body)).toBe(201)
  const order = orderSchema.parse(placed.body)
  expect(await stockOf(product.id)).toBe(10 - quantity)
  expect(await medusaAvailableStock(databaseUrl, product.id)).toEqual({ stocked: 10, reserved: quantity, available: 10 - quantity })
  expect(await medusaOrder(order.id)).toMatchObject({ status: "pending", reservations: 1, refunded: 0 })
  return { product, customer, order }
}

/** Medusa's own record of an order, read from its tables (soft-deleted rows included). */
async function medusaOrder(displayId: number) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query(
      `select o.status, o.deleted_at is not null as deleted,
              (select count(*)::int from reservation_item ri
                where ri.deleted_at is null and ri.line_item_id in (select item_id from order_item where order_id = o.id)) as reservations,
              (select coalesce(sum(r.amount), 0)::float from order_payment_collection opc
                 join payment p on p.payment_collection_id = opc.payment_collection_id
                 join refund r on r.payment_id = p.id and r.deleted_at is null
                where opc.order_id = o.id) as refunded
         from "order" o where o.display_id = $1`,
      [displayId],
    )
    return rows[0] as { status: string; deleted: boolean; reservations: number; refunded: number } | undefined
  } finally {
    await client.end()
  }
}

async function adminOrder(id: number): Promise<Order | undefined> {
  return orderListSchema.parse((await admin.get("/api/admin/orders")).body).find((o) => o.id === id)
}

describe("admin: cancelling an order", () => {
  it("deleting a fresh order cancels it in Medusa, releases its reservations and puts its stock back on sale", async () => {
    const { product, customer, order } = await freshOrder(3)
    const deleted = await admin.delete(`/api/admin/orders/${order.id}`)
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200)
    expect(await medusaOrder(order.id)).toEqual({ status: "canceled", deleted: true, reservations: 0, refunded: Number(order.total) })
    expect(await medusaAvailableStock(databaseUrl, product.id)).toEqual({ stocked: 10, reserved: 0, available: 10 })
    expect(await stockOf(product.id)).toBe(10)
    expect((await customer.get("/api/orders")).body).toEqual([])
    expect(await adminOrder(order.id)).toBeUndefined()
    // Deleted already: a clear 404, not an error.
    const again = await admin.delete(`/api/admin/orders/${order.id}`)
    expect(again.status).toBe(404)
    expect(again.body.message).toBe(`Order ${order.id} not found`)
  })

  it("status 'cancelled' cancels it the same way; the order still lists, cancelled, with the reason", async () => {
    const { product, customer, order } = await freshOrder(2)
    const cancelled = await admin.put(`/api/admin/orders/${order.id}/status`, { status: "cancelled" })
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    const answer = orderSchema.parse(cancelled.body)
    expect(answer).toMatchObject({ id: order.id, status: "cancelled" })
    expect(answer.notes?.split("\n").at(-1)).toBe("Cancelled by the shop")
    expect(await medusaOrder(order.id)).toEqual({ status: "canceled", deleted: false, reservations: 0, refunded: Number(order.total) })
    expect(await medusaAvailableStock(databaseUrl, product.id)).toEqual({ stocked: 10, reserved: 0, available: 10 })
    expect(await stockOf(product.id)).toBe(10)
    expect((await customer.get("/api/orders")).body).toMatchObject([{ id: order.id, status: "cancelled" }])
    expect(await adminOrder(order.id)).toMatchObject({ status: "cancelled" })

    // Cancelling a cancelled order changes nothing and is no error.
    const twice = await admin.put(`/api/admin/orders/${order.id}/status`, { status: "cancelled" })
    expect(twice.status, JSON.stringify(twice.body)).toBe(200)
    expect(twice.body).toEqual(cancelled.body)
    expect(await medusaAvailableStock(databaseUrl, product.id)).toEqual({ stocked: 10, reserved: 0, available: 10 })

    // And a cancelled order can still be deleted.
    expect((await admin.delete(`/api/admin/orders/${order.id}`)).status).toBe(200)
    expect(await medusaOrder(order.id)).toMatchObject({ status: "canceled", deleted: true, reservations: 0 })
    expect(await adminOrder(order.id)).toBeUndefined()
  })

  it("a cancelled order set back to processing lists as processing; its stock stays on sale and the notes say so", async () => {
    const { product, order } = await freshOrder(1)
    expect((await admin.put(`/api/admin/orders/${order.id}/status`, { status: "cancelled" })).status).toBe(200)
    const reopened = await admin.put(`/api/admin/orders/${order.id}/status`, { status: "processing" })
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200)
    const body = orderSchema.parse(reopened.body)
    expect(body.status).toBe("processing")
    expect(body.notes).toContain("Reopened after cancellation")
    expect(await medusaOrder(order.id)).toMatchObject({ status: "canceled", reservations: 0 })
    expect(await stockOf(product.id)).toBe(10)
    // Cancelling it again is the same cancellation: nothing more to release.
    const again = await admin.put(`/api/admin/orders/${order.id}/status`, { status: "cancelled" })
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect(again.body.status).toBe("cancelled")
    expect(await medusaAvailableStock(databaseUrl, product.id)).toEqual({ stocked: 10, reserved: 0, available: 10 })
  })

  it("deleting a shipped order removes it but keeps its stock out of sale: the goods have left", async () => {
    const { product, order } = await freshOrder(2)
    expect((await admin.put(`/api/admin/orders/${order.id}/status`, { status: "shipped" })).status).toBe(200)
    expect((await admin.delete(`/api/admin/orders/${order.id}`)).status).toBe(200)
    expect(await adminOrder(order.id)).toBeUndefined()
    // Shipping consumed the reservation: the units left the warehouse's stock, and deleting brings none back.
    expect(await medusaOrder(order.id)).toMatchObject({ status: "pending", deleted: true, reservations: 0 })
    expect(await medusaAvailableStock(databaseUrl, product.id)).toEqual({ stocked: 8, reserved: 0, available: 8 })
    expect(await stockOf(product.id)).toBe(8)
  })
})
