import type { MedusaRequest } from "@medusajs/framework/http"
import { cameOverHttps } from "@enclave/contract/security-headers"

/**
 * How many proxies in front of Medusa append to X-Forwarded-For and X-Forwarded-Proto: the front door
 * or nginx (1), a TLS terminator before nginx too (2). Only their entries of those headers are believed.
 */
export function trustedProxyHops(): number {
  const fromEnv = Number(process.env.TRUSTED_PROXY_HOPS)
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 1
}

/**
 * Whether the customer's browser reached the shop over HTTPS, as the trusted proxies tell it: Secure
 * cookies follow it. Not Express's `req.secure`, which believes the first X-Forwarded-Proto value, the
 * one a client can write.
 */
export function cameToShopOverHttps(req: Pick<MedusaRequest, "headers">): boolean {
  return cameOverHttps(false, req.headers["x-forwarded-proto"], trustedProxyHops())
}
