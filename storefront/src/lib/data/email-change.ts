/**
 * The confirm page's one write (/account/email/confirm): it posts the mailed token to
 * the facade from the storefront's server, so the page works without JavaScript. No cookie goes
 * with it: the token alone proves the mailbox, whoever is signed in in this browser.
 */
import { apiRoutes, routePath } from "../api-routes"
import { apiBaseUrl } from "./http"

export type EmailConfirmOutcome = { state: "done"; email: string } | { state: "invalid" } | { state: "taken" } | { state: "unavailable" }

export async function confirmEmailChange(token: string): Promise<EmailConfirmOutcome> {
  if (!token) return { state: "invalid" }
  try {
    const response = await fetch(`${apiBaseUrl()}${routePath(apiRoutes.accountEmailConfirm)}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ token }),
      signal: AbortSignal.timeout(10_000),
    })
    const body = (await response.json().catch(() => null)) as { email?: unknown; message?: unknown } | null
    if (response.ok && typeof body?.email === "string") return { state: "done", email: body.email }
    if (response.status === 409) return { state: "taken" }
    if (response.status === 400) return { state: "invalid" }
    return { state: "unavailable" }
  } catch {
    return { state: "unavailable" }
  }
}
