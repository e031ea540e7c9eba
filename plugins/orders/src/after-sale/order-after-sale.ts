import type { MedusaContainer } from "@medusajs/framework/types"
import type { Order, OrderAfterSale } from "@enclave/contract"
import { centsToEuros } from "@enclave/contract/money"
import { withdrawalRight } from "@enclave/contract/withdrawal"
import type { ShopUserRow } from "@enclave/accounts"
import { shopTimeZone } from "@enclave/catalogue"
import { buyerVatIdOf } from "../tax/order-vat"
import { afterSaleByNumbers, type AfterSaleOrder } from "./facts"

/** What a customer's order says about withdrawal, returns and refunds (GET /api/orders, the /orders page). */
export function afterSaleSummary(
  order: AfterSaleOrder,
  buyer: Pick<ShopUserRow, "company_name" | "vat_id"> | null,
  timeZone: string,
  now = new Date(),
): OrderAfterSale {
  const orderVatId = buyerVatIdOf({ metadata: order.metadata })
  const right = withdrawalRight(
    {
      deliveredAt: order.deliveredAt,
      companyName: orderVatId ? "(reverse charge)" : buyer?.company_name,
      vatId: orderVatId ?? buyer?.vat_id,
      cancelled: order.canceled || order.details?.status === "cancelled",
    },
    timeZone,
    now,
  )
  const refunds = order.refunds.filter((r) => r.status === "done")
  const refundedCents = order.payments.reduce((sum, p) => sum + p.refundedCents, 0)
  return {
    withdrawal: { state: right.kind, lastDay: "lastDay" in right ? right.lastDay : null },
    withdrawals: order.withdrawals.map((w) => ({
      id: w.id,
      receivedAt: new Date(w.received_at).toISOString(),
      items: w.items.map((l) => ({ itemId: l.item_number, name: l.name, nameDe: l.name_de, quantity: l.quantity })),
    })),
    returns: order.returns.map((r) => ({
      id: r.id,
      state: refunds.some((f) => new Date(f.created_at) >= (r.requestedAt ?? r.createdAt))
        ? ("refunded" as const)
        : r.status === "received" || r.status === "partially_received"
          ? r.status
          : ("requested" as const),
      requestedAt: (r.requestedAt ?? r.createdAt).toISOString(),
      receivedAt: r.receivedAt ? r.receivedAt.toISOString() : null,
    })),
    refunded: centsToEuros(refundedCents),
  }
}

/** The customer's orders with their after-sale state. */
export async function withAfterSale(container: MedusaContainer, orders: Order[], buyer: ShopUserRow): Promise<Order[]> {
  return (await withAfterSaleFacts(container, orders, buyer)).orders
}

/** The same, and the after-sale facts it was read from, for a caller that needs more of them (the data download). */
export async function withAfterSaleFacts(
  container: MedusaContainer,
  orders: Order[],
  buyer: ShopUserRow,
): Promise<{ orders: Order[]; facts: Map<number, AfterSaleOrder> }> {
  const [facts, timeZone] = await Promise.all([
    afterSaleByNumbers(
      container,
      orders.map((o) => o.id),
    ),
    shopTimeZone(container),
  ])
  return {
    facts,
    orders: orders.map((order) => {
      const found = facts.get(order.id)
      return found ? { ...order, afterSale: afterSaleSummary(found, buyer, timeZone) } : order
    }),
  }
}
