import type { Order } from "@enclave/contract"
import { carrierNames, carriers, orderStatuses, trackingUrl, type Carrier, type OrderStatus } from "@enclave/contract/values"
import { useUpdate, type HttpError } from "@refinedev/core"
import { Badge, Button, Card, Descriptions, Flex, Input, Select, Space, Typography } from "antd"
import { useState } from "react"
import { language } from "../../i18n"
import { statusLabel, t } from "../../i18n/orders"
import { estimatedDelivery } from "./delivery"
import { orderToasts } from "./toasts"

/** docs/product.md §4: the delivery badge says Shipped for shipped or delivered orders, else Processing. */
function isShipped(status: OrderStatus): boolean {
  return status === "shipped" || status === "delivered"
}

/** The order's status and delivery: change the status (with the parcel's carrier and tracking number when shipped). */
export function StatusCard({ order }: { order: Order }) {
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
