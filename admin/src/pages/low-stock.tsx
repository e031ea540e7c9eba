import type { Product } from "@enclave/contract"
import { BandTag } from "../components/band-tag"
import { tDashboard as t } from "../i18n/dashboard"
import { Nothing, Panel } from "./panel"

/** docs/product.md §2: the products with 10 or fewer in stock, 'Out of Stock' at 0. */
export function LowStock({ products }: { products: Product[] }) {
  return (
    <Panel title={<h2 style={{ fontSize: 16, margin: 0 }}>{t("lowStock.title")}</h2>} testId="low-stock" style={{ height: "100%" }}>
      {products.length === 0 ? (
        <Nothing text={t("lowStock.empty")} />
      ) : (
        <ul style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {products.map((p) => (
            <li key={p.id} data-product-id={p.id} style={{ display: "flex", justifyContent: "space-between", gap: 8, padding: "6px 0" }}>
              <span style={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }} title={p.name}>
                {p.name}
              </span>
              <BandTag band={p.stockQuantity === 0 ? "red" : "gold"} style={{ marginInlineEnd: 0 }}>
                {p.stockQuantity === 0 ? t("lowStock.out") : t("lowStock.left", { count: p.stockQuantity })}
              </BandTag>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  )
}
