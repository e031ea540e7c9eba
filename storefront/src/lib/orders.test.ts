import { describe, expect, it } from "vitest"
import type { Order } from "@enclave/contract"
import { isTestOrder, ordersInTab, parseOrderTab, tabHref, walletPaymentUrl } from "./orders"

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
