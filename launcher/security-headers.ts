import type http from "node:http"
import tls from "node:tls"
import { ADMIN_POLICY, API_POLICY, baseSecurityHeaders, cameOverHttps, FILE_POLICY } from "@enclave/contract/security-headers"

/**
 * The front door's security headers for one request (the values are the shop's one set, shared
 * with the facade: contract/src/security-headers.ts). The Content-Security-Policy set here is the
 * default: storefront pages replace it with Astro's own, which carries the hashes of their inline
 * scripts, and /api answers with the facade's (the same as set here, for when Medusa is down).
 */
export function securityHeadersFor(req: http.IncomingMessage, proxiesInFront = 0): Record<string, string> {
  const url = req.url ?? "/"
  const policy =
    url === "/api" || url.startsWith("/api/") || url.startsWith("/api?")
      ? API_POLICY
      : url === "/admin" || url.startsWith("/admin/") || url.startsWith("/admin?")
        ? ADMIN_POLICY
        : FILE_POLICY
  return {
    ...baseSecurityHeaders(cameOverHttps(req.socket instanceof tls.TLSSocket, req.headers["x-forwarded-proto"], proxiesInFront)),
    "content-security-policy": policy,
  }
}
