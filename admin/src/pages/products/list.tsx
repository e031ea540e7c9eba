import type { AdminProduct } from "@enclave/contract"
import { formatEuro, shownImageUrl, type ProductCategory } from "@enclave/contract/values"
import { DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons"
import { useDelete, type HttpError } from "@refinedev/core"
import { Button, Flex, Input, Popconfirm, Select, Space, Table, Tag, Typography } from "antd"
import { lazy, Suspense, useState } from "react"
import { ListTable, useListTable } from "../../components/list-table"
import { StockTag } from "../../components/stock-tag"
import { useSearchBox } from "../../hooks/use-search-box"
import { language } from "../../i18n"
import { t } from "../../i18n/products"
import { PRODUCT_SEARCH_FIELD, productSortFields, type ProductSortField } from "../../providers/resources/products"
import { toast } from "../../providers/toast"

// The dialog brings antd's Form and Upload: fetched when it is first opened, not with the list.
const ProductDialog = lazy(() => import("./product-dialog").then((module) => ({ default: module.ProductDialog })))

/** docs/product.md §9: every sort field, ascending and descending, in the sort menu. */
const sortOptions = productSortFields.flatMap((field) =>
  (["asc", "desc"] as const).map((order) => ({ value: `${field}:${order}`, label: t(`sort.${field}.${order}`) })),
)
const DEFAULT_SORT = "id:asc"

export default function ProductList() {
  const table = useListTable<AdminProduct>({ resource: "products", sorters: { initial: [{ field: "id", order: "asc" }] } })
  const { sortOrder: sortOrderOf, setCurrentPage, sorters, setSorters } = table
  const { appliedSearch, inputProps: searchProps } = useSearchBox({ ...table, field: PRODUCT_SEARCH_FIELD })

  const sortOrder = (field: ProductSortField) => sortOrderOf(field)
  // The menu and the column headers share the table's sorters (and so the URL).
  const sortValue = sorters[0] ? `${sorters[0].field}:${sorters[0].order}` : DEFAULT_SORT
  const applySort = (value: string) => {
    const [field, order] = value.split(":") as [ProductSortField, "asc" | "desc"]
    setSorters([{ field, order }])
    setCurrentPage(1)
  }

  // The add dialog (no product) or the edit dialog of one product.
  const [dialog, setDialog] = useState<{ product?: AdminProduct } | undefined>(undefined)
  const { mutateAsync: deleteProduct } = useDelete<AdminProduct, HttpError>()
  const [deleting, setDeleting] = useState<number | undefined>(undefined)
  const remove = async (product: AdminProduct) => {
    setDeleting(product.id)
    try {
      await deleteProduct({
        resource: "products",
        id: product.id,
        successNotification: () => toast("success", t("toast.deleted"), t("toast.deletedText", { name: product.name })),
        errorNotification: (error) => toast("error", t("toast.error"), error?.message ?? ""),
      })
    } catch {
      // Shown by the error toast.
    } finally {
      setDeleting(undefined)
    }
  }

  return (
    <section aria-labelledby="products-title">
      <Flex justify="space-between" align="center" wrap gap="middle" style={{ marginBottom: 16 }}>
        <Typography.Title id="products-title" level={3} style={{ margin: 0 }}>
          {t("title")}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})}>
          {t("addProduct")}
        </Button>
      </Flex>
      <Flex justify="space-between" align="center" wrap gap="middle" style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label={t("searchLabel")}
          placeholder={t("searchPlaceholder")}
          {...searchProps}
          style={{ width: 320, maxWidth: "100%" }}
        />
        <Space>
          <Typography.Text id="products-sort-label">{t("sortLabel")}</Typography.Text>
          <Select
            aria-labelledby="products-sort-label"
            data-testid="products-sort"
            value={sortValue}
            options={sortOptions}
            // Ten options: all rendered, none recycled while scrolling.
            virtual={false}
            onChange={applySort}
            style={{ width: 260, maxWidth: "100%" }}
          />
        </Space>
      </Flex>
      <ListTable
        table={table}
        loadErrorTitle={t("loadFailed")}
        emptyText={appliedSearch ? t("noMatch", { search: appliedSearch }) : t("noProducts")}
        showTotal={(total) => t(total === 1 ? "totalOne" : "totalMany", { count: total })}
      >
        <Table.Column<AdminProduct> dataIndex="id" title={t("column.id")} sorter sortOrder={sortOrder("id")} width={80} />
        <Table.Column<AdminProduct>
          dataIndex="imageUrl"
          title={t("column.image")}
          width={80}
          render={(imageUrl: string, product) => (
            <img
              src={shownImageUrl(imageUrl)}
              alt={product.name}
              width={48}
              height={48}
              loading="lazy"
              style={{ objectFit: "contain", display: "block" }}
            />
          )}
        />
        <Table.Column<AdminProduct>
          dataIndex="name"
          title={t("column.name")}
          sorter
          sortOrder={sortOrder("name")}
          render={(name: string) => <Typography.Text strong>{name}</Typography.Text>}
        />
        <Table.Column<AdminProduct>
          dataIndex="category"
          title={t("column.category")}
          render={(category: ProductCategory) => <Tag>{t(`category.${category}`)}</Tag>}
        />
        <Table.Column<AdminProduct>
          dataIndex="price"
          title={t("column.price")}
          align="right"
          sorter
          sortOrder={sortOrder("price")}
          render={(price: string) => formatEuro(price, language)}
        />
        <Table.Column<AdminProduct>
          dataIndex="securityLevel"
          title={t("column.securityLevel")}
          align="center"
          sorter
          sortOrder={sortOrder("securityLevel")}
          render={(level: number) => t("levelOf", { level })}
        />
        <Table.Column<AdminProduct>
          dataIndex="stockQuantity"
          title={t("column.stock")}
          sorter
          sortOrder={sortOrder("stockQuantity")}
          render={(quantity: number) => <StockTag quantity={quantity} />}
        />
        <Table.Column<AdminProduct>
          key="actions"
          title={t("column.actions")}
          fixed="right"
          render={(_, product) => (
            <Space>
              <Button
                icon={<EditOutlined />}
                aria-label={t("editNamed", { name: product.name })}
                title={t("edit")}
                onClick={() => setDialog({ product })}
              />
              <Popconfirm
                title={t("deleteConfirmTitle")}
                description={t("deleteConfirmText", { name: product.name })}
                okText={t("delete")}
                cancelText={t("cancel")}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove(product)}
              >
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t("deleteNamed", { name: product.name })}
                  title={t("delete")}
                  loading={deleting === product.id}
                />
              </Popconfirm>
            </Space>
          )}
        />
      </ListTable>
      {dialog ? (
        <Suspense fallback={null}>
          <ProductDialog product={dialog.product} onClose={() => setDialog(undefined)} />
        </Suspense>
      ) : null}
    </section>
  )
}
