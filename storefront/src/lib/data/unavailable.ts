import type { AstroGlobal } from "astro"
import type { Language } from "@enclave/contract/i18n"
import { recordDependency } from "./catalogue-answers"
import { FacadeApiError } from "./http"

/**
 * Runs a product-API call for a page. When the API is unreachable or answers something unusable,
 * the page answers 503 (with Retry-After) and shows its "unavailable" state instead of a stack trace;
 * the cause goes to the server log. Any other error is a bug and is left to Astro (500 page).
 */
export async function loadOrUnavailable<T>(
  astro: Pick<AstroGlobal, "response" | "url">,
  load: () => Promise<T>,
): Promise<{ ok: true; data: T } | { ok: false }> {
  try {
    return { ok: true, data: await load() }
  } catch (error) {
    if (!(error instanceof FacadeApiError)) throw error
    console.error(`[storefront] ${astro.url.pathname}: product API unavailable: ${error.message}`)
    astro.response.status = 503
    astro.response.headers.set("retry-after", "30")
    astro.response.headers.set("cache-control", "no-store")
    return { ok: false }
  }
}

/**
 * For a part of a page that can do without a catalogue answer (the footer, the FAQ's shipping options): null
 * when the facade cannot give it, and the page is marked as depending on an answer without a tag, so the page
 * cache does not keep the page without it and the next request tries again.
 */
export async function optionalCatalogueAnswer<T>(path: string, load: () => Promise<T>, language: Language = "en"): Promise<T | null> {
  try {
    return await load()
  } catch (error) {
    if (!(error instanceof FacadeApiError)) throw error
    console.error(`[storefront] ${path} unavailable: ${error.message}`)
    recordDependency(path, language, null)
    return null
  }
}
