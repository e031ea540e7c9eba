import type { LinkDefinition, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { createPaymentCollectionsStep, createPaymentSessionStep, createRemoteLinkStep } from "@medusajs/medusa/core-flows"
import type { ShippingAddress, UnfinalisedPayment } from "@enclave/contract"
import { centsToEuros } from "@enclave/contract/money"
import { ACCOUNTS_MODULE, accountsService, type ShopUserRow } from "@enclave/accounts"
import { SHOP_ORDERS_MODULE } from "../modules/shop-orders"
import { releaseCartLock, takeCartLockStep } from "../cart/cart-lock"
import { linkedCartId } from "../cart/user-cart"
import { ShopError, workflowError } from "@enclave/contract/shop-error"
import CheckoutPaymentCartLink from "../links/checkout-payment-cart"
import CheckoutPaymentOrderLink from "../links/checkout-payment-order"
import CheckoutPaymentSessionLink from "../links/checkout-payment-session"
import CheckoutPaymentUserLink from "../links/checkout-payment-user"
import { buyerVatId, pricePurchase, type CheckoutChoice, type PricedPurchase } from "../orders/checkout"
import { checkoutPaymentIdsOfCart, shopOrders, type CheckoutPaymentRow as CheckoutPaymentFields } from "../orders/read-orders"

/** What the links of a checkout payment name (links/checkout-payment-*.ts). */
export interface CheckoutPaymentLinks {
  /** The cart it pays for. */
  cart_id: string
  /** Medusa's payment session that opened the provider's payment. */
  payment_session_id: string
  /** The shop user who started it (shop_user.id). */
  shop_user_id: string | null
  /** The Medusa order it became, once it did. */
  order_id: string | null
}

/**
 * The shop's record of each PayPal order and Stripe PaymentIntent started at checkout
 * (models/checkout-payment.ts), with what its links name.
 */
export type CheckoutPaymentRow = CheckoutPaymentFields & CheckoutPaymentLinks
export type { CheckoutPaymentFields }

interface RecordInput {
  provider: CheckoutPaymentRow["provider"]
  referenceKey: string
  userId: string
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
      amount: centsToEuros(input.prepared.total),
      is_test_payment: data.sandbox === true,
      shipping_address: address,
      shipping_method_number: input.prepared.method.number,
      shipping_method_name: input.prepared.method.name,
      status: "created",
    })
    return new StepResponse(row, row.id)
  },
  async (id, { container }) => {
    if (id) await shopOrders(container).deleteCheckoutPayments([id])
  },
)

/** Where PayPal sends the customer back to, and the language of its pages. */
export interface WalletRedirect {
  returnUrl: string
  cancelUrl: string
  locale: "de-DE" | "en-GB"
}

export interface StartPaymentInput {
  provider: CheckoutPaymentRow["provider"]
  providerId: string
  /** The key of the session data that holds the provider's id of the payment. */
  referenceKey: string
  userId: string
  email: string
  vatId: string | null
  choice: CheckoutChoice
  /** A wallet payment's addresses and language (PayPal only). */
  redirect?: WalletRedirect
}

/** What the provider's session is created with: the cart for a card payment, the pages and words of a PayPal order. */
function paymentSessionData(input: StartPaymentInput, prepared: PricedPurchase): Record<string, unknown> {
  switch (input.provider) {
    case "stripe":
      return { cart_id: prepared.cartId }
    case "paypal":
      return {
        return_url: input.redirect?.returnUrl,
        cancel_url: input.redirect?.cancelUrl,
        description: `Enclave order (${prepared.method.name})`,
        locale: input.redirect?.locale,
      }
  }
}

/**
 * Prices the customer's cart for the choice made at checkout, under the cart lock the flow holds, and
 * gives up an earlier attempt on the same cart (the customer went back and paid another way).
 */
const preparePaymentStep = createStep(
  "enclave-prepare-payment",
  async (input: Pick<StartPaymentInput, "userId" | "email" | "vatId" | "choice">, { container }) => {
    const cartId = await linkedCartId(container, input.userId)
    if (!cartId) throw new ShopError("cart_empty", "Your cart is empty")
    const prepared = await pricePurchase(container, { cartId, email: input.email, vatId: input.vatId }, input.choice)
    await abandonEarlierAttempts(container, prepared.cartId)
    return new StepResponse(prepared)
  },
)

/**
 * A payment started with a provider, under the buyer's cart lock: the cart priced, Medusa's payment
 * collection for that amount, the provider's payment session in it (which creates the PayPal order or
 * the PaymentIntent), and the shop's record of it, linked to the cart, the session and the shop user;
 * undone together when any of them fails.
 */
export const startPaymentWorkflow = createWorkflow("enclave-start-payment", (input: StartPaymentInput) => {
  const lock = takeCartLockStep({ userId: input.userId })
  const prepared = preparePaymentStep(input)
  const amount = transform({ prepared }, ({ prepared }) => prepared.total / 100)
  const collections = createPaymentCollectionsStep([transform({ amount }, ({ amount }) => ({ currency_code: "eur", amount }))])
  const collection = transform({ collections }, ({ collections }) => collections[0])
  const session = createPaymentSessionStep(
    transform({ collection, input, amount, prepared }, ({ collection, input, amount, prepared }) => ({
      payment_collection_id: collection.id,
      provider_id: input.providerId,
      currency_code: "eur",
      amount,
      data: paymentSessionData(input, prepared),
    })),
  )
  const row = recordCheckoutPaymentStep(
    transform({ input, prepared, session }, ({ input, prepared, session }) => ({
      provider: input.provider,
      referenceKey: input.referenceKey,
      userId: input.userId,
      prepared,
      session,
    })),
  )
  createRemoteLinkStep(
    transform({ row, input, session, prepared }, ({ row, input, session, prepared }): LinkDefinition[] => [
      { [Modules.CART]: { cart_id: prepared.cartId }, [SHOP_ORDERS_MODULE]: { checkout_payment_id: row.id } },
      { [SHOP_ORDERS_MODULE]: { checkout_payment_id: row.id }, [Modules.PAYMENT]: { payment_session_id: session.id } },
      { [ACCOUNTS_MODULE]: { shop_user_id: input.userId }, [SHOP_ORDERS_MODULE]: { checkout_payment_id: row.id } },
    ]),
  )
  releaseCartLock(lock)
  return new WorkflowResponse({
    row,
    prepared,
    data: transform({ session }, ({ session }) => (session.data ?? {}) as Record<string, unknown>),
  })
})

/**
 * An earlier attempt on the same cart (the customer went back and paid another way) is given up:
 * its provider cancels what it can (a PayPal order, a PaymentIntent), so it is never charged.
 */
async function abandonEarlierAttempts(container: MedusaContainer, cartId: string) {
  const ids = await checkoutPaymentIdsOfCart(container, cartId)
  const earlier = ids.length
    ? await shopOrders(container).listCheckoutPayments({ id: ids, status: "created" }, { select: ["id"], take: null })
    : []
  if (earlier.length === 0) return
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: CheckoutPaymentSessionLink.entryPoint,
    fields: ["payment_session_id"],
    filters: { checkout_payment_id: earlier.map((row) => row.id) },
  })
  for (const { payment_session_id: sessionId } of data as Array<{ payment_session_id: string }>) {
    await container
      .resolve(Modules.PAYMENT)
      .deletePaymentSession(sessionId)
      .catch((error: Error) => {
        container.resolve(ContainerRegistrationKeys.LOGGER).warn(`Could not cancel payment session ${sessionId}: ${error.message}`)
      })
  }
}

/**
 * Starts a payment with a provider (startPaymentWorkflow); the provider's id of the payment is
 * `referenceKey` of the session data.
 */
export async function startCheckoutPayment(
  container: MedusaContainer,
  user: ShopUserRow,
  input: Pick<StartPaymentInput, "provider" | "providerId" | "referenceKey" | "choice" | "redirect">,
): Promise<{ prepared: PricedPurchase; reference: string; data: Record<string, unknown> }> {
  try {
    const { result } = await startPaymentWorkflow(container).run({
      input: { ...input, userId: user.id, email: user.email, vatId: buyerVatId(user) },
    })
    return { prepared: result.prepared, reference: result.row.reference, data: result.data }
  } catch (error) {
    throw workflowError(error)
  }
}

/** One link of a checkout payment: the id it names on the other side, or null. */
async function linkedId(
  container: MedusaContainer,
  link: { entryPoint: string },
  field: keyof CheckoutPaymentLinks,
  checkoutPaymentId: string,
): Promise<string | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: link.entryPoint, fields: [field], filters: { checkout_payment_id: checkoutPaymentId } })
  return ((data[0] as Record<string, string> | undefined)?.[field] as string | undefined) ?? null
}

/**
 * A checkout payment by the provider's id of it, or by Medusa's payment session (a webhook names
 * that), with what its links name; null when there is none or its cart or session is gone.
 */
export async function findCheckoutPayment(
  container: MedusaContainer,
  filters: { provider: CheckoutPaymentRow["provider"]; reference?: string; payment_session_id?: string },
): Promise<CheckoutPaymentRow | null> {
  const { payment_session_id: sessionId, ...ownFilters } = filters
  const rowFilters: Record<string, unknown> = { ...ownFilters }
  if (sessionId !== undefined) {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: CheckoutPaymentSessionLink.entryPoint,
      fields: ["checkout_payment_id"],
      filters: { payment_session_id: sessionId },
    })
    const id = (data[0] as { checkout_payment_id?: string } | undefined)?.checkout_payment_id
    if (!id) return null
    rowFilters.id = id
  }
  const [row] = await shopOrders(container).listCheckoutPayments(rowFilters, { take: 1 })
  if (!row) return null
  // Four small reads at once rather than Medusa's query over four links (a read of the linked rows each besides).
  const [cartId, paymentSessionId, shopUserId, orderId] = await Promise.all([
    linkedId(container, CheckoutPaymentCartLink, "cart_id", row.id),
    sessionId ?? linkedId(container, CheckoutPaymentSessionLink, "payment_session_id", row.id),
    linkedId(container, CheckoutPaymentUserLink, "shop_user_id", row.id),
    linkedId(container, CheckoutPaymentOrderLink, "order_id", row.id),
  ])
  if (!cartId || !paymentSessionId) return null
  return { ...row, cart_id: cartId, payment_session_id: paymentSessionId, shop_user_id: shopUserId, order_id: orderId }
}

/**
 * A checkout payment of this provider that the user started, by the provider's id of it; null for
 * one that is not there or another user's (which the caller answers alike).
 */
export async function findOwnCheckoutPayment(
  container: MedusaContainer,
  user: ShopUserRow,
  filters: { provider: CheckoutPaymentRow["provider"]; reference: string },
): Promise<CheckoutPaymentFields | null> {
  const [row] = await shopOrders(container).listCheckoutPayments(filters, { take: 1 })
  if (!row) return null
  return (await linkedId(container, CheckoutPaymentUserLink, "shop_user_id", row.id)) === user.id ? row : null
}

/** What the shop's bookkeeping of a checkout payment says: where it stands, the money taken, why it failed. */
export type CheckoutPaymentBookkeeping = Pick<CheckoutPaymentFields, "status" | "payment_id" | "failure_reason">

export async function updateCheckoutPayment(container: MedusaContainer, id: string, changes: Partial<Omit<CheckoutPaymentFields, "id">>) {
  return shopOrders(container).updateCheckoutPayments({ id, ...changes })
}

/** Payments taken that did not become an order, newest first (staff finish or refund them). */
export async function listUnfinalisedPayments(container: MedusaContainer): Promise<UnfinalisedPayment[]> {
  const rows = await shopOrders(container).listCheckoutPayments({ status: "unfinalised" }, { take: null, order: { created_at: "DESC" } })
  if (rows.length === 0) return []
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: CheckoutPaymentUserLink.entryPoint,
    fields: ["checkout_payment_id", "shop_user_id"],
    filters: { checkout_payment_id: rows.map((row) => row.id) },
  })
  const links = data as Array<{ checkout_payment_id: string; shop_user_id: string }>
  // A deleted account's payments keep its number, as they did when it was their column.
  const users = await accountsService(container).listShopUsers(
    { id: [...new Set(links.map((l) => l.shop_user_id))] },
    { select: ["id", "user_number"], withDeleted: true, take: null },
  )
  const numberOfUser = new Map(users.map((u) => [u.id, u.user_number]))
  const userNumberOf = new Map(
    links.flatMap((l) => (numberOfUser.has(l.shop_user_id) ? [[l.checkout_payment_id, numberOfUser.get(l.shop_user_id)!] as const] : [])),
  )
  // Every payment is linked to its user as it starts (startPaymentWorkflow), in the same write as its cart.
  return rows.flatMap((row) => {
    const userId = userNumberOf.get(row.id)
    return userId === undefined ? [] : [toUnfinalised(row, userId)]
  })
}

function toUnfinalised(row: CheckoutPaymentFields, userId: number): UnfinalisedPayment {
  return {
    provider: row.provider,
    reference: row.reference,
    paymentId: row.payment_id,
    amount: row.amount,
    userId,
    isTestPayment: row.is_test_payment,
    reason: row.failure_reason,
    createdAt: new Date(row.created_at).toISOString(),
  }
}
