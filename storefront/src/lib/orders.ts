/**
 * What the orders screen decides about an order (docs/product.md §2 Orders page, §4 order status, §8 sandbox
 * detection), kept apart from the markup so it reads as rules.
 */
import type { Order, OrderStatus } from "@enclave/contract"
import type { Language } from "@enclave/contract/i18n"
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

const formats = new Map<string, Intl.DateTimeFormat>()
function formatOf(language: Language, timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${language}:${timeZone}:${withTime}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(language === "de" ? "de-DE" : "en-GB", {
      dateStyle: "long",
      ...(withTime ? { timeStyle: "short" } : {}),
      timeZone,
    })
    formats.set(key, format)
  }
  return format
}
const dayFormat = (language: Language, timeZone: string) => formatOf(language, timeZone, false)

/**
 * An invoice's due date (YYYY-MM-DD, already a day of the shop's calendar) the way the language writes
 * it: "26 December 2026", "26. Dezember 2026". Read as UTC midnight and written in UTC, so no time zone
 * can move it to the day before.
 */
export function formatShopDay(day: string, language: Language): string {
  const [year, month, date] = day.split("-").map(Number)
  if (!year || !month || !date) return day
  return dayFormat(language, "UTC").format(new Date(Date.UTC(year, month - 1, date)))
}

/** The day a moment (ISO) fell on in the shop's time zone (its setting), written like formatShopDay. */
export function formatShopMomentDay(iso: string, language: Language, timeZone: string): string {
  return dayFormat(language, timeZone).format(new Date(iso))
}

/**
 * A moment (ISO) on the shop's clock, the way the language writes it: "26 November 2026 at 14:05". The
 * shop's time zone (its setting), so the storefront, the admin and the invoices agree, and
 * the server and the browser write the same.
 */
export function formatShopMoment(iso: string, language: Language, timeZone: string): string {
  return formatOf(language, timeZone, true).format(new Date(iso))
}

/**
 * The payment an invoice order shows: its state while the customer owes the money or once
 * paid; null for other payments and for a cancelled order never paid (nothing is owed, so neither a
 * state nor the bank details are shown).
 */
export function invoicePaymentState(order: Pick<Order, "status" | "invoice">): "awaiting_payment" | "overdue" | "paid" | null {
  const invoice = order.invoice
  if (!invoice) return null
  if (invoice.state !== "paid" && order.status === "cancelled") return null
  return invoice.state
}

/** A moment's time of day on the shop's clock (24 h, with the zone): "14:05 CET" — a withdrawal's receipt names it. */
export function formatShopTime(iso: string, language: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(language === "de" ? "de-DE" : "en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(new Date(iso))
}

/** How many of an order's item its withdrawals took (the order's after-sale state). */
export function withdrawnQuantity(order: Pick<Order, "afterSale">, itemId: number): number {
  return (order.afterSale?.withdrawals ?? [])
    .flatMap((w) => w.items)
    .filter((i) => i.itemId === itemId)
    .reduce((sum, i) => sum + i.quantity, 0)
}
