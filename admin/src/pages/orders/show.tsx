import { ArrowLeftOutlined, DeleteOutlined, EditOutlined } from "@ant-design/icons"
import type { Order, OrderItem, ShippingAddress, User } from "@enclave/contract"
import {
  carrierNames,
  carriers,
  centsToEuros,
  eurosToCents,
  formatEuro,
  orderStatuses,
  shownImageUrl,
  productName,
  shippingMethodName,
  trackingUrl,
  type Carrier,
  type OrderStatus,
} from "@enclave/contract/values"
import { useDelete, useNotification, useOne, useUpdate, type HttpError } from "@refinedev/core"
import {
  Alert,
  Badge,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Input,
  Popconfirm,
  Row,
  Select,
  Skeleton,
  Space,
  Table,
  Typography,
} from "antd"
import { useEffect, useState, type ReactNode } from "react"
import { Link, useNavigate, useParams } from "react-router"
import { RequestError } from "../../components/request-error"
import { language } from "../../i18n"
import { statusLabel, t } from "../../i18n/orders"
import { AfterSaleCard } from "../returns/after-sale-card"
import { AddressModal } from "./address-modal"
import { estimatedDelivery } from "./delivery"
import { InvoiceFacts } from "./invoice"
import { InvoiceLink } from "./invoice-link"
import { OrderStatusTag } from "./status-tag"
import { InvoiceStateTag, isTestOrder, TestPaymentTag, useOrderDate } from "./tags"
import { orderToasts } from "./toasts"

const euro = (amount: string | number) => formatEuro(amount, language)

/** docs/product.md §4: the delivery badge says Shipped for shipped or delivered orders, else Processing. */
function isShipped(status: OrderStatus): boolean {
  return status === "shipped" || status === "delivered"
}

/** A line under the items: the label in the first three columns, the amount in the last. */
function SummaryRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0} colSpan={3} align="right">
        {label}
      </Table.Summary.Cell>
      <Table.Summary.Cell index={3} align="right">
        {children}
      </Table.Summary.Cell>
    </Table.Summary.Row>
  )
}

function ItemsCard({ order }: { order: Order }) {
  return (
    <Card title={t("items")} size="small">
      <Table<OrderItem>
        dataSource={order.items}
        rowKey="id"
        pagination={false}
        size="small"
        scroll={{ x: "max-content" }}
        columns={[
          {
            key: "product",
            title: t("product"),
            render: (_, item) => (
              <Flex align="center" gap="small">
                <img
                  src={shownImageUrl(item.product.imageUrl)}
                  alt={item.product.name}
                  width={40}
                  height={40}
                  loading="lazy"
                  style={{ objectFit: "contain", display: "block" }}
                />
                <Typography.Text strong>{productName(item.product, language)}</Typography.Text>
              </Flex>
            ),
          },
          { dataIndex: "quantity", title: t("qty"), align: "right" },
          { dataIndex: "price", title: t("price"), align: "right", render: (price: string) => euro(price) },
          {
            key: "lineTotal",
            title: t("lineTotal"),
            align: "right",
            render: (_, item) => euro(centsToEuros(eurosToCents(item.price) * item.quantity)),
          },
        ]}
        summary={() => (
          <>
            <SummaryRow label={t("subtotal")}>{euro(order.subtotal)}</SummaryRow>
            <SummaryRow label={t("shipping")}>{euro(order.shippingCost)}</SummaryRow>
            <SummaryRow label={<Typography.Text strong>{t("total")}</Typography.Text>}>
              <Typography.Text strong data-testid="order-total">
                {euro(order.total)}
              </Typography.Text>
            </SummaryRow>
          </>
        )}
      />
    </Card>
  )
}

function PaymentCard({ order }: { order: Order }) {
  return (
    <Card title={t("payment")} size="small">
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t("paymentMethod")}>
          <Space wrap>
            <span data-testid="payment-method">{order.paymentMethod}</span>
            {isTestOrder(order) ? <TestPaymentTag /> : null}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t("paymentId")}>
          <Typography.Text copyable={order.paymentId ? { text: order.paymentId } : false} data-testid="payment-id">
            {order.paymentId ?? t("none")}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t("shippingMethod")}>
          {order.shippingMethod ? shippingMethodName(order.shippingMethod, language) : t("none")}
        </Descriptions.Item>
        <Descriptions.Item label={t("total")}>{euro(order.total)}</Descriptions.Item>
      </Descriptions>
      {order.invoice ? <InvoiceFacts order={order} invoice={order.invoice} /> : null}
    </Card>
  )
}

function StatusCard({ order }: { order: Order }) {
  const [status, setStatus] = useState<OrderStatus>(order.status)
  const [carrier, setCarrier] = useState<Carrier | undefined>(order.shipment?.carrier ?? undefined)
  const [trackingNumber, setTrackingNumber] = useState(order.shipment?.trackingNumber ?? "")
  // A new saved status or parcel (this save's, or another admin's seen on refetch) replaces what was picked.
  const saved = `${order.status}|${order.shipment?.carrier ?? ""}|${order.shipment?.trackingNumber ?? ""}`
  const [savedState, setSavedState] = useState(saved)
  if (savedState !== saved) {
    setSavedState(saved)
    setStatus(order.status)
    setCarrier(order.shipment?.carrier ?? undefined)
    setTrackingNumber(order.shipment?.trackingNumber ?? "")
  }
  const { mutate, mutation } = useUpdate<Order, HttpError, { status: OrderStatus; carrier?: Carrier; trackingNumber?: string }>()
  const shipping = status === "shipped"
  const tracking = trackingNumber.trim()
  const trackingProblem =
    !shipping || !tracking
      ? null
      : !/^[A-Za-z0-9-]{4,40}$/.test(tracking)
        ? t("trackingFormat")
        : !carrier
          ? t("trackingNeedsCarrier")
          : null
  // Sent again with "shipped", a changed carrier or tracking number replaces the one the parcel has.
  const labelChanged =
    shipping && (carrier !== (order.shipment?.carrier ?? undefined) || tracking !== (order.shipment?.trackingNumber ?? ""))
  const save = () =>
    mutate({
      resource: "orders",
      id: order.id,
      values: { status, ...(shipping && carrier ? { carrier, ...(tracking ? { trackingNumber: tracking } : {}) } : {}) },
      ...orderToasts(t("orderUpdated"), t("orderUpdatedText", { id: order.id, status: statusLabel(status) })),
    })
  const shipment = order.shipment
  const shipmentLink =
    shipment?.carrier && shipment.trackingNumber ? trackingUrl(shipment.carrier, shipment.trackingNumber, language) : null
  return (
    <Card title={t("statusSection")} size="small">
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t("delivery")}>
          <Badge
            data-testid="delivery-badge"
            status={isShipped(order.status) ? "success" : "processing"}
            text={isShipped(order.status) ? t("deliveryShipped") : t("deliveryProcessing")}
          />
        </Descriptions.Item>
        <Descriptions.Item label={t("estimatedDelivery")}>
          <span data-testid="estimated-delivery">{estimatedDelivery(order)}</span>
        </Descriptions.Item>
        {shipment ? (
          <Descriptions.Item label={t("carrier")}>
            <Space wrap data-testid="shipment">
              <span>
                {shipment.carrier ? (shipment.carrier === "other" ? t("carrierOther") : carrierNames[shipment.carrier]) : t("carrierNone")}
              </span>
              {shipment.trackingNumber ? <Typography.Text copyable>{shipment.trackingNumber}</Typography.Text> : null}
              {shipmentLink ? (
                <Typography.Link href={shipmentLink} target="_blank" rel="noopener noreferrer">
                  {t("trackParcel")}
                </Typography.Link>
              ) : null}
            </Space>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <Flex gap="small" wrap align="center" style={{ marginTop: 8 }}>
        <label htmlFor="order-status-select">{t("statusLabel")}</label>
        <Select<OrderStatus>
          id="order-status-select"
          value={status}
          onChange={setStatus}
          style={{ minWidth: 180 }}
          options={orderStatuses.map((value) => ({ value, label: statusLabel(value) }))}
        />
        <Button
          type="primary"
          onClick={save}
          loading={mutation.isPending}
          disabled={(status === order.status && !labelChanged) || trackingProblem !== null}
        >
          {t("updateStatus")}
        </Button>
      </Flex>
      {shipping ? (
        <Flex gap="small" wrap align="flex-start" style={{ marginTop: 12 }} data-testid="shipment-form">
          <Flex vertical gap={4}>
            <label htmlFor="order-carrier-select">{t("carrier")}</label>
            <Select<Carrier>
              id="order-carrier-select"
              allowClear
              value={carrier}
              onChange={setCarrier}
              placeholder={t("carrierNone")}
              style={{ minWidth: 180 }}
              options={carriers.map((value) => ({ value, label: value === "other" ? t("carrierOther") : carrierNames[value] }))}
            />
          </Flex>
          <Flex vertical gap={4} style={{ minWidth: 220 }}>
            <label htmlFor="order-tracking-number">{t("trackingNumber")}</label>
            <Input
              id="order-tracking-number"
              value={trackingNumber}
              onChange={(event) => setTrackingNumber(event.target.value)}
              status={trackingProblem ? "error" : undefined}
              aria-describedby="order-tracking-hint"
              aria-invalid={trackingProblem !== null}
            />
            <Typography.Text
              id="order-tracking-hint"
              type={trackingProblem ? "danger" : "secondary"}
              role={trackingProblem ? "alert" : undefined}
            >
              {trackingProblem ?? t("trackingHint")}
            </Typography.Text>
          </Flex>
        </Flex>
      ) : null}
    </Card>
  )
}

function CustomerCard({ order }: { order: Order }) {
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

function AddressCard({ order }: { order: Order }) {
  const [editing, setEditing] = useState(false)
  const { mutate, mutation } = useUpdate<Order, HttpError, { shippingAddress: ShippingAddress }>()
  const save = (shippingAddress: ShippingAddress) =>
    mutate(
      {
        resource: "orders",
        id: order.id,
        values: { shippingAddress },
        ...orderToasts(t("addressUpdated"), t("addressUpdatedText", { id: order.id }), (message) => t("addressFailed", { message })),
      },
      { onSuccess: () => setEditing(false) },
    )
  const address = order.shippingAddress
  return (
    <Card
      title={t("shippingAddress")}
      size="small"
      extra={
        <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
          {t("editAddress")}
        </Button>
      }
    >
      {address ? (
        <address style={{ fontStyle: "normal" }} data-testid="shipping-address">
          <div>{address.fullName}</div>
          <div>{address.addressLine1}</div>
          {address.addressLine2 ? <div>{address.addressLine2}</div> : null}
          <div>
            {address.postalCode} {address.city}
          </div>
          <div>{address.state}</div>
          <div>{address.country}</div>
        </address>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("noShippingAddress")} />
      )}
      <AddressModal order={order} open={editing} saving={mutation.isPending} onCancel={() => setEditing(false)} onSave={save} />
    </Card>
  )
}

function DeleteButton({ order }: { order: Order }) {
  const navigate = useNavigate()
  const { mutate, mutation } = useDelete<Order>()
  const remove = () =>
    mutate(
      {
        resource: "orders",
        id: order.id,
        ...orderToasts(t("orderDeleted"), t("orderDeletedText", { id: order.id }), (message) => t("deleteFailed", { message })),
      },
      { onSuccess: () => void navigate("/orders") },
    )
  return (
    <Popconfirm
      title={t("deleteConfirmTitle", { id: order.id })}
      description={t("deleteConfirmText")}
      okText={t("deleteConfirmOk")}
      cancelText={t("cancel")}
      okButtonProps={{ danger: true, loading: mutation.isPending }}
      onConfirm={remove}
    >
      <Button danger icon={<DeleteOutlined />} loading={mutation.isPending}>
        {t("deleteOrder")}
      </Button>
    </Popconfirm>
  )
}

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
