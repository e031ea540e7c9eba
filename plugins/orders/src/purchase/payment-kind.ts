import { INVOICE_PAYMENT_METHOD, SANDBOX_CARD_PAYMENT_ID, SANDBOX_CARD_PAYMENT_PREFIX, type CreateOrderRequest } from "@enclave/contract"
import type { CheckoutPaymentFields } from "./records"

/** How a purchase is paid; the purchase workflow has one step for each. */
export type PaymentKind = "sandbox_card" | "card" | "paypal" | "invoice"

/** The kinds whose money a provider took before the order is made: they settle a checkout payment. */
export type ProviderPaymentKind = Extract<PaymentKind, "card" | "paypal">

/** What POST /api/orders asks to pay with, decided once from the request. */
export type OrderPayment =
  | { kind: "sandbox_card"; paymentId: string }
  | { kind: "card"; paymentId: string }
  | { kind: "invoice" }
  /** A PayPal order becomes one when it is captured, never through POST /api/orders. */
  | { kind: "paypal" }
  /** No payment the shop can check: an unknown method, or a card without its PaymentIntent. */
  | { kind: "unknown" }

/**
 * The method names POST /api/orders understands (compared without letter case): the contract's
 * "stripe" and "Invoice", and the labels the shop shows for its own payments, which clients send back.
 */
const methodNames: Readonly<Record<string, "card" | "paypal" | "invoice">> = {
  stripe: "card",
  card: "card",
  "credit card": "card",
  "card (sandbox)": "card",
  paypal: "paypal",
  "paypal (sandbox)": "paypal",
  [INVOICE_PAYMENT_METHOD.toLowerCase()]: "invoice",
}

function isSandboxCardId(paymentId: string | null): paymentId is string {
  return paymentId !== null && paymentId.startsWith(SANDBOX_CARD_PAYMENT_PREFIX) && SANDBOX_CARD_PAYMENT_ID.test(paymentId)
}

/**
 * The payment of POST /api/orders. The sandbox card is known by its id alone (docs/product.md §4: the
 * client makes it up), whatever method name comes with it; a card needs the id of its PaymentIntent.
 */
export function orderPaymentOf(request: Pick<CreateOrderRequest, "paymentMethod" | "paymentId">): OrderPayment {
  const method = Object.hasOwn(methodNames, request.paymentMethod.trim().toLowerCase())
    ? methodNames[request.paymentMethod.trim().toLowerCase()]
    : null
  const paymentId = request.paymentId?.trim() || null
  if (method === "invoice") return { kind: "invoice" }
  if (isSandboxCardId(paymentId)) return { kind: "sandbox_card", paymentId }
  if (method === "card" && paymentId) return { kind: "card", paymentId }
  if (method === "paypal") return { kind: "paypal" }
  return { kind: "unknown" }
}

/** The kind of a checkout payment, from the provider that took it. */
export function providerPaymentKind(row: Pick<CheckoutPaymentFields, "provider">): ProviderPaymentKind {
  return row.provider === "paypal" ? "paypal" : "card"
}

/** How a settled payment reads in order lists: docs/product.md §8 marks test payments by "Sandbox" in the method. */
export function paymentMethodLabel(kind: ProviderPaymentKind, isTest: boolean): string {
  const name = kind === "paypal" ? "PayPal" : "Card"
  return isTest ? `${name} (Sandbox)` : name
}
