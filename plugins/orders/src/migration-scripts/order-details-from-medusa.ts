import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

const BATCH = 500
/** The shipping-methods plugin's link of its methods to Medusa's shipping options, by Medusa's query's name for it. */
const SHIPPING_OPTION_DETAILS_LINK = "shipping_option_shipping_method_details"
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
 * Shops from before Medusa held the books kept who placed an order (order_details.user_number) and its
 * shipping method's number (shipping_method_number) beside Medusa's order, which records both itself: its
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

  /**
   * The Medusa shipping option of each of the shop's methods (the shipping-methods plugin's link), a
   * method deleted since included: its orders keep it. Medusa's query takes deleted rows only at the
   * root of a read, so the methods and the link are read one after the other.
   */
  async function optionsOfMethods(numbers: number[]): Promise<Map<number, string>> {
    const { data: methods } = await query.graph({
      entity: "shipping_method_details",
      fields: ["id", "method_number"],
      filters: { method_number: numbers },
      withDeleted: true,
    })
    const numberOf = new Map((methods as Array<{ id: string; method_number: number }>).map((m) => [m.id, Number(m.method_number)]))
    if (numberOf.size === 0) return new Map()
    const { data: links } = await query.graph({
      entity: SHIPPING_OPTION_DETAILS_LINK,
      fields: ["shipping_option_id", "shipping_method_details_id"],
      filters: { shipping_method_details_id: [...numberOf.keys()] },
      withDeleted: true,
    })
    return new Map(
      (links as Array<{ shipping_option_id: string; shipping_method_details_id: string }>).map((l) => [
        numberOf.get(l.shipping_method_details_id)!,
        l.shipping_option_id,
      ]),
    )
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
    const [{ data: linked }, { data: users }, optionOf] = await Promise.all([
      query.graph({
        entity: "order_details",
        fields: ["id", "order.id", "order.customer_id", "order.shipping_methods.id", "order.shipping_methods.shipping_option_id"],
        filters: { id: batch.map((r) => r.id) },
      }),
      userNumbers.length
        ? query.graph({ entity: "shop_user", fields: ["user_number", "customer.id"], filters: { user_number: userNumbers } })
        : NONE,
      methodNumbers.length ? optionsOfMethods(methodNumbers) : Promise.resolve(new Map<number, string>()),
    ])
    const orderOf = new Map((linked as LinkedOrder[]).map((d) => [d.id, d.order ?? null]))
    const customerOf = new Map(
      (users as Array<{ user_number: number; customer?: { id: string } | null }>).flatMap((u) =>
        u.customer ? [[Number(u.user_number), u.customer.id] as const] : [],
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
