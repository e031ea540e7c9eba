import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  PAYMENT_RECEIVED_NOT_FINALISED_MESSAGE,
  type capturePaypalOrderSchema,
  type CreateOrderRequest,
  type Order,
  type PaypalCapture,
} from "@enclave/contract"
import { centsToEuros, eurosToCents } from "@enclave/contract/money"
import type { z } from "zod"
import { findUserById, type ShopUserRow } from "@enclave/accounts"
import { ShopError } from "@enclave/contract/shop-error"
import { buyerVatId } from "../orders/checkout"
import { findOrderById } from "../orders/read-orders"
import {
  findCheckoutPayment,
  findOwnCheckoutPayment,
  updateCheckoutPayment,
  type CheckoutPaymentFields,
  type CheckoutPaymentRow,
} from "./records"
import { cardGatewayFor, walletGatewayFor } from "@enclave/payments"
import { customersWalletPayment, refuseOtherUser } from "./wallet"
import { providerPaymentKind } from "./payment-kind"
import { runPurchase } from "./workflow"

/*
 * A payment a provider took becomes its order here: the card's PaymentIntent (POST /api/orders or
 * Stripe's webhook) and the PayPal capture (POST /api/paypal-server/capture-order or PayPal's
 * webhook), whichever comes first. The provider is asked outside the purchase's lock (a retrieve,
 * and PayPal's capture, which PayPal-Request-Id makes one however often it is sent); the purchase
 * workflow then settles the payment under the buyer's lock, where a second settlement of it finds
 * the order the first made.
 */

/** The order a payment already became (links/checkout-payment-order.ts), if it did. */
async function orderOfPayment(container: MedusaContainer, row: CheckoutPaymentRow): Promise<Order | null> {
  return row.order_id ? findOrderById(container, row.order_id) : null
}

/**
 * Turns a payment the provider confirmed into the order. When that fails (the last unit sold
 * meanwhile, the database gone for a moment), the money is taken but there is no order: the
 * payment stays on record as "unfinalised" with the reason, so staff can finish or refund it,
 * and a later capture or webhook tries again. The customer is told exactly that (docs/product.md §8).
 */
async function finalisePayment(container: MedusaContainer, row: CheckoutPaymentRow, paymentId: string): Promise<Order> {
  const existing = await orderOfPayment(container, row)
  if (existing) return existing
  try {
    const user = row.shop_user_id ? await findUserById(container, row.shop_user_id) : null
    if (!user) throw new Error("the account that started this payment no longer exists")
    const { orderId, answer } = await runPurchase(container, {
      kind: providerPaymentKind(row),
      settling: { row, kind: providerPaymentKind(row), paymentId },
      userId: user.id,
      userNumber: user.user_number,
      email: user.email,
      vatId: buyerVatId(user),
      // What the payment was taken for: the order must come to the same amount.
      choice: { shippingAddress: row.shipping_address, shippingMethodId: row.shipping_method_number, total: row.amount },
    })
    // After the workflow, not in it: the order stands, taken money and all, and its link to this
    // record says it became one; the record's word for it must not undo that if it cannot be written.
    await updateCheckoutPayment(container, row.id, { status: "ordered", failure_reason: null }).catch((error: Error) => {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(`Payment ${row.reference} became order ${orderId}; its record still says "paid": ${error.message}`)
    })
    return answer ?? (await findOrderById(container, orderId))!
  } catch (error) {
    // Medusa's workflows throw their step's error as a plain object with a message.
    const message = (error as { message?: unknown } | null)?.message
    const reason = typeof message === "string" && message ? message : String(error)
    await updateCheckoutPayment(container, row.id, { status: "unfinalised", payment_id: paymentId, failure_reason: reason })
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .error(
        `Payment ${paymentId} (${row.provider} ${row.reference}, ${row.amount} EUR) was taken but the order could not be made: ${reason}`,
      )
    throw new ShopError("payment_received_not_finalised", PAYMENT_RECEIVED_NOT_FINALISED_MESSAGE, reason, {
      extra: { error: PAYMENT_RECEIVED_NOT_FINALISED_MESSAGE, paymentReceived: true, paymentId },
    })
  }
}

/**
 * Makes the order of a card payment once Stripe says the PaymentIntent succeeded for the amount
 * prepared; used by POST /api/orders and by the webhook. Settling it again answers the same order.
 */
export async function settleCardPayment(container: MedusaContainer, reference: string): Promise<Order> {
  const row = (await findCheckoutPayment(container, { provider: "stripe", reference }))!
  const existing = await orderOfPayment(container, row)
  if (existing) return existing
  const gateway = await cardGatewayFor(container, { sandbox: row.is_test_payment })
  const intent = await gateway.retrieve(reference)
  if (intent.status !== "succeeded" && intent.status !== "requires_capture") {
    await updateCheckoutPayment(container, row.id, { status: "failed", failure_reason: intent.failure ?? `payment ${intent.status}` })
    throw new ShopError("payment_refused", "The card payment has not gone through: no money was taken", intent.failure ?? intent.status, {
      extra: { error: "Payment Failed" },
    })
  }
  if (intent.amount !== eurosToCents(row.amount)) {
    throw new ShopError(
      "payment_amount_differs",
      `The card payment is for €${centsToEuros(intent.amount)}, the order for €${row.amount}: please contact customer support`,
    )
  }
  return finalisePayment(container, row, intent.id)
}

/** POST /api/orders with paymentMethod "stripe": the customer's own PaymentIntent, for the total their page shows. */
export async function placeCardOrder(
  container: MedusaContainer,
  user: ShopUserRow,
  request: CreateOrderRequest,
  paymentId: string,
): Promise<Order> {
  const row = await findOwnCheckoutPayment(container, user, { provider: "stripe", reference: paymentId })
  if (!row) {
    // Another customer's payment is answered like one that does not exist.
    throw new ShopError("payment_not_found", "There is no card payment with this id for your account", {
      fields: { paymentId: "Unknown payment" },
    })
  }
  if (request.total !== undefined && eurosToCents(request.total) !== eurosToCents(row.amount)) {
    throw new ShopError(
      "payment_amount_differs",
      `The card payment is for €${row.amount}, not €${centsToEuros(eurosToCents(request.total))}: please review your order`,
      { total: row.amount },
    )
  }
  return settleCardPayment(container, paymentId)
}

function captureAnswer(row: CheckoutPaymentFields, paymentId: string, order: PaypalCapture["order"]): PaypalCapture {
  return { id: row.reference, status: "COMPLETED", paymentId, orderId: order.id, order }
}

/**
 * Captures a wallet payment and makes its order, exactly once: an order that exists is answered
 * again; PayPal's own idempotency (PayPal-Request-Id = the payment session) makes a repeated
 * capture return the first. `capturedId` is given when PayPal's webhook already says the money was taken.
 */
export async function settleWalletPayment(container: MedusaContainer, reference: string, capturedId?: string): Promise<PaypalCapture> {
  const row = (await findCheckoutPayment(container, { provider: "paypal", reference }))!
  const existing = await orderOfPayment(container, row)
  if (existing) {
    // The record and its order link are read apart: another capture may have settled the payment
    // in between, so a record read without its payment id is read again (the id was stored before the order).
    const paymentId = row.payment_id ?? (await findCheckoutPayment(container, { provider: "paypal", reference }))?.payment_id
    return captureAnswer(row, paymentId ?? "", existing)
  }
  let paymentId = capturedId ?? row.payment_id
  if (!paymentId) {
    const gateway = await walletGatewayFor(container, { sandbox: row.is_test_payment })
    const captured = await gateway.capture(reference, row.payment_session_id)
    paymentId = captured.captureId
  }
  const order = await finalisePayment(container, row, paymentId)
  return captureAnswer(row, paymentId, order)
}

/** POST /api/paypal-server/capture-order. */
export async function captureWalletOrder(
  container: MedusaContainer,
  user: ShopUserRow,
  request: z.output<typeof capturePaypalOrderSchema>,
): Promise<PaypalCapture> {
  refuseOtherUser(user, request.userId)
  const row = await customersWalletPayment(container, user, request.orderId)
  return settleWalletPayment(container, row.reference)
}
