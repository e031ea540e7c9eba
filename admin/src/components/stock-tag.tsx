import { stockState, type StockState } from "@enclave/contract/values"
import { BandTag } from "./band-tag"
import type { Band } from "./bands"

/** docs/product.md §4: admin colour bands: 0 red, 1 to 10 yellow, above 10 green. */
const stockBands: Record<StockState, { band: Band; label: (quantity: number) => string }> = {
  out_of_stock: { band: "red", label: () => "Out of Stock" },
  low_stock: { band: "gold", label: (quantity) => `${quantity} left` },
  in_stock: { band: "green", label: (quantity) => `${quantity} in stock` },
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
