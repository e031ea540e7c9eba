/**
 * The catalogue's URL query (?search=&level=&sort=) and the labels the shop shows for it.
 * Filtering and sorting themselves are the contract's `queryCatalogue`, shared with the API.
 */
import {
  catalogueSorts,
  securityLevelFilters,
  type CatalogueQuery,
  type CatalogueSort,
  type SecurityLevelFilter,
} from "@enclave/contract"

export const levelOptions: ReadonlyArray<{ value: SecurityLevelFilter; label: string }> = [
  { value: "all", label: "All Levels" },
  { value: "low", label: "Basic (Level 3)" },
  { value: "medium", label: "Enhanced (Level 4)" },
  { value: "high", label: "Maximum (Level 5)" },
]

export const sortOptions: ReadonlyArray<{ value: CatalogueSort; label: string }> = [
  { value: "default", label: "Default Order" },
  { value: "name-asc", label: "Name (A-Z)" },
  { value: "name-desc", label: "Name (Z-A)" },
  { value: "price-asc", label: "Price (Low to High)" },
  { value: "price-desc", label: "Price (High to Low)" },
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

/** SPEC §2: 'Clear Filters' resets search and level but keeps the sort. */
export function clearFiltersHref(sort: CatalogueSort): string {
  return sort === "default" ? "/products" : `/products?sort=${encodeURIComponent(sort)}`
}

/** Names of the security levels: the customer side shows 3 to 5, the admin can set 1 to 5. */
const levelNames: Record<number, string> = {
  1: "Minimal",
  2: "Standard",
  3: "Basic",
  4: "Enhanced",
  5: "Maximum",
}

export function securityLevelName(level: number): string {
  return levelNames[level] ?? `Level ${level}`
}
