/**
 * Which payment providers the shop offers, as a visitor is told (GET /api/payment-methods without cookies): a
 * catalogue answer with an ETag that saving the payment settings changes, so pages showing it (the footer's
 * badges) follow the admin's settings on the next request, cached or not.
 */
import { paymentMethodsSchema, type PaymentMethods } from "@enclave/contract"
import { apiRoutes, routePath } from "../api-routes"
import { forwardedHeaders, getCatalogueJson, getJson } from "./http"

export const PAYMENT_METHODS_PATH = routePath(apiRoutes.paymentMethods)

/** Throws FacadeApiError when unavailable. */
export async function getPublicPaymentMethods(): Promise<PaymentMethods> {
  return (await getCatalogueJson(PAYMENT_METHODS_PATH, paymentMethodsSchema, false))!
}

/**
 * Which providers checkout may offer this customer (asked with their cookies: invoice depends on who asks); all
 * off (and no simulated card) when the answer cannot be had.
 */
export async function paymentMethodsForCheckout(request: Request): Promise<PaymentMethods> {
  try {
    return await getJson(PAYMENT_METHODS_PATH, paymentMethodsSchema, false, forwardedHeaders(request))
  } catch (error) {
    console.error(`[storefront] checkout: payment methods unavailable: ${(error as Error).message}`)
    return {
      stripe: false,
      paypal: false,
      stripePublicKey: null,
      stripeSandbox: false,
      paypalSandbox: false,
      simulatedCard: false,
      invoice: false,
    }
  }
}

/** The footer's badges: the card schemes and Stripe while cards are offered, PayPal while it is. */
export type PaymentBadge = "Visa" | "Mastercard" | "Stripe" | "PayPal" | "test"

/**
 * The badges for what is offered. While neither provider is enabled and only the sandbox's pretend card is
 * offered (docs/product.md §4), one "Test payments" badge says so instead of logos of providers nobody can pay with.
 */
export function paymentBadges(methods: Pick<PaymentMethods, "stripe" | "paypal" | "simulatedCard">): PaymentBadge[] {
  const badges: PaymentBadge[] = []
  if (methods.stripe) badges.push("Visa", "Mastercard", "Stripe")
  if (methods.paypal) badges.push("PayPal")
  if (badges.length === 0 && methods.simulatedCard) badges.push("test")
  return badges
}
