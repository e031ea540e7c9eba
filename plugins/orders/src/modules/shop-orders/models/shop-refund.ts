import { model } from "@medusajs/framework/utils"

/**
 * A refund staff asked for, beside Medusa's own Refund (which holds the money's record): the caller's
 * idempotency key, so the same request twice refunds once, how the money went back (an invoice order's
 * refund is a transfer staff send to the account the customer named) and which items it was for. The
 * plugin's links tie it to the order and to Medusa's refund (links/shop-refund-*.ts).
 */
const ShopRefund = model
  .define("shop_refund", {
    id: model.id({ prefix: "shref" }).primaryKey(),
    idempotency_key: model.text(),
    amount: model.text(),
    method: model.enum(["card", "paypal", "test", "bank_transfer"]),
    status: model.enum(["pending", "done"]).default("pending"),
    note: model.text().nullable(),
    bank_account: model.json().nullable(),
    items: model.json().nullable(),
    created_by: model.text().nullable(),
  })
  .indexes([{ name: "IDX_shop_refund_idempotency_key_unique", on: ["idempotency_key"], unique: true, where: "deleted_at IS NULL" }])

export default ShopRefund
