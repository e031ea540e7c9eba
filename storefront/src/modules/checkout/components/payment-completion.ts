/**
 * The two ways a payment becomes an order, once for every screen that finishes one: checkout (after the card
 * or the simulated card, by invoice, or the 'Complete PayPal Payment' panel) and the result page (back from
 * PayPal or 3-D Secure). Each answers what came of it; the screens say it in their own way.
 */
import type { Order, PaypalCapture } from "@enclave/contract"
import type { Translate } from "../../../i18n"
import { ApiRequestError } from "../../../lib/client/api"
import { capturePaypalOrder, placeOrder } from "../../../lib/client/calls"
import { clearPendingPaypalOrder, type CheckoutStorageKeys, type PendingCardOrder } from "../../../lib/client/checkout-storage"
import { paymentWasReceived, paypalErrorText } from "../payment"
import { pageLanguage, refusalText } from "../../../lib/client/refusals"

/** What POST /api/orders gets: a paid card order, or an invoice order (no payment id: nothing is paid yet). */
export type OrderRequest = PendingCardOrder | (Omit<PendingCardOrder, "paymentId"> & { paymentId?: undefined })

export type PaymentOutcome<Done> =
  | Done
  /** docs/product.md §8: the money was taken but no order could be made; staff finish it. */
  | { kind: "received" }
  | { kind: "failed"; message: string; error: ApiRequestError | null }

const asApiError = (failure: unknown) => (failure instanceof ApiRequestError ? failure : null)

/**
 * Captures an approved PayPal order (the server places the shop's order with it). The pending order kept in
 * session storage is forgotten once nothing is left for the customer to do; after a failure it stays, so
 * checkout offers 'Complete PayPal Payment' for it again. The capture is idempotent on the server.
 */
export async function capturePendingPaypal(
  orderId: string,
  userId: number | null,
  storageKeys: CheckoutStorageKeys,
  t: Translate,
): Promise<PaymentOutcome<{ kind: "captured"; capture: PaypalCapture }>> {
  let capture: PaypalCapture
  try {
    capture = await capturePaypalOrder({ orderId, userId })
  } catch (failure) {
    const error = asApiError(failure)
    if (paymentWasReceived(error)) {
      clearPendingPaypalOrder(storageKeys)
      return { kind: "received" }
    }
    return { kind: "failed", message: paypalErrorText(error, t("checkout.paypal.captureFailed")), error }
  }
  // docs/product.md §5: a capture without a payment id (or without the order it placed) is a failure.
  if (!capture?.paymentId || !capture.order) return { kind: "failed", message: t("checkout.paypal.noPaymentId"), error: null }
  clearPendingPaypalOrder(storageKeys)
  return { kind: "captured", capture }
}

/** POST /api/orders: after a card payment (its payment id), or by invoice. */
export async function placePaidOrder(body: OrderRequest, t: Translate): Promise<PaymentOutcome<{ kind: "placed"; order: Order }>> {
  try {
    return { kind: "placed", order: await placeOrder(body) }
  } catch (failure) {
    const error = asApiError(failure)
    if (paymentWasReceived(error)) return { kind: "received" }
    const text = t("checkout.toast.orderFailedText")
    // A refusal the page knows (stock, shipping) in its own language; any other with the server's words.
    const said = refusalText(error, t, pageLanguage()) ?? error?.serverMessage
    return { kind: "failed", message: said ? `${text} ${said}` : text, error }
  }
}
