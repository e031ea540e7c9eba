/**
 * Who is asking, for the checkout pages (server side): the facade's GET /api/user with the visitor's
 * own cookies. null for a visitor (401). Deliberately small: the shared session helper
 * (lib/data/session.ts) replaces it when both land on main.
 */
import { userSchema, type User } from "@enclave/contract"
import { apiBaseUrl } from "./products"

/** The request's cookies, forwarded as they came: the facade's session cookie is among them. */
export function forwardedHeaders(request: Request): Record<string, string> {
  const headers: Record<string, string> = { accept: "application/json" }
  const cookie = request.headers.get("cookie")
  if (cookie) headers.cookie = cookie
  return headers
}

export async function checkoutUser(request: Request): Promise<User | null> {
  if (!request.headers.get("cookie")) return null
  const response = await fetch(`${apiBaseUrl()}/api/user`, {
    headers: forwardedHeaders(request),
    signal: AbortSignal.timeout(10_000),
  })
  if (response.status === 401) {
    await response.body?.cancel()
    return null
  }
  if (!response.ok) throw new Error(`GET /api/user answered ${response.status}`)
  return userSchema.parse(await response.json())
}
