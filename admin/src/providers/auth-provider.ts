import type { User } from "@enclave/contract"
import type { AuthProvider, HttpError } from "@refinedev/core"
import { getJson, httpError, isRecord, sendJson } from "./http"

/** Where the storefront signs people in and where they land after signing out: outside the admin's router. */
export const SIGN_IN_URL = "/auth"
export const SHOP_URL = "/"
/** The account page, saying why the back office sent an admin there (the staff two-factor setting). */
export const STAFF_SECOND_FACTOR_URL = "/account?second-factor=staff"

/**
 * /auth with the admin page being left as its return path, so signing in comes back to it
 * (the storefront follows only a path of this shop, see storefront/src/lib/safe-return.ts).
 */
export function signInUrl(page: Pick<Location, "pathname" | "search" | "hash"> = window.location): string {
  return `${SIGN_IN_URL}?return=${encodeURIComponent(`${page.pathname}${page.search}${page.hash}`)}`
}

/** What the session check needs of GET /api/user's User. */
export type SessionUser = Pick<User, "id" | "username" | "isAdmin">

/** What the back office may do for whoever is signed in (docs/product.md §2, §6). */
export type Access = { kind: "admin"; user: SessionUser } | { kind: "customer"; user: SessionUser } | { kind: "visitor" }

export const ACCESS_DENIED = "AccessDenied"
export const SIGNED_OUT = "SignedOut"
export const CHECK_FAILED = "CheckFailed"

/** GET /api/user: 401 means nobody is signed in; any other failure is an error to show. */
export async function currentAccess(signal?: AbortSignal): Promise<Access> {
  let body: unknown
  try {
    body = await getJson("/user", signal)
  } catch (error) {
    if ((error as HttpError).statusCode === 401) return { kind: "visitor" }
    throw error
  }
  const user = sessionUser(body)
  return user.isAdmin ? { kind: "admin", user } : { kind: "customer", user }
}

/**
 * The fields the session check relies on, checked by hand: this runs before the first screen,
 * whose download has no room for zod (the admin's JavaScript budget). Anything else is no admin.
 */
export function sessionUser(body: unknown): SessionUser {
  if (isRecord(body) && typeof body.id === "number" && typeof body.username === "string" && typeof body.isAdmin === "boolean") {
    return { id: body.id, username: body.username, isAdmin: body.isAdmin }
  }
  throw httpError(502, "GET /api/user did not answer a user")
}

/** The decision the shell renders from a session check (unit-tested; the browser test reaches each case). */
export function accessDecision(access: Access): "show" | "deny" | "sign-in" {
  if (access.kind === "admin") return "show"
  return access.kind === "customer" ? "deny" : "sign-in"
}

/** Leaves the SPA for a storefront page (a full navigation, not a route of /admin). */
export function leaveAdmin(url: string) {
  window.location.assign(url)
}

export interface Identity {
  id: number
  name: string
  isAdmin: boolean
}

/** The roles a signed-in user has, as resources.tsx's table names them: an admin is "admin", a customer has none. */
export function rolesOf(user: Pick<SessionUser, "isAdmin">): Array<"admin"> {
  return user.isAdmin ? ["admin"] : []
}

/**
 * Set while a logout is under way: the page's other calls, refused once the session has ended, must not send
 * the browser to sign in instead of to the shop.
 */
let loggingOut = false

export const authProvider: AuthProvider = {
  // The storefront owns the sign-in form; the admin never shows one.
  login: async () => {
    leaveAdmin(signInUrl())
    return { success: false }
  },
  logout: async () => {
    loggingOut = true
    try {
      await sendJson("POST", "/logout")
    } catch (error) {
      loggingOut = false
      return { success: false, error: error as HttpError }
    }
    leaveAdmin(SHOP_URL)
    // The page is being left for the shop. Settling would make Refine re-check the session and
    // send the browser to sign in instead: stay pending until the page unloads.
    return new Promise<never>(() => {})
  },
  // Refine expects check to resolve: a failed check is a state of its own (the shell offers a retry).
  check: async () => {
    let access: Access
    try {
      access = await currentAccess()
    } catch (error) {
      const failure = error as HttpError
      return { authenticated: false, error: { name: CHECK_FAILED, message: failure.message ?? String(error) } }
    }
    const decision = accessDecision(access)
    if (decision === "show") return { authenticated: true }
    return {
      authenticated: false,
      error: { name: decision === "deny" ? ACCESS_DENIED : SIGNED_OUT, message: decision === "deny" ? "Not an admin" : "Not signed in" },
    }
  },
  getIdentity: async (): Promise<Identity | null> => {
    const access = await currentAccess()
    return access.kind === "visitor" ? null : { id: access.user.id, name: access.user.username, isAdmin: access.user.isAdmin }
  },
  getPermissions: async () => {
    const access = await currentAccess()
    return access.kind === "visitor" ? [] : rolesOf(access.user)
  },
  // A call the facade refuses because the session ended sends the browser to sign in again.
  onError: async (error: HttpError) => {
    if (loggingOut) return {}
    // The shop requires two factors of staff and this session has one: the account page is where to add one.
    if (error?.code === "staff_second_factor_required") {
      leaveAdmin(STAFF_SECOND_FACTOR_URL)
      return {}
    }
    if (error?.statusCode === 401) {
      leaveAdmin(signInUrl())
      return {}
    }
    return {}
  },
}
