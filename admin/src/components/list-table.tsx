import type { BaseRecord, HttpError, useTableProps } from "@refinedev/core"
import { Table } from "antd"
import type { ReactNode } from "react"
import { useTable } from "../hooks/use-table"
import { RequestError } from "./request-error"

/**
 * A list page's table state: ten rows a page, and no error toast: the page shows load failures
 * itself (ListTable, with a retry button). Options given win.
 */
export function useListTable<TData extends BaseRecord>(props: useTableProps<TData, HttpError, TData>) {
  return useTable<TData>({ pagination: { pageSize: 10 }, errorNotification: false, ...props })
}

interface ListTableProps<TData extends BaseRecord> {
  /** What useListTable answered. */
  table: ReturnType<typeof useListTable<TData>>
  /** The title of the error shown instead of the table when the list cannot be loaded. */
  loadErrorTitle: string
  /** What an empty list says once loaded (while loading: a blank space). */
  emptyText: ReactNode
  /** The pagination's "n items" text. */
  showTotal: (total: number) => ReactNode
  /** The columns. */
  children: ReactNode
}

/** A list page's table (rows keyed by id, scrolling sideways when narrow), or its load error with a retry. */
export function ListTable<TData extends BaseRecord>({ table, loadErrorTitle, emptyText, showTotal, children }: ListTableProps<TData>) {
  const { tableProps, tableQuery } = table
  if (tableQuery.isError) {
    return (
      <RequestError
        title={loadErrorTitle}
        error={tableQuery.error}
        onRetry={() => void tableQuery.refetch()}
        retrying={tableQuery.isFetching}
      />
    )
  }
  return (
    <Table<TData>
      {...tableProps}
      rowKey="id"
      locale={{ emptyText: tableQuery.isLoading ? <div style={{ height: 96 }} /> : emptyText }}
      scroll={{ x: "max-content" }}
      pagination={tableProps.pagination === false ? false : { ...tableProps.pagination, showTotal }}
    >
      {children}
    </Table>
  )
}
