import { model } from "@medusajs/framework/utils"

/**
 * What the shop records about a Medusa order beyond Medusa's own fields (docs/product.md §3 Order): the
 * shop's status values (docs/product.md §4), how it was paid, which shipping method it used, and whether it
 * was a test payment. Tied to its Medusa order by the plugin's links/order-details.ts; who placed it and
 * the shipping method's number are Medusa's order's own (its customer, its shipping option).
 */
const OrderDetails = model
  .define("order_details", {
    id: model.id({ prefix: "orddet" }).primaryKey(),
    // The address as the customer typed it (docs/product.md §3 shipping address), country name and all.
    shipping_address: model.json().nullable(),
    status: model.enum(["pending", "processing", "shipped", "delivered", "completed", "cancelled"]).default("pending"),
    payment_method: model.text(),
    payment_id: model.text().nullable(),
    payment_provider: model.text().nullable(),
    is_test_payment: model.boolean().default(false),
    // As the customer chose it, kept when the method is renamed later.
    shipping_method_name: model.text().nullable(),
    notes: model.text().nullable(),
    // Paid by invoice: reference, due date and the bank account the invoice names, fixed
    // when the order is placed (a later change of the shop's account does not rewrite old invoices).
    invoice: model.json().nullable(),
    // When staff marked the invoice's money as received; null until then (and for other payments).
    paid_at: model.dateTime().nullable(),
  })
  // One payment pays one order (migration Migration20261128120000).
  .indexes([
    {
      name: "IDX_order_details_payment_id_unique",
      on: ["payment_id"],
      unique: true,
      where: "payment_id IS NOT NULL AND deleted_at IS NULL",
    },
  ])

export default OrderDetails
