/**
 * The security headers of every answer the shop gives, in one place for the two servers
 * that answer people: the /api facade (plugins/api-facade, also reached directly by a deployment's
 * nginx) and the front door (launcher/security-headers.ts: storefront pages, the admin's files,
 * uploads). The storefront's own policy is Astro's (storefront/astro.config.mjs), which hashes its
 * inline scripts; its provider origins are the ones listed here (storefront/src/middleware.ts adds
 * the configured ones).
 *
 * This module imports nothing, Node's or anyone's: all of them take it from
 * "@enclave/contract/security-headers".
 */

/** What the payment providers' browser code loads and talks to (Stripe.js, PayPal's JS SDK). */
export const PAYMENT_PROVIDER_SOURCES = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com", "https://www.paypal.com", "https://www.sandbox.paypal.com"],
  frame: [
    "https://js.stripe.com",
    "https://*.js.stripe.com",
    "https://hooks.stripe.com",
    "https://www.paypal.com",
    "https://www.sandbox.paypal.com",
  ],
  connect: [
    "https://api.stripe.com",
    "https://m.stripe.network",
    "https://www.paypal.com",
    "https://www.sandbox.paypal.com",
    "https://api-m.paypal.com",
    "https://api-m.sandbox.paypal.com",
  ],
  image: ["https://*.stripe.com", "https://www.paypalobjects.com"],
}

/**
 * Where the shop's own forms may send the browser besides the shop: PayPal's approval page, to which checkout's
 * form answers with a redirect when it runs without JavaScript (CSP's form-action governs the redirects of a
 * form's submission too).
 */
export const FORM_TARGETS = ["https://www.paypal.com", "https://www.sandbox.paypal.com"]

/** The http(s) origins of the addresses listed (space or comma separated); anything else is left out. */
function originsOf(values: Array<string | undefined>): string[] {
  const origins = new Set<string>()
  for (const value of values) {
    if (!value) continue
    try {
      const url = new URL(value.trim())
      if (url.protocol === "http:" || url.protocol === "https:") origins.add(url.origin)
    } catch {
      // not an address: nothing to allow
    }
  }
  return [...origins]
}

const listed = (value: string | undefined) => (value ?? "").split(/[\s,]+/)

/**
 * Origins a deployment points the providers' browser code at besides the public ones: the Stripe
 * API address the shop is configured with (STRIPE_API_URL, the loopback fake in tests), which
 * Stripe.js is told to call, and any extra origins an operator lists in CSP_EXTRA_CONNECT_ORIGINS.
 */
export function configuredProviderOrigins(env: Record<string, string | undefined>): string[] {
  return originsOf([env.STRIPE_API_URL, ...listed(env.CSP_EXTRA_CONNECT_ORIGINS)])
}

/**
 * Origins a deployment's PayPal sends the browser to for approval besides PayPal's own (CSP_EXTRA_FORM_ORIGINS:
 * a gateway of its own, the loopback fake in tests).
 */
export function configuredFormOrigins(env: Record<string, string | undefined>): string[] {
  return originsOf(listed(env.CSP_EXTRA_FORM_ORIGINS))
}

const policy = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(" "))
    .join("; ")

/** JSON answers are never documents: nothing may load, nothing may frame them. */
export const API_POLICY = policy({
  "default-src": ["'none'"],
  "frame-ancestors": ["'none'"],
  "base-uri": ["'none'"],
  "form-action": ["'none'"],
})

/**
 * Files the front door serves as they are (uploaded images, the storefront's static files, its
 * plain 404s): opened on their own they run nothing; an image still shows.
 */
export const FILE_POLICY = policy({
  "default-src": ["'none'"],
  "img-src": ["'self'"],
  "style-src": ["'unsafe-inline'"],
  "frame-ancestors": ["'none'"],
  "base-uri": ["'none'"],
  "form-action": ["'none'"],
  sandbox: [],
})

/**
 * The shop's pages show images from the shop alone, so no other site learns who looks at them: a product image at another
 * site's address would let that site count and follow the people who look at it, so the admin's
 * save fetches such an image and stores it with the shop (docs/product.md §5 image URL). data: and
 * blob: are the pages' own: the two-factor QR code, an upload's preview.
 */
export const SHOP_IMAGE_SOURCES = ["'self'", "data:", "blob:"]

/**
 * The back office (Vite build, no inline script). antd writes its styles as inline <style>
 * elements and style attributes at run time, hence 'unsafe-inline' for styles only.
 */
export const ADMIN_POLICY = policy({
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": SHOP_IMAGE_SOURCES,
  "font-src": ["'self'", "data:"],
  "connect-src": ["'self'"],
  "object-src": ["'none'"],
  "frame-ancestors": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
})

/** Browsers keep to HTTPS for a year once they have seen the shop over HTTPS. */
export const HSTS_VALUE = "max-age=31536000; includeSubDomains"

/** The headers every answer carries, whatever it is; HSTS only for a request that came over HTTPS. */
export function baseSecurityHeaders(overHttps: boolean): Record<string, string> {
  return {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    ...(overHttps ? { "strict-transport-security": HSTS_VALUE } : {}),
  }
}

/**
 * Whether the browser reached the shop over HTTPS. With no proxy in front, only a TLS socket says so.
 * Behind `proxiesInFront` trusted proxies, each of which appends the scheme it was reached by to
 * X-Forwarded-Proto (the front door and nginx do), the outermost one's entry is that many from the
 * right: what a client writes into the header itself stays further left and is never read (reading
 * the first value, as Express does, let any client claim HTTPS: Secure cookies and HSTS over HTTP).
 */
export function cameOverHttps(encrypted: boolean, forwardedProto: string | string[] | undefined, proxiesInFront: number): boolean {
  if (proxiesInFront <= 0) return encrypted
  const chain = [forwardedProto]
    .flat()
    .filter((value): value is string => typeof value === "string")
    .join(",")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
  return chain.length >= proxiesInFront && chain[chain.length - proxiesInFront] === "https"
}

interface HeaderRequest {
  headers: Record<string, string | string[] | undefined>
}
interface HeaderResponse {
  setHeader(name: string, value: string): unknown
}

/**
 * The facade's middleware for every /api path: set before the route runs, so errors, 404s and
 * 429s carry them too. Medusa speaks plain HTTP behind `proxiesInFront` trusted proxies
 * (TRUSTED_PROXY_HOPS): the scheme is theirs to tell (cameOverHttps).
 */
export function apiSecurityHeaders(proxiesInFront: number) {
  return (req: HeaderRequest, res: HeaderResponse, next: () => void) => {
    const overHttps = cameOverHttps(false, req.headers["x-forwarded-proto"], proxiesInFront)
    for (const [name, value] of Object.entries(baseSecurityHeaders(overHttps))) res.setHeader(name, value)
    res.setHeader("content-security-policy", API_POLICY)
    next()
  }
}
