import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { invoiceState, NO_IMAGE_URL, orderShippingAddressSchema, type Order, type OrderInvoice, type OrderStatus } from "@enclave/contract"
import { DEFAULT_SHOP_TIME_ZONE } from "@enclave/contract/values"
import { eurosToCents } from "@enclave/contract/money"
import type { TaxLineFact } from "@enclave/contract/tax"
import { shopTimeZone } from "../shop-details/shop-details"
import { SHOP_ORDERS_MODULE, type CheckoutPayment, type OrderDetails, type ShopOrdersModuleService } from "@enclave/orders"
import { shopContext, type ShopContext } from "../cart/shop-context"
import CheckoutPaymentCartLink from "../links/checkout-payment-cart"
import { shipmentFields, shipmentOf } from "./fulfilment"
import OrderDetailsLink from "../links/order-details"
import { orderTaxFields, vatFigures, vatOfOrder, type TaxedOrderRow } from "../tax/order-vat"

/** An order_details row as the orders module returns it (plugin @enclave/orders). */
export type OrderDetailsRow = OrderDetails

/** A payment started at checkout with PayPal or Stripe, as the orders module returns it (plugin @enclave/orders). */
export type CheckoutPaymentRow = CheckoutPayment

export function shopOrders(container: MedusaContainer): ShopOrdersModuleService {
  return container.resolve<ShopOrdersModuleService>(SHOP_ORDERS_MODULE)
}

/** The shop's details of these Medusa orders (links/order-details.ts), keyed by the order id. */
export async function detailsOfOrders(container: MedusaContainer, orderIds: string[]): Promise<Map<string, OrderDetailsRow>> {
  if (orderIds.length === 0) return new Map()
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: OrderDetailsLink.entryPoint,
    fields: ["order_id", "order_details_id"],
    filters: { order_id: orderIds },
  })
  const links = data as Array<{ order_id: string; order_details_id: string }>
  if (links.length === 0) return new Map()
  const rows = await shopOrders(container).listOrderDetails({ id: links.map((l) => l.order_details_id) }, { take: null })
  const byId = new Map(rows.map((r) => [r.id, r]))
  return new Map(links.filter((l) => byId.has(l.order_details_id)).map((l) => [l.order_id, byId.get(l.order_details_id)!]))
}

/** The details of one Medusa order, or null when the shop did not place it. */
export async function detailsOfOrder(container: MedusaContainer, orderId: string): Promise<OrderDetailsRow | null> {
  return (await detailsOfOrders(container, [orderId])).get(orderId) ?? null
}

/** The Medusa order of each of these details rows, keyed by the details id. */
async function ordersOfDetails(container: MedusaContainer, detailIds: string[]): Promise<Map<string, string>> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: OrderDetailsLink.entryPoint,
    fields: ["order_id", "order_details_id"],
    filters: { order_details_id: detailIds },
  })
  return new Map((data as Array<{ order_id: string; order_details_id: string }>).map((l) => [l.order_details_id, l.order_id]))
}

/** The cart each of these checkout payments pays for (links/checkout-payment-cart.ts). */
export async function cartsOfCheckoutPayments(container: MedusaContainer, paymentIds: string[]): Promise<Map<string, string>> {
  if (paymentIds.length === 0) return new Map()
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: CheckoutPaymentCartLink.entryPoint,
    fields: ["cart_id", "checkout_payment_id"],
    filters: { checkout_payment_id: paymentIds },
  })
  return new Map((data as Array<{ cart_id: string; checkout_payment_id: string }>).map((l) => [l.checkout_payment_id, l.cart_id]))
}

/** The checkout payments started for one cart. */
export async function checkoutPaymentIdsOfCart(container: MedusaContainer, cartId: string): Promise<string[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: CheckoutPaymentCartLink.entryPoint,
    fields: ["checkout_payment_id"],
    filters: { cart_id: cartId },
  })
  return (data as Array<{ checkout_payment_id: string }>).map((l) => l.checkout_payment_id)
}

export interface MedusaOrderRow extends TaxedOrderRow {
  id: string
  display_id: number
  email: string | null
  created_at: string | Date
  total: number | string
  /** The items as charged: VAT included (Medusa's item_subtotal is net once an order carries tax lines). */
  item_total?: number | string
  /** The shipping as charged, VAT included, as its total. */
  shipping_total: number | string
  items?: Array<{
    id: string
    quantity: number | string
    unit_price: number | string
    title: string
    product_title?: string | null
    thumbnail: string | null
    metadata: Record<string, unknown> | null
    tax_lines?: TaxLineFact[] | null
  }>
  fulfillments?: Parameters<typeof shipmentOf>[0]
}

const orderFields = [
  "id",
  "display_id",
  "email",
  "created_at",
  "total",
  "item_total",
  "shipping_total",
  "items.id",
  "items.quantity",
  "items.unit_price",
  "items.title",
  "items.product_title",
  "items.thumbnail",
  "items.metadata",
  ...shipmentFields,
  ...orderTaxFields,
]

const money = (value: number | string | undefined) => Number(value ?? 0).toFixed(2)

/** Shipping method number → its estimated delivery (null when it names none). */
/** A method's estimate in English and German (each null when it names none), by method number. */
export interface DeliveryEstimate {
  en: string | null
  de: string | null
}
export type DeliveryEstimates = ReadonlyMap<number, DeliveryEstimate>

/**
 * The estimated delivery of the orders' shipping methods, read from the methods themselves: the
 * order keeps only the method's number and name. A method since deleted has no entry (null on the order).
 */
async function deliveryEstimates(container: MedusaContainer, details: OrderDetailsRow[]): Promise<DeliveryEstimates> {
  const numbers = [...new Set(details.map((d) => d.shipping_method_number).filter((n): n is number => n !== null))]
  if (numbers.length === 0) return new Map()
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "shipping_method_details",
    fields: ["method_number", "estimated_delivery", "estimated_delivery_de"],
    filters: { method_number: numbers },
  })
  return new Map(
    (data as Array<{ method_number: number; estimated_delivery: string | null; estimated_delivery_de: string | null }>).map((row) => [
      Number(row.method_number),
      { en: textOrNull(row.estimated_delivery), de: textOrNull(row.estimated_delivery_de) },
    ]),
  )
}

/**
 * The time zone order answers need: only an invoice's state (overdue from the day after its due date)
 * depends on it, so orders without an invoice cost no read of the store.
 */
export async function timeZoneForOrders(container: MedusaContainer, details: ReadonlyArray<{ invoice?: unknown }>): Promise<string> {
  return details.some((d) => Boolean(d.invoice)) ? shopTimeZone(container) : DEFAULT_SHOP_TIME_ZONE
}

/** An estimate as the admin left it; blank is none. */
export function textOrNull(text: string | null | undefined): string | null {
  return text?.trim() ? text : null
}

/** An invoice order's payment as answers carry it; null for every other payment. */
export function invoiceOfDetails(
  details: Pick<OrderDetailsRow, "invoice" | "paid_at">,
  timeZone: string,
  now: Date = new Date(),
): OrderInvoice | null {
  const terms = details.invoice
  if (!terms) return null
  const paidAt = details.paid_at ? new Date(details.paid_at).toISOString() : null
  return {
    reference: terms.reference,
    dueDate: terms.dueDate,
    paidAt,
    state: invoiceState({ dueDate: terms.dueDate, paidAt }, timeZone, now),
    bankAccount: { accountHolder: terms.accountHolder, iban: terms.iban, bic: terms.bic },
  }
}

/** `timeZone`: the shop's, in which an invoice becomes overdue the day after its due date. */
export function toContractOrder(order: MedusaOrderRow, details: OrderDetailsRow, estimates: DeliveryEstimates, timeZone: string): Order {
  const items = (order.items ?? []).map((item) => {
    const productNumber = Number(item.metadata?.product_number)
    return {
      id: Number(item.metadata?.item_number) || 0,
      orderId: order.display_id,
      productId: Number.isInteger(productNumber) && productNumber > 0 ? productNumber : null,
      quantity: Number(item.quantity),
      price: money(item.unit_price),
      product: { name: item.product_title || item.title, imageUrl: item.thumbnail || NO_IMAGE_URL },
    }
  })
  const subtotal = items.reduce((sum, i) => sum + eurosToCents(i.price) * i.quantity, 0) / 100
  return {
    id: order.display_id,
    userId: details.user_number,
    status: details.status,
    subtotal: money(order.item_total ?? subtotal),
    shippingCost: money(order.shipping_total),
    total: money(order.total),
    paymentMethod: details.payment_method,
    paymentId: details.payment_id,
    paymentProvider: details.payment_provider,
    isTestPayment: details.is_test_payment,
    notes: details.notes,
    shippingMethodId: details.shipping_method_number,
    shippingMethod:
      details.shipping_method_number !== null
        ? {
            id: details.shipping_method_number,
            name: details.shipping_method_name ?? "",
            estimated_delivery: estimates.get(details.shipping_method_number)?.en ?? null,
            estimated_delivery_de: estimates.get(details.shipping_method_number)?.de ?? null,
          }
        : null,
    shippingAddress: details.shipping_address,
    email: order.email,
    createdAt: new Date(order.created_at).toISOString(),
    // In the order they went into the cart (item numbers only grow).
    items: items.filter((i) => i.id > 0).sort((a, b) => a.id - b.id),
    invoice: invoiceOfDetails(details, timeZone),
    shipment: shipmentOf(order.fulfillments),
    // From the order's tax lines, as Medusa's order holds them.
    ...vatFigures(vatOfOrder(order)),
  }
}

/** What an order the shop did not place needs of Medusa's own record for the shop's answer. */
const outsideOrderFields = [
  "status",
  "shipping_address.first_name",
  "shipping_address.last_name",
  "shipping_address.address_1",
  "shipping_address.address_2",
  "shipping_address.city",
  "shipping_address.province",
  "shipping_address.postal_code",
  "shipping_address.country_code",
  "shipping_methods.name",
  "shipping_methods.shipping_option_id",
  "payment_collections.payments.provider_id",
  "payment_collections.payments.captured_at",
  "payment_collections.payments.canceled_at",
]

interface OutsideOrderRow extends MedusaOrderRow {
  status: string
  shipping_address?: {
    first_name: string | null
    last_name: string | null
    address_1: string | null
    address_2: string | null
    city: string | null
    province: string | null
    postal_code: string | null
    country_code: string | null
  } | null
  shipping_methods?: Array<{
    name: string
    shipping_option_id: string | null
    amount: number | string
    tax_lines?: TaxLineFact[] | null
  }> | null
  payment_collections?: Array<{
    payments?: Array<{ provider_id: string; captured_at: string | Date | null; canceled_at: string | Date | null }> | null
  }> | null
  order_details?: OrderDetailsRow | null
}

/** The way an order made outside the shop was paid, by its Medusa payment provider. */
const PROVIDER_NAMES: Record<string, string> = {
  pp_system_default: "Manual payment",
  pp_stripe_enclave: "Card",
  pp_paypal_enclave: "PayPal",
}

/**
 * The shop's status of an order it did not place, read from Medusa: cancelled or completed as Medusa says,
 * else where its fulfilment is, else processing once its payment is captured and pending before.
 */
export function statusFromMedusa(order: Pick<OutsideOrderRow, "status" | "fulfillments" | "payment_collections">): OrderStatus {
  if (order.status === "canceled") return "cancelled"
  if (order.status === "completed") return "completed"
  const shipment = shipmentOf(order.fulfillments)
  if (shipment?.deliveredAt) return "delivered"
  if (shipment) return "shipped"
  const payments = (order.payment_collections ?? []).flatMap((c) => c.payments ?? []).filter((p) => !p.canceled_at)
  return payments.length > 0 && payments.every((p) => p.captured_at) ? "processing" : "pending"
}

/**
 * An order Medusa holds that the shop did not place (another sales channel, Medusa's Store API, a POS, an
 * import), in the shop's shape from Medusa's own record. What it lacks says so: no shop account (userId
 * null), no payment id, no address when Medusa's is incomplete; its lines are numbered by position.
 */
function outsideOrder(
  order: OutsideOrderRow,
  context: ShopContext,
  methodNumbers: ReadonlyMap<string, number>,
  estimates: DeliveryEstimates,
): Order {
  const address = order.shipping_address
  const typed = address
    ? orderShippingAddressSchema.safeParse({
        fullName: [address.first_name, address.last_name].filter(Boolean).join(" "),
        addressLine1: address.address_1 ?? "",
        addressLine2: address.address_2 || null,
        city: address.city ?? "",
        state: address.province ?? "",
        postalCode: address.postal_code ?? "",
        country:
          (address.country_code && context.countryNames.get(address.country_code.toLowerCase())) ??
          address.country_code?.toUpperCase() ??
          "",
      })
    : null
  const method = order.shipping_methods?.[0]
  const methodNumber = method?.shipping_option_id ? (methodNumbers.get(method.shipping_option_id) ?? null) : null
  const provider = (order.payment_collections ?? []).flatMap((c) => c.payments ?? [])[0]?.provider_id ?? null
  const lines = [...(order.items ?? [])].map((item, index) => ({
    ...item,
    metadata: { ...(item.metadata ?? {}), item_number: Number(item.metadata?.item_number) || index + 1 },
  }))
  return toContractOrder(
    { ...order, items: lines },
    {
      user_number: null,
      status: statusFromMedusa(order),
      payment_method: provider ? (PROVIDER_NAMES[provider] ?? provider) : "Not recorded",
      payment_id: null,
      payment_provider: provider,
      is_test_payment: false,
      notes: null,
      shipping_method_number: methodNumber,
      shipping_method_name: method?.name ?? null,
      shipping_address: typed?.success ? typed.data : null,
      invoice: null,
      paid_at: null,
    } as unknown as OrderDetailsRow,
    estimates,
    DEFAULT_SHOP_TIME_ZONE,
  )
}

/** Shipping option id → the shop's method number (links/shipping-option-details in the shipping-methods plugin). */
async function methodNumbersOfOptions(container: MedusaContainer, optionIds: string[]): Promise<Map<string, number>> {
  if (optionIds.length === 0) return new Map()
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  // All of them (a shop has a handful): Medusa cannot filter this link by the option's side (its table name is cut short).
  const { data } = await query.graph({ entity: "shipping_method_details", fields: ["method_number", "shipping_option.id"] })
  const wanted = new Set(optionIds)
  return new Map(
    (data as Array<{ method_number: number; shipping_option?: { id: string } | null }>)
      .filter((row) => row.shipping_option && wanted.has(row.shipping_option.id))
      .map((row) => [row.shipping_option!.id, Number(row.method_number)]),
  )
}

/**
 * Every order Medusa holds, newest first (the back office: its list, dashboard and detail), whatever sales
 * channel made it: the shop's own with their details, the others from Medusa's record (outsideOrder).
 */
export async function listAllOrders(container: MedusaContainer): Promise<Order[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: [...orderFields, ...outsideOrderFields, "order_details.*"] })
  const orders = data as unknown as OutsideOrderRow[]
  const details = orders.map((o) => o.order_details).filter((d): d is OrderDetailsRow => Boolean(d))
  const outside = orders.filter((o) => !o.order_details)
  const optionIds = outside.flatMap((o) => o.shipping_methods ?? []).flatMap((m) => (m.shipping_option_id ? [m.shipping_option_id] : []))
  const [context, methodNumbers, timeZone] = await Promise.all([
    outside.length ? shopContext(container) : null,
    methodNumbersOfOptions(container, [...new Set(optionIds)]),
    timeZoneForOrders(container, details),
  ])
  const estimates = await deliveryEstimates(container, [
    ...details,
    ...[...methodNumbers.values()].map((n) => ({ shipping_method_number: n }) as OrderDetailsRow),
  ])
  return orders
    .map((o) =>
      o.order_details ? toContractOrder(o, o.order_details, estimates, timeZone) : outsideOrder(o, context!, methodNumbers, estimates),
    )
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)
}

/**
 * Orders in the shop's shape, newest first. `userNumber` limits them to one customer's; without
 * it every order the shop placed (with details).
 */
export async function listOrders(container: MedusaContainer, filter: { userNumber?: number; displayId?: number } = {}): Promise<Order[]> {
  const detailFilters: Record<string, unknown> = {}
  if (filter.userNumber !== undefined) detailFilters.user_number = filter.userNumber
  const details = await shopOrders(container).listOrderDetails(detailFilters, { take: null })
  if (details.length === 0) return []
  const orderOf = await ordersOfDetails(
    container,
    details.map((d) => d.id),
  )
  const byOrderId = new Map(details.filter((d) => orderOf.has(d.id)).map((d) => [orderOf.get(d.id)!, d]))
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const filters: Record<string, unknown> = { id: [...byOrderId.keys()] }
  if (filter.displayId !== undefined) filters.display_id = filter.displayId
  const [{ data }, estimates, timeZone] = await Promise.all([
    query.graph({ entity: "order", fields: orderFields, filters }),
    deliveryEstimates(container, details),
    timeZoneForOrders(container, details),
  ])
  return (data as unknown as MedusaOrderRow[])
    .filter((o) => byOrderId.has(o.id))
    .map((o) => toContractOrder(o, byOrderId.get(o.id)!, estimates, timeZone))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)
}

/**
 * One order by its number, with the Medusa id and the shop's details row (null for an order the shop did
 * not place: admin changes then move Medusa's order alone).
 */
export async function findOrder(container: MedusaContainer, displayId: number) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [...orderFields, ...outsideOrderFields, "order_details.*"],
    filters: { display_id: displayId },
  })
  const order = data[0] as unknown as OutsideOrderRow | undefined
  if (!order) return null
  const details = order.order_details ?? null
  if (details) {
    const [estimates, timeZone] = await Promise.all([deliveryEstimates(container, [details]), timeZoneForOrders(container, [details])])
    return { medusaOrderId: order.id, details, order: toContractOrder(order, details, estimates, timeZone) }
  }
  const optionIds = (order.shipping_methods ?? []).flatMap((m) => (m.shipping_option_id ? [m.shipping_option_id] : []))
  const methodNumbers = await methodNumbersOfOptions(container, optionIds)
  const estimates = await deliveryEstimates(
    container,
    [...methodNumbers.values()].map((n) => ({ shipping_method_number: n }) as OrderDetailsRow),
  )
  return { medusaOrderId: order.id, details: null, order: outsideOrder(order, await shopContext(container), methodNumbers, estimates) }
}

/** One order by its Medusa id, in the shop's shape; null when the shop has no details for it. */
export async function findOrderById(container: MedusaContainer, medusaOrderId: string): Promise<Order | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: orderFields, filters: { id: medusaOrderId } })
  const order = data[0] as unknown as MedusaOrderRow | undefined
  if (!order) return null
  const details = await detailsOfOrder(container, order.id)
  if (!details) return null
  const [estimates, timeZone] = await Promise.all([deliveryEstimates(container, [details]), timeZoneForOrders(container, [details])])
  return toContractOrder(order, details, estimates, timeZone)
}
