/**
 * The consumer's right of withdrawal as the shop applies it (docs/product.md "Withdrawal"): when it runs,
 * whom it is for, and what a withdrawal refunds. Pure rules, shared by the facade that records a
 * withdrawal, the storefront that offers the button and the admin that proposes the refund.
 *
 * - § 355 (2) BGB, Art. 9 CRD: 14 days, starting when the consumer (or someone they named) received the
 *   goods. The day of delivery is not counted and the period ends at the end of its last day
 *   (§ 187 (1), § 188 (2) BGB), in the shop's time zone. Before delivery the consumer may withdraw already.
 * - A service performed in full at the consumer's express request ends the right for that service
 *   (§ 356 (4) BGB, Art. 16 (a) CRD); which services were performed is the order's to say, not these rules'.
 * - § 13 BGB: the right is a consumer's. An order with a company name and a VAT ID is a business's.
 * - § 357 (2) BGB, Art. 13 (2) CRD: every payment is refunded, the delivery included, but not the extra of a
 *   dearer delivery the consumer chose over the standard one. The shop refunds the standard delivery when
 *   every item of the order is withdrawn; a withdrawal of some items leaves the delivery, which served the
 *   rest too, where it was.
 */
import { shopDay } from "./values.js"

export const WITHDRAWAL_PERIOD_DAYS = 14

/** The day (YYYY-MM-DD) `days` after the shop's day of `moment`: the day itself is not counted (§ 187 (1) BGB). */
function daysAfter(moment: Date, days: number, timeZone: string): string {
  const [year, month, day] = shopDay(moment, timeZone).split("-").map(Number)
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10)
}

/** The last day (YYYY-MM-DD, shop time zone) on which goods delivered at this moment may be withdrawn from. */
export function withdrawalLastDay(deliveredAt: Date, timeZone: string): string {
  return daysAfter(deliveredAt, WITHDRAWAL_PERIOD_DAYS, timeZone)
}

/** The last day (YYYY-MM-DD, shop time zone) to refund a withdrawal received at this moment: 14 days (§ 357 (1) BGB). */
export function withdrawalRefundDeadline(receivedAt: Date, timeZone: string): string {
  return daysAfter(receivedAt, WITHDRAWAL_PERIOD_DAYS, timeZone)
}

export type WithdrawalRight =
  /** `lastDay` null: not delivered yet, so the period has not started. */
  | { kind: "open"; lastDay: string | null }
  | { kind: "ended"; lastDay: string }
  /** A business bought: the statutory right is a consumer's (staff may still take a return). */
  | { kind: "business" }

export interface WithdrawalFacts {
  /** When the goods were delivered (Medusa's fulfilment), null before. */
  deliveredAt: Date | null
  /** The order's buyer: a company name and a VAT ID make it a business. */
  companyName?: string | null
  vatId?: string | null
  /** A cancelled order has nothing left to withdraw from. */
  cancelled?: boolean
}

/** Whether the consumer may withdraw from this order now. */
export function withdrawalRight(order: WithdrawalFacts, timeZone: string, now: Date = new Date()): WithdrawalRight | { kind: "cancelled" } {
  if (order.cancelled) return { kind: "cancelled" }
  if (order.companyName?.trim() && order.vatId?.trim()) return { kind: "business" }
  if (!order.deliveredAt) return { kind: "open", lastDay: null }
  const lastDay = withdrawalLastDay(order.deliveredAt, timeZone)
  return shopDay(now, timeZone) > lastDay ? { kind: "ended", lastDay } : { kind: "open", lastDay }
}

/** A line of the order, as the refund is worked out from it (cents, as charged: VAT included). */
export interface RefundLine {
  unitCents: number
  /** How many of it are withdrawn. */
  quantity: number
}

export interface RefundFacts {
  lines: RefundLine[]
  /** Whether these are all the order's items (then the standard delivery is refunded too). */
  wholeOrder: boolean
  /** What the order paid for delivery. */
  shippingCents: number
  /** What the standard delivery to that address costs: the cheapest method the shop offers there. */
  standardShippingCents: number
  /** What was captured and is not refunded yet: a refund is never more. */
  refundableCents: number
}

/** What a withdrawal refunds, in cents: the items, and for the whole order the standard delivery; at most what is refundable. */
export function withdrawalRefundCents(facts: RefundFacts): { itemsCents: number; shippingCents: number; totalCents: number } {
  const itemsCents = facts.lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0)
  const shippingCents = facts.wholeOrder ? Math.min(facts.shippingCents, facts.standardShippingCents) : 0
  const totalCents = Math.max(0, Math.min(itemsCents + shippingCents, facts.refundableCents))
  return { itemsCents, shippingCents, totalCents }
}
