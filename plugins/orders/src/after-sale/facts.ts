import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { PRODUCT_NAME_DE_KEY } from "@enclave/contract/values"
import { eurosToCents } from "@enclave/contract/money"
import { withdrawalRight, type WithdrawalRight } from "@enclave/contract/withdrawal"
import type { OrderDetails, ShopRefund, Withdrawal } from "../modules/shop-orders/types"
import { findUserByCustomer } from "@enclave/accounts"
import { activeFulfilment } from "../orders/fulfilment"
import { buyerVatIdOf } from "../tax/order-vat"

/**
 * What withdrawals, returns and refunds are decided on: one read of Medusa's order (its lines with their
 * fulfilled and returned quantities, its fulfilment, its returns, its payments with their captures and
 * refunds) with the shop's records linked to it (details, withdrawals, refunds).
 */

export interface AfterSaleLine {
  lineItemId: string
  /** The shop's item number (an order's `items[].id`). */
  itemNumber: number
  name: string
  nameDe: string | null
  quantity: number
  unitCents: number
  fulfilled: number
  /** Still in a return that is requested and not received. */
  returnRequested: number
  /** Received back (restocked or not). */
  returned: number
  /** What may still go into a return: fulfilled and not in a return yet (Medusa does not subtract the received: docs/medusa-returns.md §1.2). */
  returnable: number
  /** Withdrawn by the customer's statements so far. */
  withdrawn: number
}

export interface AfterSaleReturn {
  id: string
  status: string
  createdAt: Date
  requestedAt: Date | null
  receivedAt: Date | null
  locationId: string | null
  metadata: Record<string, unknown> | null
  items: Array<{ lineItemId: string; quantity: number; receivedQuantity: number; damagedQuantity: number; note: string | null }>
}

export interface AfterSalePayment {
  id: string
  providerId: string
  amountCents: number
  capturedCents: number
  refundedCents: number
  canceled: boolean
}

export interface AfterSaleOrder {
  medusaOrderId: string
  number: number
  email: string | null
  customerId: string | null
  canceled: boolean
  details: OrderDetails | null
  deliveredAt: Date | null
  fulfilmentLocationId: string | null
  shippingCents: number
  lines: AfterSaleLine[]
  returns: AfterSaleReturn[]
  payments: AfterSalePayment[]
  withdrawals: Withdrawal[]
  refunds: ShopRefund[]
  /** An order change begun and not confirmed (a return, an edit): Medusa allows one at a time. */
  hasOpenChange: boolean
  metadata: Record<string, unknown> | null
}

const cents = (value: unknown) => eurosToCents(Number(value ?? 0).toFixed(2))
const date = (value: unknown) => (value ? new Date(value as string) : null)
const germanText = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value : null)

const fields = [
  "id",
  "display_id",
  "email",
  "customer_id",
  "status",
  "metadata",
  "shipping_total",
  "items.id",
  "items.title",
  "items.product_title",
  "items.unit_price",
  "items.quantity",
  "items.metadata",
  "items.detail.quantity",
  "items.detail.fulfilled_quantity",
  "items.detail.return_requested_quantity",
  "items.detail.return_received_quantity",
  "items.detail.return_dismissed_quantity",
  "fulfillments.id",
  "fulfillments.location_id",
  "fulfillments.shipped_at",
  "fulfillments.delivered_at",
  "fulfillments.canceled_at",
  "returns.id",
  "returns.status",
  "returns.created_at",
  "returns.requested_at",
  "returns.received_at",
  "returns.location_id",
  "returns.metadata",
  "returns.items.*",
  "payment_collections.payments.id",
  "payment_collections.payments.provider_id",
  "payment_collections.payments.amount",
  "payment_collections.payments.canceled_at",
  "payment_collections.payments.captures.amount",
  "payment_collections.payments.refunds.amount",
  "order_details.*",
  "withdrawals.*",
  "shop_refunds.*",
]

interface Row {
  id: string
  display_id: number
  email: string | null
  customer_id: string | null
  status: string
  metadata: Record<string, unknown> | null
  shipping_total: unknown
  items?: Array<{
    id: string
    title: string
    product_title: string | null
    unit_price: unknown
    quantity: unknown
    metadata: Record<string, unknown> | null
    detail?: Record<string, unknown> | null
  }>
  fulfillments?: Array<{
    id: string
    location_id: string | null
    shipped_at: string | Date | null
    delivered_at: string | Date | null
    canceled_at: string | Date | null
  }>
  returns?: Array<{
    id: string
    status: string
    created_at: string
    requested_at: string | null
    received_at: string | null
    location_id: string | null
    metadata: Record<string, unknown> | null
    items?: Array<{
      item_id: string
      quantity: unknown
      received_quantity: unknown
      damaged_quantity: unknown
      raw_quantity?: { value?: string } | null
      raw_received_quantity?: { value?: string } | null
      raw_damaged_quantity?: { value?: string } | null
      note: string | null
    }>
  }>
  payment_collections?: Array<{
    payments?: Array<{
      id: string
      provider_id: string
      amount: unknown
      canceled_at: unknown
      captures?: Array<{ amount: unknown }>
      refunds?: Array<{ amount: unknown }>
    }>
  }>
  order_details?: OrderDetails | null
  withdrawals?: Withdrawal[] | null
  shop_refunds?: ShopRefund[] | null
}

async function readRows(container: MedusaContainer, filters: Record<string, unknown>): Promise<Row[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields, filters })
  return data as unknown as Row[]
}

async function hasOpenChange(container: MedusaContainer, orderId: string): Promise<boolean> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order_change",
    fields: ["id", "status"],
    filters: { order_id: orderId, status: ["pending", "requested"] },
  })
  return data.length > 0
}

function toFacts(row: Row, openChange: boolean): AfterSaleOrder {
  const withdrawals = (row.withdrawals ?? []).filter(Boolean)
  const withdrawnOf = new Map<string, number>()
  for (const w of withdrawals)
    for (const line of w.items) withdrawnOf.set(line.line_item_id, (withdrawnOf.get(line.line_item_id) ?? 0) + line.quantity)
  const lines = (row.items ?? [])
    .map((item) => {
      const detail = item.detail ?? {}
      const fulfilled = Number(detail.fulfilled_quantity ?? 0)
      const returnRequested = Number(detail.return_requested_quantity ?? 0)
      const returned = Number(detail.return_received_quantity ?? 0) + Number(detail.return_dismissed_quantity ?? 0)
      return {
        lineItemId: item.id,
        itemNumber: Number(item.metadata?.item_number) || 0,
        name: item.product_title || item.title,
        nameDe: germanText(item.metadata?.[PRODUCT_NAME_DE_KEY]),
        quantity: Number(detail.quantity ?? item.quantity),
        unitCents: cents(item.unit_price),
        fulfilled,
        returnRequested,
        returned,
        returnable: Math.max(0, fulfilled - returnRequested - returned),
        withdrawn: withdrawnOf.get(item.id) ?? 0,
      }
    })
    .filter((line) => line.itemNumber > 0)
    .sort((a, b) => a.itemNumber - b.itemNumber)
  const active = activeFulfilment(row.fulfillments as never) as NonNullable<Row["fulfillments"]>[number] | null
  return {
    medusaOrderId: row.id,
    number: row.display_id,
    email: row.email,
    customerId: row.customer_id,
    canceled: row.status === "canceled",
    details: row.order_details ?? null,
    deliveredAt: date(active?.delivered_at),
    fulfilmentLocationId: active?.location_id ?? null,
    shippingCents: cents(row.shipping_total),
    lines,
    returns: (row.returns ?? [])
      .filter((r) => r && r.status !== "canceled")
      .map((r) => ({
        id: r.id,
        status: r.status,
        createdAt: new Date(r.created_at),
        requestedAt: date(r.requested_at),
        receivedAt: date(r.received_at),
        locationId: r.location_id,
        metadata: r.metadata,
        items: (r.items ?? []).map((i) => ({
          lineItemId: i.item_id,
          // Medusa's query gives a return item's quantities as its raw big numbers only, in some reads.
          quantity: Number(i.quantity ?? i.raw_quantity?.value ?? 0),
          receivedQuantity: Number(i.received_quantity ?? i.raw_received_quantity?.value ?? 0),
          damagedQuantity: Number(i.damaged_quantity ?? i.raw_damaged_quantity?.value ?? 0),
          note: i.note,
        })),
      })),
    payments: (row.payment_collections ?? [])
      .flatMap((c) => c.payments ?? [])
      .map((p) => ({
        id: p.id,
        providerId: p.provider_id,
        amountCents: cents(p.amount),
        capturedCents: (p.captures ?? []).reduce((sum, c) => sum + cents(c.amount), 0),
        refundedCents: (p.refunds ?? []).reduce((sum, r) => sum + cents(r.amount), 0),
        canceled: Boolean(p.canceled_at),
      })),
    withdrawals: withdrawals.sort((a, b) => new Date(a.received_at).getTime() - new Date(b.received_at).getTime()),
    refunds: (row.shop_refunds ?? []).filter(Boolean),
    hasOpenChange: openChange,
    metadata: row.metadata,
  }
}

/** One order's after-sale facts by Medusa id; null when there is no such order. */
export async function afterSaleOf(container: MedusaContainer, medusaOrderId: string): Promise<AfterSaleOrder | null> {
  const [rows, openChange] = await Promise.all([readRows(container, { id: medusaOrderId }), hasOpenChange(container, medusaOrderId)])
  return rows[0] ? toFacts(rows[0], openChange) : null
}

/** One order's after-sale facts by its number; null when there is no such order. */
export async function afterSaleByNumber(container: MedusaContainer, orderNumber: number): Promise<AfterSaleOrder | null> {
  const rows = await readRows(container, { display_id: orderNumber })
  if (!rows[0]) return null
  return toFacts(rows[0], await hasOpenChange(container, rows[0].id))
}

/** The after-sale facts of several orders (a customer's list), by Medusa id; open changes are not read. */
export async function afterSaleOfOrders(container: MedusaContainer, medusaOrderIds: string[]): Promise<Map<string, AfterSaleOrder>> {
  if (medusaOrderIds.length === 0) return new Map()
  const rows = await readRows(container, { id: medusaOrderIds })
  return new Map(rows.map((row) => [row.id, toFacts(row, false)]))
}

/** Whether a business bought: a reverse-charge VAT ID on the order, or an account with a company and a VAT ID. */
export async function boughtByBusiness(
  container: MedusaContainer,
  order: AfterSaleOrder,
): Promise<{ companyName: string | null; vatId: string | null }> {
  const orderVatId = buyerVatIdOf({ metadata: order.metadata })
  const buyer = order.customerId ? await findUserByCustomer(container, order.customerId) : null
  return {
    companyName: buyer?.company_name?.trim() || (orderVatId ? "(reverse charge)" : null),
    vatId: orderVatId ?? (buyer?.vat_id?.trim() || null),
  }
}

/** The consumer's right on this order now (the contract's rules). */
export async function rightOf(
  container: MedusaContainer,
  order: AfterSaleOrder,
  timeZone: string,
  now = new Date(),
): Promise<WithdrawalRight | { kind: "cancelled" }> {
  const business = await boughtByBusiness(container, order)
  return withdrawalRight(
    {
      deliveredAt: order.deliveredAt,
      companyName: business.companyName,
      vatId: business.vatId,
      cancelled: order.canceled || order.details?.status === "cancelled",
    },
    timeZone,
    now,
  )
}

/** The payment of the order that took money (the shop makes one per order), or null. */
export function capturedPayment(order: AfterSaleOrder): AfterSalePayment | null {
  return order.payments.find((p) => !p.canceled && p.capturedCents > 0) ?? null
}

/** The after-sale facts of orders by their numbers (a customer's list), keyed by number. */
export async function afterSaleByNumbers(container: MedusaContainer, orderNumbers: number[]): Promise<Map<number, AfterSaleOrder>> {
  if (orderNumbers.length === 0) return new Map()
  const rows = await readRows(container, { display_id: orderNumbers })
  return new Map(rows.map((row) => [row.display_id, toFacts(row, false)]))
}
