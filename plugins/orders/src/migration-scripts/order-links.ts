import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { SHOP_ORDERS_MODULE } from "../modules/shop-orders"

/**
 * Shops from before the links kept the Medusa order of each order_details row and the cart of each
 * checkout_payment row as text columns. `medusa db:migrate` runs this once, after the link tables
 * exist: each id becomes a link (the plugin's links/order-details.ts and links/checkout-payment-cart.ts),
 * then the columns go. It lives with the module whose tables it changes. Rows already linked are skipped, so a run that was cut off finishes on the next start.
 */
export default async function moveOrderIdsIntoLinks({ container }: ExecArgs) {
  const db = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const columns = async (table: string) =>
    (
      await db("information_schema.columns")
        .select("column_name")
        .where({ table_name: table, table_schema: db.raw("current_schema()") })
    ).map((c: { column_name: string }) => c.column_name)

  if ((await columns("order_details")).includes("order_id")) {
    const rows: Array<{ id: string; order_id: string }> = await db("order_details").select("id", "order_id").whereNotNull("order_id")
    if (rows.length) {
      await link.create(rows.map((r) => ({ [Modules.ORDER]: { order_id: r.order_id }, [SHOP_ORDERS_MODULE]: { order_details_id: r.id } })))
    }
    await db.schema.alterTable("order_details", (t) => t.dropColumn("order_id"))
    logger.info(`Linked ${rows.length} orders' details to their Medusa orders`)
  }
  if ((await columns("checkout_payment")).includes("cart_id")) {
    const rows: Array<{ id: string; cart_id: string }> = await db("checkout_payment").select("id", "cart_id").whereNotNull("cart_id")
    if (rows.length) {
      await link.create(rows.map((r) => ({ [Modules.CART]: { cart_id: r.cart_id }, [SHOP_ORDERS_MODULE]: { checkout_payment_id: r.id } })))
    }
    await db.schema.alterTable("checkout_payment", (t) => t.dropColumn("cart_id"))
    logger.info(`Linked ${rows.length} checkout payments to their carts`)
  }
}
