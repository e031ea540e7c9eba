/**
 * @enclave/contract/security-headers: the shop's one set of security headers, which the
 * facade, the front door (launcher/security-headers.ts) and the storefront's Astro policy share
 * ("Shared code once"). The values are pinned here: a change to them is a change to
 * what every answer of the shop carries.
 */
import type http from "node:http"
import net from "node:net"
import { describe, expect, it } from "vitest"
import {
  ADMIN_POLICY,
  API_POLICY,
  baseSecurityHeaders,
  cameOverHttps,
  configuredFormOrigins,
  configuredProviderOrigins,
  FILE_POLICY,
  FORM_TARGETS,
  HSTS_VALUE,
  PAYMENT_PROVIDER_SOURCES,
  apiSecurityHeaders,
} from "@enclave/contract/security-headers"
import { securityHeadersFor } from "../../launcher/security-headers.ts"

describe("the policies", () => {
  it("are the ones pinned here", () => {
    expect(API_POLICY).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
    expect(FILE_POLICY).toBe(
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; sandbox",
    )
    expect(ADMIN_POLICY).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; " +
        "connect-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
    )
    expect(HSTS_VALUE).toBe("max-age=31536000; includeSubDomains")
  })

  it("let the payment providers' browser code load, frame and connect", () => {
    expect(PAYMENT_PROVIDER_SOURCES.script).toEqual([
      "https://js.stripe.com",
      "https://*.js.stripe.com",
      "https://www.paypal.com",
      "https://www.sandbox.paypal.com",
    ])
    expect(PAYMENT_PROVIDER_SOURCES.frame).toContain("https://hooks.stripe.com")
    expect(PAYMENT_PROVIDER_SOURCES.connect).toEqual([
      "https://api.stripe.com",
      "https://m.stripe.network",
      "https://www.paypal.com",
      "https://www.sandbox.paypal.com",
      "https://api-m.paypal.com",
      "https://api-m.sandbox.paypal.com",
    ])
  })
})

describe("baseSecurityHeaders and cameOverHttps", () => {
  it("sets HSTS only over HTTPS", () => {
    const plain = { "x-content-type-options": "nosniff", "referrer-policy": "strict-origin-when-cross-origin", "x-frame-options": "DENY" }
    expect(baseSecurityHeaders(false)).toEqual(plain)
    expect(baseSecurityHeaders(true)).toEqual({ ...plain, "strict-transport-security": HSTS_VALUE })
  })

  it("at the edge reads the TLS socket alone: a client's X-Forwarded-Proto says nothing", () => {
    expect(cameOverHttps(true, undefined, 0)).toBe(true)
    expect(cameOverHttps(false, "https", 0)).toBe(false)
  })

  it("behind trusted proxies reads their entries of X-Forwarded-Proto, from the right; a client's own stays unread", () => {
    // One proxy (the front door, nginx) appended the scheme it was reached by.
    expect(cameOverHttps(false, "https", 1)).toBe(true)
    expect(cameOverHttps(false, "http", 1)).toBe(false)
    expect(cameOverHttps(false, "https,http", 1)).toBe(false)
    expect(cameOverHttps(false, ["https", " HTTP "], 1)).toBe(false)
    // Two: a TLS terminator, then nginx; whatever the client wrote is further left.
    expect(cameOverHttps(false, "http, https, http", 2)).toBe(true)
    expect(cameOverHttps(false, "https, http, http", 2)).toBe(false)
    expect(cameOverHttps(false, "https", 2)).toBe(false)
    expect(cameOverHttps(false, undefined, 1)).toBe(false)
  })
})

describe("configuredProviderOrigins", () => {
  it("allows the configured Stripe API and the operator's extra origins, as origins", () => {
    expect(
      configuredProviderOrigins({
        STRIPE_API_URL: "http://127.0.0.1:4010/v1",
        CSP_EXTRA_CONNECT_ORIGINS: "https://pay.example.com/path, https://gw.example.org  http://127.0.0.1:4010",
      }),
    ).toEqual(["http://127.0.0.1:4010", "https://pay.example.com", "https://gw.example.org"])
  })

  it("ignores what is not an http(s) address", () => {
    expect(configuredProviderOrigins({})).toEqual([])
    expect(
      configuredProviderOrigins({ STRIPE_API_URL: "not a url", CSP_EXTRA_CONNECT_ORIGINS: "javascript:alert(1) ftp://x.example" }),
    ).toEqual([])
  })
})

describe("configuredFormOrigins", () => {
  it("lets forms send the browser to PayPal's approval pages, and to the origins an operator lists", () => {
    expect(FORM_TARGETS).toEqual(["https://www.paypal.com", "https://www.sandbox.paypal.com"])
    expect(configuredFormOrigins({ CSP_EXTRA_FORM_ORIGINS: "http://127.0.0.1:4020/checkoutnow, https://pay.example.com" })).toEqual([
      "http://127.0.0.1:4020",
      "https://pay.example.com",
    ])
    // The connect list is not the form list.
    expect(configuredFormOrigins({ CSP_EXTRA_CONNECT_ORIGINS: "https://gw.example.org", STRIPE_API_URL: "http://127.0.0.1:1" })).toEqual([])
    expect(configuredFormOrigins({ CSP_EXTRA_FORM_ORIGINS: "javascript:alert(1) data:text/html,x" })).toEqual([])
  })
})

describe("where they are set", () => {
  it("the facade's middleware sets the base headers and the API policy, then goes on", () => {
    const set: Record<string, string> = {}
    let nextCalled = false
    apiSecurityHeaders(1)(
      { headers: { "x-forwarded-proto": "https" } },
      { setHeader: (name, value) => (set[name] = value) },
      () => (nextCalled = true),
    )
    expect(set).toEqual({ ...baseSecurityHeaders(true), "content-security-policy": API_POLICY })
    expect(nextCalled).toBe(true)
    // The client's own claim, followed by the front door's: no HSTS.
    const spoofed: Record<string, string> = {}
    apiSecurityHeaders(1)(
      { headers: { "x-forwarded-proto": "https,http" } },
      { setHeader: (name, value) => (spoofed[name] = value) },
      () => {},
    )
    expect(spoofed).toEqual({ ...baseSecurityHeaders(false), "content-security-policy": API_POLICY })
  })

  it("the front door picks the policy by path, with the same base headers", () => {
    const request = (url: string, proto?: string) =>
      ({ url, headers: proto ? { "x-forwarded-proto": proto } : {}, socket: new net.Socket() }) as unknown as http.IncomingMessage
    expect(securityHeadersFor(request("/api/products"))).toEqual({ ...baseSecurityHeaders(false), "content-security-policy": API_POLICY })
    // At the edge (npm start) a client's header is ignored; behind nginx, nginx's entry counts.
    expect(securityHeadersFor(request("/admin/orders", "https"))).toEqual({
      ...baseSecurityHeaders(false),
      "content-security-policy": ADMIN_POLICY,
    })
    expect(securityHeadersFor(request("/admin/orders", "https"), { proxiesInFront: 1 })).toEqual({
      ...baseSecurityHeaders(true),
      "content-security-policy": ADMIN_POLICY,
    })
    expect(securityHeadersFor(request("/uploads/a.png"))["content-security-policy"]).toBe(FILE_POLICY)
    expect(securityHeadersFor(request("/apis"))["content-security-policy"]).toBe(FILE_POLICY)
  })

  it("with Medusa's dashboard on, gives /app the back office's policy and its calls under /medusa the API's; off, neither", () => {
    const request = (url: string) => ({ url, headers: {}, socket: new net.Socket() }) as unknown as http.IncomingMessage
    const policyOf = (url: string, dashboard: boolean) =>
      securityHeadersFor(request(url), { medusaDashboard: dashboard })["content-security-policy"]
    expect(policyOf("/app/orders", true)).toBe(ADMIN_POLICY)
    expect(policyOf("/medusa/admin/orders", true)).toBe(API_POLICY)
    expect(policyOf("/application", true)).toBe(FILE_POLICY)
    expect(policyOf("/app/orders", false)).toBe(FILE_POLICY)
    expect(policyOf("/medusa/admin/orders", false)).toBe(FILE_POLICY)
  })
})
