import type { Order } from "@enclave/contract"
import { isSandboxPaymentMethod, type OrderStatus } from "@enclave/contract/values"
import { ExperimentOutlined } from "@ant-design/icons"
import { Tag } from "antd"
import { locale } from "../../i18n"
import { statusLabel, t } from "../../i18n/orders"
import { isUnpaidInvoice } from "../../providers/resources/orders"
import { BandTag } from "../../components/band-tag"
import { statusBand } from "./status-band"

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  return (
    <BandTag band={statusBand(status)} data-order-status={status}>
      {statusLabel(status)}
    </BandTag>
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

/** An invoice order's payment (issue 17) in the status bands: green Paid (with its date), gold Awaiting payment, red Overdue. */
const invoiceBands = { paid: "green", awaiting_payment: "gold", overdue: "red" } as const

/** Nothing for other payments, nor for a cancelled order that was never paid: no money is owed. */
export function InvoiceStateTag({ order }: { order: Pick<Order, "status" | "invoice"> }) {
  const invoice = order.invoice
  if (!invoice || (!isUnpaidInvoice(order) && !invoice.paidAt)) return null
  const text = invoice.paidAt ? t("invoicePaidOn", { date: formatInvoiceDay(invoice.paidAt) }) : t(`invoice_${invoice.state}`)
  return (
    <BandTag band={invoiceBands[invoice.state]} data-invoice-state={invoice.state}>
      {text}
    </BandTag>
  )
}

const dayFormat = new Intl.DateTimeFormat(locale, { dateStyle: "medium" })
const shopDayFormat = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" })

/** A moment's day as the admin's language writes it ("26 Nov 2026", "26.11.2026"). */
export function formatInvoiceDay(iso: string): string {
  return dayFormat.format(new Date(iso))
}

/** An invoice's due date (YYYY-MM-DD, a day of the shop's calendar), read and written in UTC so no time zone moves it. */
export function formatDueDate(day: string): string {
  const [year, month, date] = day.split("-").map(Number)
  return year && month && date ? shopDayFormat.format(new Date(Date.UTC(year, month - 1, date))) : day
}
