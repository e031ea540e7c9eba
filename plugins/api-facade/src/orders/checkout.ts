import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { addShippingMethodToCartWorkflow, completeCartWorkflow, createPaymentCollectionForCartWorkflow, updateCartWorkflow } from "@medusajs/medusa/core-flows"
import type { Order, ShippingAddress } from "@enclave/contract"
import { accountsService, type ShopUserRow } from "../accounts/users"
import { catalogueEntries } from "../catalogue/products"
import { findCart } from "../cart/cart"
import { destinationOf, shopContext, type ShopContext } from "../cart/shop-context"
import { ApiError } from "../http/api-error"
import { medusaAddress } from "./medusa-address"
import { demandOfCart, ensureInStock, isMedusaStockError, stockRefusal, withStockLock } from "./stock"
import { findOrderById, shopOrders } from "./read-orders"
import { runThenBump } from "../catalogue/cache"

/**
 * The two halves of every purchase, whatever pays for it: prepare the customer's cart (check it,
 * price it on the server, give Medusa the address and shipping method) and, once the payment is
 * settled, let Medusa complete the cart into an order (which reserves the stock) and record the
 * shop's details. The sandbox card, the card provider and the wallet provider differ only in
 * what happens between the two.
 */

export interface ShippingMethodChoice {
  number: number
  name: string
  optionId: string
  price: number
}

/** The active shipping method with this number, with its Medusa shipping option and EUR price. */
export async function findActiveShippingMethod(container: MedusaContainer, methodNumber: number): Promise<ShippingMethodChoice> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "shipping_method_details",
    fields: ["method_number", "is_active", "shipping_option.id", "shipping_option.name", "shipping_option.prices.amount", "shipping_option.prices.currency_code"],
    filters: { method_number: methodNumber },
  })
  const row = data[0] as
    | { is_active: boolean; shipping_option?: { id: string; name: string; prices?: Array<{ amount: number | string; currency_code: string }> } | null }
    | undefined
  if (!row?.shipping_option) throw new ApiError(400, `Shipping method ${methodNumber} does not exist`, { fields: { shippingMethod: "Unknown shipping method" } })
  if (!row.is_active) throw new ApiError(400, `Shipping method ${row.shipping_option.name} is not available`, { fields: { shippingMethod: "This shipping method is not available" } })
  const price = row.shipping_option.prices?.find((p) => p.currency_code === "eur")
  return { number: methodNumber, name: row.shipping_option.name, optionId: row.shipping_option.id, price: Number(price?.amount ?? 0) }
}

/**
 * A 400 on the shippingMethod field when the method's zone does not cover the address's country:
 * Medusa's fulfillment module matches the address against the geo zones of the option's zone, as
 * it does for a cart's shipping options.
 */
export async function ensureMethodShipsTo(
  container: MedusaContainer,
  context: ShopContext,
  method: ShippingMethodChoice,
  countryCode: string,
): Promise<void> {
  const serving = await container.resolve(Modules.FULFILLMENT).listShippingOptionsForContext(
    { id: method.optionId, address: { country_code: countryCode } },
    { select: ["id"] },
  )
  if (serving.length > 0) return
  const country = context.countryNames.get(countryCode) ?? countryCode.toUpperCase()
  const message = `${method.name} does not ship to ${country}`
  throw new ApiError(400, message, { fields: { shippingMethod: message } })
}

export const cents = (value: number | string) => Math.round(Number(value) * 100)
export const euro = (centsValue: number) => (centsValue / 100).toFixed(2)

export interface CheckoutChoice {
  shippingAddress: ShippingAddress
  shippingMethodId: number
  /** What the customer's page shows; compared with the server's figures, never used. */
  total?: number | string
  shippingCost?: number | string
}

export interface PreparedCheckout {
  cartId: string
  collectionId: string
  address: ShippingAddress
  method: ShippingMethodChoice
  /** In cents. */
  subtotal: number
  shipping: number
  total: number
}

async function paymentCollectionOf(container: MedusaContainer, cartId: string): Promise<{ id: string; amount: number } | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: ["payment_collection.id", "payment_collection.amount"], filters: { id: cartId } })
  const collection = (data[0] as { payment_collection?: { id: string; amount: number | string } | null })?.payment_collection
  return collection ? { id: collection.id, amount: cents(collection.amount) } : null
}

/**
 * Checks the customer's cart (not empty, every product sold and in stock, the method active),
 * prices it on the server, refuses a page that shows other figures (409 with the right ones),
 * and gives Medusa the address, region and shipping method. Run under the customer's cart lock.
 */
export async function prepareCheckout(container: MedusaContainer, user: ShopUserRow, choice: CheckoutChoice): Promise<PreparedCheckout> {
  const cart = await findCart(container, user)
  if (!cart || cart.lines.length === 0) throw new ApiError(400, "Your cart is empty")

  const method = await findActiveShippingMethod(container, choice.shippingMethodId)
  const context = await shopContext(container)
  const address = choice.shippingAddress
  const { countryCode, regionId } = destinationOf(context, address.country)
  await ensureMethodShipsTo(container, context, method, countryCode)
  const entries = await catalogueEntries(container, cart.lines.map((l) => l.productNumber))
  let subtotal = 0
  for (const line of cart.lines) {
    const entry = entries.get(line.productNumber)
    if (!entry) throw new ApiError(409, "A product in your cart is no longer sold: please remove it")
    // Checked before any of the slow work below, so that buyers who come too late hear it at once.
    if (line.quantity > entry.product.stockQuantity) throw stockRefusal(entry.product, line.quantity)
    subtotal += cents(entry.product.price) * line.quantity
  }
  const shipping = cents(method.price)
  const total = subtotal + shipping
  if (choice.shippingCost !== undefined && cents(choice.shippingCost) !== shipping) {
    throw new ApiError(409, `Shipping with ${method.name} costs €${euro(shipping)}, not €${euro(cents(choice.shippingCost))}`, {
      shippingCost: euro(shipping),
    })
  }
  if (choice.total !== undefined && cents(choice.total) !== total) {
    throw new ApiError(409, `The order total is €${euro(total)}, not €${euro(cents(choice.total))}: please review your order`, {
      subtotal: euro(subtotal),
      shippingCost: euro(shipping),
      total: euro(total),
    })
  }

  await updateCartWorkflow(container).run({
    input: { id: cart.id, region_id: regionId, email: user.email, shipping_address: medusaAddress(address, countryCode) },
  })
  await addShippingMethodToCartWorkflow(container).run({ input: { cart_id: cart.id, options: [{ id: method.optionId }] } })

  let collection = await paymentCollectionOf(container, cart.id)
  if (!collection) {
    await createPaymentCollectionForCartWorkflow(container).run({ input: { cart_id: cart.id } })
    collection = await paymentCollectionOf(container, cart.id)
  }
  // Medusa prices the cart itself; a payment for any other amount would not complete it.
  if (!collection || collection.amount !== total) {
    throw new ApiError(409, `The order total changed to €${euro(collection?.amount ?? 0)}: please review your order`, { total: euro(collection?.amount ?? 0) })
  }
  return { cartId: cart.id, collectionId: collection.id, address, method, subtotal, shipping, total }
}

/**
 * The payment session that pays the cart, replacing any earlier one (an abandoned card or wallet
 * attempt: its provider cancels what it can). Medusa drops sessions when the shipping method
 * changes, so this comes after prepareCheckout.
 */
export async function startPaymentSession(
  container: MedusaContainer,
  prepared: PreparedCheckout,
  providerId: string,
  data: Record<string, unknown>,
): Promise<{ id: string; data: Record<string, unknown> }> {
  const payments = container.resolve(Modules.PAYMENT)
  const existing = await payments.listPaymentSessions({ payment_collection_id: prepared.collectionId })
  for (const session of existing) {
    await payments.deletePaymentSession(session.id).catch((error: Error) => {
      container.resolve(ContainerRegistrationKeys.LOGGER).warn(`Could not cancel payment session ${session.id}: ${error.message}`)
    })
  }
  const session = await payments.createPaymentSession(prepared.collectionId, {
    provider_id: providerId,
    amount: prepared.total / 100,
    currency_code: "eur",
    data,
  })
  return { id: session.id, data: (session.data ?? {}) as Record<string, unknown> }
}

export interface SettledPayment {
  /** As customers and staff read it, e.g. "PayPal (Sandbox)". */
  method: string
  paymentId: string | null
  provider: string
  isTest: boolean
}

export interface CompleteCheckout {
  cartId: string
  address: ShippingAddress
  method: { number: number; name: string }
  payment: SettledPayment
  notes?: string | null
  /** The caller already holds the stock lock of the cart's products (see orders/stock.ts). */
  stockLocked?: boolean
}

/** The order Medusa made from this cart, if it made one. */
export async function orderIdOfCart(container: MedusaContainer, cartId: string): Promise<string | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
  return (data[0] as { order_id?: string } | undefined)?.order_id ?? null
}

/**
 * Completes the cart into an order and records the shop's details; the customer's next add starts
 * a new cart. Completing a cart that already became an order answers that order, so a retried
 * capture or a late webhook never makes a second one.
 */
export async function completeCheckout(
  container: MedusaContainer,
  user: ShopUserRow,
  input: CompleteCheckout,
): Promise<{ order: Order; medusaOrderId: string }> {
  let orderId = await orderIdOfCart(container, input.cartId)
  if (!orderId) {
    const demand = await demandOfCart(container, input.cartId)
    const complete = async () => {
      // Whoever held the lock before may have bought the last units since this cart was priced.
      await ensureInStock(container, demand)
      try {
        // Placing the order reserves its stock: the product pages must show the lower stock at once.
        const { result } = await runThenBump("an order was placed", () => completeCartWorkflow(container).run({ input: { id: input.cartId } }))
        return result.id
      } catch (error) {
        if (isMedusaStockError(error)) {
          await ensureInStock(container, demand)
          throw new ApiError(409, "A product in your cart is no longer in stock: please change your cart")
        }
        throw error
      }
    }
    orderId = input.stockLocked ? await complete() : await withStockLock(container, demand, complete)
  }
  const [existing] = await shopOrders(container).listOrderDetails({ order_id: orderId }, { take: 1 })
  if (!existing) {
    await shopOrders(container).createOrderDetails({
      order_id: orderId,
      user_number: user.user_number,
      shipping_address: { ...input.address, addressLine2: input.address.addressLine2 || null },
      status: "processing",
      payment_method: input.payment.method,
      payment_id: input.payment.paymentId,
      payment_provider: input.payment.provider,
      is_test_payment: input.payment.isTest,
      shipping_method_number: input.method.number,
      shipping_method_name: input.method.name,
      notes: input.notes || (input.payment.provider === "sandbox" ? "Test order: no payment was taken" : null),
    })
  }
  if (user.cart_id === input.cartId) {
    await accountsService(container).updateShopUsers({ id: user.id, cart_id: null })
    user.cart_id = null
  }
  const order = await findOrderById(container, orderId)
  return { order: order!, medusaOrderId: orderId }
}
