import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { updateOrderTaxLinesWorkflow } from "@medusajs/medusa/core-flows"

interface OrderRow {
  id: string
  shipping_address?: { country_code?: string | null } | null
  items?: Array<{ tax_lines?: unknown[] | null }> | null
  shipping_methods?: Array<{ tax_lines?: unknown[] | null }> | null
}

const PAGE = 200

/**
 * Orders placed before the shop wrote tax lines had none: Medusa said tax_total 0, and
 * their invoices took the VAT from the tax settings when printed. Since answers, mails and invoices
 * read the VAT from the order's tax lines, each such order gets them once, through Medusa's own
 * updateOrderTaxLinesWorkflow, from the tax settings as they are when this runs: a data migration
 * script runs before set-up adds the EU's tax regions, so an older shop's orders get Germany's rate,
 * as their invoices stated it, and none elsewhere. Their gross prices stay (the lines are
 * tax-inclusive), so their totals do not move. Medusa runs it once per database (script_migrations).
 */
export default async function addOrderTaxLines({ container }: ExecArgs) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const untaxed: string[] = []
  for (let skip = 0; ; skip += PAGE) {
    const { data } = await query.graph({
      entity: "order",
      fields: ["id", "shipping_address.country_code", "items.tax_lines.id", "shipping_methods.tax_lines.id"],
      pagination: { skip, take: PAGE, order: { created_at: "ASC" } },
    })
    const orders = data as unknown as OrderRow[]
    for (const order of orders) {
      const lines = [...(order.items ?? []), ...(order.shipping_methods ?? [])]
      if (order.shipping_address?.country_code && lines.length > 0 && lines.every((line) => !line.tax_lines?.length)) untaxed.push(order.id)
    }
    if (orders.length < PAGE) break
  }
  if (untaxed.length === 0) return
  for (const orderId of untaxed) {
    await updateOrderTaxLinesWorkflow(container).run({ input: { order_id: orderId, force_tax_calculation: true } })
  }
  logger.info(`Enclave: gave ${untaxed.length} orders placed before tax lines their tax lines`)
}
