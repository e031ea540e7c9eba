/**
 * The shop's public address and the hosts it answers to, for every server part (the facade, the
 * front door, the storefront's renderer). Imports nothing, so the launcher can load it.
 *
 * Links the shop writes where no request is there to check them (a password-reset mail, a payment
 * provider's return address, an invoice) come from PUBLIC_URL, never from a request's Host or
 * Origin: a forged Host would otherwise aim a reset link at an attacker's site. `npm start` sets
 * PUBLIC_URL to its own origin; a deployment must set it.
 *
 * Requests are answered only for the hosts the shop knows (as Django's ALLOWED_HOSTS): PUBLIC_URL's,
 * those in ALLOWED_HOSTS, and the loopback names. Loopback names resolve to the machine itself, so no
 * other site can lead a browser there with its own name (DNS rebinding needs a name of the attacker's);
 * the health checks of a deployment's containers use them.
 */

export const UNKNOWN_HOST_MESSAGE = "This shop does not answer for that host name"

/** The environment variables read here. */
export interface PublicAddressEnv {
  PUBLIC_URL?: string
  ALLOWED_HOSTS?: string
}

/** The origin of a PUBLIC_URL (`https://enclave.shop`), or null when it is unset or not an http(s) address. */
export function publicOriginOf(publicUrl: string | undefined): string | null {
  if (!publicUrl) return null
  try {
    const url = new URL(publicUrl)
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null
  } catch {
    return null
  }
}

/** PUBLIC_URL's origin; throws, naming the variable, when it is unset or no address. */
export function requiredPublicOrigin(env: PublicAddressEnv): string {
  const origin = publicOriginOf(env.PUBLIC_URL)
  if (origin) return origin
  throw new Error(
    env.PUBLIC_URL
      ? `PUBLIC_URL must be the shop's public http(s) address, like https://enclave.shop, not "${env.PUBLIC_URL}"`
      : "PUBLIC_URL is not set: the shop's public address (https://enclave.shop), written into the links of its e-mails. npm start sets it; a deployment must set it",
  )
}

const LOOPBACK = ["localhost", "127.0.0.1", "::1"]

/** A Host header's (or X-Forwarded-Host entry's) name without its port, lower case, IPv6 without brackets. */
export function hostName(host: string): string {
  const value = host.trim().toLowerCase()
  if (value.startsWith("[")) return value.slice(1, value.indexOf("]") === -1 ? undefined : value.indexOf("]"))
  const colon = value.lastIndexOf(":")
  return colon === -1 ? value : value.slice(0, colon)
}

/**
 * The host names the shop answers to. An ALLOWED_HOSTS entry is a host name (`shop.example`), or one
 * starting with a dot for the name and every name under it (`.example.com`, as Django reads it).
 */
export function knownHosts(env: PublicAddressEnv): string[] {
  const origin = publicOriginOf(env.PUBLIC_URL)
  const listed = (env.ALLOWED_HOSTS ?? "")
    .split(/[\s,]+/)
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
  return [...new Set([...(origin ? [hostName(new URL(origin).host)] : []), ...LOOPBACK, ...listed])]
}

/** Whether one Host value (with or without a port) names a known host. */
export function isKnownHost(host: string, known: readonly string[]): boolean {
  const name = hostName(host)
  if (!name) return false
  return known.some((entry) => (entry.startsWith(".") ? name === entry.slice(1) || name.endsWith(entry) : name === entry))
}

/**
 * The first host a request names that the shop does not know, or null when every one is known: its
 * Host and each entry of an X-Forwarded-Host (proxies keep a client's; the facade reads it as the
 * host reached). A request without a Host (HTTP/1.0) names none.
 */
export function unknownHostOf(
  headers: { host?: string | string[]; "x-forwarded-host"?: string | string[] },
  known: readonly string[],
): string | null {
  const named = [headers.host, headers["x-forwarded-host"]]
    .flat()
    .filter((value): value is string => typeof value === "string")
    .flatMap((value) => value.split(","))
    .map((value) => value.trim())
    .filter(Boolean)
  return named.find((host) => !isKnownHost(host, known)) ?? null
}
