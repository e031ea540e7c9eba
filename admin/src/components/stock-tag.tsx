import { stockState, type StockState } from "@enclave/contract/values"
import { locale } from "../i18n"
import { t } from "../i18n/products"
import { BandTag } from "./band-tag"
import type { Band } from "./bands"

const count = (quantity: number) => quantity.toLocaleString(locale)

/** docs/product.md §4: admin colour bands: 0 red, 1 to 10 yellow, above 10 green; the label in the admin's language. */
const stockBands: Record<StockState, { band: Band; label: (quantity: number) => string }> = {
  out_of_stock: { band: "red", label: () => t("stock.out") },
  low_stock: { band: "gold", label: (quantity) => t("stock.left", { count: count(quantity) }) },
  in_stock: { band: "green", label: (quantity) => t("stock.in", { count: count(quantity) }) },
}

export function StockTag({ quantity }: { quantity: number }) {
  const state = stockState(quantity)
  const { band, label } = stockBands[state]
  return (
    <BandTag band={band} data-stock-state={state}>
      {label(quantity)}
    </BandTag>
  )
}
