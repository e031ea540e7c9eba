/**
 * The security headers of every answer the shop gives (issue 7), in one place for the two servers
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
 * Origins a deployment points the providers' browser code at besides the public ones: the Stripe
 * API address the shop is configured with (STRIPE_API_URL, the loopback fake in tests), which
 * Stripe.js is told to call, and any extra origins an operator lists in CSP_EXTRA_CONNECT_ORIGINS.
 */
export function configuredProviderOrigins(env: Record<string, string | undefined>): string[] {
  const origins = new Set<string>()
  const add = (value: string | undefined) => {
    if (!value) return
    try {
      const url = new URL(value.trim())
      if (url.protocol === "http:" || url.protocol === "https:") origins.add(url.origin)
    } catch {
      // not an address: nothing to allow
    }
  }
  add(env.STRIPE_API_URL)
  for (const value of (env.CSP_EXTRA_CONNECT_ORIGINS ?? "").split(/[\s,]+/)) add(value)
  return [...origins]
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
 * The back office (Vite build, no inline script). antd writes its styles as inline <style>
 * elements and style attributes at run time, hence 'unsafe-inline' for styles only. Product
 * images may live at any http(s) address (docs/product.md §5 image URL).
 */
export const ADMIN_POLICY = policy({
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:", "blob:", "https:", "http:"],
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
 * Whether the browser reached the shop over HTTPS: a TLS socket, or the scheme the proxy in front
 * reports (X-Forwarded-Proto, first value, as Express reads it with `trust proxy` 1). A spoofed
 * header over plain HTTP gains nothing: browsers ignore HSTS received over HTTP.
 */
export function cameOverHttps(encrypted: boolean, forwardedProto: string | string[] | undefined): boolean {
  if (encrypted) return true
  const value = Array.isArray(forwardedProto) ? forwardedProto[0] : forwardedProto
  return (value ?? "").split(",")[0].trim().toLowerCase() === "https"
}

interface HeaderRequest {
  secure: boolean
  headers: Record<string, string | string[] | undefined>
}
interface HeaderResponse {
  setHeader(name: string, value: string): unknown
}

/**
 * The facade's middleware for every /api path: set before the route runs, so errors, 404s and
 * 429s carry them too. `req.secure` is Express's reading of the trusted proxy's scheme.
 */
export function setApiSecurityHeaders(req: HeaderRequest, res: HeaderResponse, next: () => void) {
  for (const [name, value] of Object.entries(baseSecurityHeaders(req.secure))) res.setHeader(name, value)
  res.setHeader("content-security-policy", API_POLICY)
  next()
}
