import type { MedusaRequest } from "@medusajs/framework/http"
import { requiredPublicOrigin } from "@enclave/contract/public-address"

/**
 * The shop's public address (PUBLIC_URL), for the links it writes: a password-reset mail, the
 * addresses a payment provider sends the customer back to, an invoice. Never a request's Host or
 * Origin, which a caller chooses.
 */
export function shopOrigin(): string {
  return requiredPublicOrigin({ PUBLIC_URL: process.env.PUBLIC_URL })
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
