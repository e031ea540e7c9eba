import { formatEuro, type Product, type ProductCategory } from "@enclave/contract"
import type { CrudFilter } from "@refinedev/core"
import { Flex, Input, Table, Tag, Typography } from "antd"
import { useEffect, useRef, useState } from "react"
import { RequestError } from "../../components/request-error"
import { StockTag } from "../../components/stock-tag"
import { useTable } from "../../hooks/use-table"
import { PRODUCT_SEARCH_FIELD, type ProductSortField } from "../../providers/data-provider"

const SEARCH_DELAY_MS = 300

const categoryLabels: Record<ProductCategory, string> = {
  phone: "Phone",
  accessory: "Accessory",
  service: "Service",
}

function searchFilter(text: string): CrudFilter[] {
  const trimmed = text.trim()
  return trimmed === "" ? [] : [{ field: PRODUCT_SEARCH_FIELD, operator: "contains", value: trimmed }]
}

function searchOf(filters: readonly CrudFilter[]): string {
  const filter = filters.find((f) => "field" in f && f.field === PRODUCT_SEARCH_FIELD)
  return filter?.value === undefined || filter.value === null ? "" : String(filter.value)
}

export default function ProductList() {
  const { tableProps, sortOrder: sortOrderOf, filters, setFilters, setCurrentPage, tableQuery } = useTable<Product>({
    resource: "products",
    sorters: { initial: [{ field: "id", order: "asc" }] },
    pagination: { pageSize: 10 },
    // The page shows load failures itself, with a retry button, instead of a toast.
    errorNotification: false,
  })

  // The box is typed into freely; the list follows after a short pause (or at once on Enter).
  const appliedSearch = searchOf(filters)
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
    setFilters(searchFilter(text), "replace")
    setCurrentPage(1)
  }
  useEffect(() => {
    const timer = window.setTimeout(() => applySearch(search), SEARCH_DELAY_MS)
    return () => window.clearTimeout(timer)
    // Only the typed text restarts the pause; applySearch reads the ref and the stable setFilters.
  }, [search])

  const sortOrder = (field: ProductSortField) => sortOrderOf(field)
  const emptyText = tableQuery.isLoading ? (
    <div style={{ height: 96 }} />
  ) : appliedSearch ? (
    `No products match "${appliedSearch}"`
  ) : (
    "No products yet"
  )

  return (
    <section aria-labelledby="products-title">
      <Flex justify="space-between" align="center" wrap gap="middle" style={{ marginBottom: 16 }}>
        <Typography.Title id="products-title" level={3} style={{ margin: 0 }}>
          Products
        </Typography.Title>
        <Input.Search
          aria-label="Search products"
          placeholder="Search by name or description"
          allowClear
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onSearch={(value) => {
            setSearch(value)
            applySearch(value)
          }}
          style={{ width: 320, maxWidth: "100%" }}
        />
      </Flex>
      {tableQuery.isError ? (
        <RequestError
          title="Could not load products"
          error={tableQuery.error}
          onRetry={() => void tableQuery.refetch()}
          retrying={tableQuery.isFetching}
        />
      ) : (
        <Table<Product>
          {...tableProps}
          rowKey="id"
          locale={{ emptyText }}
          scroll={{ x: "max-content" }}
          pagination={
            tableProps.pagination === false
              ? false
              : {
                  ...tableProps.pagination,
                  showTotal: (total) => `${total} ${total === 1 ? "product" : "products"}`,
                }
          }
        >
          <Table.Column<Product> dataIndex="id" title="ID" sorter sortOrder={sortOrder("id")} width={80} />
          <Table.Column<Product>
            dataIndex="imageUrl"
            title="Image"
            width={80}
            render={(imageUrl: string, product) => (
              <img
                src={imageUrl}
                alt={product.name}
                width={48}
                height={48}
                loading="lazy"
                style={{ objectFit: "contain", display: "block" }}
              />
            )}
          />
          <Table.Column<Product>
            dataIndex="name"
            title="Name"
            sorter
            sortOrder={sortOrder("name")}
            render={(name: string) => <Typography.Text strong>{name}</Typography.Text>}
          />
          <Table.Column<Product>
            dataIndex="category"
            title="Category"
            render={(category: ProductCategory) => <Tag>{categoryLabels[category]}</Tag>}
          />
          <Table.Column<Product>
            dataIndex="price"
            title="Price"
            align="right"
            sorter
            sortOrder={sortOrder("price")}
            render={(price: string) => formatEuro(price)}
          />
          <Table.Column<Product>
            dataIndex="securityLevel"
            title="Security Level"
            align="center"
            sorter
            sortOrder={sortOrder("securityLevel")}
            render={(level: number) => `${level} / 5`}
          />
          <Table.Column<Product>
            dataIndex="stockQuantity"
            title="Stock"
            sorter
            sortOrder={sortOrder("stockQuantity")}
            render={(quantity: number) => <StockTag quantity={quantity} />}
          />
        </Table>
      )}
    </section>
  )
}
