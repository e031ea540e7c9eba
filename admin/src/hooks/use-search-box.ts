import type { CrudFilter } from "@refinedev/core"
import { useEffect, useEffectEvent, useRef, useState, type ChangeEvent } from "react"

/** How long the box waits after the last keystroke before the list follows. */
export const SEARCH_DELAY_MS = 300

/** The table filters for a search text: none for blank text, else `field` contains the trimmed text. */
export function searchFilter(field: string, text: string): CrudFilter[] {
  const trimmed = text.trim()
  return trimmed === "" ? [] : [{ field, operator: "contains", value: trimmed }]
}

/** The search text the table's filters apply ("" when `field` has no filter or no value). */
export function searchOf(filters: readonly CrudFilter[], field: string): string {
  const filter = filters.find((f) => "field" in f && f.field === field)
  return filter?.value === undefined || filter.value === null ? "" : String(filter.value)
}

export interface SearchBoxOptions {
  /** The table's filters (Refine's useTable, synced with the URL). */
  filters: readonly CrudFilter[]
  setFilters: (filters: CrudFilter[], behavior: "replace") => void
  setCurrentPage: (page: number) => void
  /** The filter field the list's search sets. */
  field: string
}

/**
 * A list's search box: typed into freely, the list follows after a short pause (or at once on
 * Enter), back on page 1; the box follows the filter when it changes from outside (back/forward).
 * `inputProps` wires an antd Input.Search (clearable).
 */
export function useSearchBox({ filters, setFilters, setCurrentPage, field }: SearchBoxOptions) {
  const appliedSearch = searchOf(filters, field)
  const [search, setSearch] = useState(appliedSearch)
  const applied = useRef(appliedSearch)
  useEffect(() => {
    // Keep the box in step when the filter changes from outside (back/forward in the browser).
    if (appliedSearch !== applied.current) {
      applied.current = appliedSearch
      setSearch(appliedSearch)
    }
  }, [appliedSearch])
  const applySearch = (text: string) => {
    if (text.trim() === applied.current) return
    applied.current = text.trim()
    setFilters(searchFilter(field, text), "replace")
    setCurrentPage(1)
  }
  // Only the typed text restarts the pause.
  const applyTyped = useEffectEvent(applySearch)
  useEffect(() => {
    const timer = window.setTimeout(() => applyTyped(search), SEARCH_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [search])

  const inputProps = {
    allowClear: true,
    value: search,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setSearch(event.target.value),
    onSearch: (value: string) => {
      setSearch(value)
      applySearch(value)
    },
  }
  return { search, setSearch, applySearch, appliedSearch, inputProps }
}
