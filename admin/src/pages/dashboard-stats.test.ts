import type { Order, Product, User } from "@enclave/contract"
import { describe, expect, it } from "vitest"
import { countsAsRevenue, DAY_MS, dashboardStats, revenuePerDay, trend } from "./dashboard-stats"

const now = new Date("2026-03-31T12:00:00Z")
const ZONE = "Europe/Berlin"
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString()

const order = (id: number, days: number, total: string, status: Order["status"] = "pending") =>
  ({ id, userId: 1, status, total, createdAt: daysAgo(days) }) as Order
const product = (id: number, stockQuantity: number, days = 100) =>
  ({ id, name: `P${id}`, stockQuantity, createdAt: daysAgo(days) }) as Product
const user = (id: number, days: number) => ({ id, createdAt: daysAgo(days) }) as User

describe("dashboard figures", () => {
  it("trend: last 30 days against the 30 before, rounded; 'new' when nothing came before", () => {
    expect(trend(12, 10)).toEqual({ kind: "percent", percent: 20 })
    expect(trend(5, 10)).toEqual({ kind: "percent", percent: -50 })
    expect(trend(1, 3)).toEqual({ kind: "percent", percent: -67 })
    expect(trend(0, 0)).toEqual({ kind: "percent", percent: 0 })
    expect(trend(4, 0)).toEqual({ kind: "new" })
  })

  it("cards count everything; trends compare the windows; revenue leaves cancelled orders out", () => {
    const orders = [
      order(1, 1, "100.00"),
      order(2, 10, "50.50", "completed"),
      order(3, 40, "75.25"),
      order(4, 5, "999.00", "cancelled"),
      order(5, 70, "10.00"),
    ]
    const stats = dashboardStats(
      [user(1, 2), user(2, 3), user(3, 45), user(4, 200)],
      [product(1, 0), product(2, 7), product(3, 11), product(4, 10)],
      orders,
      ZONE,
      now,
    )
    expect(stats.users).toEqual({ value: 4, trend: { kind: "percent", percent: 100 } })
    expect(stats.products).toEqual({ value: 4, trend: { kind: "percent", percent: 0 } })
    // Orders: 3 in the last 30 days (1, 2, 4), 1 in the 30 before (3).
    expect(stats.orders).toEqual({ value: 5, trend: { kind: "percent", percent: 200 } })
    // Revenue: 100.00 + 50.50 now, 75.25 before; 10.00 is older than 60 days but counts in the total.
    expect(stats.revenue.value).toBe(23575)
    expect(stats.revenue.trend).toEqual({ kind: "percent", percent: Math.round(((15050 - 7525) / 7525) * 100) })
  })

  it("revenue counts an invoice order only once paid, on the day it was paid", () => {
    const invoice = (paidDaysAgo: number | null) => ({
      reference: "ENC-000001",
      dueDate: "2026-04-14",
      paidAt: paidDaysAgo === null ? null : daysAgo(paidDaysAgo),
      state: paidDaysAgo === null ? ("awaiting_payment" as const) : ("paid" as const),
      bankAccount: { accountHolder: "Enclave GmbH", iban: "DE89370400440532013000", bic: "COBADEFFXXX" },
    })
    const orders = [
      order(1, 1, "100.00"),
      // Placed 2 days ago, not paid yet: no revenue.
      { ...order(2, 2, "400.00"), invoice: invoice(null) },
      // Placed 40 days ago, paid 3 days ago: revenue of the last 30 days, on the day it was paid.
      { ...order(3, 40, "250.00", "processing"), invoice: invoice(3) },
      // Paid, then cancelled: no revenue.
      { ...order(4, 5, "999.00", "cancelled"), invoice: invoice(4) },
    ]
    const stats = dashboardStats([], [], orders, ZONE, now)
    expect(stats.revenue.value).toBe(35000)
    expect(stats.revenue.trend).toEqual({ kind: "new" })
    const days = revenuePerDay(orders, now, ZONE)
    expect(days[29 - 3].cents).toBe(25000)
    expect(days[29 - 2].cents).toBe(0)
    expect(days.reduce((sum, d) => sum + d.cents, 0)).toBe(35000)
    expect(countsAsRevenue(orders[1])).toBe(false)
    expect(countsAsRevenue(orders[2])).toBe(true)
    // Orders count every order, paid or not.
    expect(stats.orders.value).toBe(4)
  })

  it("recent orders: the latest five by creation date, newest first", () => {
    const orders = [
      order(1, 9, "1.00"),
      order(2, 1, "1.00"),
      order(3, 5, "1.00"),
      order(4, 3, "1.00"),
      order(5, 2, "1.00"),
      order(6, 30, "1.00"),
      order(7, 4, "1.00"),
    ]
    expect(dashboardStats([], [], orders, ZONE, now).recentOrders.map((o) => o.id)).toEqual([2, 5, 4, 7, 3])
  })

  it("low stock: stock of 10 or less, fewest first", () => {
    const stats = dashboardStats([], [product(1, 11), product(2, 10), product(3, 0), product(4, 3)], [], ZONE, now)
    expect(stats.lowStock.map((p) => p.id)).toEqual([3, 4, 2])
  })

  it("revenue per day: 30 calendar days ending today, sums per day", () => {
    const days = revenuePerDay(
      [order(1, 0, "10.00"), order(2, 0, "5.55"), order(3, 29, "1.00"), order(4, 31, "7.00"), order(5, 0, "3.00", "cancelled")],
      now,
      ZONE,
    )
    expect(days).toHaveLength(30)
    expect(days[29].cents).toBe(1555)
    expect(days.reduce((sum, d) => sum + d.cents, 0)).toBe(1655)
  })

  it("revenue per day counts the days of the shop's time zone, not the browser's", () => {
    // 23:30 UTC on 30 March is 31 March in Berlin (UTC+2) but still 30 March in New York.
    const late = { ...order(1, 0, "10.00"), createdAt: "2026-03-30T23:30:00Z" }
    const berlin = revenuePerDay([late], now, "Europe/Berlin")
    expect(berlin[29]).toEqual({ day: "2026-03-31", cents: 1000 })
    const newYork = revenuePerDay([late], now, "America/New_York")
    expect(newYork[29].day).toBe("2026-03-31")
    expect(newYork[28]).toEqual({ day: "2026-03-30", cents: 1000 })
  })
})
