import type { Product } from "./product.js"

/**
 * SPEC §5/§9: the default order puts names containing 'Base' first, then 'Medium',
 * then 'Premium'; everything else follows, phones before accessories before services,
 * then by id so the order is stable.
 */
const tierOrder = ["Base", "Medium", "Premium"]
const categoryOrder = ["phone", "accessory", "service"]

function tierRank(name: string): number {
  const rank = tierOrder.findIndex((tier) => name.includes(tier))
  return rank === -1 ? tierOrder.length : rank
}

export function compareDefaultOrder(a: Product, b: Product): number {
  return (
    categoryOrder.indexOf(a.category) - categoryOrder.indexOf(b.category) ||
    tierRank(a.name) - tierRank(b.name) ||
    a.id - b.id
  )
}

export const catalogueSorts = ["default", "name-asc", "name-desc", "price-asc", "price-desc"] as const
export type CatalogueSort = (typeof catalogueSorts)[number]

/** SPEC §5: low is level 3, medium 4, high 5. */
export const securityLevelFilters = { all: null, low: 3, medium: 4, high: 5 } as const
export type SecurityLevelFilter = keyof typeof securityLevelFilters

export interface CatalogueQuery {
  search?: string
  level?: SecurityLevelFilter
  sort?: CatalogueSort
}

/** Search (name or description, case-insensitive), level filter and sort of the catalogue. */
export function queryCatalogue(products: readonly Product[], query: CatalogueQuery): Product[] {
  const needle = query.search?.trim().toLowerCase() ?? ""
  const level = securityLevelFilters[query.level ?? "all"] ?? null
  const matches = products.filter(
    (p) =>
      (level === null || p.securityLevel === level) &&
      (needle === "" ||
        p.name.toLowerCase().includes(needle) ||
        p.description.toLowerCase().includes(needle)),
  )
  const byPrice = (p: Product) => Number(p.price)
  switch (query.sort ?? "default") {
    case "name-asc":
      return matches.sort((a, b) => a.name.localeCompare(b.name))
    case "name-desc":
      return matches.sort((a, b) => b.name.localeCompare(a.name))
    case "price-asc":
      return matches.sort((a, b) => byPrice(a) - byPrice(b) || compareDefaultOrder(a, b))
    case "price-desc":
      return matches.sort((a, b) => byPrice(b) - byPrice(a) || compareDefaultOrder(a, b))
    default:
      return matches.sort(compareDefaultOrder)
  }
}

const euro = new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR" })
const euroDe = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" })

/** Prices are shown in euros on customer screens (SPEC §1). */
export function formatEuro(price: string | number, language: "en" | "de" = "en"): string {
  return (language === "de" ? euroDe : euro).format(Number(price))
}
