/**
 * The payment result (docs/product.md §2 Payment success page): 'Payment Successful' with the order, or 'Payment
 * Issue' with what went wrong, or the loading state while the island finishes a payment. Rendered on the
 * server for an orderId, and by the PaymentReturn island after a PayPal or card provider return.
 */
import type { Order } from "@enclave/contract"
import type { Language, Translate } from "../../../i18n"
import { formatEuro } from "@enclave/contract/money"
import { deliveryEstimate, shippingMethodName } from "@enclave/contract/values"
import { invoicePaymentState, isTestOrder } from "../../../lib/orders"
import { InvoiceTransfer } from "./InvoiceTransfer"
import { formatShopMoment } from "../../../lib/orders"

export type ResultOutcome =
  { kind: "loading"; message: string } | { kind: "success"; order: Order } | { kind: "issue"; message: string; detail?: string }

interface Props {
  outcome: ResultOutcome
  language: Language
  t: Translate
  /** The shop's time zone: dates are written there, like the orders screen, so server and browser agree. */
  timeZone: string
}

export function resultTitle(outcome: ResultOutcome, t: Translate): string {
  // An invoice order is placed, not paid: the page must not say "Payment Successful".
  if (outcome.kind === "success") return t(outcome.order.invoice ? "result.invoice.placedTitle" : "result.success.title")
  if (outcome.kind === "issue") return t("result.issue.title")
  return outcome.message
}

/** The delivery estimate of the order's method in the page's language (the method's own, no shop text). */
function orderEstimate(order: Order, language: Language): string | null {
  return order.shippingMethod ? deliveryEstimate(order.shippingMethod, language) : null
}

/** The order's status, or for an unpaid invoice order the payment it waits for. */
function statusText(order: Order, t: Translate): string {
  const state = invoicePaymentState(order)
  if (state && state !== "paid" && order.status === "pending") return t(`result.invoice.${state}`)
  return t(`result.status.${order.status}`)
}

export function PaymentResult({ outcome, language, t, timeZone }: Props) {
  const title = resultTitle(outcome, t)
  const invoice = outcome.kind === "success" ? (outcome.order.invoice ?? null) : null
  const estimate = outcome.kind === "success" ? orderEstimate(outcome.order, language) : null
  return (
    <div className="co-result" data-testid="payment-result" data-outcome={outcome.kind}>
      <div className="co-result__head">
        {outcome.kind === "loading" ? (
          <div className="co-result__icon co-result__icon--loading" aria-hidden="true">
            <span className="co-spinner co-spinner--large" />
          </div>
        ) : (
          <div className={`co-result__icon${outcome.kind === "issue" ? " co-result__icon--issue" : ""}`} aria-hidden="true">
            {outcome.kind === "success" ? (
              <svg
                width="36"
                height="36"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="m5 12.5 4.5 4.5L19 7.5" />
              </svg>
            ) : (
              <svg
                width="36"
                height="36"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="M12 3 2 20h20L12 3Z" />
                <path d="M12 10v4M12 17h.01" />
              </svg>
            )}
          </div>
        )}
        {outcome.kind === "loading" ? (
          <h1 role="status">{title}</h1>
        ) : (
          <h1 tabIndex={-1} data-result-heading="">
            {title}
          </h1>
        )}
        {outcome.kind === "success" && (
          <p className="co-result__lead">{t(invoice ? "result.invoice.placedText" : "result.success.text")}</p>
        )}
        {outcome.kind === "issue" && (
          <div role="alert">
            <p className="co-result__lead">{outcome.message}</p>
            {outcome.detail && <p className="co-result__lead">{outcome.detail}</p>}
          </div>
        )}
      </div>

      {outcome.kind === "success" && (
        <>
          {isTestOrder(outcome.order) && (
            <div className="co-banner" data-testid="test-payment-banner">
              <p className="co-banner__title">{t("result.testBanner")}</p>
              <p>{t("result.testBannerText")}</p>
            </div>
          )}
          {invoice && invoicePaymentState(outcome.order) && (
            <InvoiceTransfer order={outcome.order} invoice={invoice} language={language} t={t} timeZone={timeZone} />
          )}
          <h2 className="visually-hidden">{t("result.details")}</h2>
          <dl className="co-facts">
            <div>
              <dt>{t("result.orderId")}</dt>
              <dd data-testid="result-order-id">#{outcome.order.id}</dd>
            </div>
            <div>
              <dt>{t("result.date")}</dt>
              <dd>
                <time dateTime={outcome.order.createdAt}>{formatShopMoment(outcome.order.createdAt, language, timeZone)}</time>
              </dd>
            </div>
            <div>
              <dt>{t("result.total")}</dt>
              <dd data-testid="result-total">{formatEuro(outcome.order.total, language)}</dd>
            </div>
            <div>
              <dt>{t("result.status")}</dt>
              <dd data-testid="result-status">{statusText(outcome.order, t)}</dd>
            </div>
            {outcome.order.shippingMethod && (
              <div>
                <dt>{t("result.shippingMethod")}</dt>
                <dd>
                  {shippingMethodName(outcome.order.shippingMethod, language)} · {formatEuro(outcome.order.shippingCost, language)}
                </dd>
              </div>
            )}
          </dl>
          <h2 className="co-card__title">{t("result.next.title")}</h2>
          <ul className="co-list">
            {/* No confirmation mail is promised: the shop sends none yet. */}
            <li>{t("result.next.orders")}</li>
            {invoice && <li>{t("result.next.invoiceDetails")}</li>}
            <li>{t(invoice ? "result.next.invoiceShip" : "result.next.ship")}</li>
            {estimate && (
              <li>{t("result.next.estimate", { method: shippingMethodName(outcome.order.shippingMethod!, language), estimate })}</li>
            )}
            <li>{t("result.next.support")}</li>
          </ul>
        </>
      )}

      {outcome.kind !== "loading" && (
        <div className="co-result__actions">
          <a className="button button--ghost" href="/">
            {t("result.continue")}
          </a>
          <a className="button button--primary" href="/orders">
            {t("result.orders")}
          </a>
        </div>
      )}
    </div>
  )
}
