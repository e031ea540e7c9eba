import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { ShippingAddress, UnfinalisedPayment } from "@enclave/contract"
import type { ShopUserRow } from "../accounts/users"
import { withCartLock } from "../cart/cart"
import { prepareCheckout, startPaymentSession, type CheckoutChoice, type PreparedCheckout } from "../orders/checkout"
import { shopOrders, type CheckoutPaymentRow } from "../orders/read-orders"

/** The shop's record of each PayPal order and Stripe PaymentIntent started at checkout (models/checkout-payment.ts). */

export type { CheckoutPaymentRow }

async function recordCheckoutPayment(
  container: MedusaContainer,
  input: { provider: CheckoutPaymentRow["provider"]; reference: string; sessionId: string; userNumber: number; isTest: boolean; prepared: PreparedCheckout },
): Promise<CheckoutPaymentRow> {
  const address: ShippingAddress = { ...input.prepared.address, addressLine2: input.prepared.address.addressLine2 || null }
  return shopOrders(container).createCheckoutPayments({
    provider: input.provider,
    reference: input.reference,
    payment_session_id: input.sessionId,
    cart_id: input.prepared.cartId,
    user_number: input.userNumber,
    amount: (input.prepared.total / 100).toFixed(2),
    is_test_payment: input.isTest,
    shipping_address: address,
    shipping_method_number: input.prepared.method.number,
    shipping_method_name: input.prepared.method.name,
    status: "created",
  })
}

/**
 * Starts a payment with a provider: under the customer's cart lock, prepares the cart, opens the
 * provider's Medusa payment session (which creates the PayPal order or the PaymentIntent) and
 * records it under the provider's id (`referenceKey` of the session data).
 */
export async function startCheckoutPayment(
  container: MedusaContainer,
  user: ShopUserRow,
  input: { provider: CheckoutPaymentRow["provider"]; providerId: string; referenceKey: string; choice: CheckoutChoice; sessionData: (prepared: PreparedCheckout) => Record<string, unknown> },
): Promise<{ prepared: PreparedCheckout; reference: string; data: Record<string, unknown> }> {
  return withCartLock(container, user, async () => {
    const prepared = await prepareCheckout(container, user, input.choice)
    const session = await startPaymentSession(container, prepared, input.providerId, input.sessionData(prepared))
    const reference = String(session.data[input.referenceKey])
    await recordCheckoutPayment(container, {
      provider: input.provider,
      reference,
      sessionId: session.id,
      userNumber: user.user_number,
      isTest: session.data.sandbox === true,
      prepared,
    })
    return { prepared, reference, data: session.data }
  })
}

export async function findCheckoutPayment(
  container: MedusaContainer,
  filters: { provider: CheckoutPaymentRow["provider"]; reference?: string; payment_session_id?: string },
): Promise<CheckoutPaymentRow | null> {
  const [row] = await shopOrders(container).listCheckoutPayments(filters, { take: 1 })
  return row ?? null
}

export async function updateCheckoutPayment(container: MedusaContainer, id: string, changes: Partial<Omit<CheckoutPaymentRow, "id">>) {
  return shopOrders(container).updateCheckoutPayments({ id, ...changes })
}

/**
 * One payment is settled at a time, on every server instance: a customer's double click, ten
 * browser tabs and the provider's webhook all capturing the same payment make one order.
 */
export function withPaymentLock<T>(container: MedusaContainer, reference: string, work: () => Promise<T>): Promise<T> {
  const locking = container.resolve(Modules.LOCKING)
  return locking.execute(`enclave-payment:${reference}`, work, { timeout: 60 })
}

/** Payments taken that did not become an order, newest first (staff finish or refund them). */
export async function listUnfinalisedPayments(container: MedusaContainer): Promise<UnfinalisedPayment[]> {
  const rows = await shopOrders(container).listCheckoutPayments({ status: "unfinalised" }, { take: null, order: { created_at: "DESC" } })
  return rows.map((row) => ({
    provider: row.provider,
    reference: row.reference,
    paymentId: row.payment_id,
    amount: row.amount,
    userId: row.user_number,
    isTestPayment: row.is_test_payment,
    reason: row.failure_reason,
    createdAt: new Date(row.created_at).toISOString(),
  }))
}
