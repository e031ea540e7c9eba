import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { createRemoteLinkStep } from "@medusajs/medusa/core-flows"
import { PAYMENT_RECEIVED_NOT_FINALISED_MESSAGE, type Order } from "@enclave/contract"
import { SHOP_ORDERS_MODULE } from "@enclave/orders"
import { findUserById } from "../accounts/users"
import { withCartLock } from "../cart/cart"
import { runThenBump } from "../catalogue/cache"
import { ApiError, workflowError } from "../http/api-error"
import { placeOrderWorkflow, type PlaceOrderInput } from "../orders/place-order-workflow"
import { findOrderById, timeZoneForOrders } from "../orders/read-orders"
import { markCheckoutPaymentStep, updateCheckoutPayment, type CheckoutPaymentBookkeeping, type CheckoutPaymentRow } from "./records"
import { buyerVatId } from "../orders/checkout"

/** How a settled payment reads in order lists: docs/product.md §8 marks test payments by "Sandbox" in the method. */
export function paymentMethodLabel(row: Pick<CheckoutPaymentRow, "provider" | "is_test_payment">): string {
  const name = row.provider === "paypal" ? "PayPal" : "Card"
  return row.is_test_payment ? `${name} (Sandbox)` : name
}

/** The order a payment already became (links/checkout-payment-order.ts), if it did. */
export async function orderOfPayment(container: MedusaContainer, row: CheckoutPaymentRow): Promise<Order | null> {
  return row.order_id ? findOrderById(container, row.order_id) : null
}

type BookkeepingChange = { id: string; next: CheckoutPaymentBookkeeping; previous: CheckoutPaymentBookkeeping }

interface FinaliseInput {
  /** The record as it was read under the payment's lock. */
  row: { id: string } & CheckoutPaymentBookkeeping
  /** The provider's id of the money taken. */
  paymentId: string
  purchase: PlaceOrderInput
}

/**
 * A payment the provider confirmed becomes its order: the record says "paid" (with the provider's id
 * of the money), then the purchase workflow makes the order and links it to the record. When the
 * cart had become an order already (the customer paid twice, say), this payment is linked to that
 * order too. A failure undoes every step before it: the order and its reservation, the record's status.
 */
export const finalisePaymentWorkflow = createWorkflow("enclave-finalise-payment", (input: FinaliseInput) => {
  markCheckoutPaymentStep(
    transform({ input }, ({ input }): BookkeepingChange => ({
      id: input.row.id,
      previous: { status: input.row.status, payment_id: input.row.payment_id, failure_reason: input.row.failure_reason },
      next: { status: "paid" as const, payment_id: input.paymentId, failure_reason: input.row.failure_reason },
    })),
  )
  const placed = placeOrderWorkflow.runAsStep({ input: input.purchase })
  when("enclave-link-payment-to-existing-order", { placed }, ({ placed }) => !placed.placed).then(() => {
    createRemoteLinkStep(
      transform({ placed, input }, ({ placed, input }) => [
        { [Modules.ORDER]: { order_id: placed.orderId }, [SHOP_ORDERS_MODULE]: { checkout_payment_id: input.row.id } },
      ]),
    ).config({ name: "enclave-link-payment-order" })
  })
  return new WorkflowResponse(placed)
})

/**
 * Turns a payment the provider confirmed into the order. When that fails (the last unit sold
 * meanwhile, the database gone for a moment), the money is taken but there is no order: the
 * payment stays on record as "unfinalised" with the reason, so staff can finish or refund it,
 * and a later capture or webhook tries again. The customer is told exactly that (docs/product.md §8).
 */
export async function finalisePayment(container: MedusaContainer, row: CheckoutPaymentRow, paymentId: string): Promise<Order> {
  const existing = await orderOfPayment(container, row)
  if (existing) return existing
  try {
    const user = row.shop_user_id ? await findUserById(container, row.shop_user_id) : null
    if (!user) throw new Error("the account that started this payment no longer exists")
    const placing: Omit<PlaceOrderInput, "timeZone"> = {
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
      checkoutPaymentId: row.id,
    }
    const purchase: PlaceOrderInput = { ...placing, timeZone: await timeZoneForOrders(container, [placing]) }
    const { orderId, answer } = await runThenBump(
      "an order was placed",
      () =>
        withCartLock(container, user, async () => {
          try {
            const { result } = await finalisePaymentWorkflow(container).run({ input: { row, paymentId, purchase } })
            return result
          } catch (error) {
            throw workflowError(error)
          }
        }),
      "stock",
    )
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
    throw new ApiError("payment_received_not_finalised", PAYMENT_RECEIVED_NOT_FINALISED_MESSAGE, reason, {
      extra: { error: PAYMENT_RECEIVED_NOT_FINALISED_MESSAGE, paymentReceived: true, paymentId },
    })
  }
}
