import { CheckCircleOutlined } from "@ant-design/icons"
import { formatIban, type ErrorCode, type Order, type OrderInvoice } from "@enclave/contract"
import { formatEuro } from "@enclave/contract/values"
import { useUpdate, type HttpError } from "@refinedev/core"
import { Button, Descriptions, Divider, Popconfirm, Typography } from "antd"
import { language } from "../../i18n"
import { t } from "../../i18n/orders"
import { isUnpaidInvoice } from "../../providers/resources/orders"
import { formatDueDate, InvoiceStateTag } from "./tags"
import { orderToasts } from "./toasts"

/** The facade's refusals of mark-paid (409), by code, in the admin's language; any other message as it came. */
const refusals: Partial<Record<ErrorCode, "notAnInvoiceOrder" | "invoiceAlreadyPaid" | "cancelledNotPayable">> = {
  not_an_invoice_order: "notAnInvoiceOrder",
  invoice_already_paid: "invoiceAlreadyPaid",
  cancelled_order_not_payable: "cancelledNotPayable",
}

/**
 * 'Mark as paid': once the transfer has arrived, staff confirm it; the facade captures
 * Medusa's payment and records the date. Only for an invoice whose money is still owed; the
 * confirmation names the amount and the reference to look for on the bank statement.
 */
function MarkPaidButton({ order, invoice }: { order: Order; invoice: OrderInvoice }) {
  const { mutate, mutation } = useUpdate<Order, HttpError, { paid: true }>()
  if (!isUnpaidInvoice(order)) return null
  const markPaid = () =>
    mutate({
      resource: "orders",
      id: order.id,
      values: { paid: true },
      ...orderToasts(t("markedPaid"), t("markedPaidText", { id: order.id }), (message, code) => {
        const refusal = code ? refusals[code as ErrorCode] : undefined
        return t("markPaidFailed", { message: refusal ? t(refusal) : message })
      }),
    })
  return (
    <Popconfirm
      title={t("markPaidConfirmTitle", { id: order.id })}
      description={
        <Typography.Paragraph style={{ maxWidth: 320, margin: 0 }}>
          {t("markPaidConfirmText", { amount: formatEuro(order.total, language), reference: invoice.reference })}
        </Typography.Paragraph>
      }
      okText={t("markPaidConfirmOk")}
      cancelText={t("cancel")}
      okButtonProps={{ loading: mutation.isPending }}
      onConfirm={markPaid}
    >
      <Button type="primary" icon={<CheckCircleOutlined />} loading={mutation.isPending}>
        {t("markPaid")}
      </Button>
    </Popconfirm>
  )
}

/** An invoice order's payment in the order view: reference, due date, paid or not, the bank account it names, and 'Mark as paid'. */
export function InvoiceFacts({ order, invoice }: { order: Order; invoice: OrderInvoice }) {
  const unpaidCancelled = order.status === "cancelled" && !invoice.paidAt
  return (
    <section aria-label={t("invoicePayment")} data-testid="invoice-facts">
      <Divider style={{ margin: "12px 0" }} />
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t("invoiceReference")}>
          <Typography.Text copyable={{ text: invoice.reference }} data-testid="invoice-reference">
            {invoice.reference}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t("invoiceDueDate")}>
          <span data-testid="invoice-due-date">{formatDueDate(invoice.dueDate)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t("invoicePayment")}>
          <span data-testid="invoice-state">
            {unpaidCancelled ? (
              <Typography.Text type="secondary">{t("invoiceCancelled")}</Typography.Text>
            ) : (
              <InvoiceStateTag order={order} />
            )}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t("invoiceBankAccount")}>
          <span>
            {invoice.bankAccount.accountHolder}
            <br />
            <Typography.Text code>{formatIban(invoice.bankAccount.iban)}</Typography.Text>{" "}
            <Typography.Text code>{invoice.bankAccount.bic}</Typography.Text>
          </span>
        </Descriptions.Item>
      </Descriptions>
      <MarkPaidButton order={order} invoice={invoice} />
    </section>
  )
}
