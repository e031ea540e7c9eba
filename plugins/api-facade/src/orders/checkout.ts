import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { ShippingAddress } from "@enclave/contract"
import { centsToEuros, eurosToCents } from "@enclave/contract/money"
import { catalogueFacts } from "../catalogue/cache"
import { catalogueEntries, type MedusaLineProduct, type StockSource } from "../catalogue/products"
import { readCartForCheckout } from "../cart/cart"
import { destinationOf, shopContext, type ShopContext } from "../cart/shop-context"
import { ApiError } from "../http/api-error"
import { medusaAddress } from "./medusa-address"
import { textOrNull, type DeliveryEstimate } from "./read-orders"
import { stockRefusal } from "./stock"

/**
 * Pricing a purchase, whatever pays for it: the customer's cart checked and priced on the server
 * from the catalogue, for the address and shipping method they chose. The card and wallet
 * providers price it when their payment starts (for the amount to charge); the purchase workflow
 * (place-order-workflow.ts) prices it again when it makes the order.
 */

export interface ShippingMethodChoice {
  number: number
  name: string
  optionId: string
  price: number
  estimatedDelivery: DeliveryEstimate
}

interface MethodRow {
  is_active: boolean
  estimated_delivery: string | null
  estimated_delivery_de: string | null
  shipping_option?: { id: string; name: string; prices?: Array<{ amount: number | string; currency_code: string }> } | null
}

/** The active shipping method with this number, with its Medusa shipping option and EUR price. */
export async function findActiveShippingMethod(
  container: MedusaContainer,
  methodNumber: number,
  /** The customer paid for this method already: it is honoured even if staff switched it off since. */
  options: { paid?: boolean } = {},
): Promise<ShippingMethodChoice> {
  // A catalogue fact: staff's changes to methods bump the facts (cache.ts), purchases do not.
  const row = await catalogueFacts().one<MethodRow>(`shipping-method:${methodNumber}`, async () => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "shipping_method_details",
      fields: [
        "method_number",
        "is_active",
        "estimated_delivery",
        "estimated_delivery_de",
        "shipping_option.id",
        "shipping_option.name",
        "shipping_option.prices.amount",
        "shipping_option.prices.currency_code",
      ],
      filters: { method_number: methodNumber },
    })
    return (data[0] as MethodRow | undefined) ?? null
  })
  if (!row?.shipping_option)
    throw new ApiError(400, `Shipping method ${methodNumber} does not exist`, { fields: { shippingMethod: "Unknown shipping method" } })
  if (!row.is_active && !options.paid)
    throw new ApiError(400, `Shipping method ${row.shipping_option.name} is not available`, {
      fields: { shippingMethod: "This shipping method is not available" },
    })
  const price = row.shipping_option.prices?.find((p) => p.currency_code === "eur")
  return {
    number: methodNumber,
    name: row.shipping_option.name,
    optionId: row.shipping_option.id,
    price: Number(price?.amount ?? 0),
    estimatedDelivery: { en: textOrNull(row.estimated_delivery), de: textOrNull(row.estimated_delivery_de) },
  }
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
  const ships = await catalogueFacts().one<boolean>(`ships:${method.optionId}:${countryCode}`, async () => {
    const serving = await container
      .resolve(Modules.FULFILLMENT)
      .listShippingOptionsForContext({ id: method.optionId, address: { country_code: countryCode } }, { select: ["id"] })
    return serving.length > 0
  })
  if (ships) return
  const country = context.countryNames.get(countryCode) ?? countryCode.toUpperCase()
  const message = `${method.name} does not ship to ${country}`
  throw new ApiError(400, message, { fields: { shippingMethod: message } })
}

export interface CheckoutChoice {
  shippingAddress: ShippingAddress
  shippingMethodId: number
  /** What the customer's page shows; compared with the server's figures, never used. */
  total?: number | string
  shippingCost?: number | string
}

/** One cart line as the order will hold it, priced from the catalogue (cents). */
export interface PricedLine {
  itemNumber: number
  productNumber: number
  quantity: number
  title: string
  thumbnail: string | null
  medusaProductId: string
  variantId: string
  unitPrice: number
  stock: StockSource[]
  /** What Medusa's order line copies of the product and variant. */
  product: MedusaLineProduct
}

export interface PricedPurchase {
  cartId: string
  email: string
  customerId: string | null
  regionId: string
  salesChannelId: string
  address: ShippingAddress
  medusaAddress: ReturnType<typeof medusaAddress>
  method: ShippingMethodChoice
  lines: PricedLine[]
  /** In cents. */
  subtotal: number
  shipping: number
  total: number
}

/**
 * Checks the cart (not empty, every product sold and in stock, the method active and shipping to
 * the address's country), prices it from the catalogue, and refuses a page that shows other
 * figures (409 with the right ones). Reads only.
 */
export async function pricePurchase(
  container: MedusaContainer,
  buyer: { cartId: string; email: string },
  choice: CheckoutChoice,
  options: { paid?: boolean } = {},
): Promise<PricedPurchase> {
  const cart = await readCartForCheckout(container, buyer.cartId)
  if (!cart || cart.lines.length === 0) throw new ApiError(400, "Your cart is empty")

  const context = await shopContext(container)
  const address = choice.shippingAddress
  const { countryCode, regionId } = destinationOf(context, address.country)
  const [method, entries] = await Promise.all([
    findActiveShippingMethod(container, choice.shippingMethodId, options),
    catalogueEntries(
      container,
      cart.lines.map((l) => l.productNumber),
    ),
  ])
  if (!options.paid) await ensureMethodShipsTo(container, context, method, countryCode)
  let subtotal = 0
  const lines: PricedLine[] = []
  for (const line of cart.lines) {
    const entry = entries.get(line.productNumber)
    if (!entry) throw new ApiError(409, "A product in your cart is no longer sold: please remove it")
    if (line.quantity > entry.product.stockQuantity) throw stockRefusal(entry.product, line.quantity)
    const unitPrice = eurosToCents(entry.product.price)
    subtotal += unitPrice * line.quantity
    lines.push({
      itemNumber: line.itemNumber,
      productNumber: line.productNumber,
      quantity: line.quantity,
      title: entry.product.name,
      thumbnail: entry.product.imageUrl,
      medusaProductId: entry.medusaProductId,
      variantId: entry.variantId,
      unitPrice,
      stock: entry.stock,
      product: entry.line,
    })
  }
  const shipping = eurosToCents(method.price)
  const total = subtotal + shipping
  if (choice.shippingCost !== undefined && eurosToCents(choice.shippingCost) !== shipping) {
    throw new ApiError(
      409,
      `Shipping with ${method.name} costs €${centsToEuros(shipping)}, not €${centsToEuros(eurosToCents(choice.shippingCost))}`,
      {
        shippingCost: centsToEuros(shipping),
      },
    )
  }
  if (choice.total !== undefined && eurosToCents(choice.total) !== total) {
    throw new ApiError(
      409,
      `The order total is €${centsToEuros(total)}, not €${centsToEuros(eurosToCents(choice.total))}: please review your order`,
      {
        subtotal: centsToEuros(subtotal),
        shippingCost: centsToEuros(shipping),
        total: centsToEuros(total),
      },
    )
  }
  return {
    cartId: cart.id,
    email: buyer.email,
    customerId: cart.customer_id,
    regionId,
    salesChannelId: context.salesChannelId,
    address,
    medusaAddress: medusaAddress(address, countryCode),
    method,
    lines,
    subtotal,
    shipping,
    total,
  }
}
