import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { invoiceState, NO_IMAGE_URL, orderShippingAddressSchema, type Order, type OrderInvoice, type OrderStatus } from "@enclave/contract"
import { DEFAULT_SHOP_TIME_ZONE, PRODUCT_NAME_DE_KEY, SHIPPING_METHOD_NAME_DE_KEY } from "@enclave/contract/values"
import { eurosToCents } from "@enclave/contract/money"
import type { TaxLineFact } from "@enclave/contract/tax"
import { ShippingOptionDetailsLink } from "@enclave/shipping-methods"
import { shopTimeZone, shopContext, type ShopContext } from "@enclave/catalogue"
import { SHOP_ORDERS_MODULE } from "../modules/shop-orders"
import type ShopOrdersModuleService from "../modules/shop-orders/service"
import type { CheckoutPayment, OrderDetails } from "../modules/shop-orders/types"
import { customerIdOf, userNumbersOfCustomers, type ShopUserRow } from "@enclave/accounts"
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
  /** Medusa's customer of the order: the shop user who placed it is the one linked to it. */
  customer_id?: string | null
  /** `account_deleted_at`: the account that placed it was deleted (the accounts plugin's delete workflow). */
  metadata?: Record<string, unknown> | null
  created_at: string | Date
  total: number | string
  /** The items as charged: VAT included (Medusa's item_subtotal is net once an order carries tax lines). */
  item_total?: number | string
  /** The shipping as charged, VAT included, as its total. */
  shipping_total: number | string
  /** The shipping option each shipping method was chosen as: the shop's method is the one linked to it. */
  shipping_methods?: Array<{
    name?: string
    /** `SHIPPING_METHOD_NAME_DE_KEY`: the German name it was sold under. */
    metadata?: Record<string, unknown> | null
    shipping_option_id: string | null
    amount: number | string
    tax_lines?: TaxLineFact[] | null
  }> | null
  items?: Array<{
    id: string
    quantity: number | string
    unit_price: number | string
    title: string
    product_title?: string | null
    thumbnail: string | null
    metadata: Record<string, unknown> | null
    tax_lines?: TaxLineFact[] | null
    /** What came back of it: Medusa then lowers the order's totals, the answer keeps them as sold. */
    detail?: { return_received_quantity?: unknown; return_dismissed_quantity?: unknown } | null
  }>
  fulfillments?: Parameters<typeof shipmentOf>[0]
}

const orderFields = [
  "id",
  "display_id",
  "email",
  "customer_id",
  "metadata",
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
  "items.detail.return_received_quantity",
  "items.detail.return_dismissed_quantity",
  "shipping_methods.name",
  "shipping_methods.metadata",
  "shipping_methods.shipping_option_id",
  ...shipmentFields,
  ...orderTaxFields,
]

const money = (value: number | string | undefined) => Number(value ?? 0).toFixed(2)

/** A method's estimated delivery in English and German (each null when it names none). */
export interface DeliveryEstimate {
  en: string | null
  de: string | null
}

/** The shop's shipping method behind a Medusa shipping option: its number on the wire and its estimate. */
export interface OrderMethod {
  number: number
  estimate: DeliveryEstimate
}

/**
 * Who placed an order and how it ships, in the shop's numbers. Medusa's order records both (its
 * customer, its shipping method's option), so the shop's details keep no copy: the shop user is the
 * one linked to the customer, the method the one linked to the option.
 */
export interface OrderParties {
  userNumber: number | null
  method: OrderMethod | null
}

/** What the parties of a batch of orders are read from: customer id → user number, option id → method. */
interface PartiesOfOrders {
  userNumbers: ReadonlyMap<string, number>
  methods: ReadonlyMap<string, OrderMethod>
}

const NO_ESTIMATE: DeliveryEstimate = { en: null, de: null }

/**
 * The shop's methods of these shipping options (the shipping-methods plugin's link), by option id. A
 * method since deleted is still found, as a number without an estimate: its orders keep saying how they
 * shipped. Two reads, each with the deleted rows (Medusa's query takes those only at the root of a read).
 */
async function methodsOfOptions(container: MedusaContainer, optionIds: string[]): Promise<Map<string, OrderMethod>> {
  if (optionIds.length === 0) return new Map()
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: links } = await query.graph({
    entity: ShippingOptionDetailsLink.entryPoint,
    fields: ["shipping_option_id", "shipping_method_details_id"],
    filters: { shipping_option_id: optionIds },
    withDeleted: true,
  })
  const pairs = links as Array<{ shipping_option_id: string; shipping_method_details_id: string }>
  if (pairs.length === 0) return new Map()
  const { data } = await query.graph({
    entity: "shipping_method_details",
    fields: ["id", "method_number", "estimated_delivery", "estimated_delivery_de", "deleted_at"],
    filters: { id: pairs.map((l) => l.shipping_method_details_id) },
    withDeleted: true,
  })
  type Row = {
    id: string
    method_number: number
    estimated_delivery: string | null
    estimated_delivery_de: string | null
    deleted_at: string | Date | null
  }
  const methods = new Map((data as Row[]).map((row) => [row.id, row]))
  return new Map(
    pairs.flatMap(({ shipping_option_id, shipping_method_details_id }) => {
      const method = methods.get(shipping_method_details_id)
      if (!method) return []
      const estimate = method.deleted_at
        ? NO_ESTIMATE
        : { en: textOrNull(method.estimated_delivery), de: textOrNull(method.estimated_delivery_de) }
      return [[shipping_option_id, { number: Number(method.method_number), estimate }] as const]
    }),
  )
}

/** A German name an order's metadata kept, null when there is none. */
const germanText = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value : null)

/** The German name the order's shipping method was sold under, null when it had none. */
export function germanMethodName(order: Pick<MedusaOrderRow, "shipping_methods">): string | null {
  return germanText(order.shipping_methods?.[0]?.metadata?.[SHIPPING_METHOD_NAME_DE_KEY])
}

const optionOf = (order: Pick<MedusaOrderRow, "shipping_methods">) => order.shipping_methods?.[0]?.shipping_option_id ?? null

/**
 * The parties of these orders, two reads at most for any number of them. `knownUser`: the customer
 * whose orders they are, whose number the caller knows (a customer's own list), so it is not read.
 */
async function partiesOfOrders(
  container: MedusaContainer,
  orders: ReadonlyArray<Pick<MedusaOrderRow, "customer_id" | "shipping_methods">>,
  knownUser?: { customerId: string; userNumber: number },
): Promise<PartiesOfOrders> {
  const optionIds = [...new Set(orders.map(optionOf).filter((id): id is string => Boolean(id)))]
  const customerIds = orders.map((o) => o.customer_id).filter((id) => id && id !== knownUser?.customerId)
  const [userNumbers, methods] = await Promise.all([userNumbersOfCustomers(container, customerIds), methodsOfOptions(container, optionIds)])
  if (knownUser) userNumbers.set(knownUser.customerId, knownUser.userNumber)
  return { userNumbers, methods }
}

function partiesOf(order: Pick<MedusaOrderRow, "customer_id" | "shipping_methods">, read: PartiesOfOrders): OrderParties {
  const option = optionOf(order)
  return {
    userNumber: (order.customer_id ? read.userNumbers.get(order.customer_id) : undefined) ?? null,
    method: (option && read.methods.get(option)) || null,
  }
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
export function toContractOrder(order: MedusaOrderRow, details: OrderDetailsRow, parties: OrderParties, timeZone: string): Order {
  const items = (order.items ?? []).map((item) => {
    const productNumber = Number(item.metadata?.product_number)
    return {
      id: Number(item.metadata?.item_number) || 0,
      orderId: order.display_id,
      productId: Number.isInteger(productNumber) && productNumber > 0 ? productNumber : null,
      quantity: Number(item.quantity),
      price: money(item.unit_price),
      product: {
        name: item.product_title || item.title,
        nameDe: germanText(item.metadata?.[PRODUCT_NAME_DE_KEY]),
        imageUrl: item.thumbnail || NO_IMAGE_URL,
      },
    }
  })
  const subtotal = items.reduce((sum, i) => sum + eurosToCents(i.price) * i.quantity, 0) / 100
  // Once goods came back Medusa's totals count only what was kept; the order is answered as it was sold
  // (its lines, its invoice), and what came back and was refunded is its after-sale.
  const returned = (order.items ?? []).some(
    (item) => Number(item.detail?.return_received_quantity ?? 0) + Number(item.detail?.return_dismissed_quantity ?? 0) > 0,
  )
  const soldTotal = (eurosToCents(money(subtotal)) + eurosToCents(money(order.shipping_total))) / 100
  return {
    id: order.display_id,
    // A deleted account's orders stay, detached from it (kept user numbers are not asked again).
    userId: order.metadata?.account_deleted_at ? null : parties.userNumber,
    ...(order.metadata?.account_deleted_at ? { accountDeletedAt: new Date(String(order.metadata.account_deleted_at)).toISOString() } : {}),
    status: details.status,
    subtotal: money(returned ? subtotal : (order.item_total ?? subtotal)),
    shippingCost: money(order.shipping_total),
    total: money(returned ? soldTotal : order.total),
    paymentMethod: details.payment_method,
    paymentId: details.payment_id,
    paymentProvider: details.payment_provider,
    isTestPayment: details.is_test_payment,
    notes: details.notes,
    shippingMethodId: parties.method?.number ?? null,
    shippingMethod: parties.method
      ? {
          id: parties.method.number,
          name: details.shipping_method_name ?? "",
          name_de: germanMethodName(order),
          estimated_delivery: parties.method.estimate.en,
          estimated_delivery_de: parties.method.estimate.de,
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
function outsideOrder(order: OutsideOrderRow, context: ShopContext, parties: OrderParties): Order {
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
  const provider = (order.payment_collections ?? []).flatMap((c) => c.payments ?? [])[0]?.provider_id ?? null
  const lines = [...(order.items ?? [])].map((item, index) => ({
    ...item,
    metadata: { ...(item.metadata ?? {}), item_number: Number(item.metadata?.item_number) || index + 1 },
  }))
  return toContractOrder(
    { ...order, items: lines },
    {
      status: statusFromMedusa(order),
      payment_method: provider ? (PROVIDER_NAMES[provider] ?? provider) : "Not recorded",
      payment_id: null,
      payment_provider: provider,
      is_test_payment: false,
      notes: null,
      shipping_method_name: method?.name ?? null,
      shipping_address: typed?.success ? typed.data : null,
      invoice: null,
      paid_at: null,
    } as unknown as OrderDetailsRow,
    parties,
    DEFAULT_SHOP_TIME_ZONE,
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
  const [context, parties, timeZone] = await Promise.all([
    orders.some((o) => !o.order_details) ? shopContext(container) : null,
    partiesOfOrders(container, orders),
    timeZoneForOrders(container, details),
  ])
  return orders
    .map((o) =>
      o.order_details
        ? toContractOrder(o, o.order_details, partiesOf(o, parties), timeZone)
        : outsideOrder(o, context!, partiesOf(o, parties)),
    )
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)
}

/**
 * One shop user's orders in the shop's shape, newest first: the orders of their Medusa customer that
 * the shop placed (with details).
 */
export async function listOrdersOf(container: MedusaContainer, user: Pick<ShopUserRow, "id" | "user_number">): Promise<Order[]> {
  const customer = { customerId: await customerIdOf(container, user.id), userNumber: user.user_number }
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [...orderFields, "order_details.*"],
    filters: { customer_id: customer.customerId },
  })
  const orders = (data as unknown as Array<MedusaOrderRow & { order_details?: OrderDetailsRow | null }>).filter((o) => o.order_details)
  if (orders.length === 0) return []
  const [parties, timeZone] = await Promise.all([
    partiesOfOrders(container, orders, customer),
    timeZoneForOrders(
      container,
      orders.map((o) => o.order_details!),
    ),
  ])
  return orders
    .map((o) => toContractOrder(o, o.order_details!, partiesOf(o, parties), timeZone))
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
  const [read, timeZone] = await Promise.all([partiesOfOrders(container, [order]), timeZoneForOrders(container, details ? [details] : [])])
  const parties = partiesOf(order, read)
  if (details) return { medusaOrderId: order.id, details, order: toContractOrder(order, details, parties, timeZone) }
  return { medusaOrderId: order.id, details: null, order: outsideOrder(order, await shopContext(container), parties) }
}

/** One order by its Medusa id, in the shop's shape; null when the shop has no details for it. */
export async function findOrderById(container: MedusaContainer, medusaOrderId: string): Promise<Order | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: orderFields, filters: { id: medusaOrderId } })
  const order = data[0] as unknown as MedusaOrderRow | undefined
  if (!order) return null
  const details = await detailsOfOrder(container, order.id)
  if (!details) return null
  const [read, timeZone] = await Promise.all([partiesOfOrders(container, [order]), timeZoneForOrders(container, [details])])
  return toContractOrder(order, details, partiesOf(order, read), timeZone)
}
