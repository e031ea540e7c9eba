import type { MedusaContainer } from "@medusajs/framework/types"
import { SANDBOX_CARD_PAYMENT_PREFIX, type CreateOrderRequest, type Order } from "@enclave/contract"
import { SYSTEM_PROVIDER_ID } from "@enclave/payments/.medusa/server/src/providers/ids"
import type { ShopUserRow } from "../accounts/users"
import { findCart, withCartLock } from "../cart/cart"
import { ApiError } from "../http/api-error"
import { readPaymentSettings } from "../payment-settings/payment-settings"
import { placeCardOrder } from "../payments/card"
import { ensureInStock, withStockLock } from "./stock"
import { completeCheckout, findActiveShippingMethod, orderIdOfCart, prepareCheckout, startPaymentSession } from "./checkout"

const SANDBOX_CARD_ID = /^str-[A-Za-z0-9_-]{4,100}$/

/**
 * POST /api/orders. What the client says about the payment is only believed when it can be
 * checked: a card payment is a PaymentIntent that Stripe says succeeded (payments/card.ts); the
 * sandbox's simulated card (SPEC §4: ids starting `str-`) is accepted only while the card provider
 * is in sandbox mode, and recorded as a test payment. Wallet payments become orders when they are
 * captured (POST /api/paypal-server/capture-order).
 */
export async function placeOrder(container: MedusaContainer, user: ShopUserRow, request: CreateOrderRequest): Promise<Order> {
  const method = request.paymentMethod.toLowerCase()
  const paymentId = request.paymentId?.trim() || null
  if (paymentId?.startsWith(SANDBOX_CARD_PAYMENT_PREFIX) && SANDBOX_CARD_ID.test(paymentId)) return placeSandboxOrder(container, user, request, paymentId)
  if (paymentId && (method.includes("stripe") || method.includes("card"))) return placeCardOrder(container, user, request, paymentId)
  if (method.includes("paypal")) {
    throw new ApiError(400, "PayPal payments become orders when they are captured: use /api/paypal-server/capture-order", {
      fields: { paymentMethod: "PayPal orders are placed by capturing the PayPal payment" },
    })
  }
  throw new ApiError(400, "The payment could not be verified: no payment was received for this order", {
    fields: { paymentId: "Unknown payment" },
  })
}

async function placeSandboxOrder(container: MedusaContainer, user: ShopUserRow, request: CreateOrderRequest, paymentId: string): Promise<Order> {
  const settings = await readPaymentSettings(container)
  if (!settings.stripeSandboxMode) {
    throw new ApiError(400, "Test payments are switched off: the card provider is in live mode", {
      fields: { paymentId: "Test payments are switched off" },
    })
  }
  return withCartLock(container, user, async () => {
    const finished = await orderOfFinishedCart(container, user, request, paymentId)
    if (finished) return finished
    const buy = async (stockLocked: boolean) => {
      const prepared = await prepareCheckout(container, user, {
        shippingAddress: request.shippingAddress,
        shippingMethodId: request.shippingMethod,
        total: request.total,
        shippingCost: request.shippingCost,
      })
      // Medusa's system provider: the simulated card collects nothing.
      await startPaymentSession(container, prepared, SYSTEM_PROVIDER_ID, { payment_id: paymentId })
      const { order } = await completeCheckout(container, user, {
        cartId: prepared.cartId,
        address: prepared.address,
        method: prepared.method,
        payment: { method: "Card (Sandbox)", paymentId, provider: "sandbox", isTest: true },
        notes: request.notes,
        stockLocked,
      })
      return order
    }
    const cart = await findCart(container, user)
    if (!cart || cart.lines.length === 0) throw new ApiError(400, "Your cart is empty")
    const demand = cart.lines.map((l) => ({ productNumber: l.productNumber, quantity: l.quantity }))
    // Refused at once when it is sold out already, before any of the slow work.
    const { scarce } = await ensureInStock(container, demand)
    if (!scarce) return buy(false)
    return withStockLock(container, demand, async () => {
      await ensureInStock(container, demand)
      return buy(true)
    })
  })
}

/**
 * A buyer whose answer was lost (the server restarted mid-request) retries with the same cart:
 * when Medusa already made the order from it, the retry finishes what the first attempt left
 * undone (the shop's order details, the customer's next cart) and answers that order, never a
 * second one.
 */
async function orderOfFinishedCart(container: MedusaContainer, user: ShopUserRow, request: CreateOrderRequest, paymentId: string): Promise<Order | null> {
  if (!user.cart_id || !(await orderIdOfCart(container, user.cart_id))) return null
  const method = await findActiveShippingMethod(container, request.shippingMethod)
  const { order } = await completeCheckout(container, user, {
    cartId: user.cart_id,
    address: request.shippingAddress,
    method,
    payment: { method: "Card (Sandbox)", paymentId, provider: "sandbox", isTest: true },
    notes: request.notes,
  })
  return order
}
