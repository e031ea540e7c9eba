import { stockState, type StockState } from "@enclave/contract/values"
import { Tag } from "antd"

/** docs/product.md §4: admin colour bands: 0 red, 1 to 10 yellow, above 10 green. */
const stockBands: Record<StockState, { color: string; label: (quantity: number) => string }> = {
  out_of_stock: { color: "red", label: () => "Out of Stock" },
  low_stock: { color: "gold", label: (quantity) => `${quantity} left` },
  in_stock: { color: "green", label: (quantity) => `${quantity} in stock` },
}

export function StockTag({ quantity }: { quantity: number }) {
  const state = stockState(quantity)
  const band = stockBands[state]
  return (
    <Tag color={band.color} data-stock-state={state}>
      {band.label(quantity)}
    </Tag>
  )
}
