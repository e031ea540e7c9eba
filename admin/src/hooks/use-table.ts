import {
  useTable as useRefineTable,
  type BaseRecord,
  type CrudSort,
  type HttpError,
  type useTableProps,
  type useTableReturnType,
} from "@refinedev/core"
import type { TableProps } from "antd"
import type { SorterResult, SortOrder } from "antd/es/table/interface"

/**
 * Refine's core table state (filters, sorters, pagination, synced with the URL) wired to an
 * antd Table. @refinedev/antd's useTable does the same but also creates an antd search Form
 * (rc-field-form, async-validator: ≈ 25 KB gzip on the first screen) that no list here uses.
 */
export function useTable<TData extends BaseRecord>(
  props: useTableProps<TData, HttpError, TData>,
): useTableReturnType<TData, HttpError> & {
  tableProps: TableProps<TData>
  sortOrder: (field: string) => SortOrder
} {
  const table = useRefineTable<TData, HttpError>(props)
  const { tableQuery, currentPage, setCurrentPage, pageSize, setPageSize, sorters, setSorters } = table

  const onChange: NonNullable<TableProps<TData>["onChange"]> = (pagination, _filters, sorter) => {
    const sorterList = (Array.isArray(sorter) ? sorter : [sorter]) as SorterResult<TData>[]
    const nextSorters: CrudSort[] = sorterList.flatMap((s) =>
      s.order && s.field !== undefined
        ? [{ field: String(Array.isArray(s.field) ? s.field.join(".") : s.field), order: s.order === "descend" ? "desc" : "asc" }]
        : [],
    )
    setSorters(nextSorters)
    setCurrentPage(pagination.current ?? 1)
    setPageSize(pagination.pageSize ?? pageSize)
  }

  return {
    ...table,
    sortOrder: (field) => {
      const sorter = sorters.find((s) => s.field === field)
      return sorter ? (sorter.order === "desc" ? "descend" : "ascend") : null
    },
    tableProps: {
      dataSource: tableQuery.data?.data,
      loading: tableQuery.isFetching,
      onChange,
      pagination: { current: currentPage, pageSize, total: tableQuery.data?.total },
    },
  }
}
