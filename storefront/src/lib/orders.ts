/**
 * What the orders screen decides about an order (docs/product.md §2 Orders page, §4 order status, §8 sandbox
 * detection), kept apart from the markup so it reads as rules.
 */
import type { Order, OrderStatus } from "@enclave/contract"
import { isSandboxPaymentId, isSandboxWalletOrder } from "@enclave/contract/values"

export const orderTabs = ["all", "processing", "completed", "cancelled"] as const
export type OrderTab = (typeof orderTabs)[number]

/** ?tab=… of the URL; anything else is the All tab. */
export function parseOrderTab(value: string | null): OrderTab {
  return (orderTabs as readonly string[]).includes(value ?? "") ? (value as OrderTab) : "all"
}

/** docs/product.md §4: the Processing tab groups pending and processing; shipped and delivered show only under All. */
const tabStatuses: Record<Exclude<OrderTab, "all">, readonly OrderStatus[]> = {
  processing: ["pending", "processing"],
  completed: ["completed"],
  cancelled: ["cancelled"],
}

export function ordersInTab(orders: readonly Order[], tab: OrderTab): Order[] {
  if (tab === "all") return [...orders]
  return orders.filter((order) => tabStatuses[tab].includes(order.status))
}

export function tabHref(basePath: string, tab: OrderTab): string {
  return tab === "all" ? basePath : `${basePath}?tab=${tab}`
}

/**
 * docs/product.md §8 sandbox detection on the orders page: the server's test flag (the simulated card), or a
 * payment id starting 'SANDBOX-' or 'sb-' (wallet-provider sandbox).
 */
export function isTestOrder(order: Pick<Order, "isTestPayment" | "paymentId">): boolean {
  return order.isTestPayment || isSandboxPaymentId(order.paymentId)
}

/**
 * docs/product.md §8: a wallet-provider order id starting 'SANDBOX-' or a status containing 'SANDBOX', or a
 * sandbox payment id. The contract's zod-free subpath keeps the success page's island free of zod.
 */
export function isTestWalletCapture(capture: { id: string; status: string; paymentId: string }): boolean {
  return isSandboxWalletOrder(capture) || isSandboxPaymentId(capture.paymentId)
}

/** docs/product.md §2: wallet-provider orders link to the provider's payment details (its sandbox site for test orders). */
export function walletPaymentUrl(order: Pick<Order, "paymentProvider" | "paymentId" | "isTestPayment">): string | null {
  if (order.paymentProvider !== "paypal" || !order.paymentId) return null
  const host = isTestOrder(order) ? "https://www.sandbox.paypal.com" : "https://www.paypal.com"
  return `${host}/activity/payment/${encodeURIComponent(order.paymentId)}`
}
