import type { AstroGlobal } from "astro"
import { FacadeApiError } from "./products"

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
