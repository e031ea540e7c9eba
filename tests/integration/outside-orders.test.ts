/**
 * Every order Medusa holds is the back office's, whatever sales channel made it (one order
 * list): an order completed through Medusa's own Store API (another storefront, a POS, an import) is
 * listed in the admin with what Medusa knows of it, and what it lacks says so; the admin's status moves
 * it in Medusa like any other. Runs on the shared shop.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { orderListSchema, orderSchema } from "@enclave/contract"
import { asAdmin, type ApiClient } from "../support/api.ts"
import { storeApiPurchase } from "../support/store-api.ts"
import { createRaceProduct, databaseUrlOf, medusaAvailableStock } from "../support/races.ts"
import { shopUrl } from "../support/urls.ts"

let admin: ApiClient
beforeAll(async () => {
  admin = await asAdmin()
})

describe("an order made through Medusa's Store API", () => {
  it("is listed in the admin with Medusa's facts, and what it lacks says so", async () => {
    const product = await createRaceProduct(admin, 10)
    const made = await storeApiPurchase(shopUrl(), product.name, 2)
    const list = orderListSchema.parse((await admin.get("/api/admin/orders")).body)
    const order = list.find((o) => o.id === made.display_id)
    expect(order).toMatchObject({
      userId: null,
      // Medusa's system provider authorises without taking money: the order waits for it.
      status: "pending",
      paymentMethod: "Manual payment",
      paymentId: null,
      paymentProvider: "pp_system_default",
      isTestPayment: false,
      email: "store-api@example.org",
      shippingMethod: { id: 1, name: "Germany Standard" },
      shippingAddress: {
        fullName: "Ada Lovelace",
        addressLine1: "Unter den Linden 1",
        city: "Berlin",
        postalCode: "10117",
        country: "Germany",
      },
      shipment: null,
    })
    expect(order!.items.map((i) => [i.id, i.productId, i.quantity, i.price, i.product.name])).toEqual([
      [1, null, 2, product.price, product.name],
    ])
    expect(order!.total).toBe((Number(product.price) * 2 + 15).toFixed(2))
    // Newest first, among the shop's own.
    expect(list.map((o) => o.createdAt)).toEqual([...list.map((o) => o.createdAt)].sort().reverse())
  })

  it("ships through the admin like the shop's own orders: Medusa fulfils it and the stock leaves", async () => {
    const product = await createRaceProduct(admin, 10)
    const made = await storeApiPurchase(shopUrl(), product.name, 1)
    const shipped = await admin.put(`/api/admin/orders/${made.display_id}/status`, {
      status: "shipped",
      carrier: "hermes",
      trackingNumber: "H1000000000001",
    })
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200)
    expect(orderSchema.parse(shipped.body)).toMatchObject({
      status: "shipped",
      shipment: { carrier: "hermes", trackingNumber: "H1000000000001" },
    })
    expect(await medusaAvailableStock(databaseUrlOf(shopUrl()), product.id)).toEqual({ stocked: 9, reserved: 0, available: 9 })
    const address = await admin.put(`/api/admin/orders/${made.display_id}/shipping-address`, {
      shippingAddress: {
        fullName: "Ada King",
        addressLine1: "Unter den Linden 2",
        city: "Berlin",
        state: "Berlin",
        postalCode: "10117",
        country: "Germany",
      },
    })
    expect(address.status, JSON.stringify(address.body)).toBe(200)
    const again = orderListSchema.parse((await admin.get("/api/admin/orders")).body).find((o) => o.id === made.display_id)
    expect(again).toMatchObject({ status: "shipped", shippingAddress: { fullName: "Ada King", addressLine1: "Unter den Linden 2" } })
  })
})
