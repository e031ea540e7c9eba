/**
 * The success page's island (docs/product.md §4 'Return from wallet provider'): the customer comes back from
 * PayPal (paypal=true&token=…: the page captured it; this island says so in a toast and forgets the pending
 * order) or from the card provider's 3-D Secure page (card=true&payment_intent=…: place the stored card order), or with no order id at all (a pending
 * PayPal order in session storage is completed). Loading, then success or issue, with a toast.
 *
 * Nothing of the contract's root runtime: it brings zod, which this page does not otherwise load.
 * Types come from "@enclave/contract", plain helpers (sandbox detection, via lib/orders) from the
 * zod-free "@enclave/contract/values", and the storage keys as a prop.
 */
import { useEffect, useEffectEvent, useRef, useState } from "react"
import type { Order } from "@enclave/contract"
import type { Language } from "../../../i18n"
import { messageTranslator } from "../../../i18n/format"
import { clearCart } from "../../../lib/client/calls"
import {
  clearPendingCardOrder,
  clearPendingPaypalOrder,
  readPendingPaypalOrder,
  takePendingCardOrder,
  type CheckoutStorageKeys,
} from "../../../lib/client/checkout-storage"
import { isTestOrder, isTestWalletCapture } from "../../../lib/orders"
import { $cart, showToast } from "../../../lib/client/stores"
import { capturePendingPaypal, placePaidOrder } from "./payment-completion"
import { PaymentResult, type ResultOutcome } from "./PaymentResult"

export type PaymentReturnKind =
  /** Back from PayPal: the page captured the order and rendered what came of it; the toast says it once more. */
  | { kind: "settled"; outcome: ResultOutcome; toast: { title: string; description: string; variant?: "destructive" } | null }
  | { kind: "card"; paymentIntentId: string; redirectStatus: string | null }
  /** No order id in the address: only session storage can tell which order is meant. */
  | { kind: "stored" }

interface Props {
  language: Language
  /** The shop's time zone, for the order's dates. */
  timeZone: string
  /** islandMessages of "result." and "checkout.toast." / "checkout.paypal.". */
  messages: Record<string, string>
  storageKeys: CheckoutStorageKeys
  returned: PaymentReturnKind
}

export function initialOutcome(returned: PaymentReturnKind, t: (key: string) => string): ResultOutcome {
  if (returned.kind === "settled") return returned.outcome
  if (returned.kind === "card") return { kind: "loading", message: t("result.loading.card") }
  return { kind: "issue", message: t("result.issue.noOrder"), detail: t("result.issue.noOrderText") }
}

export default function PaymentReturn({ language, messages, storageKeys, returned, timeZone }: Props) {
  const t = messageTranslator(messages)
  const [outcome, setOutcome] = useState<ResultOutcome>(() => initialOutcome(returned, t))
  const started = useRef(false)
  const root = useRef<HTMLDivElement>(null)

  function succeeded(order: Order, toast: { title: string; description: string }) {
    setOutcome({ kind: "success", order })
    showToast(toast)
    // docs/product.md §4: the cart is cleared on entering the result page (placing the order already emptied it).
    clearCart()
      .catch(() => undefined)
      .finally(() => $cart.set([]))
  }

  function issue(message: string, toastTitle: string, detail?: string) {
    setOutcome({ kind: "issue", message, detail })
    showToast({ title: toastTitle, description: message, variant: "destructive" })
  }

  function received() {
    issue(t("checkout.toast.paymentReceivedText"), t("checkout.toast.paymentReceivedTitle"))
  }

  async function capture(orderId: string, userId: number | null) {
    setOutcome({ kind: "loading", message: t("result.loading.paypal") })
    const outcome = await capturePendingPaypal(orderId, userId, storageKeys, t)
    if (outcome.kind === "received") return received()
    if (outcome.kind === "failed") return issue(outcome.message, t("result.toast.issueTitle"))
    const { capture: answer } = outcome
    const sandbox = isTestWalletCapture(answer) || isTestOrder(answer.order)
    succeeded(
      answer.order,
      sandbox
        ? { title: t("result.toast.testPaymentTitle"), description: t("result.toast.testPaymentText") }
        : { title: t("result.toast.paymentTitle"), description: t("result.toast.paymentText") },
    )
  }

  async function placeCardOrder(paymentIntentId: string, redirectStatus: string | null) {
    if (redirectStatus !== "succeeded") {
      clearPendingCardOrder(storageKeys)
      return issue(t("result.issue.cardNotCompleted"), t("checkout.toast.paymentFailedTitle"))
    }
    const body = takePendingCardOrder(storageKeys, paymentIntentId)
    // Paid, but this browser no longer knows the order: the provider's webhook records it for staff.
    if (!body) return issue(t("result.issue.notFound"), t("result.toast.issueTitle"))
    const outcome = await placePaidOrder(body, t)
    if (outcome.kind === "received") return received()
    if (outcome.kind === "failed") return issue(outcome.message, t("checkout.toast.orderFailedTitle"))
    succeeded(
      outcome.order,
      isTestOrder(outcome.order)
        ? { title: t("checkout.toast.testOrderTitle"), description: t("checkout.toast.testOrderText") }
        : { title: t("checkout.toast.orderPlacedTitle"), description: t("checkout.toast.orderPlacedText") },
    )
  }

  const finishPayment = useEffectEvent(() => {
    if (returned.kind === "settled") {
      // Nothing is left for this browser to complete: checkout no longer offers the PayPal order.
      clearPendingPaypalOrder(storageKeys)
      if (returned.outcome.kind === "success") $cart.set([])
      if (returned.toast) showToast(returned.toast)
    } else if (returned.kind === "card") {
      void placeCardOrder(returned.paymentIntentId, returned.redirectStatus)
    } else {
      const pending = readPendingPaypalOrder(storageKeys)
      if (pending) void capture(pending.orderId, pending.userId)
    }
  })
  useEffect(() => {
    if (started.current) return
    started.current = true
    finishPayment()
  }, [])

  // The result replaced the loading state: it is where keyboard and screen reader users continue.
  useEffect(() => {
    if (outcome.kind !== "loading") root.current?.querySelector<HTMLElement>("[data-result-heading]")?.focus()
  }, [outcome.kind])

  return (
    <div ref={root}>
      <PaymentResult outcome={outcome} language={language} t={t} timeZone={timeZone} />
    </div>
  )
}
