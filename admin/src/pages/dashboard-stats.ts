import type { Order, Product, User } from "@enclave/contract"
import { eurosToCents } from "@enclave/contract/money"
import { LOW_STOCK_THRESHOLD, shopDay } from "@enclave/contract/values"

/** The dashboard's figures (docs/product.md §2), computed from the facade's whole lists. */

export const DAY_MS = 24 * 60 * 60 * 1000
export const TREND_DAYS = 30
export const RECENT_ORDERS = 5

/** Change of the last 30 days against the 30 before: a whole percentage, or "new" when there was nothing before. */
export type Trend = { kind: "percent"; percent: number } | { kind: "new" }

export function trend(current: number, previous: number): Trend {
  if (previous === 0) return current === 0 ? { kind: "percent", percent: 0 } : { kind: "new" }
  return { kind: "percent", percent: Math.round(((current - previous) / previous) * 100) }
}

/**
 * Revenue counts every order that was not cancelled; an invoice order only once its money has
 * arrived (until then it is a promise to pay, not revenue).
 */
export function countsAsRevenue(order: Pick<Order, "status" | "invoice">): boolean {
  if (order.status === "cancelled") return false
  return !order.invoice || Boolean(order.invoice.paidAt)
}

/** When an order's revenue came in: when it was placed (paid at checkout), for an invoice order when it was paid. */
export function revenueDate(order: Pick<Order, "createdAt" | "invoice">): string {
  return order.invoice?.paidAt ?? order.createdAt
}

interface Windows {
  /** [start, now]: the last 30 days. */
  current: (iso: string) => boolean
  /** [start - 30 days, start): the 30 days before. */
  previous: (iso: string) => boolean
}

function windows(now: Date): Windows {
  const end = now.getTime()
  const start = end - TREND_DAYS * DAY_MS
  const before = start - TREND_DAYS * DAY_MS
  return {
    current: (iso) => {
      const t = Date.parse(iso)
      return t > start && t <= end
    },
    previous: (iso) => {
      const t = Date.parse(iso)
      return t > before && t <= start
    },
  }
}

export interface Card {
  /** The headline: a count, or revenue in cents. */
  value: number
  trend: Trend
}

export interface DashboardStats {
  users: Card
  products: Card
  orders: Card
  revenue: Card
  revenuePerDay: Array<{ day: string; cents: number }>
  recentOrders: Order[]
  lowStock: Product[]
}

function countTrend<T extends { createdAt: string }>(items: readonly T[], w: Windows): Trend {
  return trend(items.filter((i) => w.current(i.createdAt)).length, items.filter((i) => w.previous(i.createdAt)).length)
}

/**
 * The last 30 calendar days of the shop's time zone (its setting, so the admin counts the days the
 * storefront and the invoices do, wherever the admin's browser is), today included, oldest first, with
 * the revenue of each.
 */
export function revenuePerDay(orders: readonly Order[], now: Date, timeZone: string): Array<{ day: string; cents: number }> {
  const [year, month, date] = shopDay(now, timeZone).split("-").map(Number)
  const days: Array<{ day: string; cents: number }> = []
  for (let i = TREND_DAYS - 1; i >= 0; i--) {
    days.push({ day: new Date(Date.UTC(year, month - 1, date - i)).toISOString().slice(0, 10), cents: 0 })
  }
  const index = new Map(days.map((d, i) => [d.day, i]))
  for (const order of orders) {
    if (!countsAsRevenue(order)) continue
    const i = index.get(shopDay(new Date(revenueDate(order)), timeZone))
    if (i !== undefined) days[i].cents += eurosToCents(order.total)
  }
  return days
}

export function newestFirst(a: Pick<Order, "createdAt" | "id">, b: Pick<Order, "createdAt" | "id">): number {
  return Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id
}

export function dashboardStats(
  users: readonly User[],
  products: readonly Product[],
  orders: readonly Order[],
  timeZone: string,
  now = new Date(),
): DashboardStats {
  const w = windows(now)
  const paid = orders.filter(countsAsRevenue)
  const sum = (list: readonly Order[]) => list.reduce((total, o) => total + eurosToCents(o.total), 0)
  return {
    users: { value: users.length, trend: countTrend(users, w) },
    products: { value: products.length, trend: countTrend(products, w) },
    orders: { value: orders.length, trend: countTrend(orders, w) },
    revenue: {
      value: sum(paid),
      trend: trend(sum(paid.filter((o) => w.current(revenueDate(o)))), sum(paid.filter((o) => w.previous(revenueDate(o))))),
    },
    revenuePerDay: revenuePerDay(orders, now, timeZone),
    recentOrders: [...orders].sort(newestFirst).slice(0, RECENT_ORDERS),
    lowStock: products
      .filter((p) => p.stockQuantity <= LOW_STOCK_THRESHOLD)
      .sort((a, b) => a.stockQuantity - b.stockQuantity || a.id - b.id),
  }
}
