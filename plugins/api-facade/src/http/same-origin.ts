import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { CROSS_ORIGIN_MESSAGE, ORIGIN_REQUIRED_MESSAGE } from "@enclave/contract"
import { ShopError } from "@enclave/contract/shop-error"
import { rawSessionCookie } from "./session"

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"])

/** The host the caller reached: the front door and the deployment's proxy keep Host (X-Forwarded-Host when rewritten). */
function reachedHost(req: MedusaRequest): string | undefined {
  return req.get("x-forwarded-host")?.split(",")[0]?.trim() || req.get("host")
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host
  } catch {
    return null
  }
}

/**
 * Refuses state-changing calls that a browser may have made on behalf of another site (CSRF).
 *
 * - `Sec-Fetch-Site` other than `same-origin` (or `none`, a person's own action): refused.
 * - An `Origin` that is not this shop's: refused.
 * - Neither header, but the session cookie: refused too. Every browser sends `Origin` (and
 *   `Sec-Fetch-Site`) with a POST, PUT or DELETE, so a signed-in change without them was not made
 *   by the shop's own pages; only an old browser or a plugin stripping them, which must not carry
 *   the customer's session into a change. `Referer` is not taken instead: it is left out or cut to
 *   the origin by referrer policies, and a foreign one proves nothing good.
 * - Neither header and no session cookie: an API client or another server (payment provider
 *   webhooks, sign-in and registration by curl), judged by its credentials or signature alone;
 *   without a cookie a browser's forged request has nothing to borrow.
 */
export function refuseCrossOrigin(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  if (SAFE_METHODS.has(req.method)) return next()
  const fetchSite = req.get("sec-fetch-site")
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return next(new ShopError("cross_origin", CROSS_ORIGIN_MESSAGE))
  const origin = req.get("origin")
  if (origin) {
    if (hostOf(origin) !== reachedHost(req)) return next(new ShopError("cross_origin", CROSS_ORIGIN_MESSAGE))
    return next()
  }
  // Any session cookie counts, valid or not: what matters is that a browser would have attached it by itself.
  if (!fetchSite && rawSessionCookie(req) !== undefined) return next(new ShopError("origin_required", ORIGIN_REQUIRED_MESSAGE))
  next()
}
