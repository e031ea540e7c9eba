import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { ShippingAddress, ShippingCostRefusalDetails, ShippingRefusalDetails } from "@enclave/contract"
import { centsToEuros, eurosToCents } from "@enclave/contract/money"
import {
  catalogueFacts,
  catalogueEntries,
  type CatalogueEntry,
  type MedusaLineProduct,
  type StockSource,
  destinationOf,
  shopContext,
  type ShopContext,
} from "@enclave/catalogue"
import { orderVat, type OrderVat } from "@enclave/contract/tax"
import type { ShopUserRow } from "@enclave/accounts"
import { readCartForCheckout } from "../cart/cart"
import { ShopError } from "@enclave/contract/shop-error"
import { isBusinessCustomer } from "@enclave/payments"
import { taxPurchase, type OrderTaxLine } from "../tax/purchase-tax"
import { medusaAddress } from "./medusa-address"
import { textOrNull, type DeliveryEstimate } from "./read-orders"
import { stockRefusal } from "./stock"

/**
 * Pricing a purchase, whatever pays for it: the customer's cart checked and priced on the server
 * from the catalogue, for the address and shipping method they chose, taxed by Medusa's tax module
 * (tax/purchase-tax.ts). The checkout summary shows it (priceCart); the card and wallet providers
 * price it when their payment starts (for the amount to charge); the purchase workflow
 * (purchase/workflow.ts) prices it again when it makes the order, with the same tax lines.
 */

export interface ShippingMethodChoice {
  number: number
  name: string
  /** Its German name, null when it has none; the order keeps it (its shipping method's metadata) for German pages, mails and invoices. */
  nameDe: string | null
  optionId: string
  price: number
  estimatedDelivery: DeliveryEstimate
}

interface MethodRow {
  is_active: boolean
  name_de: string | null
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
        "name_de",
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
    throw new ShopError("shipping_method_unknown", `Shipping method ${methodNumber} does not exist`, {
      fields: { shippingMethod: "Unknown shipping method" },
    })
  if (!row.is_active && !options.paid)
    throw new ShopError("shipping_method_unavailable", `Shipping method ${row.shipping_option.name} is not available`, {
      fields: { shippingMethod: "This shipping method is not available" },
    })
  const price = row.shipping_option.prices?.find((p) => p.currency_code === "eur")
  return {
    number: methodNumber,
    name: row.shipping_option.name,
    nameDe: textOrNull(row.name_de),
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
  const details: ShippingRefusalDetails = {
    fields: { shippingMethod: message },
    code: "method_does_not_ship",
    methodName: method.name,
    methodNameDe: method.nameDe,
    countryCode: countryCode.toUpperCase(),
  }
  throw new ShopError("shipping_not_to_country", message, details, {
    params: { methodName: method.name, methodNameDe: method.nameDe, countryCode: details.countryCode },
  })
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
  /** The product's German name, null when it has none (the order line's metadata keeps it). */
  titleDe: string | null
  thumbnail: string | null
  medusaProductId: string
  variantId: string
  /** What one unit is charged at: the catalogue's gross price, or without Germany's VAT under the reverse charge. */
  unitPrice: number
  /** The tax lines Medusa's order will carry for this line (tax/purchase-tax.ts). */
  taxLines: OrderTaxLine[]
  stock: StockSource[]
  /** What Medusa's order line copies of the product and variant. */
  product: MedusaLineProduct
  /** The catalogue's product, for the stock it has left. */
  catalogue: CatalogueEntry["product"]
}

/** Who buys: their cart, and a business customer's VAT ID (null for everyone else), which may mean the reverse charge. */
export interface Buyer {
  cartId: string
  email: string
  vatId: string | null
}

/** A buyer's VAT ID as pricing reads it: a business customer's (company name and VAT ID), else none. */
export function buyerVatId(user: Pick<ShopUserRow, "company_name" | "vat_id">): string | null {
  return isBusinessCustomer(user) ? user.vat_id!.trim() : null
}

/** The cart priced for a destination and (when chosen) a shipping method: what it will be charged, tax lines included. */
export interface PricedCart {
  cartId: string
  customerId: string | null
  countryCode: string
  regionId: string
  method: ShippingMethodChoice | null
  lines: PricedLine[]
  /** The shipping method's tax lines; empty without a method. */
  shippingTaxLines: OrderTaxLine[]
  /** Net prices, 0 % lines: a business in another EU state buying under the reverse charge. */
  reverseCharge: boolean
  /** In cents, as charged. */
  subtotal: number
  shipping: number
  total: number
  /** The VAT the lines' tax lines put in the total, per rate, and how the price treats VAT. */
  vat: OrderVat
}

export interface PricedPurchase extends PricedCart {
  email: string
  salesChannelId: string
  address: ShippingAddress
  medusaAddress: ReturnType<typeof medusaAddress>
  method: ShippingMethodChoice
  /** The VAT ID the order was priced for under the reverse charge (the invoice states it), else null. */
  reverseChargeVatId: string | null
}

/**
 * The cart priced from the catalogue and taxed by Medusa's tax module for where it goes: the one
 * pricing of the checkout summary, the payment amounts and the order (pricePurchase). Throws the
 * customer's 4xx for an empty cart, an unknown country or method, a product no longer sold. Reads only.
 */
export async function priceCart(
  container: MedusaContainer,
  buyer: Buyer,
  where: { country: string; state: string | null; shippingMethodId: number | null },
  options: { paid?: boolean } = {},
): Promise<PricedCart> {
  const cart = await readCartForCheckout(container, buyer.cartId)
  if (!cart || cart.lines.length === 0) throw new ShopError("cart_empty", "Your cart is empty")

  const context = await shopContext(container)
  const { countryCode, regionId } = destinationOf(context, where.country)
  const [method, entries] = await Promise.all([
    where.shippingMethodId === null ? null : findActiveShippingMethod(container, where.shippingMethodId, options),
    catalogueEntries(
      container,
      cart.lines.map((l) => l.productNumber),
    ),
  ])
  const priced = cart.lines.map((line) => {
    const entry = entries.get(line.productNumber)
    if (!entry) throw new ShopError("product_not_sold", "A product in your cart is no longer sold: please remove it")
    return { line, entry, grossUnit: eurosToCents(entry.product.price) }
  })
  const tax = await taxPurchase(container, {
    destination: { countryCode, province: where.state },
    vatId: buyer.vatId,
    items: priced.map(({ line, entry, grossUnit }) => ({
      key: line.itemNumber,
      productId: entry.medusaProductId,
      grossUnitCents: grossUnit,
    })),
    shipping: method ? { optionId: method.optionId, grossCents: eurosToCents(method.price) } : null,
  })
  const lines = priced.map(({ line, entry }): PricedLine => {
    const taxed = tax.items.get(line.itemNumber)!
    return {
      itemNumber: line.itemNumber,
      productNumber: line.productNumber,
      quantity: line.quantity,
      title: entry.product.name,
      titleDe: entry.nameDe,
      thumbnail: entry.product.imageUrl,
      medusaProductId: entry.medusaProductId,
      variantId: entry.variantId,
      unitPrice: taxed.unitCents,
      taxLines: taxed.taxLines,
      stock: entry.stock,
      product: entry.line,
      catalogue: entry.product,
    }
  })
  const subtotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0)
  const shipping = tax.shipping?.unitCents ?? 0
  const shippingTaxLines = tax.shipping?.taxLines ?? []
  const vat = orderVat(
    [
      ...lines.map((line) => ({ unitAmount: line.unitPrice, quantity: line.quantity, taxLines: line.taxLines })),
      { unitAmount: shipping, quantity: 1, taxLines: shippingTaxLines },
    ],
    countryCode,
  )
  return {
    cartId: cart.id,
    customerId: cart.customer_id,
    countryCode,
    regionId,
    method,
    lines,
    shippingTaxLines,
    reverseCharge: tax.reverseCharge,
    subtotal,
    shipping,
    total: subtotal + shipping,
    vat,
  }
}

/**
 * Checks the cart (not empty, every product sold and in stock, the method active and shipping to
 * the address's country), prices it (priceCart), and refuses a page that shows other figures (409
 * with the right ones). Reads only.
 */
export async function pricePurchase(
  container: MedusaContainer,
  buyer: Buyer,
  choice: CheckoutChoice,
  options: { paid?: boolean } = {},
): Promise<PricedPurchase> {
  const address = choice.shippingAddress
  const cart = await priceCart(
    container,
    buyer,
    { country: address.country, state: address.state || null, shippingMethodId: choice.shippingMethodId },
    options,
  )
  const method = cart.method!
  const context = await shopContext(container)
  if (!options.paid) await ensureMethodShipsTo(container, context, method, cart.countryCode)
  for (const line of cart.lines)
    if (line.quantity > line.catalogue.stockQuantity) throw stockRefusal(line.catalogue, line.quantity, line.titleDe)
  const { subtotal, shipping, total } = cart
  if (choice.shippingCost !== undefined && eurosToCents(choice.shippingCost) !== shipping) {
    throw new ShopError(
      "shipping_cost_differs",
      `Shipping with ${method.name} costs €${centsToEuros(shipping)}, not €${centsToEuros(eurosToCents(choice.shippingCost))}`,
      {
        code: "shipping_cost_differs",
        shippingCost: centsToEuros(shipping),
        methodName: method.name,
        methodNameDe: method.nameDe,
      } satisfies ShippingCostRefusalDetails,
      { params: { shippingCost: centsToEuros(shipping), methodName: method.name, methodNameDe: method.nameDe } },
    )
  }
  if (choice.total !== undefined && eurosToCents(choice.total) !== total) {
    throw new ShopError(
      "total_differs",
      `The order total is €${centsToEuros(total)}, not €${centsToEuros(eurosToCents(choice.total))}: please review your order`,
      {
        subtotal: centsToEuros(subtotal),
        shippingCost: centsToEuros(shipping),
        total: centsToEuros(total),
      },
      { params: { total: centsToEuros(total) } },
    )
  }
  return {
    ...cart,
    method,
    email: buyer.email,
    salesChannelId: context.salesChannelId,
    address,
    medusaAddress: medusaAddress(address, cart.countryCode),
    reverseChargeVatId: cart.reverseCharge ? buyer.vatId : null,
  }
}
