import { useEffect, useEffectEvent, useState } from "react"
import type { CreatePaypalOrderRequest, PaypalOrderCreated, ShippingAddress } from "@enclave/contract"
import { checkoutStorageKeys } from "@enclave/contract/values"
import type { Translate } from "../../../i18n"
import { ApiRequestError } from "../../../lib/client/api"
import { createPaypalOrder } from "../../../lib/client/calls"
import { savePendingPaypalOrder } from "../../../lib/client/checkout-storage"
import { showToast } from "../../../lib/client/stores"
import { centsToEuros } from "@enclave/contract/money"
import { approvalUrl, paypalErrorText } from "../payment"

interface Props {
  address: ShippingAddress
  shippingMethodId: number
  totalCents: number
  userId: number
  amountLabel: string
  sandbox: boolean
  /** The order is being placed or was placed another way: nothing to start here. */
  locked: boolean
  onBusyChange: (busy: boolean) => void
  t: Translate
}

type State = "idle" | "creating" | "redirecting"

/**
 * docs/product.md §4 wallet-provider flow: create the PayPal order (busy), keep what the return needs in session
 * storage, then leave for PayPal's approval page. The customer comes back to /checkout/success
 * (approved) or /checkout/error (cancelled).
 */
export function PaypalPayment({ address, shippingMethodId, totalCents, userId, amountLabel, sandbox, locked, onBusyChange, t }: Props) {
  const [state, setState] = useState<State>("idle")
  const [error, setError] = useState<string | null>(null)

  // Back from PayPal with the browser's back button: the page comes from the back/forward cache as it
  // was left, still "Taking you to PayPal...". It is usable again (the pending panel offers the order).
  const usableAgain = useEffectEvent(() => {
    setState("idle")
    onBusyChange(false)
  })
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) usableAgain()
    }
    window.addEventListener("pageshow", onShow)
    return () => window.removeEventListener("pageshow", onShow)
  }, [])

  function fail(text: string) {
    setState("idle")
    onBusyChange(false)
    setError(text)
    showToast({ title: t("checkout.toast.paypalErrorTitle"), description: text, variant: "destructive" })
  }

  async function start() {
    if (state !== "idle" || locked) return
    setError(null)
    setState("creating")
    onBusyChange(true)
    const amount = centsToEuros(totalCents)
    const request: CreatePaypalOrderRequest = { shippingAddress: address, shippingMethodId, amount, userId }
    let created: PaypalOrderCreated
    try {
      created = await createPaypalOrder(request)
    } catch (failure) {
      fail(paypalErrorText(failure instanceof ApiRequestError ? failure : null, t("checkout.paypal.createFailed")))
      return
    }
    // docs/product.md §5: the client refuses an answer without an order id or an approval address.
    if (!created?.id) return fail(t("checkout.paypal.noOrderId"))
    let target: string
    try {
      target = approvalUrl(created.approveUrl, userId, shippingMethodId)
    } catch {
      return fail(t("checkout.paypal.noApprovalUrl"))
    }
    savePendingPaypalOrder(checkoutStorageKeys, { orderId: created.id, amount: created.amount ?? amount, userId, shippingMethodId })
    setState("redirecting")
    window.location.assign(target)
  }

  const status = state === "creating" ? t("checkout.paypal.creating") : state === "redirecting" ? t("checkout.paypal.redirecting") : ""
  const busy = state !== "idle"

  return (
    <div className="co-testcard co-paypal" data-testid="paypal-payment">
      <p className="co-testcard__title">
        {sandbox && <span className="badge badge--accent">{t("checkout.choice.sandbox")}</span>} {t("checkout.choice.paypal")}
      </p>
      <p className="co-testcard__note">{t("checkout.paypal.note", { amount: amountLabel })}</p>
      {sandbox && <p className="co-testcard__note">{t("checkout.paypal.sandboxNote")}</p>}
      <button type="button" className="button co-pay co-paypal__button" onClick={start} aria-disabled={busy || locked || undefined}>
        {busy && <span className="co-spinner" aria-hidden="true" />}
        {busy ? status : t("checkout.paypal.pay")}
      </button>
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {error && (
        <p className="co-field__error co-pay__error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
