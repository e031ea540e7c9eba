import { centsToEuros } from "@enclave/contract/money"
import { vatRates, type OrderVat, type VatTreatment } from "@enclave/contract/tax"

// Reading an order's VAT from Medusa's tax lines is the contract's (vatOfOrder), shared with the mail plugin.
export { orderTaxFields, vatOfOrder, type TaxedOrderRow } from "@enclave/contract/tax"

/** The VAT figures of an answer (an order, the checkout summary): the treatment, each rate's VAT, their sum. */
export function vatFigures(vat: OrderVat): { vatTreatment: VatTreatment; vat: Array<{ rate: number; amount: string }>; taxTotal: string } {
  return {
    vatTreatment: vat.treatment,
    vat: vatRates(vat),
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
