import dns from "node:dns"
import http from "node:http"
import https from "node:https"
import net from "node:net"
import ipaddr from "ipaddr.js"
import { IMAGE_UPLOAD_MAX_BYTES } from "@enclave/contract/values"
import { detectImageKind, type ImageKind } from "./image-kind"

/**
 * Fetching a product image the admin gave by another site's address (README, "Product images from
 * other sites"): the shop's pages show images from the shop alone, so the save fetches the image
 * once, on the server, and stores it like an upload. A server that fetches what it is told to is a
 * way into the network it stands in (SSRF), so the fetch goes only to public internet addresses: the address is checked
 * after the name is resolved, the connection goes to that checked address (no second lookup a
 * rebinding DNS server could answer differently), every redirect is checked the same way, and the
 * answer must be a small image.
 */

/** Why an image could not be fetched; the facade turns each into a 400 on the image field. */
export type ImageFetchProblem = "refused-address" | "unreachable" | "not-an-image" | "too-large"

export class ImageFetchError extends Error {
  constructor(
    readonly problem: ImageFetchProblem,
    /** For the log: what happened, in a developer's words. */
    detail: string,
  ) {
    super(detail)
    this.name = "ImageFetchError"
  }
}

export interface ImageFetchOptions {
  /**
   * Addresses an operator has declared safe to fetch from although they are not public: a shop's own
   * image server on its private network, or the tests' image server on a loopback address of its own
   * (IMAGE_FETCH_ALLOWED_ADDRESSES).
   */
  allowed?: ReadonlyArray<[ipaddr.IPv4 | ipaddr.IPv6, number]>
  /** For the whole fetch, redirects included. */
  timeoutMs?: number
  maxBytes?: number
  maxRedirects?: number
}

/** The same limit as an upload's: the file ends in the same place. */
export const IMAGE_FETCH_MAX_BYTES = IMAGE_UPLOAD_MAX_BYTES
export const IMAGE_FETCH_TIMEOUT_MS = 10_000
export const IMAGE_FETCH_MAX_REDIRECTS = 3

/** IPv6's global unicast block: everything else (IPv4-compatible ::a.b.c.d among it) is no public host. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3")

/**
 * Whether an address is a public internet host. ipaddr.js names the special ranges (loopback,
 * private, link-local, carrier-grade NAT, multicast, unspecified, broadcast, reserved, unique-local,
 * the IPv6 ranges that carry an IPv4 address inside: 6to4, NAT64, Teredo); only what it calls
 * plain unicast is public. An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4
 * address it is.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  const ip = ipaddr.process(address)
  if (ip.range() !== "unicast") return false
  return ip.kind() === "ipv4" || ip.match(GLOBAL_UNICAST_V6)
}

/** A public address, or one the operator allowed. */
export function mayFetchFrom(address: string, allowed: ImageFetchOptions["allowed"] = []): boolean {
  if (isPublicAddress(address)) return true
  if (!ipaddr.isValid(address)) return false
  const ip = ipaddr.process(address)
  return allowed.some(([range, bits]) => range.kind() === ip.kind() && ip.match(range, bits))
}

/**
 * IMAGE_FETCH_ALLOWED_ADDRESSES: addresses or CIDR ranges, space or comma separated. An entry that
 * is neither is a mistake the operator must hear of: it throws rather than being skipped.
 */
export function allowedAddressesFrom(value: string | undefined): Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> {
  return (value ?? "")
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((entry) => {
      if (entry.includes("/")) return ipaddr.parseCIDR(entry)
      if (!ipaddr.isValid(entry)) throw new Error(`IMAGE_FETCH_ALLOWED_ADDRESSES: '${entry}' is neither an IP address nor a CIDR range`)
      const ip = ipaddr.process(entry)
      return [ip, ip.kind() === "ipv4" ? 32 : 128]
    })
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void

/**
 * A `lookup` for the connection: resolves the name and refuses it when any of its addresses may not
 * be fetched from (a name that also points inward is not a public host). The socket connects to the
 * address given here, so what was checked is what is reached.
 */
function checkedLookup(allowed: ImageFetchOptions["allowed"]) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { all: true, family: options.family, hints: options.hints }, (error, addresses) => {
      if (error) return callback(error, "")
      const refused = addresses.find((entry) => !mayFetchFrom(entry.address, allowed))
      if (refused) {
        return callback(new ImageFetchError("refused-address", `${hostname} resolves to ${refused.address}`) as NodeJS.ErrnoException, "")
      }
      if (options.all) return callback(null, addresses)
      callback(null, addresses[0].address, addresses[0].family)
    })
  }
}

function checkedUrl(address: string | URL, allowed: ImageFetchOptions["allowed"]): URL {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    throw new ImageFetchError("unreachable", `not a URL: ${String(address)}`)
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new ImageFetchError("refused-address", `${url.protocol} is not http(s)`)
  if (url.username || url.password) throw new ImageFetchError("refused-address", "credentials in the URL")
  // An address written as such is connected to without a lookup: it is checked here.
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1")
  if (net.isIP(host) && !mayFetchFrom(host, allowed)) throw new ImageFetchError("refused-address", `${host} is not a public address`)
  return url
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])

/** One request, without following its redirect: the answer, or where it points. */
function requestOnce(
  url: URL,
  options: Required<ImageFetchOptions>,
  signal: AbortSignal,
): Promise<{ redirect: URL } | { bytes: Buffer; contentType: string }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http
    const request = client.get(
      url,
      {
        // A fresh connection, looked up and checked by us; no pooled one that reached somewhere else.
        agent: false,
        lookup: checkedLookup(options.allowed) as never,
        signal,
        headers: { accept: "image/*", "accept-encoding": "identity", "user-agent": "Enclave shop (product image import)" },
      },
      (response) => {
        const status = response.statusCode ?? 0
        if (REDIRECTS.has(status) && response.headers.location) {
          response.resume()
          try {
            resolve({ redirect: new URL(response.headers.location, url) })
          } catch {
            reject(new ImageFetchError("unreachable", `a redirect to '${response.headers.location}'`))
          }
          return
        }
        if (status < 200 || status > 299) {
          response.resume()
          return reject(new ImageFetchError("unreachable", `${url.href} answered ${status}`))
        }
        const contentType = String(response.headers["content-type"] ?? "")
          .split(";")[0]
          .trim()
          .toLowerCase()
        if (!contentType.startsWith("image/")) {
          response.destroy()
          return reject(new ImageFetchError("not-an-image", `${url.href} is ${contentType || "of no declared type"}`))
        }
        const declared = Number(response.headers["content-length"])
        if (declared > options.maxBytes) {
          response.destroy()
          return reject(new ImageFetchError("too-large", `${url.href} declares ${declared} bytes`))
        }
        const chunks: Buffer[] = []
        let received = 0
        response.on("data", (chunk: Buffer) => {
          received += chunk.length
          if (received > options.maxBytes) {
            response.destroy()
            reject(new ImageFetchError("too-large", `${url.href} sent more than ${options.maxBytes} bytes`))
            return
          }
          chunks.push(chunk)
        })
        response.on("end", () => resolve({ bytes: Buffer.concat(chunks), contentType }))
        response.on("error", (error) => reject(error))
      },
    )
    request.on("error", reject)
  })
}

/**
 * Fetches the image at `address`: at most `maxRedirects` redirects, each to an address checked like
 * the first; an image/* answer whose bytes are a JPEG, PNG, GIF or WebP (docs/product.md §5, the
 * same kinds as an upload; an SVG, which can carry script, is none) of at most `maxBytes`.
 */
export async function fetchRemoteImage(address: string, options: ImageFetchOptions = {}): Promise<{ bytes: Buffer; kind: ImageKind }> {
  const settings: Required<ImageFetchOptions> = {
    allowed: options.allowed ?? [],
    timeoutMs: options.timeoutMs ?? IMAGE_FETCH_TIMEOUT_MS,
    maxBytes: options.maxBytes ?? IMAGE_FETCH_MAX_BYTES,
    maxRedirects: options.maxRedirects ?? IMAGE_FETCH_MAX_REDIRECTS,
  }
  const signal = AbortSignal.timeout(settings.timeoutMs)
  let url = checkedUrl(address, settings.allowed)
  for (let redirects = 0; ; redirects++) {
    let answer: Awaited<ReturnType<typeof requestOnce>>
    try {
      answer = await requestOnce(url, settings, signal)
    } catch (error) {
      if (error instanceof ImageFetchError) throw error
      const cause = (error as { cause?: unknown }).cause
      if (cause instanceof ImageFetchError) throw cause
      // Network trouble of any kind (no such name, refused, reset, TLS, the time limit).
      throw new ImageFetchError("unreachable", `${url.href}: ${(error as Error).message}`)
    }
    if ("redirect" in answer) {
      if (redirects >= settings.maxRedirects) throw new ImageFetchError("unreachable", `more than ${settings.maxRedirects} redirects`)
      url = checkedUrl(answer.redirect, settings.allowed)
      continue
    }
    const kind = detectImageKind(answer.bytes)
    if (!kind) throw new ImageFetchError("not-an-image", `${url.href} (${answer.contentType}) is no JPEG, PNG, GIF or WebP`)
    return { bytes: answer.bytes, kind }
  }
}
