import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { createPaymentCollectionsStep, createPaymentSessionStep, createRemoteLinkStep } from "@medusajs/medusa/core-flows"
import type { ShippingAddress, UnfinalisedPayment } from "@enclave/contract"
import { centsToEuros } from "@enclave/contract/money"
import { SHOP_ORDERS_MODULE } from "@enclave/orders"
import type { ShopUserRow } from "../accounts/users"
import { withCartLock } from "../cart/cart"
import { ApiError } from "../http/api-error"
import { buyerVatId, pricePurchase, type CheckoutChoice, type PricedPurchase } from "../orders/checkout"
import { workflowError } from "../orders/place-order-workflow"
import {
  cartsOfCheckoutPayments,
  checkoutPaymentIdsOfCart,
  shopOrders,
  type CheckoutPaymentRow as CheckoutPaymentFields,
} from "../orders/read-orders"

/**
 * The shop's record of each PayPal order and Stripe PaymentIntent started at checkout
 * (models/checkout-payment.ts), with the cart it pays for (links/checkout-payment-cart.ts).
 */
export type CheckoutPaymentRow = CheckoutPaymentFields & { cart_id: string }

interface RecordInput {
  provider: CheckoutPaymentRow["provider"]
  referenceKey: string
  userNumber: number
  prepared: PricedPurchase
}

const recordCheckoutPaymentStep = createStep(
  "enclave-record-checkout-payment",
  async (input: RecordInput & { session: { id: string; data?: Record<string, unknown> | null } }, { container }) => {
    const data = (input.session.data ?? {}) as Record<string, unknown>
    const address: ShippingAddress = { ...input.prepared.address, addressLine2: input.prepared.address.addressLine2 || null }
    const row = await shopOrders(container).createCheckoutPayments({
      provider: input.provider,
      reference: String(data[input.referenceKey]),
      payment_session_id: input.session.id,
      user_number: input.userNumber,
      amount: centsToEuros(input.prepared.total),
      is_test_payment: data.sandbox === true,
      shipping_address: address,
      shipping_method_number: input.prepared.method.number,
      shipping_method_name: input.prepared.method.name,
      status: "created",
    })
    return new StepResponse({ ...row, cart_id: input.prepared.cartId }, row.id)
  },
  async (id, { container }) => {
    if (id) await shopOrders(container).deleteCheckoutPayments([id])
  },
)

/**
 * A payment started with a provider: Medusa's payment collection for the priced amount, the
 * provider's payment session in it (which creates the PayPal order or the PaymentIntent), and
 * the shop's record of it; undone together when any of them fails.
 */
export const startPaymentWorkflow = createWorkflow(
  "enclave-start-payment",
  (input: RecordInput & { providerId: string; sessionData: Record<string, unknown> }) => {
    const amount = transform({ input }, ({ input }) => input.prepared.total / 100)
    const collections = createPaymentCollectionsStep([transform({ amount }, ({ amount }) => ({ currency_code: "eur", amount }))])
    const collection = transform({ collections }, ({ collections }) => collections[0])
    const session = createPaymentSessionStep(
      transform({ collection, input, amount }, ({ collection, input, amount }) => ({
        payment_collection_id: collection.id,
        provider_id: input.providerId,
        currency_code: "eur",
        amount,
        data: input.sessionData,
      })),
    )
    const row = recordCheckoutPaymentStep(transform({ input, session }, ({ input, session }) => ({ ...input, session })))
    createRemoteLinkStep(
      transform({ row }, ({ row }) => [
        { [Modules.CART]: { cart_id: row.cart_id }, [SHOP_ORDERS_MODULE]: { checkout_payment_id: row.id } },
      ]),
    )
    return new WorkflowResponse({ row, data: transform({ session }, ({ session }) => (session.data ?? {}) as Record<string, unknown>) })
  },
)

/**
 * An earlier attempt on the same cart (the customer went back and paid another way) is given up:
 * its provider cancels what it can (a PayPal order, a PaymentIntent), so it is never charged.
 */
async function abandonEarlierAttempts(container: MedusaContainer, cartId: string) {
  const ids = await checkoutPaymentIdsOfCart(container, cartId)
  const earlier = ids.length ? await shopOrders(container).listCheckoutPayments({ id: ids, status: "created" }, { take: null }) : []
  for (const row of earlier) {
    await container
      .resolve(Modules.PAYMENT)
      .deletePaymentSession(row.payment_session_id)
      .catch((error: Error) => {
        container
          .resolve(ContainerRegistrationKeys.LOGGER)
          .warn(`Could not cancel payment session ${row.payment_session_id}: ${error.message}`)
      })
  }
}

/**
 * Starts a payment with a provider: under the customer's cart lock, prices the cart and runs
 * startPaymentWorkflow; the provider's id of the payment is `referenceKey` of the session data.
 */
export async function startCheckoutPayment(
  container: MedusaContainer,
  user: ShopUserRow,
  input: {
    provider: CheckoutPaymentRow["provider"]
    providerId: string
    referenceKey: string
    choice: CheckoutChoice
    sessionData: (prepared: PricedPurchase) => Record<string, unknown>
  },
): Promise<{ prepared: PricedPurchase; reference: string; data: Record<string, unknown> }> {
  return withCartLock(container, user, async () => {
    if (!user.cart_id) throw new ApiError(400, "Your cart is empty")
    const prepared = await pricePurchase(container, { cartId: user.cart_id, email: user.email, vatId: buyerVatId(user) }, input.choice)
    await abandonEarlierAttempts(container, prepared.cartId)
    try {
      const { result } = await startPaymentWorkflow(container).run({
        input: {
          provider: input.provider,
          referenceKey: input.referenceKey,
          userNumber: user.user_number,
          prepared,
          providerId: input.providerId,
          sessionData: input.sessionData(prepared),
        },
      })
      return { prepared, reference: result.row.reference, data: result.data }
    } catch (error) {
      throw workflowError(error)
    }
  })
}

export async function findCheckoutPayment(
  container: MedusaContainer,
  filters: { provider: CheckoutPaymentRow["provider"]; reference?: string; payment_session_id?: string },
): Promise<CheckoutPaymentRow | null> {
  const [row] = await shopOrders(container).listCheckoutPayments(filters, { take: 1 })
  if (!row) return null
  const cartId = (await cartsOfCheckoutPayments(container, [row.id])).get(row.id)
  return cartId ? { ...row, cart_id: cartId } : null
}

export async function updateCheckoutPayment(container: MedusaContainer, id: string, changes: Partial<Omit<CheckoutPaymentFields, "id">>) {
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
