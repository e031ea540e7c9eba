import { useState } from "react"
import type { PaypalCapture } from "@enclave/contract"
import { checkoutStorageKeys } from "@enclave/contract/values"
import type { Translate } from "../../../i18n"
import type { PendingPaypalOrder } from "../../../lib/client/checkout-storage"
import { showToast } from "../../../lib/client/stores"
import { capturePendingPaypal } from "./payment-completion"

interface Props {
  pending: PendingPaypalOrder
  /** The capture placed the order: checkout goes on as after any successful payment. */
  onCaptured: (capture: PaypalCapture) => void
  onDiscard: () => void
  locked: boolean
  t: Translate
}

/**
 * docs/product.md §4: checkout opened with a PayPal order id in session storage but without PayPal's redirect
 * (the customer came back another way): 'PayPal order created' with 'Complete PayPal Payment', which
 * captures it. The capture is idempotent on the server, so a second press cannot pay twice.
 */
export function PendingPaypalPanel({ pending, onCaptured, onDiscard, locked, t }: Props) {
  const [capturing, setCapturing] = useState(false)
  const [error, setError] = useState<string | null>(null)

  function fail(text: string) {
    setCapturing(false)
    setError(text)
    showToast({ title: t("checkout.toast.paypalErrorTitle"), description: text, variant: "destructive" })
  }

  async function capture() {
    if (capturing || locked) return
    setError(null)
    setCapturing(true)
    const outcome = await capturePendingPaypal(pending.orderId, pending.userId, checkoutStorageKeys, t)
    if (outcome.kind === "captured") return onCaptured(outcome.capture)
    if (outcome.kind === "failed") return fail(outcome.message)
    // Money was taken: nothing is pending for the customer any more, staff finish the order.
    setCapturing(false)
    setError(t("checkout.toast.paymentReceivedText"))
    showToast({
      title: t("checkout.toast.paymentReceivedTitle"),
      description: t("checkout.toast.paymentReceivedText"),
      variant: "destructive",
    })
  }

  return (
    <section className="co-card co-pending" aria-labelledby="paypal-pending-title" data-testid="paypal-pending">
      <h2 id="paypal-pending-title" className="co-card__title">
        {t("checkout.paypal.pendingTitle")}
      </h2>
      <p>{t("checkout.paypal.pendingText", { orderId: pending.orderId })}</p>
      <div className="co-actions">
        <button type="button" className="button button--ghost" onClick={onDiscard} disabled={capturing || locked}>
          {t("checkout.paypal.discard")}
        </button>
        <button type="button" className="button button--primary" onClick={capture} aria-disabled={capturing || locked || undefined}>
          {capturing && <span className="co-spinner co-spinner--light" aria-hidden="true" />}
          {capturing ? t("checkout.paypal.capturing") : t("checkout.paypal.complete")}
        </button>
      </div>
      <p className="visually-hidden" role="status">
        {capturing ? t("checkout.paypal.capturing") : ""}
      </p>
      {error && (
        <p className="co-field__error co-pay__error" role="alert">
          {error}
        </p>
      )}
    </section>
  )
}
