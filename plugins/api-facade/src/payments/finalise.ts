import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { PAYMENT_RECEIVED_NOT_FINALISED_MESSAGE, type Order } from "@enclave/contract"
import { findUserByNumber } from "../accounts/users"
import { withCartLock } from "../cart/cart"
import { runThenBump } from "../catalogue/cache"
import { ApiError } from "../http/api-error"
import { buyerVatId } from "../orders/checkout"
import { runPlaceOrder } from "../orders/place-order-workflow"
import { findOrderById } from "../orders/read-orders"
import { updateCheckoutPayment, type CheckoutPaymentRow } from "./records"

/** How a settled payment reads in order lists: docs/product.md §8 marks test payments by "Sandbox" in the method. */
export function paymentMethodLabel(row: Pick<CheckoutPaymentRow, "provider" | "is_test_payment">): string {
  const name = row.provider === "paypal" ? "PayPal" : "Card"
  return row.is_test_payment ? `${name} (Sandbox)` : name
}

/** The order a payment already became, if it did. */
export async function orderOfPayment(container: MedusaContainer, row: CheckoutPaymentRow): Promise<Order | null> {
  return row.order_id ? findOrderById(container, row.order_id) : null
}

/**
 * Turns a payment the provider confirmed into the order. When that fails (the last unit sold
 * meanwhile, the database gone for a moment), the money is taken but there is no order: the
 * payment stays on record as "unfinalised" with the reason, so staff can finish or refund it,
 * and a later capture or webhook tries again. The customer is told exactly that (docs/product.md §8).
 */
export async function finalisePayment(container: MedusaContainer, row: CheckoutPaymentRow, paymentId: string): Promise<Order> {
  const existing = await orderOfPayment(container, row)
  if (existing) return existing
  await updateCheckoutPayment(container, row.id, { status: "paid", payment_id: paymentId })
  try {
    const user = await findUserByNumber(container, row.user_number)
    if (!user) throw new Error(`the account ${row.user_number} no longer exists`)
    const { orderId: medusaOrderId, answer } = await runThenBump(
      "an order was placed",
      () =>
        withCartLock(container, user, () =>
          runPlaceOrder(container, {
            cartId: row.cart_id,
            userId: user.id,
            userNumber: user.user_number,
            email: user.email,
            vatId: buyerVatId(user),
            // What the payment was taken for: the order must come to the same amount.
            choice: { shippingAddress: row.shipping_address, shippingMethodId: row.shipping_method_number, total: row.amount },
            payment: {
              method: paymentMethodLabel(row),
              paymentId,
              provider: row.provider,
              isTest: row.is_test_payment,
              sessionId: row.payment_session_id,
            },
            paid: true,
          }),
        ),
      "stock",
    )
    const order = answer ?? (await findOrderById(container, medusaOrderId))!
    await updateCheckoutPayment(container, row.id, { status: "ordered", order_id: medusaOrderId, failure_reason: null })
    return order
  } catch (error) {
    // Medusa's workflows throw their step's error as a plain object with a message.
    const message = (error as { message?: unknown } | null)?.message
    const reason = typeof message === "string" && message ? message : String(error)
    await updateCheckoutPayment(container, row.id, { status: "unfinalised", failure_reason: reason })
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .error(
        `Payment ${paymentId} (${row.provider} ${row.reference}, ${row.amount} EUR) was taken but the order could not be made: ${reason}`,
      )
    throw new ApiError(409, PAYMENT_RECEIVED_NOT_FINALISED_MESSAGE, reason, {
      error: PAYMENT_RECEIVED_NOT_FINALISED_MESSAGE,
      paymentReceived: true,
      paymentId,
    })
  }
}
