import type http from "node:http"
import tls from "node:tls"
import { ADMIN_POLICY, API_POLICY, baseSecurityHeaders, cameOverHttps, FILE_POLICY } from "@enclave/contract/security-headers"

/**
 * The front door's security headers for one request (the values are the shop's one set, shared
 * with the facade: contract/src/security-headers.ts). The Content-Security-Policy set here is the
 * default: storefront pages replace it with Astro's own, which carries the hashes of their inline
 * scripts, and /api answers with the facade's (the same as set here, for when Medusa is down).
 * With MEDUSA_DASHBOARD on, /app and /medusa are Medusa's dashboard and its calls.
 */
export function securityHeadersFor(
  req: http.IncomingMessage,
  { proxiesInFront = 0, medusaDashboard = false }: { proxiesInFront?: number; medusaDashboard?: boolean } = {},
): Record<string, string> {
  const url = req.url ?? "/"
  const under = (prefix: string) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`)
  // Medusa's dashboard (MEDUSA_DASHBOARD=on) is a Vite build like the back office, and its calls
  // under /medusa answer JSON like /api; Medusa sets no policy of its own.
  const policy =
    under("/api") || (medusaDashboard && under("/medusa"))
      ? API_POLICY
      : under("/admin") || (medusaDashboard && under("/app"))
        ? ADMIN_POLICY
        : FILE_POLICY
  return {
    ...baseSecurityHeaders(cameOverHttps(req.socket instanceof tls.TLSSocket, req.headers["x-forwarded-proto"], proxiesInFront)),
    "content-security-policy": policy,
  }
}
