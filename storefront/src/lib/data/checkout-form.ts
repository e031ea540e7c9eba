/**
 * /checkout's forms without JavaScript (docs/product.md §2 Checkout "Without JavaScript"): step 1's address and
 * shipping method, checked with the contract's shippingAddressSchema, then step 2's way to pay, sent on to the
 * facade as the browser (lib/data/http.ts sendFormAsBrowser) with the same /api calls the island makes: POST
 * /api/orders for the sandbox card and the invoice, POST /api/paypal-server/create-order for PayPal, whose
 * approval page the browser is sent to. The card (Stripe Elements) needs JavaScript and is not taken here.
 */
import { randomBytes } from "node:crypto"
import { shippingAddressSchema } from "@enclave/contract/forms"
import { fieldMessages } from "@enclave/contract/http-errors"
import { INVOICE_PAYMENT_METHOD, SANDBOX_CARD_PAYMENT_PREFIX } from "@enclave/contract/values"
import type { ShippingAddress, ShippingMethod } from "@enclave/contract"
import type { ApiRequestError } from "../client/api"
import { apiRoutes } from "../api-routes"
import { methodsForCountry, shippingCountryOf } from "../../modules/checkout/shipping-countries"
import type { PaymentChoice } from "../../modules/checkout/payment"
import { isTestWalletCapture } from "../orders"
import { postedText, refusalOfAnswer, sendFormAsBrowser } from "./http"

/** The address's fields, as the contract's schema names them. */
const ADDRESS_FIELDS = Object.keys(shippingAddressSchema.shape)

/** The ways to pay a form can take; the card needs Stripe Elements in the browser. */
export type FormPaymentChoice = Exclude<PaymentChoice, "card">
const FORM_CHOICES: readonly string[] = ["paypal", "invoice", "simulated"] satisfies FormPaymentChoice[]

export interface CheckoutForm {
  /** "address": step 1 sent; "pay": step 2 sent; "back": step 2's "Back to Shipping". */
  step: "address" | "pay" | "back"
  values: Record<string, string>
  shippingMethodId: number | null
  choice: FormPaymentChoice | null
  /** The shipping cost and the total step 2 showed: the facade refuses the order when they are no longer so. */
  shippingCost: string | undefined
  total: string | undefined
}

export function checkoutFormOf(form: FormData | null): CheckoutForm {
  const step = postedText(form, "step", 10)
  const choice = postedText(form, "paymentChoice", 20)
  const amount = (name: string) => {
    const value = postedText(form, name, 20).trim()
    return /^\d{1,9}(\.\d{1,2})?$/.test(value) ? value : undefined
  }
  return {
    step: step === "pay" ? "pay" : step === "back" ? "back" : "address",
    values: Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, postedText(form, name, 500)])),
    shippingMethodId: Number(postedText(form, "shippingMethod", 12)) || null,
    choice: FORM_CHOICES.includes(choice) ? (choice as FormPaymentChoice) : null,
    shippingCost: amount("shippingCost"),
    total: amount("total"),
  }
}

export type AddressCheck =
  | { ok: true; address: ShippingAddress; method: ShippingMethod }
  /** Messages by field (the schema's English texts, which the island says in the page's language). */
  | { ok: false; errors: Record<string, string>; methodMissing: boolean }

/** Step 1's check: the address by the contract's schema, and a method that ships to its country. */
export function checkAddress(form: CheckoutForm, methods: readonly ShippingMethod[]): AddressCheck {
  const parsed = shippingAddressSchema.safeParse(form.values)
  const offered = methodsForCountry(methods, shippingCountryOf(methods, form.values.country))
  const method = offered.find((m) => m.id === form.shippingMethodId) ?? null
  if (parsed.success && method) return { ok: true, address: parsed.data, method }
  return { ok: false, errors: parsed.success ? {} : fieldMessages(parsed.error), methodMissing: !method && offered.length > 0 }
}

export type PaymentOutcome =
  | { state: "placed"; orderId: number; testPayment: boolean }
  | { state: "approve"; url: string }
  /** docs/product.md §8: the money was taken but no order could be made; staff finish it. */
  | { state: "received" }
  | { state: "refused"; status: number; error: ApiRequestError }

/** A sandbox card's payment id, made up anew for each order as the island's simulated card does. */
const sandboxPaymentId = () => `${SANDBOX_CARD_PAYMENT_PREFIX}${randomBytes(8).toString("hex")}`

/** Pays step 2's way: places the order (sandbox card, invoice), or creates the PayPal order to approve. */
export async function payWithForm(
  request: Request,
  form: CheckoutForm,
  choice: FormPaymentChoice,
  address: ShippingAddress,
  method: ShippingMethod,
): Promise<PaymentOutcome> {
  if (choice === "paypal") {
    const answer = await sendFormAsBrowser(request, apiRoutes.paypalOrderCreate, {
      shippingAddress: address,
      shippingMethodId: method.id,
      amount: form.total,
    })
    const created = answer.status === 200 || answer.status === 201 ? parsed<{ approveUrl?: unknown }>(answer.text) : null
    if (created && typeof created.approveUrl === "string" && /^https?:\/\//.test(created.approveUrl)) {
      return { state: "approve", url: created.approveUrl }
    }
    return { state: "refused", status: answer.status >= 400 ? answer.status : 502, error: refusalOfAnswer(answer) }
  }
  const answer = await sendFormAsBrowser(request, apiRoutes.orderPlace, {
    shippingAddress: address,
    shippingMethod: method.id,
    shippingCost: form.shippingCost,
    total: form.total,
    paymentMethod: choice === "invoice" ? INVOICE_PAYMENT_METHOD : "stripe",
    ...(choice === "simulated" ? { paymentId: sandboxPaymentId() } : {}),
  })
  const order = answer.status === 200 || answer.status === 201 ? parsed<{ id?: unknown; isTestPayment?: unknown }>(answer.text) : null
  if (order && typeof order.id === "number") return { state: "placed", orderId: order.id, testPayment: order.isTestPayment === true }
  const error = refusalOfAnswer(answer)
  if (error.body.paymentReceived === true) return { state: "received" }
  return { state: "refused", status: answer.status >= 400 ? answer.status : 502, error }
}

function parsed<T>(body: string): T | null {
  try {
    const value: unknown = JSON.parse(body)
    return value && typeof value === "object" ? (value as T) : null
  } catch {
    return null
  }
}

export type WalletReturn =
  | { state: "captured"; orderId: number; testPayment: boolean }
  /** docs/product.md §8: the money was taken but no order could be made; staff finish it. */
  | { state: "received" }
  /** `error` null: the capture answered without a payment id or an order (docs/product.md §5). */
  | { state: "failed"; error: ApiRequestError | null }

/**
 * Back from PayPal's approval page (/checkout/success?paypal=true&token=…): the page captures the approved order
 * as the browser (POST /api/paypal-server/capture-order, which places the shop's order), so the purchase ends
 * the same with JavaScript or without. The capture is idempotent: a reload answers the same order.
 */
export async function captureWalletOnReturn(request: Request, token: string): Promise<WalletReturn> {
  const answer = await sendFormAsBrowser(request, apiRoutes.paypalOrderCapture, { orderId: token })
  if (answer.status === 200 || answer.status === 201) {
    const capture = parsed<{ id?: unknown; status?: unknown; paymentId?: unknown; order?: { id?: unknown; isTestPayment?: unknown } }>(
      answer.text,
    )
    if (!capture || typeof capture.paymentId !== "string" || !capture.paymentId || typeof capture.order?.id !== "number") {
      return { state: "failed", error: null }
    }
    const wallet = { id: String(capture.id ?? ""), status: String(capture.status ?? ""), paymentId: capture.paymentId }
    return {
      state: "captured",
      orderId: capture.order.id,
      testPayment: capture.order.isTestPayment === true || isTestWalletCapture(wallet),
    }
  }
  const error = refusalOfAnswer(answer)
  return error.body.paymentReceived === true ? { state: "received" } : { state: "failed", error }
}
