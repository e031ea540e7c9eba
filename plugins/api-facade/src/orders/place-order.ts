import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  addShippingMethodToCartWorkflow,
  completeCartWorkflow,
  createPaymentCollectionForCartWorkflow,
  createPaymentSessionsWorkflow,
  updateCartWorkflow,
} from "@medusajs/medusa/core-flows"
import { SANDBOX_CARD_PAYMENT_PREFIX, type CreateOrderRequest, type Order } from "@enclave/contract"
import { accountsService, type ShopUserRow } from "../accounts/users"
import { catalogueEntries } from "../catalogue/products"
import { findCart, withCartLock } from "../cart/cart"
import { destinationOf, shopContext } from "../cart/shop-context"
import { ApiError } from "../http/api-error"
import { readPaymentSettings } from "../payment-settings/payment-settings"
import { medusaAddress } from "./medusa-address"
import { findOrder, shopOrders } from "./read-orders"

/** Medusa's own provider for payments that were settled before the order is placed. */
const SYSTEM_PAYMENT_PROVIDER = "pp_system_default"

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

export interface VerifiedPayment {
  method: string
  paymentId: string | null
  provider: string
  isTest: boolean
}

/**
 * What the client says about the payment is only believed when it can be checked. Today that
 * is the simulated card of the sandbox (SPEC §4: ids starting `str-`), recorded as a test payment,
 * and only while the card provider is in sandbox mode: a live shop takes no pretend payments.
 */
export async function verifyPayment(container: MedusaContainer, request: CreateOrderRequest): Promise<VerifiedPayment> {
  const method = request.paymentMethod.toLowerCase()
  const paymentId = request.paymentId?.trim() || null
  if (paymentId?.startsWith(SANDBOX_CARD_PAYMENT_PREFIX) && /^str-[A-Za-z0-9_-]{4,100}$/.test(paymentId)) {
    const settings = await readPaymentSettings(container)
    if (!settings.stripeSandboxMode) {
      throw new ApiError(400, "Test payments are switched off: the card provider is in live mode", {
        fields: { paymentId: "Test payments are switched off" },
      })
    }
    return { method: "Card (Sandbox)", paymentId, provider: "sandbox", isTest: true }
  }
  if (method.includes("paypal")) {
    throw new ApiError(400, "PayPal payments are not available yet: please pay by card", { fields: { paymentMethod: "PayPal is not available" } })
  }
  throw new ApiError(400, "The payment could not be verified: no payment was received for this order", {
    fields: { paymentId: "Unknown payment" },
  })
}

const cents = (value: number | string) => Math.round(Number(value) * 100)
const euro = (centsValue: number) => (centsValue / 100).toFixed(2)

/**
 * Places the user's cart as an order: checks address, method, stock, payment and the client's
 * figures against the server's, then lets Medusa complete the cart (which reserves the stock)
 * and records the shop's details. The cart is then empty: the next add starts a new one.
 */
export async function placeOrder(container: MedusaContainer, user: ShopUserRow, request: CreateOrderRequest): Promise<Order> {
  return withCartLock(container, user, async () => {
    const cart = await findCart(container, user)
    if (!cart || cart.lines.length === 0) throw new ApiError(400, "Your cart is empty")

    const method = await findActiveShippingMethod(container, request.shippingMethod)
    const entries = await catalogueEntries(container, cart.lines.map((l) => l.productNumber))
    let subtotal = 0
    for (const line of cart.lines) {
      const entry = entries.get(line.productNumber)
      if (!entry) throw new ApiError(409, "A product in your cart is no longer sold: please remove it")
      if (line.quantity > entry.product.stockQuantity) {
        throw new ApiError(409, `Only ${entry.product.stockQuantity} of ${entry.product.name} left in stock: please change your cart`, {
          productId: entry.product.id,
          stockQuantity: entry.product.stockQuantity,
        })
      }
      subtotal += cents(entry.product.price) * line.quantity
    }
    const shipping = cents(method.price)
    const total = subtotal + shipping
    if (request.shippingCost !== undefined && cents(request.shippingCost) !== shipping) {
      throw new ApiError(409, `Shipping with ${method.name} costs €${euro(shipping)}, not €${euro(cents(request.shippingCost))}`, {
        shippingCost: euro(shipping),
      })
    }
    if (request.total !== undefined && cents(request.total) !== total) {
      throw new ApiError(409, `The order total is €${euro(total)}, not €${euro(cents(request.total))}: please review your order`, {
        subtotal: euro(subtotal),
        shippingCost: euro(shipping),
        total: euro(total),
      })
    }
    const payment = await verifyPayment(container, request)

    const context = await shopContext(container)
    const address = request.shippingAddress
    const { countryCode, regionId } = destinationOf(context, address.country)

    await updateCartWorkflow(container).run({
      input: {
        id: cart.id,
        region_id: regionId,
        email: user.email,
        shipping_address: medusaAddress(address, countryCode),
      },
    })
    await addShippingMethodToCartWorkflow(container).run({ input: { cart_id: cart.id, options: [{ id: method.optionId }] } })

    // Medusa drops the payment session when the shipping method changes, so it is made last.
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const readCollection = async () => {
      const { data } = await query.graph({ entity: "cart", fields: ["payment_collection.id"], filters: { id: cart.id } })
      return (data[0] as { payment_collection?: { id: string } | null })?.payment_collection?.id
    }
    let collectionId = await readCollection()
    if (!collectionId) {
      await createPaymentCollectionForCartWorkflow(container).run({ input: { cart_id: cart.id } })
      collectionId = await readCollection()
    }
    await createPaymentSessionsWorkflow(container).run({
      input: { payment_collection_id: collectionId!, provider_id: SYSTEM_PAYMENT_PROVIDER, data: { payment_id: payment.paymentId } },
    })
    const { result } = await completeCartWorkflow(container).run({ input: { id: cart.id } })

    await shopOrders(container).createOrderDetails({
      order_id: result.id,
      user_number: user.user_number,
      shipping_address: { ...address, addressLine2: address.addressLine2 || null },
      status: "processing",
      payment_method: payment.method,
      payment_id: payment.paymentId,
      payment_provider: payment.provider,
      is_test_payment: payment.isTest,
      shipping_method_number: method.number,
      shipping_method_name: method.name,
      notes: request.notes || (payment.isTest ? "Test order: no payment was taken" : null),
    })
    await accountsService(container).updateShopUsers({ id: user.id, cart_id: null })
    user.cart_id = null

    const { data } = await query.graph({ entity: "order", fields: ["display_id"], filters: { id: result.id } })
    const placed = await findOrder(container, (data[0] as { display_id: number }).display_id)
    return placed!.order
  })
}
