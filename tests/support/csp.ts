/**
 * Playwright's `test`, with every page watched for Content-Security-Policy violations: a
 * script, style, frame or connection the shop's policy blocks fails the test that caused it, so a
 * policy too tight for the islands, the admin or the payment providers cannot go unnoticed.
 * Specs import `test` (and `expect`) from here instead of from @playwright/test.
 */
import { test as base, expect, type APIRequestContext } from "@playwright/test"
import { SAME_ORIGIN_HEADERS } from "./urls.ts"

export { expect }

/**
 * Makes an API client of a browser context (page.request) send what Chromium sends with every
 * request of the shop's pages, so its changes are taken as the pages' own. Not through the
 * context's extraHTTPHeaders: Chromium refuses a page's requests that carry a Sec-Fetch-* header
 * of someone else's making (net::ERR_INVALID_ARGUMENT).
 */
export function actAsShopPages(request: APIRequestContext) {
  for (const method of ["post", "put", "patch", "delete", "fetch"] as const) {
    const original = request[method].bind(request) as (url: unknown, options?: { headers?: Record<string, string> }) => unknown
    ;(request as unknown as Record<string, unknown>)[method] = (url: unknown, options: { headers?: Record<string, string> } = {}) =>
      original(url, { ...options, headers: { ...SAME_ORIGIN_HEADERS, ...options.headers } })
  }
}

const VIOLATION = /Content Security Policy|Content-Security-Policy/i

export const test = base.extend<{ cspViolations: string[] }>({
  context: async ({ context }, use) => {
    actAsShopPages(context.request)
    await use(context)
  },
  request: async ({ request }, use) => {
    actAsShopPages(request)
    await use(request)
  },
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = []
      // Chromium reports a blocked resource as a console error; the DOM event also names what was
      // blocked where. Init scripts come through the DevTools protocol, which the page's CSP does not govern.
      await context.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          console.error(
            `Content Security Policy violation: ${event.effectiveDirective} blocked ${event.blockedURI || "inline"} in ${event.documentURI}` +
              (event.sample ? ` (${event.sample})` : ""),
          )
        })
      })
      const watch = (page: import("@playwright/test").Page) =>
        page.on("console", (message) => {
          if (message.type() === "error" && VIOLATION.test(message.text())) violations.push(`${page.url()}: ${message.text()}`)
        })
      context.pages().forEach(watch)
      context.on("page", watch)
      await use(violations)
      expect(violations, "the pages broke their Content-Security-Policy").toEqual([])
    },
    { auto: true },
  ],
})
