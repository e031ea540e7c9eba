/**
 * The catalogue's URL query (?search=&level=&sort=) and the message keys of the labels the shop shows for it
 * (i18n/messages/catalogue.ts).
 * Filtering and sorting themselves are the contract's `queryCatalogue`, shared with the API.
 */
import { catalogueSorts, securityLevelFilters, type CatalogueQuery, type CatalogueSort, type SecurityLevelFilter } from "@enclave/contract"

export const levelOptions: ReadonlyArray<{ value: SecurityLevelFilter; labelKey: string }> = [
  { value: "all", labelKey: "catalogue.level.all" },
  { value: "low", labelKey: "catalogue.level.low" },
  { value: "medium", labelKey: "catalogue.level.medium" },
  { value: "high", labelKey: "catalogue.level.high" },
]

export const sortOptions: ReadonlyArray<{ value: CatalogueSort; labelKey: string }> = [
  { value: "default", labelKey: "catalogue.sort.default" },
  { value: "name-asc", labelKey: "catalogue.sort.name-asc" },
  { value: "name-desc", labelKey: "catalogue.sort.name-desc" },
  { value: "price-asc", labelKey: "catalogue.sort.price-asc" },
  { value: "price-desc", labelKey: "catalogue.sort.price-desc" },
]

export interface ParsedCatalogueQuery extends CatalogueQuery {
  search: string
  level: SecurityLevelFilter
  sort: CatalogueSort
}

function isLevel(value: string | null): value is SecurityLevelFilter {
  return value !== null && Object.hasOwn(securityLevelFilters, value)
}

function isSort(value: string | null): value is CatalogueSort {
  return value !== null && (catalogueSorts as readonly string[]).includes(value)
}

/** Unknown or missing values fall back to the defaults instead of failing: a shared link should still work. */
export function parseCatalogueQuery(params: URLSearchParams): ParsedCatalogueQuery {
  const level = params.get("level")
  const sort = params.get("sort")
  return {
    search: (params.get("search") ?? "").slice(0, 200),
    level: isLevel(level) ? level : "all",
    sort: isSort(sort) ? sort : "default",
  }
}

/** docs/product.md §2: 'Clear Filters' resets search and level but keeps the sort. */
export function clearFiltersHref(sort: CatalogueSort): string {
  return sort === "default" ? "/products" : `/products?sort=${encodeURIComponent(sort)}`
}
