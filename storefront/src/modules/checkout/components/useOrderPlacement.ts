/**
 * Placing the order after a payment, and what follows every successful payment (docs/product.md §4, §8): the
 * toast (a test order's own in sandbox), the cart refreshed (the order took its items), then the
 * result page 1.5 s later. Failures: 'Order Failed' with the server's message, or 'Payment Received'
 * when the money was taken but no order could be made.
 */
import { useRef, useState } from "react"
import type { Order } from "@enclave/contract"
import type { Translate } from "../../../i18n"
import type { ApiRequestError } from "../../../lib/client/api"
import { $cart, refreshCart, showToast } from "../../../lib/client/stores"
import { placePaidOrder, type OrderRequest } from "./payment-completion"

export type { OrderRequest }

/** docs/product.md §9: after the order, the next page comes 1.5 s later. */
const REDIRECT_AFTER_ORDER_MS = 1500

/** Placing the order after a payment: idle, the POST /api/orders running, placed. */
export type OrderPhase = "idle" | "placing" | "done"

/** A failure the way of paying can say better than the general text (e.g. the invoice's minimum total); null: the general text. */
export type ExplainFailure = (error: ApiRequestError) => string | null

export function useOrderPlacement(t: Translate) {
  const [phase, setPhase] = useState<OrderPhase>("idle")
  const [orderError, setOrderError] = useState<string | null>(null)
  /** Set synchronously once placed: the cart store's later updates must not empty the page. */
  const placed = useRef(false)

  /** After the payment and the order: the toast, the cart, the result page. */
  function finish(order: Order, sandbox: boolean) {
    placed.current = true
    setPhase("done")
    refreshCart().catch(() => $cart.set([]))
    showToast(
      sandbox
        ? { title: t("checkout.toast.testOrderTitle"), description: t("checkout.toast.testOrderText") }
        : { title: t("checkout.toast.orderPlacedTitle"), description: t("checkout.toast.orderPlacedText") },
    )
    setTimeout(() => window.location.assign(`/checkout/success?orderId=${order.id}`), REDIRECT_AFTER_ORDER_MS)
  }

  /** POST /api/orders after a card or simulated card payment, or for payment by invoice. */
  async function placeOrder(body: OrderRequest, sandbox: boolean, explain?: ExplainFailure) {
    setOrderError(null)
    setPhase("placing")
    const outcome = await placePaidOrder(body, t)
    if (outcome.kind === "placed") return finish(outcome.order, sandbox || outcome.order.isTestPayment)
    setPhase("idle")
    if (outcome.kind === "received") {
      setOrderError(t("checkout.toast.paymentReceivedText"))
      showToast({
        title: t("checkout.toast.paymentReceivedTitle"),
        description: t("checkout.toast.paymentReceivedText"),
        variant: "destructive",
      })
      return
    }
    const described = (outcome.error && explain?.(outcome.error)) ?? outcome.message
    setOrderError(described)
    showToast({ title: t("checkout.toast.orderFailedTitle"), description: described, variant: "destructive" })
    // A stock or price change on the server shows up in the summary.
    refreshCart().catch(() => undefined)
  }

  return { phase, orderError, placed, finish, placeOrder }
}
