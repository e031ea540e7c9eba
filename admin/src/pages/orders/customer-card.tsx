import type { Order, User } from "@enclave/contract"
import { useNotification, useOne, type HttpError } from "@refinedev/core"
import { Alert, Card, Descriptions, Skeleton, Typography } from "antd"
import { useEffect } from "react"
import { t } from "../../i18n/orders"
import { useOrderDate } from "./tags"

/** The account behind the order (GET /api/admin/order-user/{userId} as the users resource's record). */
export function CustomerCard({ order }: { order: Order }) {
  const formatOrderDate = useOrderDate()
  const userId = order.userId
  const { query: customer } = useOne<User, HttpError>({
    resource: "users",
    id: userId ?? undefined,
    queryOptions: { enabled: userId !== null },
    // The card says it and so does its own toast (below), once.
    errorNotification: false,
  })
  // docs/product.md §8: the failure is also a toast; the card keeps saying it.
  const { open } = useNotification()
  useEffect(() => {
    if (customer.isError) open?.({ key: `order-user-${userId}`, type: "error", description: t("error"), message: t("customerError") })
  }, [customer.isError, userId, open])
  let body
  if (order.accountDeletedAt) {
    body = (
      <Alert
        type="info"
        showIcon
        message={t("accountDeleted")}
        description={t("accountDeletedText", { date: formatOrderDate(order.accountDeletedAt) })}
        data-testid="account-deleted"
      />
    )
  } else if (userId === null) body = <Typography.Text type="secondary">{t("noCustomer")}</Typography.Text>
  else if (customer.isPending) body = <Skeleton active paragraph={{ rows: 3 }} title={false} aria-label={t("customerLoading")} />
  else if (customer.isError) body = <Alert type="warning" showIcon role="alert" message={t("customerError")} data-testid="customer-error" />
  else {
    const user = customer.data.data
    const address = [user.addressLine1, user.addressLine2, [user.postalCode, user.city].filter(Boolean).join(" "), user.state, user.country]
      .filter((line) => line)
      .join(", ")
    body = (
      <Descriptions column={1} size="small" data-testid="customer-details">
        <Descriptions.Item label={t("colUser")}>{user.id}</Descriptions.Item>
        <Descriptions.Item label={t("username")}>{user.username}</Descriptions.Item>
        <Descriptions.Item label={t("fullName")}>{user.fullName || t("none")}</Descriptions.Item>
        <Descriptions.Item label={t("email")}>
          <Typography.Link href={`mailto:${user.email}`}>{user.email}</Typography.Link>
        </Descriptions.Item>
        <Descriptions.Item label={t("accountAddress")}>{address || t("none")}</Descriptions.Item>
      </Descriptions>
    )
  }
  return (
    <Card title={t("customer")} size="small">
      {body}
      {order.email && !customer.isSuccess ? (
        <Descriptions column={1} size="small" style={{ marginTop: 8 }}>
          <Descriptions.Item label={t("orderEmail")}>{order.email}</Descriptions.Item>
        </Descriptions>
      ) : null}
    </Card>
  )
}
