import type { ExecArgs, LinkDefinition } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { SHOP_ORDERS_MODULE } from "../modules/shop-orders"

/** The accounts plugin's module as Medusa's links name it (this plugin does not depend on that one). */
const ACCOUNTS_MODULE = "accounts"
const BATCH = 500

interface Move {
  column: string
  /** The plugin's link (links/checkout-payment-*.ts), by the entry point Medusa's query knows it as. */
  entryPoint: string
  /** The link of a row to the value its column held; null when there is nothing to link it to. */
  linkOf(rowId: string, value: string | number): LinkDefinition | null
}

/**
 * Shops from before the links kept the payment session, the order and the shop user of each
 * checkout_payment row as columns. Set-up runs this once, after the link tables exist: each value
 * becomes the plugin's link (links/checkout-payment-session.ts, -order.ts, -user.ts), then its column
 * goes. It lives with the module whose table it changes. Rows linked already are skipped, and each
 * column is dropped only once all its rows are linked, so a run that was cut off finishes on the next start.
 */
export default async function moveCheckoutPaymentIdsIntoLinks({ container }: ExecArgs) {
  const db = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)

  async function move(
    { column, entryPoint, linkOf }: Move,
    valuesOf?: (values: Array<string | number>) => Promise<Map<string | number, string>>,
  ) {
    if (!(await db.schema.hasColumn("checkout_payment", column))) return
    const rows: Array<{ id: string; value: string | number }> = await db("checkout_payment")
      .select("id", `${column} as value`)
      .whereNotNull(column)
      .orderBy("id")
    let linked = 0
    for (let i = 0; i < rows.length; i += BATCH) {
      const batch = rows.slice(i, i + BATCH)
      const { data } = await query.graph({
        entity: entryPoint,
        fields: ["checkout_payment_id"],
        filters: { checkout_payment_id: batch.map((r) => r.id) },
      })
      const done = new Set((data as Array<{ checkout_payment_id: string }>).map((l) => l.checkout_payment_id))
      const targets = valuesOf ? await valuesOf(batch.map((r) => r.value)) : null
      const links = batch.flatMap((row) => {
        if (done.has(row.id)) return []
        const target = targets ? targets.get(row.value) : row.value
        const definition = target === undefined ? null : linkOf(row.id, target)
        return definition ? [definition] : []
      })
      if (links.length) await link.create(links)
      linked += links.length
    }
    await db.schema.alterTable("checkout_payment", (t) => t.dropColumn(column))
    logger.info(`Linked ${linked} checkout payments by their former ${column}`)
  }

  await move({
    column: "payment_session_id",
    entryPoint: "checkout_payment_payment_session",
    linkOf: (id, sessionId) => ({
      [SHOP_ORDERS_MODULE]: { checkout_payment_id: id },
      [Modules.PAYMENT]: { payment_session_id: sessionId },
    }),
  })
  await move({
    column: "order_id",
    entryPoint: "order_checkout_payment",
    linkOf: (id, orderId) => ({ [Modules.ORDER]: { order_id: orderId }, [SHOP_ORDERS_MODULE]: { checkout_payment_id: id } }),
  })
  // The user number names the account; the link names its row (a deleted account's too, as the number did).
  await move(
    {
      column: "user_number",
      entryPoint: "shop_user_checkout_payment",
      linkOf: (id, userId) => ({ [ACCOUNTS_MODULE]: { shop_user_id: userId }, [SHOP_ORDERS_MODULE]: { checkout_payment_id: id } }),
    },
    async (numbers) => {
      const { data } = await query.graph({
        entity: "shop_user",
        fields: ["id", "user_number"],
        filters: { user_number: [...new Set(numbers)] },
        withDeleted: true,
      })
      return new Map((data as Array<{ id: string; user_number: number }>).map((u) => [Number(u.user_number), u.id]))
    },
  )
}
