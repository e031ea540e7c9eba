import type { Order, OrderInvoice } from "@enclave/contract"
import { formatIban } from "@enclave/contract/bank"
import { formatEuro } from "@enclave/contract/money"
import type { Language, Translate } from "../../../i18n"
import { formatShopDay, formatShopMomentDay } from "../../../lib/orders"

interface Props {
  order: Order
  invoice: OrderInvoice
  language: Language
  t: Translate
  /** The shop's time zone. */
  timeZone: string
}

/**
 * What a customer who pays by invoice needs to pay: the sentence saying what to transfer by
 * when, quoting which reference, and the shop's bank account as the order fixed it. Once paid, only
 * the thanks. Rendered on the success page.
 */
export function InvoiceTransfer({ order, invoice, language, t, timeZone }: Props) {
  const amount = formatEuro(order.total, language)
  const dueDate = formatShopDay(invoice.dueDate, language)
  const params = { amount, dueDate, reference: invoice.reference }
  return (
    <section className={`co-transfer co-transfer--${invoice.state}`} aria-labelledby="transfer-title" data-testid="invoice-transfer">
      <h2 id="transfer-title" className="co-transfer__title">
        {invoice.state === "paid" ? t("result.invoice.paid") : t("result.invoice.title")}
      </h2>
      <p data-testid="invoice-transfer-text">
        {invoice.state === "paid"
          ? t("result.invoice.paidText", { date: formatShopMomentDay(invoice.paidAt!, language, timeZone) })
          : t(invoice.state === "overdue" ? "result.invoice.overdueText" : "result.invoice.text", params)}
      </p>
      {invoice.state !== "paid" && (
        <dl className="co-transfer__details">
          <div>
            <dt>{t("result.invoice.accountHolder")}</dt>
            <dd data-testid="invoice-account-holder">{invoice.bankAccount.accountHolder}</dd>
          </div>
          <div>
            <dt>{t("result.invoice.iban")}</dt>
            <dd className="co-transfer__mono" data-testid="invoice-iban">
              {formatIban(invoice.bankAccount.iban)}
            </dd>
          </div>
          <div>
            <dt>{t("result.invoice.bic")}</dt>
            <dd className="co-transfer__mono" data-testid="invoice-bic">
              {invoice.bankAccount.bic}
            </dd>
          </div>
          <div>
            <dt>{t("result.invoice.amount")}</dt>
            <dd data-testid="invoice-amount">{amount}</dd>
          </div>
          <div>
            <dt>{t("result.invoice.reference")}</dt>
            <dd className="co-transfer__mono" data-testid="invoice-reference">
              {invoice.reference}
            </dd>
          </div>
          <div>
            <dt>{t("result.invoice.dueDate")}</dt>
            <dd data-testid="invoice-due-date">
              <time dateTime={invoice.dueDate}>{dueDate}</time>
            </dd>
          </div>
        </dl>
      )}
    </section>
  )
}
