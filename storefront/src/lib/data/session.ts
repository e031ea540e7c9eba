/**
 * Who is signed in, asked on the server (house style: every server call for a resource in one file under
 * lib/data; the customer's orders are orders.ts).
 *
 * The session is the facade's HttpOnly cookie `enclave.sid`: the page forwards the browser's Cookie header
 * to GET /api/user, so a guard or a redirect happens before any HTML is sent (a 302, not a flash of the
 * wrong screen).
 *
 * docs/product.md §2 route guard says "while the current user is loading a spinner shows". On the server there is no
 * loading phase: the page is not sent until the user is known, so no spinner is ever needed here.
 */
import type { AstroGlobal } from "astro"
import { userSchema, type User } from "@enclave/contract"
import { apiRoutes } from "../api-routes"
import { signInPath } from "../safe-return"
import { FacadeApiError, getAsBrowser } from "./http"

/** Whether the request carries the session cookie: without it, it is a visitor's, known without asking. */
export function hasSessionCookie(request: Request): boolean {
  return /(?:^|;\s*)enclave\.sid=/.test(request.headers.get("cookie") ?? "")
}

/**
 * The signed-in user of the page being rendered, asked of the facade once per request (the header and a
 * page's guard both need it).
 */
export function userOfPage(astro: Pick<AstroGlobal, "request" | "locals">): Promise<User | null> {
  astro.locals.user ??= currentUser(astro.request)
  return astro.locals.user
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
  if (!hasSessionCookie(request)) return null
  const response = await getAsBrowser(request, apiRoutes.user)
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
export async function requireUser(
  astro: Pick<AstroGlobal, "request" | "redirect" | "response" | "url" | "locals">,
): Promise<User | Response> {
  const user = await userOfPage(astro)
  astro.response.headers.set("cache-control", "private, no-store")
  if (!user) return astro.redirect(signInPath(astro.url), 302)
  return user
}
