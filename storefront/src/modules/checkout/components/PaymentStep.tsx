/**
 * Step 2 of checkout (docs/product.md §2): the review of address, method and way to pay, the ways to pay, and the
 * payment widget of the one chosen (PaymentWays). Placing the order is useOrderPlacement.
 */
import { lazy, Suspense, useState, type RefObject } from "react"
import type { PaymentMethods, ShippingAddress, ShippingMethod } from "@enclave/contract"
import { INVOICE_PAYMENT_METHOD } from "@enclave/contract/values"
import { centsToEuros, formatEuro } from "@enclave/contract/money"
import type { Language, Translate } from "../../../i18n"
import type { PendingCardOrder } from "../../../lib/client/checkout-storage"
import { FormLoading } from "../../../lib/client/deferred"
import { invoiceRefusal, offeredChoices, providersUnavailable, type PaymentChoice } from "../payment"
import { PaymentWays } from "./PaymentWays"
import { PaymentNotice } from "./PaymentNotice"
import type { useOrderPlacement } from "./useOrderPlacement"

// The payment step's code (the ways to pay, the review) is one chunk, fetched when the step opens or an
// unfinished PayPal order is offered, not with the address step.
const loadPaymentStep = () => import("./payment-step")
const OrderReview = lazy(() => loadPaymentStep().then((step) => ({ default: step.OrderReview })))
const PaymentChoicePicker = lazy(() => loadPaymentStep().then((step) => ({ default: step.PaymentChoicePicker })))
export const PendingPaypalPanel = lazy(() => loadPaymentStep().then((step) => ({ default: step.PendingPaypalPanel })))
// The step as a plain form, rendered by the server after step 1 was posted without JavaScript. In the browser it
// only stands until the island has hydrated, so it is never fetched before it is needed there.
const PaymentForm = import.meta.env.SSR
  ? (await import("./PaymentForm")).PaymentForm
  : lazy(() => import("./PaymentForm").then((form) => ({ default: form.PaymentForm })))

interface Props {
  heading: RefObject<HTMLHeadingElement | null>
  address: ShippingAddress
  method: ShippingMethod
  shippingCents: number
  totalCents: number
  userId: number
  paymentMethods: PaymentMethods
  choice: PaymentChoice | null
  onChoose: (choice: PaymentChoice) => void
  /** A way to pay may have gone: the choices are read again. */
  onChoicesChanged: () => void
  placement: Pick<ReturnType<typeof useOrderPlacement>, "phase" | "orderError" | "placeOrder">
  onBack: () => void
  /** false until the island has hydrated: the server's plain form stands until then. */
  ready: boolean
  /** Why the payment a form sent without JavaScript was refused, in the page's language. */
  refusal: string | null
  language: Language
  t: Translate
}

export function PaymentStep(props: Props) {
  const { heading, address, method, shippingCents, totalCents, paymentMethods, choice, refusal, language, t } = props
  return (
    <section aria-labelledby="step-payment-title" className="co-card">
      <h2 id="step-payment-title" ref={heading} tabIndex={-1} className="co-card__title">
        <span className="visually-hidden">{t("checkout.step", { number: 2 })}: </span>
        {t("checkout.payment.review")}
      </h2>
      {!props.ready ? (
        <Suspense fallback={null}>
          <PaymentForm
            address={address}
            method={method}
            shippingCents={shippingCents}
            totalCents={totalCents}
            paymentMethods={paymentMethods}
            choice={choice}
            refusal={refusal}
            language={language}
            t={t}
          />
        </Suspense>
      ) : (
        <PaymentChoices {...props} />
      )}
    </section>
  )
}

/** The ways to pay once the island runs: the review, the choices and the chosen way's widget. */
function PaymentChoices(props: Props) {
  const { address, method, shippingCents, totalCents, userId, paymentMethods, choice, onChoose, placement, refusal, language, t } = props
  const { phase, orderError, placeOrder } = placement
  const [paying, setPaying] = useState(false)
  const price = (amount: number | string) => formatEuro(amount, language)
  const choices = offeredChoices(paymentMethods)
  const locked = phase !== "idle"
  const amountLabel = price(totalCents / 100)

  /** The order a card payment pays for; without a payment id, the invoice's (nothing is paid yet). */
  const order = <Id extends string | undefined>(paymentMethod: string, paymentId: Id) => ({
    paymentMethod,
    paymentId,
    shippingAddress: address,
    shippingMethod: method.id,
    shippingCost: centsToEuros(shippingCents),
    total: centsToEuros(totalCents),
  })
  const orderFor = (paymentId: string): PendingCardOrder => order("stripe", paymentId)

  /**
   * The server's refusal of an invoice order in the customer's language. When invoice is no longer
   * theirs to choose (switched off, or no longer a business account) the ways to pay are read again,
   * so the choice goes away while the message says why.
   */
  function explainInvoiceRefusal(error: { code: string; params: Record<string, unknown> }): string | null {
    const refusal = invoiceRefusal(error)
    if (!refusal) return null
    if (!refusal.minimumTotal) props.onChoicesChanged()
    return t(refusal.key, { amount: refusal.minimumTotal ? price(refusal.minimumTotal) : "" })
  }

  return (
    <>
      {/* The heading stays outside: it takes the focus as the step opens, before the step's code is there. */}
      <Suspense fallback={<FormLoading text={t("common.loading")} />}>
        <OrderReview address={address} method={method} choice={choice} language={language} t={t} />

        <h2 className="co-card__title co-card__title--sub">{t("checkout.payment.title")}</h2>
        {providersUnavailable(paymentMethods) && <PaymentNotice testOnly={choices.includes("simulated")} t={t} />}

        {choices.length > 0 && (
          <PaymentChoicePicker
            choices={choices}
            value={choice}
            onChange={onChoose}
            methods={paymentMethods}
            disabled={paying || locked}
            t={t}
          />
        )}

        <PaymentWays
          choice={choice}
          address={address}
          method={method}
          totalCents={totalCents}
          userId={userId}
          amountLabel={amountLabel}
          paymentMethods={paymentMethods}
          phase={phase}
          orderError={orderError ?? (phase === "idle" ? refusal : null)}
          orderFor={orderFor}
          onCardPaid={placeOrder}
          onSimulatedPaid={(paymentId) => placeOrder(orderFor(paymentId), true)}
          onInvoice={() => placeOrder(order(INVOICE_PAYMENT_METHOD, undefined), false, explainInvoiceRefusal)}
          onBusyChange={setPaying}
          language={language}
          t={t}
        />
      </Suspense>

      <div className="co-actions">
        <button type="button" className="button button--ghost" onClick={props.onBack} disabled={paying || locked}>
          {t("checkout.back.shipping")}
        </button>
      </div>
    </>
  )
}
