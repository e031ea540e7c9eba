/**
 * The signed-in customer's orders, asked on the server with their cookies (house style: one file per resource).
 */
import type { AstroGlobal } from "astro"
import { orderListSchema, type Order } from "@enclave/contract"
import { apiRoutes, routePath } from "../api-routes"
import { FacadeApiError, forwardedHeaders, getJson } from "./http"
import { shopTimeZone } from "./shop-details"

/**
 * The signed-in customer's orders, newest first (GET /api/orders). Throws FacadeApiError when the facade
 * cannot be asked or answers something other than the list (the page shows 'Failed to load your orders').
 */
export async function listOrders(request: Request): Promise<Order[]> {
  return getJson(routePath(apiRoutes.orders), orderListSchema, false, forwardedHeaders(request))
}

/** timeZone: the shop's, which the screen writes the orders' dates in. */
export type OrdersResult = { ok: true; orders: Order[]; timeZone: string } | { ok: false }

/**
 * The orders of the page's signed-in customer. When they cannot be loaded the page answers 503 (with
 * Retry-After) and shows 'Failed to load your orders. Please try again.'; the cause goes to the server log.
 */
export async function ordersForPage(astro: Pick<AstroGlobal, "request" | "response" | "url">): Promise<OrdersResult> {
  try {
    const [orders, timeZone] = await Promise.all([listOrders(astro.request), shopTimeZone()])
    return { ok: true, orders, timeZone }
  } catch (error) {
    if (!(error instanceof FacadeApiError)) throw error
    console.error(`[storefront] ${astro.url.pathname}: orders unavailable: ${error.message}`)
    astro.response.status = 503
    astro.response.headers.set("retry-after", "30")
    return { ok: false }
  }
}

/** One of the customer's orders by its id; null when they have none with that id. */
export async function findOrder(request: Request, orderId: number): Promise<Order | null> {
  const orders = await listOrders(request)
  return orders.find((order) => order.id === orderId) ?? null
}
