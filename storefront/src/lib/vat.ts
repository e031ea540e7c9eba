/**
 * The VAT lines of an order or of the checkout summary, from the figures the facade read off the
 * order's tax lines (or priced them with, before the order exists): "incl. 19% VAT €98.03" per rate,
 * or that a reverse-charge business pays the net price, or that an export carries no VAT.
 * The checkout summary and the orders page word them each in their own catalogue, under one prefix.
 */
import { formatEuro } from "@enclave/contract/money"
import { formatRate, type VatTreatment } from "@enclave/contract/tax"
import type { Language, Translate } from "@enclave/contract/i18n"

export interface VatFigures {
  vatTreatment?: VatTreatment
  vat?: ReadonlyArray<{ rate: number; amount: string }>
}

export interface VatLines {
  /** Label and value, one per rate (or one saying there is none). */
  rows: Array<{ label: string; value: string }>
  /** What the reverse charge or the export means for the customer; null when the VAT is included. */
  note: string | null
}

/** `prefix` names the catalogue's keys: `${prefix}.vatIncluded`, `.vat`, `.vatNone`, `.vatReverseCharge`, `.vatExport` and their notes. */
export function vatLines(figures: VatFigures, language: Language, t: Translate, prefix: "checkout.summary" | "orders"): VatLines {
  const key = (name: string) => `${prefix}.${name}`
  switch (figures.vatTreatment) {
    case "reverse_charge":
      return { rows: [{ label: t(key("vat")), value: t(key("vatReverseCharge")) }], note: t(key("vatReverseChargeNote")) }
    case "export":
      return { rows: [{ label: t(key("vat")), value: t(key("vatExport")) }], note: t(key("vatExportNote")) }
    case "included":
      if (!figures.vat?.length) return { rows: [{ label: t(key("vat")), value: t(key("vatNone")) }], note: null }
      return {
        rows: figures.vat.map((rate) => ({
          label: t(key("vatIncluded"), { rate: formatRate(rate.rate, language) }),
          value: formatEuro(rate.amount, language),
        })),
        note: null,
      }
    default:
      // An answer without VAT figures (from before they were given): the prices include it.
      return { rows: [{ label: t(key("vat")), value: t(key("vatIncludedNoFigures")) }], note: null }
  }
}
