import type { Order, UnfinalisedPayment, User } from "@enclave/contract"
import { formatEuro, type OrderStatus } from "@enclave/contract/values"
import { useList } from "@refinedev/core"
import { Alert, Checkbox, Flex, Input, Table, Typography } from "antd"
import { Link } from "react-router"
import { ListTable, useListTable } from "../../components/list-table"
import { useSearchBox } from "../../hooks/use-search-box"
import { language } from "../../i18n"
import { t } from "../../i18n/orders"
import { isUnpaidInvoicesFilter, ORDER_SEARCH_FIELD, UNPAID_INVOICES_FILTER } from "../../providers/resources/orders"
import { customerLabel, usersById } from "./customer-name"
import { OrderStatusTag } from "./status-tag"
import { InvoiceStateTag, isTestOrder, TestPaymentTag, useOrderDate } from "./tags"

/** Payments taken that could not become an order: shown only when there are some. */
function UnfinalisedPayments() {
  const formatOrderDate = useOrderDate()
  const { result, query } = useList<UnfinalisedPayment>({
    resource: "unfinalised-payments",
    pagination: { mode: "off" },
    // Only a list that could be read is shown; one that cannot be read shows nothing (as it would have nothing).
    errorNotification: false,
  })
  const data = query.isSuccess ? result.data : []
  if (data.length === 0) return null
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      message={t("unfinalisedTitle", { count: data.length })}
      description={
        <>
          <Typography.Paragraph style={{ marginBottom: 8 }}>{t("unfinalisedText")}</Typography.Paragraph>
          <Table
            size="small"
            rowKey={(p) => `${p.provider}:${p.reference}`}
            dataSource={data}
            pagination={false}
            scroll={{ x: "max-content" }}
            columns={[
              { title: t("unfinalisedReference"), dataIndex: "reference" },
              { title: t("unfinalisedProvider"), dataIndex: "provider" },
              { title: t("paymentId"), dataIndex: "paymentId", render: (id: string | null) => id ?? t("none") },
              { title: t("colUser"), dataIndex: "userId" },
              { title: t("unfinalisedAmount"), dataIndex: "amount", align: "right", render: (a: string) => formatEuro(a, language) },
              { title: t("colDate"), dataIndex: "createdAt", render: formatOrderDate },
              { title: t("unfinalisedReason"), dataIndex: "reason", render: (r: string | null) => r ?? t("none") },
            ]}
          />
        </>
      }
    />
  )
}

export default function OrderList() {
  const formatOrderDate = useOrderDate()
  const table = useListTable<Order>({ resource: "orders" })
  // The customers' names; until they arrive, or if they cannot be read, the ids.
  const { result: users, query: usersQuery } = useList<User>({ resource: "users", pagination: { mode: "off" }, errorNotification: false })
  const customers = usersById(usersQuery.isSuccess ? users.data : undefined)
  // Both filters live in the table's filters (and so in the URL): each sets its own and keeps the other's.
  const unpaidOnly = table.filters.some(isUnpaidInvoicesFilter)
  const { appliedSearch, inputProps: searchProps } = useSearchBox({
    ...table,
    setFilters: (filters, behavior) => table.setFilters(unpaidOnly ? [...filters, UNPAID_INVOICES_FILTER] : filters, behavior),
    field: ORDER_SEARCH_FIELD,
  })
  const showUnpaidOnly = (checked: boolean) => {
    const others = table.filters.filter((filter) => !isUnpaidInvoicesFilter(filter))
    table.setFilters(checked ? [...others, UNPAID_INVOICES_FILTER] : others, "replace")
    table.setCurrentPage(1)
  }
  const emptyText = appliedSearch ? t("noMatches", { search: appliedSearch }) : unpaidOnly ? t("noUnpaidInvoices") : t("noOrders")

  return (
    <section aria-labelledby="orders-title">
      <Flex justify="space-between" align="center" wrap gap="middle" style={{ marginBottom: 16 }}>
        <Typography.Title id="orders-title" level={3} style={{ margin: 0 }}>
          {t("title")}
        </Typography.Title>
        <Flex align="center" wrap gap="middle">
          <Checkbox checked={unpaidOnly} onChange={(event) => showUnpaidOnly(event.target.checked)}>
            {t("filterUnpaidInvoices")}
          </Checkbox>
          <Input.Search
            aria-label={t("searchLabel")}
            placeholder={t("searchPlaceholder")}
            {...searchProps}
            style={{ width: 360, maxWidth: "100%" }}
          />
        </Flex>
      </Flex>
      <UnfinalisedPayments />
      <ListTable
        table={table}
        loadErrorTitle={t("loadError")}
        emptyText={emptyText}
        showTotal={(total) => t(total === 1 ? "countOne" : "countMany", { count: total })}
      >
        <Table.Column<Order>
          dataIndex="id"
          title={t("colId")}
          render={(id: number) => (
            <Link to={`/orders/${id}`} aria-label={t("viewOrder", { id })}>
              #{id}
            </Link>
          )}
        />
        <Table.Column<Order>
          dataIndex="userId"
          title={t("colUser")}
          render={(userId: number | null, order) =>
            order.accountDeletedAt ? t("accountDeleted") : customerLabel(userId, customers, t("guest"))
          }
        />
        <Table.Column<Order> dataIndex="createdAt" title={t("colDate")} render={formatOrderDate} />
        <Table.Column<Order>
          dataIndex="items"
          title={t("colItems")}
          align="right"
          render={(items: Order["items"]) => items.reduce((sum, item) => sum + item.quantity, 0)}
        />
        <Table.Column<Order>
          dataIndex="total"
          title={t("colTotal")}
          align="right"
          render={(total: string) => formatEuro(total, language)}
        />
        <Table.Column<Order>
          dataIndex="status"
          title={t("colStatus")}
          render={(status: OrderStatus) => <OrderStatusTag status={status} />}
        />
        <Table.Column<Order>
          key="payment"
          title={t("colPayment")}
          render={(_, order) => (
            <Flex gap={4} wrap align="center">
              <Typography.Text>{order.paymentMethod}</Typography.Text>
              <InvoiceStateTag order={order} />
              {isTestOrder(order) ? <TestPaymentTag /> : null}
            </Flex>
          )}
        />
        <Table.Column<Order>
          key="actions"
          title={t("colActions")}
          render={(_, order) => (
            <Link to={`/orders/${order.id}`} tabIndex={-1} aria-hidden>
              {t("view")}
            </Link>
          )}
        />
      </ListTable>
    </section>
  )
}
