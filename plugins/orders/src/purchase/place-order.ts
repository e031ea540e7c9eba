import type { MedusaContainer } from "@medusajs/framework/types"
import type { CreateOrderRequest, Order } from "@enclave/contract"
import type { ShopUserRow } from "@enclave/accounts"
import { lastSeenCartOf, linkedCartId } from "../cart/user-cart"
import { ShopError } from "@enclave/contract/shop-error"
import { buyerVatId } from "../orders/checkout"
import { findOrderById } from "../orders/read-orders"
import { orderPaymentOf } from "./payment-kind"
import { placeCardOrder } from "./settle"
import { runPurchase } from "./workflow"

/**
 * POST /api/orders. What the client says about the payment is only believed when it can be
 * checked: a card payment is a PaymentIntent that Stripe says succeeded (settle.ts); the sandbox's
 * simulated card (docs/product.md §4: ids starting `str-`) is accepted only while the card provider
 * is in sandbox mode, and recorded as a test payment. Wallet payments become orders when they are
 * captured (POST /api/paypal-server/capture-order).
 */
export async function placeOrder(container: MedusaContainer, user: ShopUserRow, request: CreateOrderRequest): Promise<Order> {
  const payment = orderPaymentOf(request)
  switch (payment.kind) {
    case "card":
      return placeCardOrder(container, user, request, payment.paymentId)
    case "sandbox_card":
    case "invoice":
      break
    case "paypal":
      throw new ShopError(
        "paypal_capture_only",
        "PayPal payments become orders when they are captured: use /api/paypal-server/capture-order",
        { fields: { paymentMethod: "PayPal orders are placed by capturing the PayPal payment" } },
      )
    case "unknown":
      throw new ShopError("payment_unknown", "The payment could not be verified: no payment was received for this order", {
        fields: { paymentId: "Unknown payment" },
      })
  }
  // The cart this request was sent for: when a request ahead of it (a double click, a retry whose
  // answer was lost) made it into an order meanwhile, the workflow answers that order again.
  const cartSent = lastSeenCartOf(user.id) ?? (await linkedCartId(container, user.id))
  const { orderId, answer } = await runPurchase(container, {
    kind: payment.kind,
    sandboxPaymentId: payment.kind === "sandbox_card" ? payment.paymentId : undefined,
    cartSent,
    userId: user.id,
    userNumber: user.user_number,
    email: user.email,
    vatId: buyerVatId(user),
    choice: {
      shippingAddress: request.shippingAddress,
      shippingMethodId: request.shippingMethod,
      total: request.total,
      shippingCost: request.shippingCost,
    },
    notes: request.notes,
  })
  return answer ?? (await findOrderById(container, orderId))!
}
