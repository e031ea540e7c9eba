/**
 * A signed-out visitor's pages log nothing to the browser console. They used to log the 401
 * of GET /api/user (the documented answer for "nobody is signed in") as a failed request on every
 * page; the islands now ask GET /api/session, which answers a visitor with `user: null`.
 */
import { expect } from "@playwright/test"
import { test } from "../support/csp.ts"
import { islandsHydrated } from "../support/islands.ts"

for (const language of ["en", "de"] as const) {
  test(`no console error or page error on the visitor's pages [${language}]`, async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: "language", value: language, url: baseURL! }])
    const problems: string[] = []
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`${page.url()}: console: ${message.text()}`)
    })
    page.on("pageerror", (error) => problems.push(`${page.url()}: page error: ${error.message}`))
    for (const path of ["/", "/products", "/product/1", "/auth"]) {
      const session = page.waitForResponse((answer) => new URL(answer.url()).pathname === "/api/session")
      await page.goto(path)
      // The islands have hydrated and asked who is signed in: a visitor, answered without an error.
      await islandsHydrated(page)
      const answer = await session
      expect([answer.status(), await answer.json()], path).toEqual([200, { user: null }])
      await page.waitForLoadState("networkidle")
    }
    expect(problems).toEqual([])
  })
}
