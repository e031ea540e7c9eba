import type { Order } from "@enclave/contract"
import { isSandboxPaymentMethod } from "@enclave/contract/values"
import { ExperimentOutlined } from "@ant-design/icons"
import { Tag } from "antd"
import { locale } from "../../i18n"
import { t } from "../../i18n/orders"
import { isUnpaidInvoice } from "../../providers/resources/orders"
import { BandTag } from "../../components/band-tag"
import { formatShopDateTime, formatShopMomentDay, useShopTimeZone } from "../../providers/shop-details"

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

/** An order's moments on the shop's clock (its time zone setting), as the admin's language writes them. */
export function useOrderDate(): (iso: string) => string {
  const timeZone = useShopTimeZone()
  return (iso) => formatShopDateTime(iso, timeZone)
}

/** An invoice order's payment in the status bands: green Paid (with its date), gold Awaiting payment, red Overdue. */
const invoiceBands = { paid: "green", awaiting_payment: "gold", overdue: "red" } as const

/** Nothing for other payments, nor for a cancelled order that was never paid: no money is owed. */
export function InvoiceStateTag({ order }: { order: Pick<Order, "status" | "invoice"> }) {
  const timeZone = useShopTimeZone()
  const invoice = order.invoice
  if (!invoice || (!isUnpaidInvoice(order) && !invoice.paidAt)) return null
  const text = invoice.paidAt ? t("invoicePaidOn", { date: formatShopMomentDay(invoice.paidAt, timeZone) }) : t(`invoice_${invoice.state}`)
  return (
    <BandTag band={invoiceBands[invoice.state]} data-invoice-state={invoice.state}>
      {text}
    </BandTag>
  )
}

const shopDayFormat = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" })

/** An invoice's due date (YYYY-MM-DD, a day of the shop's calendar), read and written in UTC so no time zone moves it. */
export function formatDueDate(day: string): string {
  const [year, month, date] = day.split("-").map(Number)
  return year && month && date ? shopDayFormat.format(new Date(Date.UTC(year, month - 1, date))) : day
}
