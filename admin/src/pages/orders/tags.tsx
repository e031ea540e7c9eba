import type { Order } from "@enclave/contract"
import { isSandboxPaymentMethod, type OrderStatus } from "@enclave/contract/values"
import { ExperimentOutlined } from "@ant-design/icons"
import { Tag } from "antd"
import { locale } from "../../i18n"
import { statusLabel, t } from "../../i18n/orders"

const statusColours: Record<OrderStatus, string> = {
  pending: "gold",
  processing: "blue",
  shipped: "cyan",
  delivered: "geekblue",
  completed: "green",
  cancelled: "red",
}

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  return (
    <Tag color={statusColours[status]} data-order-status={status}>
      {statusLabel(status)}
    </Tag>
  )
}

/** docs/product.md §8: in the admin a paymentMethod containing Sandbox marks a test payment (the facade also says so). */
export function isTestOrder(order: Pick<Order, "paymentMethod" | "isTestPayment">): boolean {
  return order.isTestPayment || isSandboxPaymentMethod(order.paymentMethod)
}

export function TestPaymentTag() {
  return (
    <Tag color="purple" icon={<ExperimentOutlined />} data-testid="test-payment-tag">
      {t("testPayment")}
    </Tag>
  )
}

const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" })

export function formatOrderDate(iso: string): string {
  return dateFormat.format(new Date(iso))
}
