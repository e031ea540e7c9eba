import { describe, expect, it } from "vitest"
import type { Order } from "@enclave/contract"
import {
  formatShopDay,
  formatShopMomentDay,
  invoicePaymentState,
  isTestOrder,
  ordersInTab,
  parseOrderTab,
  tabHref,
  walletPaymentUrl,
} from "./orders"

const order = (status: Order["status"], extra: Partial<Order> = {}) =>
  ({ status, isTestPayment: false, paymentId: null, paymentProvider: null, ...extra }) as Order

describe("orders tabs", () => {
  const orders = (["pending", "processing", "shipped", "delivered", "completed", "cancelled"] as const).map((s) => order(s))

  it("groups pending and processing under Processing; shipped and delivered only under All", () => {
    expect(ordersInTab(orders, "all")).toHaveLength(6)
    expect(ordersInTab(orders, "processing").map((o) => o.status)).toEqual(["pending", "processing"])
    expect(ordersInTab(orders, "completed").map((o) => o.status)).toEqual(["completed"])
    expect(ordersInTab(orders, "cancelled").map((o) => o.status)).toEqual(["cancelled"])
  })

  it("reads the tab from the query, anything unknown is All, and All has no query", () => {
    expect(parseOrderTab("completed")).toBe("completed")
    expect(parseOrderTab("nonsense")).toBe("all")
    expect(parseOrderTab(null)).toBe("all")
    expect(tabHref("/orders", "all")).toBe("/orders")
    expect(tabHref("/account/orders", "cancelled")).toBe("/account/orders?tab=cancelled")
  })
})

describe("sandbox orders (docs/product.md §8)", () => {
  it("are the server's test payments and payment ids starting SANDBOX- or sb-", () => {
    expect(isTestOrder(order("processing", { isTestPayment: true, paymentId: "str-1" }))).toBe(true)
    expect(isTestOrder(order("processing", { paymentId: "SANDBOX-42" }))).toBe(true)
    expect(isTestOrder(order("processing", { paymentId: "sb-42" }))).toBe(true)
    expect(isTestOrder(order("processing", { paymentId: "8AB12345CD" }))).toBe(false)
  })

  it("link wallet-provider payments to the provider, its sandbox for test orders", () => {
    expect(walletPaymentUrl(order("completed", { paymentProvider: "paypal", paymentId: "8AB1" }))).toBe(
      "https://www.paypal.com/activity/payment/8AB1",
    )
    expect(walletPaymentUrl(order("completed", { paymentProvider: "paypal", paymentId: "sb-1" }))).toBe(
      "https://www.sandbox.paypal.com/activity/payment/sb-1",
    )
    expect(walletPaymentUrl(order("completed", { paymentProvider: "stripe", paymentId: "str-1" }))).toBeNull()
  })
})

describe("invoice orders", () => {
  const invoice = (state: "awaiting_payment" | "overdue" | "paid") => ({
    reference: "ENC-000042",
    dueDate: "2026-12-04",
    paidAt: state === "paid" ? "2026-11-30T23:30:00.000Z" : null,
    state,
    bankAccount: { accountHolder: "Enclave GmbH", iban: "DE89370400440532013000", bic: "COBADEFFXXX" },
  })

  it("writes the due date as the language does, on the day it names in any time zone", () => {
    expect(formatShopDay("2026-12-04", "en")).toBe("4 December 2026")
    expect(formatShopDay("2026-12-04", "de")).toBe("4. Dezember 2026")
  })

  it("writes the day a payment was recorded in the shop's time zone (Berlin)", () => {
    // 23:30 UTC on 30 November is already 1 December in Berlin.
    expect(formatShopMomentDay("2026-11-30T23:30:00.000Z", "en", "Europe/Berlin")).toBe("1 December 2026")
  })

  it("shows the server's state, nothing for other payments, and nothing owed for a cancelled order never paid", () => {
    expect(invoicePaymentState(order("pending", { invoice: invoice("awaiting_payment") }))).toBe("awaiting_payment")
    expect(invoicePaymentState(order("pending", { invoice: invoice("overdue") }))).toBe("overdue")
    expect(invoicePaymentState(order("processing", { invoice: invoice("paid") }))).toBe("paid")
    expect(invoicePaymentState(order("cancelled", { invoice: invoice("overdue") }))).toBeNull()
    expect(invoicePaymentState(order("cancelled", { invoice: invoice("paid") }))).toBe("paid")
    expect(invoicePaymentState(order("pending", { invoice: null }))).toBeNull()
    expect(invoicePaymentState(order("pending"))).toBeNull()
  })
})
