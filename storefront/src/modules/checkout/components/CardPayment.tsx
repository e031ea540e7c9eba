import { useState, type ComponentType } from "react"
import type { Stripe } from "@stripe/stripe-js"
import type { CardPayment as PreparedCardPayment, CreateCardPaymentRequest, ShippingAddress } from "@enclave/contract"
import { checkoutStorageKeys } from "@enclave/contract/values"
import type { Language, Translate } from "../../../i18n"
import { ApiRequestError } from "../../../lib/client/api"
import { createCardPayment } from "../../../lib/client/calls"
import { clearPendingCardOrder, savePendingCardOrder, type PendingCardOrder } from "../../../lib/client/checkout-storage"
import { showToast } from "../../../lib/client/stores"
import { paymentRequest } from "../payment"
import type { StripeCardFormProps } from "./StripeCardForm"

interface Props {
  address: ShippingAddress
  shippingMethodId: number
  totalCents: number
  amountLabel: string
  language: Language
  sandbox: boolean
  /** The POST /api/orders body for a PaymentIntent. */
  orderFor: (paymentIntentId: string) => PendingCardOrder
  /** Places the order once the PaymentIntent succeeded. */
  onPaid: (order: PendingCardOrder, sandbox: boolean) => Promise<void>
  locked: boolean
  onBusyChange: (busy: boolean) => void
  t: Translate
}

type State =
  | { kind: "idle" }
  | { kind: "preparing" }
  | { kind: "ready"; payment: PreparedCardPayment; stripe: Stripe; Form: ComponentType<StripeCardFormProps> }

/**
 * The card provider (Stripe Elements). Stripe's script and React bindings load only when the customer
 * pays by card, so checkout's first JavaScript stays as small as before: first the server prepares a
 * PaymentIntent for its own total, then the card form appears, then Stripe confirms it in the browser.
 */
export function CardPayment({
  address,
  shippingMethodId,
  totalCents,
  amountLabel,
  language,
  sandbox,
  orderFor,
  onPaid,
  locked,
  onBusyChange,
  t,
}: Props) {
  const [state, setState] = useState<State>({ kind: "idle" })
  const [error, setError] = useState<string | null>(null)

  function fail(text: string) {
    setState({ kind: "idle" })
    onBusyChange(false)
    setError(text)
    showToast({ title: t("checkout.toast.paymentFailedTitle"), description: t("checkout.toast.paymentFailedText"), variant: "destructive" })
  }

  async function prepare() {
    if (state.kind !== "idle" || locked) return
    setError(null)
    setState({ kind: "preparing" })
    onBusyChange(true)
    const request: CreateCardPaymentRequest = paymentRequest(address, shippingMethodId, totalCents)
    const modules = Promise.all([import("@stripe/stripe-js/pure"), import("./StripeCardForm")])
    let payment: PreparedCardPayment
    try {
      payment = await createCardPayment(request)
    } catch (failure) {
      fail(failure instanceof ApiRequestError ? failure.serverMessage : t("checkout.toast.paymentFailedText"))
      return
    }
    try {
      const [{ loadStripe }, { default: Form }] = await modules
      const stripe = await loadStripe(payment.publicKey)
      if (!stripe) throw new Error("Stripe.js did not load")
      setState({ kind: "ready", payment, stripe, Form })
    } catch {
      fail(t("checkout.stripe.loadFailed"))
      return
    }
    // The form is on screen: the customer may take their time, nothing is underway until "Pay now".
    onBusyChange(false)
  }

  function cancel() {
    setState({ kind: "idle" })
    setError(null)
  }

  const paymentSandbox = state.kind === "ready" ? state.payment.sandbox : sandbox

  return (
    <div className="co-testcard co-stripe" data-testid="card-payment">
      <p className="co-testcard__title">
        {paymentSandbox && <span className="badge badge--accent">{t("checkout.choice.sandbox")}</span>} {t("checkout.choice.card")}
      </p>
      <p className="co-testcard__note">{t("checkout.stripe.note")}</p>
      {paymentSandbox && <p className="co-testcard__note">{t("checkout.stripe.sandboxNote")}</p>}
      {state.kind === "ready" ? (
        <state.Form
          stripe={state.stripe}
          clientSecret={state.payment.clientSecret}
          language={language}
          locked={locked}
          t={t}
          onBusyChange={onBusyChange}
          beforeConfirm={() => savePendingCardOrder(checkoutStorageKeys, orderFor(state.payment.paymentIntentId))}
          onDeclined={() => clearPendingCardOrder(checkoutStorageKeys)}
          onSucceeded={async (paymentIntentId) => {
            clearPendingCardOrder(checkoutStorageKeys)
            await onPaid(orderFor(paymentIntentId), state.payment.sandbox)
          }}
          onCancel={cancel}
        />
      ) : (
        <>
          <button
            type="button"
            className="button button--accent co-pay"
            onClick={prepare}
            aria-disabled={state.kind !== "idle" || locked || undefined}
          >
            {state.kind === "preparing" && <span className="co-spinner co-spinner--light" aria-hidden="true" />}
            {state.kind === "preparing" ? t("checkout.stripe.preparing") : t("checkout.card.pay", { amount: amountLabel })}
          </button>
          <p className="visually-hidden" role="status">
            {state.kind === "preparing" ? t("checkout.stripe.preparing") : ""}
          </p>
        </>
      )}
      {error && (
        <p className="co-field__error co-pay__error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
