/**
 * Playwright's `test`, with every page watched for Content-Security-Policy violations (issue 7): a
 * script, style, frame or connection the shop's policy blocks fails the test that caused it, so a
 * policy too tight for the islands, the admin or the payment providers cannot go unnoticed.
 * Specs import `test` (and `expect`) from here instead of from @playwright/test.
 */
import { test as base, expect } from "@playwright/test"

export { expect }

const VIOLATION = /Content Security Policy|Content-Security-Policy/i

export const test = base.extend<{ cspViolations: string[] }>({
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
