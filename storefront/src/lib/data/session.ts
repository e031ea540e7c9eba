/**
 * Who is signed in, and the signed-in customer's orders, asked on the server (house style: every server
 * call for a resource in one file under lib/data).
 *
 * The session is the facade's HttpOnly cookie `enclave.sid`: the page forwards the browser's Cookie header
 * to GET /api/user, so a guard or a redirect happens before any HTML is sent (a 302, not a flash of the
 * wrong screen).
 *
 * docs/product.md §2 route guard says "while the current user is loading a spinner shows". On the server there is no
 * loading phase: the page is not sent until the user is known, so no spinner is ever needed here.
 */
import type { AstroGlobal } from "astro"
import { orderListSchema, userSchema, type Order, type User } from "@enclave/contract"
import { signInPath } from "../safe-return"
import { apiBaseUrl, FacadeApiError, getJson } from "./products"
import { shopTimeZone } from "./shop-details"

/** A page must not hang on a stuck backend. */
const REQUEST_TIMEOUT_MS = 10_000

/** The request's cookies, forwarded as they came: the facade's session cookie is among them. */
export function forwardedHeaders(request: Request): Record<string, string> {
  const headers: Record<string, string> = { accept: "application/json" }
  const cookie = request.headers.get("cookie")
  if (cookie) headers.cookie = cookie
  return headers
}

/** GET a facade path as the browser that sent `request` (its cookies, its language). */
async function getAsBrowser(request: Request, path: string): Promise<Response> {
  const headers = forwardedHeaders(request)
  const url = `${apiBaseUrl()}${path}`
  try {
    return await fetch(url, { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
  } catch (cause) {
    const inner = cause instanceof Error && cause.cause instanceof Error ? `: ${cause.cause.message}` : ""
    const reason = cause instanceof Error ? `${cause.message}${inner}` : String(cause)
    throw new FacadeApiError(`GET ${url} failed: ${reason}`, undefined, { cause })
  }
}

/**
 * The signed-in user of this request, or null for a visitor. A request without the session cookie is a
 * visitor without asking the facade. When the facade cannot answer, the user is treated as a visitor
 * (the cause is logged): a guarded page then sends people to /auth, where signing in tells them more.
 */
export async function currentUser(request: Request): Promise<User | null> {
  try {
    return await fetchUser(request)
  } catch (error) {
    console.error(`[storefront] current user unknown: ${error instanceof Error ? error.message : String(error)}`)
    return null
  }
}

/**
 * The signed-in user, or null for a visitor; throws FacadeApiError when the facade cannot tell
 * (pages that must not guess, such as checkout, answer 503 then).
 */
export async function fetchUser(request: Request): Promise<User | null> {
  const cookie = request.headers.get("cookie") ?? ""
  if (!/(?:^|;\s*)enclave\.sid=/.test(cookie)) return null
  const response = await getAsBrowser(request, "/api/user")
  if (response.status === 401) {
    await response.body?.cancel()
    return null
  }
  if (!response.ok) throw new FacadeApiError(`GET /api/user answered ${response.status}`, response.status)
  const parsed = userSchema.safeParse(await response.json())
  if (!parsed.success) throw new FacadeApiError("GET /api/user answered a body that does not match the contract")
  return parsed.data
}

/**
 * For pages that still help when the facade is down (the payment result pages): the user, null for a
 * visitor, or undefined when the facade could not tell (logged; the page renders without the account).
 */
export async function userIfKnown(request: Request, page: string): Promise<User | null | undefined> {
  try {
    return await fetchUser(request)
  } catch (error) {
    console.error(`[storefront] ${page}: ${(error as Error).message}`)
    return undefined
  }
}

/**
 * Route guard of docs/product.md §2/§6 for protected pages (/orders, /account/orders, /checkout, /checkout/success,
 * /checkout/error). Use it first thing in the page's frontmatter:
 *
 *   const guard = await requireUser(Astro)
 *   if (guard instanceof Response) return guard   // a visitor: 302 to /auth before any HTML
 *   const user = guard                            // the signed-in User
 *
 * The answer is never cached (it depends on the session cookie).
 */
export async function requireUser(astro: Pick<AstroGlobal, "request" | "redirect" | "response" | "url">): Promise<User | Response> {
  const user = await currentUser(astro.request)
  astro.response.headers.set("cache-control", "private, no-store")
  if (!user) return astro.redirect(signInPath(astro.url), 302)
  return user
}

/**
 * The signed-in customer's orders, newest first (GET /api/orders). Throws FacadeApiError when the facade
 * cannot be asked or answers something other than the list (the page shows 'Failed to load your orders').
 */
export async function listOrders(request: Request): Promise<Order[]> {
  return getJson("/api/orders", orderListSchema, false, forwardedHeaders(request))
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
