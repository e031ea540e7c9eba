import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ApiError } from "./api-error"

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"])

/**
 * Refuses state-changing calls that a browser made on behalf of another site (CSRF): the browser
 * tells us with `Sec-Fetch-Site`, or with an `Origin` that is not this shop's. Callers that are not
 * browsers (curl, tests, server-to-server) send neither and are judged by their credentials alone.
 */
export function refuseCrossOrigin(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  if (SAFE_METHODS.has(req.method)) return next()
  const fetchSite = req.get("sec-fetch-site")
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") {
    return next(new ApiError(403, "Cross-origin requests are not allowed"))
  }
  const origin = req.get("origin")
  if (origin) {
    let originHost: string | null = null
    try {
      originHost = new URL(origin).host
    } catch {
      originHost = null
    }
    // The front door and the deployment's proxy keep the Host header (X-Forwarded-Host when rewritten).
    const host = req.get("x-forwarded-host")?.split(",")[0]?.trim() || req.get("host")
    if (!originHost || originHost !== host) return next(new ApiError(403, "Cross-origin requests are not allowed"))
  }
  next()
}
