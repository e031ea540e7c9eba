import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { knownHosts, UNKNOWN_HOST_MESSAGE, unknownHostOf } from "@enclave/contract/public-address"
import { ShopError } from "@enclave/contract/shop-error"

/** Read once: the hosts do not change while the server runs. */
let known: string[] | undefined

/**
 * Answers only the hosts the shop knows (PUBLIC_URL's, ALLOWED_HOSTS, loopback): any other Host or
 * X-Forwarded-Host is a 400, before anything reads the request. The front door checks the same for
 * pages; this covers /api where a deployment's proxy sends it straight to Medusa.
 */
export function refuseUnknownHost(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  known ??= knownHosts({ PUBLIC_URL: process.env.PUBLIC_URL, ALLOWED_HOSTS: process.env.ALLOWED_HOSTS })
  const unknown = unknownHostOf(req.headers, known)
  if (unknown === null) return next()
  next(new ShopError("unknown_host", UNKNOWN_HOST_MESSAGE, { fields: { host: `Unknown host: ${unknown.slice(0, 100)}` } }))
}
