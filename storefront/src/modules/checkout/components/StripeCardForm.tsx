/**
 * Stripe Elements' card form. Loaded on demand by CardPayment (dynamic import), so
 * @stripe/react-stripe-js is not part of checkout's first JavaScript.
 */
import { useEffect, useRef, useState, type SubmitEvent } from "react"
import type { Stripe } from "@stripe/stripe-js"
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js"
import type { Language, Translate } from "../../../i18n"
import { showToast } from "../../../lib/client/stores"

export interface StripeCardFormProps {
  stripe: Stripe
  clientSecret: string
  language: Language
  locked: boolean
  t: Translate
  onBusyChange: (busy: boolean) => void
  /** Right before Stripe may send the browser away (3-D Secure): keep what the return needs. */
  beforeConfirm: () => void
  onDeclined: () => void
  onSucceeded: (paymentIntentId: string) => Promise<void>
  onCancel: () => void
}

export default function StripeCardForm(props: StripeCardFormProps) {
  return (
    <Elements stripe={props.stripe} options={{ clientSecret: props.clientSecret, locale: props.language }}>
      <CardForm {...props} />
    </Elements>
  )
}

/** Intent states after which the server will place the order (it checks the intent itself). */
const paidStates = new Set(["succeeded", "processing"])

function CardForm({ language, locked, t, onBusyChange, beforeConfirm, onDeclined, onSucceeded, onCancel }: StripeCardFormProps) {
  const stripe = useStripe()
  const elements = useElements()
  const [ready, setReady] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const heading = useRef<HTMLParagraphElement>(null)

  // The form replaced the button the customer pressed: focus moves to it, not to the page's top.
  useEffect(() => heading.current?.focus(), [])

  function decline(message: string) {
    setError(message)
    showToast({ title: t("checkout.toast.paymentFailedTitle"), description: t("checkout.toast.paymentFailedText"), variant: "destructive" })
  }

  async function confirm(event: SubmitEvent) {
    event.preventDefault()
    if (!stripe || !elements || confirming || locked) return
    setError(null)
    setConfirming(true)
    onBusyChange(true)
    beforeConfirm()
    try {
      const result = await stripe.confirmPayment({
        elements,
        redirect: "if_required",
        confirmParams: { return_url: `${window.location.origin}/checkout/success?card=true` },
      })
      if (result.error) {
        onDeclined()
        decline(result.error.message ?? t("checkout.toast.paymentFailedText"))
        return
      }
      if (!paidStates.has(result.paymentIntent.status)) {
        onDeclined()
        decline(t("checkout.toast.paymentFailedText"))
        return
      }
      await onSucceeded(result.paymentIntent.id)
    } catch {
      onDeclined()
      decline(t("checkout.toast.paymentFailedText"))
    } finally {
      setConfirming(false)
      onBusyChange(false)
    }
  }

  const busy = confirming || locked
  return (
    <form className="co-stripe__form" onSubmit={confirm} noValidate lang={language}>
      <p ref={heading} tabIndex={-1} className="co-stripe__label">
        {t("checkout.stripe.formLabel")}
      </p>
      {!ready && !error && (
        <p className="co-methods__state" role="status">
          <span className="co-spinner" aria-hidden="true" /> {t("checkout.stripe.preparing")}
        </p>
      )}
      <PaymentElement
        onReady={() => setReady(true)}
        onLoadError={() => setError(t("checkout.stripe.loadFailed"))}
        options={{ layout: "tabs" }}
      />
      <button type="submit" className="button button--accent co-pay" aria-disabled={busy || !ready || undefined}>
        {confirming && <span className="co-spinner co-spinner--light" aria-hidden="true" />}
        {confirming ? t("checkout.stripe.confirming") : t("checkout.stripe.payNow")}
      </button>
      <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
        {t("checkout.stripe.change")}
      </button>
      <p className="visually-hidden" role="status">
        {confirming ? t("checkout.stripe.confirming") : ""}
      </p>
      {error && (
        <p className="co-field__error co-pay__error" role="alert" data-testid="card-error">
          {error}
        </p>
      )}
    </form>
  )
}
