/**
 * Server calls of the checkout and payment result pages: the signed-in customer's cart and orders
 * (with their cookies), and the shop's shipping and payment methods.
 */
import {
  cartSchema,
  orderListSchema,
  paymentMethodsSchema,
  type CartItem,
  type Order,
  type PaymentMethods,
  type ShippingMethod,
} from "@enclave/contract"
import type { z } from "zod"
import { forwardedHeaders } from "./session"
import { apiBaseUrl, getJson as getFacadeJson } from "./products"
import { listShippingMethods } from "./shipping"

const TIMEOUT_MS = 10_000

/** A GET as the customer's browser (its cookies), validated with the contract. */
function getJson<T>(request: Request, path: string, schema: z.ZodType<T>): Promise<T> {
  return getFacadeJson(path, schema, false, forwardedHeaders(request))
}

export function getCart(request: Request): Promise<CartItem[]> {
  return getJson(request, "/api/cart", cartSchema)
}

/**
 * Active methods in the shop's order with exactly one marked default per zone (docs/product.md §4: the
 * default, else the first; the checkout offers one zone's methods for an address). null when they could not be loaded: the page then loads them in the browser.
 */
export async function getShippingMethods(): Promise<ShippingMethod[] | null> {
  try {
    // The public list the shipping page and the FAQ show too (nothing in it depends on who asks).
    return await listShippingMethods()
  } catch (error) {
    console.error(`[storefront] checkout: shipping methods unavailable: ${(error as Error).message}`)
    return null
  }
}

/** Which providers checkout may offer; all off (and no simulated card) when the answer cannot be had. */
export async function getPaymentMethods(request: Request): Promise<PaymentMethods> {
  try {
    return await getJson(request, "/api/payment-methods", paymentMethodsSchema)
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

/** One of the customer's orders by its id; null when they have none with that id. */
export async function findOrder(request: Request, orderId: number): Promise<Order | null> {
  const orders = await getJson(request, "/api/orders", orderListSchema)
  return orders.find((order) => order.id === orderId) ?? null
}

/** docs/product.md §4: the cart is cleared on entering the result page (placing the order already emptied it). */
export async function clearCart(request: Request): Promise<void> {
  const url = `${apiBaseUrl()}/api/cart`
  const response = await fetch(url, {
    method: "DELETE",
    // The shop's own server acting for its page, so it says so as the page would: a change that
    // carries the session cookie without an Origin is refused (http/same-origin.ts of the facade).
    headers: { ...forwardedHeaders(request), origin: new URL(url).origin },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  await response.body?.cancel()
  if (!response.ok) console.error(`[storefront] checkout result: DELETE /api/cart answered ${response.status}`)
}
