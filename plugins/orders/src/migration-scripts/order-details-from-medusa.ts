import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

const BATCH = 500
const NONE = Promise.resolve({ data: [] as unknown[] })

interface DetailsRow {
  id: string
  user_number: number | null
  shipping_method_number: number | null
}

interface LinkedOrder {
  id: string
  order?: {
    id: string
    customer_id: string | null
    shipping_methods?: Array<{ id: string; shipping_option_id: string | null }> | null
  } | null
}

/**
 * Shops from before issue 39 kept who placed an order (order_details.user_number) and its shipping
 * method's number (shipping_method_number) beside Medusa's order, which records both itself: its
 * customer and its shipping method's option, linked to the shop user (the accounts plugin's
 * shop-user-customer link) and to the shop's method (the shipping-methods plugin's link). Set-up runs
 * this once: where Medusa's order says otherwise or nothing (an order made before its customer or
 * option was set), Medusa's order takes what the shop recorded, through the order module; then the
 * columns go. Running it again changes nothing more, so a run that was cut off finishes on the next start.
 */
export default async function moveOrderDetailsIntoMedusa({ container }: ExecArgs) {
  const db = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const orders = container.resolve(Modules.ORDER)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const columns = ["user_number", "shipping_method_number"]
  const present = (await Promise.all(columns.map((c) => db.schema.hasColumn("order_details", c)))).every(Boolean)
  if (!present) {
    // Cut off between the two drops: the other one follows.
    for (const column of columns) {
      if (await db.schema.hasColumn("order_details", column)) await db.schema.alterTable("order_details", (t) => t.dropColumn(column))
    }
    return
  }

  const rows: DetailsRow[] = await db("order_details")
    .select("id", "user_number", "shipping_method_number")
    .whereNull("deleted_at")
    .where((q) => q.whereNotNull("user_number").orWhereNotNull("shipping_method_number"))
    .orderBy("id")
  let customersSet = 0
  let optionsSet = 0
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH)
    const userNumbers = [...new Set(batch.flatMap((r) => (r.user_number === null ? [] : [r.user_number])))]
    const methodNumbers = [...new Set(batch.flatMap((r) => (r.shipping_method_number === null ? [] : [r.shipping_method_number])))]
    const [{ data: linked }, { data: users }, { data: methods }] = await Promise.all([
      query.graph({
        entity: "order_details",
        fields: ["id", "order.id", "order.customer_id", "order.shipping_methods.id", "order.shipping_methods.shipping_option_id"],
        filters: { id: batch.map((r) => r.id) },
      }),
      userNumbers.length
        ? query.graph({ entity: "shop_user", fields: ["user_number", "customer.id"], filters: { user_number: userNumbers } })
        : NONE,
      // A method deleted since still names its option: its orders keep it.
      methodNumbers.length
        ? query.graph({
            entity: "shipping_method_details",
            fields: ["method_number", "shipping_option.id"],
            filters: { method_number: methodNumbers },
            withDeleted: true,
          })
        : NONE,
    ])
    const orderOf = new Map((linked as LinkedOrder[]).map((d) => [d.id, d.order ?? null]))
    const customerOf = new Map(
      (users as Array<{ user_number: number; customer?: { id: string } | null }>).flatMap((u) =>
        u.customer ? [[Number(u.user_number), u.customer.id] as const] : [],
      ),
    )
    const optionOf = new Map(
      (methods as Array<{ method_number: number; shipping_option?: { id: string } | null }>).flatMap((m) =>
        m.shipping_option ? [[Number(m.method_number), m.shipping_option.id] as const] : [],
      ),
    )
    const customerChanges: Array<{ id: string; customer_id: string }> = []
    const optionChanges: Array<{ id: string; shipping_option_id: string }> = []
    for (const row of batch) {
      const order = orderOf.get(row.id)
      if (!order) continue
      const customerId = row.user_number === null ? undefined : customerOf.get(row.user_number)
      if (customerId && order.customer_id !== customerId) customerChanges.push({ id: order.id, customer_id: customerId })
      const optionId = row.shipping_method_number === null ? undefined : optionOf.get(row.shipping_method_number)
      const method = order.shipping_methods?.[0]
      if (optionId && method && method.shipping_option_id !== optionId) optionChanges.push({ id: method.id, shipping_option_id: optionId })
    }
    if (customerChanges.length) await orders.updateOrders(customerChanges)
    if (optionChanges.length) await orders.updateOrderShippingMethods(optionChanges)
    customersSet += customerChanges.length
    optionsSet += optionChanges.length
  }
  for (const column of columns) await db.schema.alterTable("order_details", (t) => t.dropColumn(column))
  logger.info(
    `Orders' details read their account and shipping method from Medusa's orders (${customersSet} customers and ${optionsSet} shipping options set there)`,
  )
}
