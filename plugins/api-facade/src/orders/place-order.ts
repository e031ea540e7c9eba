import type { MedusaContainer } from "@medusajs/framework/types"
import {
  INVOICE_BUSINESS_ONLY_MESSAGE,
  INVOICE_NOT_AVAILABLE_MESSAGE,
  INVOICE_PAYMENT_METHOD,
  INVOICE_PAYMENT_PROVIDER,
  SANDBOX_CARD_PAYMENT_ID,
  SANDBOX_CARD_PAYMENT_PREFIX,
  TEST_PAYMENTS_OFF_MESSAGE,
  type CreateOrderRequest,
  type Order,
} from "@enclave/contract"
import { invoiceDetails } from "@enclave/payments"
import { SYSTEM_PROVIDER_ID } from "@enclave/payments"
import type { ShopUserRow } from "../accounts/users"
import { withCartLock } from "../cart/cart"
import { lastSeenCartOf, linkedCartId } from "../cart/user-cart"
import { runThenBump } from "../catalogue/cache"
import { ApiError } from "../http/api-error"
import { invoiceAvailable, isBusinessCustomer } from "../payment-settings/invoice"
import { readPaymentSettings } from "../payment-settings/payment-settings"
import { placeCardOrder } from "../payments/card"
import { buyerVatId } from "./checkout"
import { runPlaceOrder, type PlaceOrderInput } from "./place-order-workflow"
import { findOrderById } from "./read-orders"

/**
 * POST /api/orders. What the client says about the payment is only believed when it can be
 * checked: a card payment is a PaymentIntent that Stripe says succeeded (payments/card.ts); the
 * sandbox's simulated card (docs/product.md §4: ids starting `str-`) is accepted only while the card provider
 * is in sandbox mode, and recorded as a test payment. Wallet payments become orders when they are
 * captured (POST /api/paypal-server/capture-order).
 */
export async function placeOrder(container: MedusaContainer, user: ShopUserRow, request: CreateOrderRequest): Promise<Order> {
  const method = request.paymentMethod.toLowerCase()
  const paymentId = request.paymentId?.trim() || null
  if (method === INVOICE_PAYMENT_METHOD.toLowerCase()) return placeInvoiceOrder(container, user, request)
  if (paymentId?.startsWith(SANDBOX_CARD_PAYMENT_PREFIX) && SANDBOX_CARD_PAYMENT_ID.test(paymentId))
    return placeSandboxOrder(container, user, request, paymentId)
  if (paymentId && (method.includes("stripe") || method.includes("card"))) return placeCardOrder(container, user, request, paymentId)
  if (method.includes("paypal")) {
    throw new ApiError(
      "paypal_capture_only",
      "PayPal payments become orders when they are captured: use /api/paypal-server/capture-order",
      {
        fields: { paymentMethod: "PayPal orders are placed by capturing the PayPal payment" },
      },
    )
  }
  throw new ApiError("payment_unknown", "The payment could not be verified: no payment was received for this order", {
    fields: { paymentId: "Unknown payment" },
  })
}

async function placeSandboxOrder(
  container: MedusaContainer,
  user: ShopUserRow,
  request: CreateOrderRequest,
  paymentId: string,
): Promise<Order> {
  const settings = await readPaymentSettings(container)
  if (!settings.testPaymentsEnabled) {
    throw new ApiError("test_payments_off", TEST_PAYMENTS_OFF_MESSAGE, { fields: { paymentId: "Test payments are switched off" } })
  }
  if (!settings.stripeSandboxMode) {
    throw new ApiError("test_payments_off", "Test payments are switched off: the card provider is in live mode", {
      fields: { paymentId: "Test payments are switched off" },
    })
  }
  // Medusa's system provider: the simulated card collects nothing.
  return placeThroughWorkflow(container, user, request, {
    payment: {
      method: "Card (Sandbox)",
      paymentId,
      provider: "sandbox",
      isTest: true,
      providerId: SYSTEM_PROVIDER_ID,
      data: { payment_id: paymentId },
    },
  })
}

/**
 * Payment by invoice: only business customers, only while the admin offers it, only from
 * the minimum total (checked on the priced cart, in the workflow). Medusa's system provider
 * authorises the payment now; staff capture it when the transfer arrives (mark-paid.ts).
 */
async function placeInvoiceOrder(container: MedusaContainer, user: ShopUserRow, request: CreateOrderRequest): Promise<Order> {
  const settings = await readPaymentSettings(container)
  const terms = invoiceAvailable(settings) ? invoiceDetails(settings) : null
  if (!terms)
    throw new ApiError("invoice_not_available", INVOICE_NOT_AVAILABLE_MESSAGE, { fields: { paymentMethod: INVOICE_NOT_AVAILABLE_MESSAGE } })
  if (!isBusinessCustomer(user)) {
    throw new ApiError("invoice_business_only", INVOICE_BUSINESS_ONLY_MESSAGE, { fields: { paymentMethod: INVOICE_BUSINESS_ONLY_MESSAGE } })
  }
  return placeThroughWorkflow(container, user, request, {
    payment: {
      method: INVOICE_PAYMENT_METHOD,
      paymentId: null,
      provider: INVOICE_PAYMENT_PROVIDER,
      isTest: false,
      providerId: SYSTEM_PROVIDER_ID,
      data: {},
    },
    invoice: terms,
  })
}

/** Runs the purchase workflow for the user's cart with this payment, under the cart's lock. */
async function placeThroughWorkflow(
  container: MedusaContainer,
  user: ShopUserRow,
  request: CreateOrderRequest,
  paying: Pick<PlaceOrderInput, "payment" | "invoice">,
): Promise<Order> {
  // The cart this request was sent for: when a request ahead of it (a double click, a retry whose
  // answer was lost) made it into an order meanwhile, the workflow answers that order again.
  const cartSent = lastSeenCartOf(user.id) ?? (await linkedCartId(container, user.id))
  return runThenBump(
    "an order was placed",
    () =>
      withCartLock(container, user, async () => {
        // Read again under the lock: the link, not the cart last seen, which another instance may have bought since.
        const cartId = (await linkedCartId(container, user.id)) ?? cartSent
        if (!cartId) throw new ApiError("cart_empty", "Your cart is empty")
        const { orderId, answer } = await runPlaceOrder(container, {
          cartId,
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
          ...paying,
          notes: request.notes,
        })
        return answer ?? (await findOrderById(container, orderId))!
      }),
    // An order moves stock only: prices, ids and shipping methods stay as the catalogue facts hold them.
    "stock",
  )
}
