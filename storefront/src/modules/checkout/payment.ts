/**
 * The payment step's rules (docs/product.md §4 Checkout, Wallet-provider flow, Simulated card flow), apart from
 * the markup so they can be read and tested as rules: which ways to pay are offered, which one is
 * chosen, the wallet's approval address, what is kept in session storage over a redirect, and the
 * text a failed payment call shows.
 *
 * Only type imports from the contract's root: the success page's island uses this module, and the
 * root's runtime brings zod along (its zod-free /money subpath is fine).
 */
import type { CreateCardPaymentRequest, PaymentMethods, ShippingAddress } from "@enclave/contract"
import { centsToEuros } from "@enclave/contract/money"
import { INVOICE_BUSINESS_ONLY_MESSAGE, INVOICE_NOT_AVAILABLE_MESSAGE, invoiceMinimumMessage } from "@enclave/contract/values"

export type PaymentChoice = "card" | "paypal" | "invoice" | "simulated"

/** The card provider needs its publishable key for Stripe Elements, besides being enabled. */
export function offersCard(methods: PaymentMethods): boolean {
  return methods.stripe && Boolean(methods.stripePublicKey)
}

/** What the payment step offers, in the order it lists them (invoice beside the real providers, the sandbox card last). */
export function offeredChoices(methods: PaymentMethods): PaymentChoice[] {
  const choices: PaymentChoice[] = []
  if (offersCard(methods)) choices.push("card")
  if (methods.paypal) choices.push("paypal")
  if (methods.invoice) choices.push("invoice")
  if (methods.simulatedCard) choices.push("simulated")
  return choices
}

/**
 * The choice after the payment methods are (re)loaded. The current choice stays while it is offered;
 * docs/product.md §4: a disabled provider gives way to the other provider when that one is enabled; otherwise
 * the default: the card, else PayPal, else the invoice, else the simulated card; null when nothing can be offered.
 */
export function followAvailability(current: PaymentChoice | null, methods: PaymentMethods): PaymentChoice | null {
  const offered = offeredChoices(methods)
  if (current && offered.includes(current)) return current
  if (current === "card" && offered.includes("paypal")) return "paypal"
  if (current === "paypal" && offered.includes("card")) return "card"
  return offered[0] ?? null
}

/**
 * docs/product.md §4 'Payment methods unavailable': no real way to pay is offered (the simulated card may remain).
 * A business customer offered the invoice can still pay for real, so the notice would be wrong for them.
 */
export function providersUnavailable(methods: PaymentMethods): boolean {
  return !offersCard(methods) && !methods.paypal && !methods.invoice
}

/** A refusal of an invoice order (POST /api/orders) as a catalogue key and its parameters. */
export interface InvoiceRefusal {
  key: string
  /** The minimum total in euros ("500.00") for the minimum's message. */
  minimumTotal?: string
}

// The minimum's message around its amount, so the amount can be read back out of the server's text.
const [MINIMUM_BEFORE, MINIMUM_AFTER] = invoiceMinimumMessage("\u0000").split("\u0000") as [string, string]

/**
 * The server refuses an invoice order in English with the contract's messages: which one it was, so
 * the payment step says it in the customer's language; null for any other message (shown as it came).
 */
export function invoiceRefusal(message: string): InvoiceRefusal | null {
  if (message === INVOICE_NOT_AVAILABLE_MESSAGE) return { key: "checkout.invoice.notAvailable" }
  if (message === INVOICE_BUSINESS_ONLY_MESSAGE) return { key: "checkout.invoice.businessOnly" }
  if (message.startsWith(MINIMUM_BEFORE) && message.endsWith(MINIMUM_AFTER)) {
    const minimumTotal = message.slice(MINIMUM_BEFORE.length, message.length - MINIMUM_AFTER.length)
    if (/^\d+(\.\d{1,2})?$/.test(minimumTotal)) return { key: "checkout.invoice.minimum", minimumTotal }
  }
  return null
}

/**
 * docs/product.md §7: the approval address gets a userid parameter when it has none, and the chosen shipping
 * method when there is one, so both come back with the customer.
 */
export function approvalUrl(approveUrl: string, userId: number, shippingMethodId: number | null): string {
  const url = new URL(approveUrl)
  if (!url.searchParams.has("userid")) url.searchParams.set("userid", String(userId))
  if (shippingMethodId !== null && !url.searchParams.has("shippingMethodId")) {
    url.searchParams.set("shippingMethodId", String(shippingMethodId))
  }
  return url.toString()
}

/**
 * The simulated card's expiry (MM/YY): December of next year, so it never shows a card that has
 * already expired (the original's fixed 12/25 did).
 */
export function simulatedCardExpiry(today: Date): string {
  return `12/${String((today.getFullYear() + 1) % 100).padStart(2, "0")}`
}

/** What the browser sends to prepare a card payment or a PayPal order: where to, how, and the total it shows. */
export function paymentRequest(address: ShippingAddress, shippingMethodId: number, totalCents: number): CreateCardPaymentRequest {
  return { shippingAddress: address, shippingMethodId, total: centsToEuros(totalCents) }
}

/** The error of a failed /api call as ApiRequestError carries it (status, message, details, other fields). */
export interface FailedCall {
  serverMessage: string
  details: unknown
  body: Record<string, unknown>
}

const textOf = (value: unknown): string | null => {
  if (typeof value === "string") return value.trim() || null
  if (value && typeof value === "object" && Object.keys(value).length > 0) return JSON.stringify(value)
  return null
}

/**
 * docs/product.md §8 'PayPal Error': the server's message with its error and details when they add something,
 * else the serialized body; the fallback ('Failed to create PayPal order' …) when the call failed
 * without an answer. Capped so a provider's long reply cannot flood the toast.
 */
export function paypalErrorText(error: FailedCall | null, fallback: string): string {
  if (!error) return fallback
  const parts: string[] = []
  for (const part of [error.serverMessage, error.body.error, error.details]) {
    const text = textOf(part)
    if (text && !parts.includes(text)) parts.push(text)
  }
  const text = parts.length > 0 ? parts.join(": ") : textOf(error.body)
  if (!text) return fallback
  return text.length > 300 ? `${text.slice(0, 297)}...` : text
}

/** docs/product.md §8: money was taken but the order could not be finished (the server answers paymentReceived). */
export function paymentWasReceived(error: FailedCall | null): boolean {
  return error?.body.paymentReceived === true
}
