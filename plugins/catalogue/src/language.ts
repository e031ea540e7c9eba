import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { resolveLanguage, type Language } from "@enclave/contract/i18n"

/**
 * The language a catalogue answer is written in: the storefront's `language` cookie when it names
 * en or de, else the caller's Accept-Language (de when its first language is German), else English: the
 * storefront's own rule (docs/product.md §4), so a page and the API calls it makes agree.
 */
export function catalogueLanguage(req: MedusaRequest): Language {
  const cookie = (req as unknown as { cookies?: Record<string, unknown> }).cookies?.language
  return resolveLanguage(typeof cookie === "string" ? cookie : null, req.get("accept-language"))
}

/**
 * Says which request headers chose the answer's language, so a shared cache keeps the English and the
 * German answer apart (and the storefront's page cache asks per language), and which language it is.
 */
export function varyByLanguage(res: MedusaResponse, language: Language) {
  res.vary("Accept-Language")
  res.vary("Cookie")
  res.setHeader("Content-Language", language)
}
