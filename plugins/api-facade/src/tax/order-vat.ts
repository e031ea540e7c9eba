import { centsToEuros, eurosToCents } from "@enclave/contract/money"
import { orderVat, type OrderVat, type TaxLineFact, type VatTreatment } from "@enclave/contract/tax"

/**
 * An order's VAT as the shop shows it (answers, invoices), read from the tax lines Medusa's order
 * carries, never worked out again from the tax settings: the settings may have changed since, and
 * the order's lines are what was charged (issue 39).
 */

/** What the VAT is read from: Medusa's order with its items' and shipping methods' tax lines, and where it went. */
export interface TaxedOrderRow {
  items?: Array<{ unit_price: number | string; quantity: number | string; tax_lines?: TaxLineFact[] | null }> | null
  shipping_methods?: Array<{ amount: number | string; tax_lines?: TaxLineFact[] | null }> | null
  shipping_address?: { country_code?: string | null } | null
}

/** The fields of Medusa's order (query.graph) that vatOfOrder reads, beside the items' prices and quantities. */
export const orderTaxFields = [
  "items.tax_lines.rate",
  "items.tax_lines.code",
  "shipping_methods.amount",
  "shipping_methods.tax_lines.rate",
  "shipping_methods.tax_lines.code",
  "shipping_address.country_code",
]

export function vatOfOrder(order: TaxedOrderRow): OrderVat {
  return orderVat(
    [
      ...(order.items ?? []).map((item) => ({
        unitAmount: eurosToCents(item.unit_price),
        quantity: Number(item.quantity),
        taxLines: item.tax_lines,
      })),
      ...(order.shipping_methods ?? []).map((method) => ({
        unitAmount: eurosToCents(method.amount),
        quantity: 1,
        taxLines: method.tax_lines,
      })),
    ],
    order.shipping_address?.country_code,
  )
}

/** The VAT figures of an answer (an order, the checkout summary): the treatment, each rate's VAT, their sum. */
export function vatFigures(vat: OrderVat): { vatTreatment: VatTreatment; vat: Array<{ rate: number; amount: string }>; taxTotal: string } {
  return {
    vatTreatment: vat.treatment,
    vat: vat.groups
      .filter((group) => group.ratePercent > 0)
      .map((group) => ({ rate: group.ratePercent, amount: centsToEuros(group.vatCents) })),
    taxTotal: centsToEuros(vat.vatCents),
  }
}

/** Where a reverse-charge order's metadata (Medusa's order) keeps the VAT ID it was sold to. */
export const BUYER_VAT_ID_KEY = "buyer_vat_id"

/** The VAT ID a reverse-charge order was sold to, as its metadata keeps it; null for every other order. */
export function buyerVatIdOf(order: { metadata?: Record<string, unknown> | null }): string | null {
  const vatId = order.metadata?.[BUYER_VAT_ID_KEY]
  return typeof vatId === "string" && vatId ? vatId : null
}
