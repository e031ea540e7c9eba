import type { MedusaRequest } from "@medusajs/framework/http"
import { publicOriginOf } from "@enclave/contract/public-address"
import type { PasskeyCeremony, RelyingParty } from "@enclave/accounts"
import { cameToShopOverHttps } from "./proxies"

/**
 * The relying party: the shop's origin from PUBLIC_URL (a passkey belongs to the shop's public name,
 * whichever host a request came by), else the request's own, whose Host the facade has checked against
 * the hosts it serves (http/known-host.ts) and whose scheme the trusted proxies tell.
 */
export function relyingParty(req: MedusaRequest): RelyingParty {
  const origin =
    publicOriginOf(process.env.PUBLIC_URL) ?? `${cameToShopOverHttps(req) ? "https" : "http"}://${req.headers.host ?? "localhost"}`
  return { id: new URL(origin).hostname, origin }
}

/** A passkey ceremony of this request: the request's container, and its relying party. */
export function passkeyCeremony(req: MedusaRequest): PasskeyCeremony {
  return { container: req.scope, rp: relyingParty(req) }
}
