import { ArrowLeftOutlined } from "@ant-design/icons"
import type { Order } from "@enclave/contract"
import { useOne, type HttpError } from "@refinedev/core"
import { Alert, Col, Flex, Row, Skeleton, Space, Typography } from "antd"
import { Link, useParams } from "react-router"
import { RequestError } from "../../components/request-error"
import { t } from "../../i18n/orders"
import { AfterSaleCard } from "../returns/after-sale-card"
import { InvoiceLink } from "./invoice-link"
import { OrderStatusTag } from "./status-tag"
import { InvoiceStateTag, isTestOrder, TestPaymentTag, useOrderDate } from "./tags"
import { AddressCard } from "./address-card"
import { CustomerCard } from "./customer-card"
import { DeleteButton } from "./delete-button"
import { ItemsCard } from "./items-card"
import { PaymentCard } from "./payment-card"
import { StatusCard } from "./status-card"

export default function OrderShow() {
  const formatOrderDate = useOrderDate()
  const { id = "" } = useParams()
  const { query, result: order } = useOne<Order, HttpError>({
    resource: "orders",
    id,
    errorNotification: false,
  })

  const back = (
    <Link to="/orders">
      <ArrowLeftOutlined /> {t("backToOrders")}
    </Link>
  )

  if (query.isError) {
    return (
      <section aria-labelledby="order-title">
        {back}
        <Typography.Title id="order-title" level={3}>
          {t("orderTitle", { id })}
        </Typography.Title>
        {query.error.statusCode === 404 ? (
          <Alert type="info" showIcon message={t("orderNotFound", { id })} />
        ) : (
          <RequestError title={t("orderLoadError")} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        )}
      </section>
    )
  }

  if (!order) {
    return (
      <section aria-labelledby="order-title" aria-busy="true">
        {back}
        <Typography.Title id="order-title" level={3}>
          {t("orderTitle", { id })}
        </Typography.Title>
        <Skeleton active paragraph={{ rows: 8 }} />
      </section>
    )
  }

  return (
    <section aria-labelledby="order-title">
      {back}
      <Flex justify="space-between" align="center" wrap gap="middle" style={{ margin: "8px 0 16px" }}>
        <div>
          <Space wrap align="center">
            <Typography.Title id="order-title" level={3} style={{ margin: 0 }}>
              {t("orderTitle", { id: order.id })}
            </Typography.Title>
            <OrderStatusTag status={order.status} />
            <InvoiceStateTag order={order} />
            {isTestOrder(order) ? <TestPaymentTag /> : null}
          </Space>
          <Typography.Text type="secondary" style={{ display: "block" }}>
            {t("placedOn", { date: formatOrderDate(order.createdAt) })} · {t("colUser")}:{" "}
            {order.accountDeletedAt ? t("accountDeleted") : (order.userId ?? t("guest"))}
          </Typography.Text>
        </div>
        <Space wrap>
          <InvoiceLink orderId={order.id} />
          <DeleteButton order={order} />
        </Space>
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Flex vertical gap={16}>
            <ItemsCard order={order} />
            <PaymentCard order={order} />
          </Flex>
        </Col>
        <Col xs={24} xl={10}>
          <Flex vertical gap={16}>
            <StatusCard order={order} />
            <AfterSaleCard order={order} />
            <CustomerCard order={order} />
            <AddressCard order={order} />
          </Flex>
        </Col>
      </Row>
    </section>
  )
}
