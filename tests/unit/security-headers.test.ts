/**
 * @enclave/contract/security-headers: the shop's one set of security headers (issue 7), which the
 * facade, the front door (launcher/security-headers.ts) and the storefront's Astro policy share
 * (issue 15, "Shared code once"). The values are pinned here: a change to them is a change to
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
  configuredProviderOrigins,
  FILE_POLICY,
  HSTS_VALUE,
  PAYMENT_PROVIDER_SOURCES,
  setApiSecurityHeaders,
} from "@enclave/contract/security-headers"
import { securityHeadersFor } from "../../launcher/security-headers.ts"

describe("the policies", () => {
  it("are the ones issue 7 set", () => {
    expect(API_POLICY).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
    expect(FILE_POLICY).toBe(
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; sandbox",
    )
    expect(ADMIN_POLICY).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https: http:; font-src 'self' data:; " +
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

  it("reads a TLS socket, else the first X-Forwarded-Proto value", () => {
    expect(cameOverHttps(true, undefined)).toBe(true)
    expect(cameOverHttps(false, "https")).toBe(true)
    expect(cameOverHttps(false, " HTTPS , http")).toBe(true)
    expect(cameOverHttps(false, ["https", "http"])).toBe(true)
    expect(cameOverHttps(false, "http, https")).toBe(false)
    expect(cameOverHttps(false, undefined)).toBe(false)
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

describe("where they are set", () => {
  it("the facade's middleware sets the base headers and the API policy, then goes on", () => {
    const set: Record<string, string> = {}
    let nextCalled = false
    setApiSecurityHeaders({ secure: true, headers: {} }, { setHeader: (name, value) => (set[name] = value) }, () => (nextCalled = true))
    expect(set).toEqual({ ...baseSecurityHeaders(true), "content-security-policy": API_POLICY })
    expect(nextCalled).toBe(true)
  })

  it("the front door picks the policy by path, with the same base headers", () => {
    const request = (url: string, proto?: string) =>
      ({ url, headers: proto ? { "x-forwarded-proto": proto } : {}, socket: new net.Socket() }) as unknown as http.IncomingMessage
    expect(securityHeadersFor(request("/api/products"))).toEqual({ ...baseSecurityHeaders(false), "content-security-policy": API_POLICY })
    expect(securityHeadersFor(request("/admin/orders", "https"))).toEqual({
      ...baseSecurityHeaders(true),
      "content-security-policy": ADMIN_POLICY,
    })
    expect(securityHeadersFor(request("/uploads/a.png"))["content-security-policy"]).toBe(FILE_POLICY)
    expect(securityHeadersFor(request("/apis"))["content-security-policy"]).toBe(FILE_POLICY)
  })

  it("with Medusa's dashboard on, gives /app the back office's policy and its calls under /medusa the API's; off, neither", () => {
    const request = (url: string) => ({ url, headers: {}, socket: new net.Socket() }) as unknown as http.IncomingMessage
    const policyOf = (url: string, dashboard: boolean) => securityHeadersFor(request(url), dashboard)["content-security-policy"]
    expect(policyOf("/app/orders", true)).toBe(ADMIN_POLICY)
    expect(policyOf("/medusa/admin/orders", true)).toBe(API_POLICY)
    expect(policyOf("/application", true)).toBe(FILE_POLICY)
    expect(policyOf("/app/orders", false)).toBe(FILE_POLICY)
    expect(policyOf("/medusa/admin/orders", false)).toBe(FILE_POLICY)
  })
})
