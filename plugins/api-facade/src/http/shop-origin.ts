import type { MedusaRequest } from "@medusajs/framework/http"

/**
 * The shop's address as the customer's browser uses it, for the addresses a payment provider
 * sends the customer back to. A state-changing call has passed the same-origin check, so its
 * Origin is the shop's own; without one, the (trusted) forwarded scheme and host are used.
 */
export function shopOrigin(req: MedusaRequest): string {
  const origin = req.get("origin")
  if (origin && /^https?:\/\/[^/]+$/.test(origin)) return origin
  const host = req.get("x-forwarded-host")?.split(",")[0]?.trim() || req.get("host")
  return `${req.protocol}://${host}`
}

export type ShopLanguage = "en" | "de"

/** The storefront's language (its `language` cookie, docs/product.md §4), for the provider's pages. */
export function shopLanguage(req: MedusaRequest): ShopLanguage {
  return chosenLanguage(req) ?? "en"
}

/** The language the visitor chose in the storefront, or null for a caller that never chose one (an API client). */
export function chosenLanguage(req: MedusaRequest): ShopLanguage | null {
  const chosen = (req as unknown as { cookies?: Record<string, unknown> }).cookies?.language
  return chosen === "de" || chosen === "en" ? chosen : null
}
