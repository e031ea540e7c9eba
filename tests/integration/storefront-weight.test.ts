/** Issue 4's budget: at most 90 KB of gzipped JavaScript before interaction on the browsing pages. */
import { describe, expect, it } from "vitest"
import { pageWeight } from "../support/page-weight.ts"
import { shopUrl } from "../support/urls.ts"

const BUDGET_BYTES = 90 * 1024

describe("JavaScript sent before interaction", () => {
  it.each(["/", "/products", "/product/1"])("%s stays within 90 KB gzip in English and German", async (path) => {
    for (const language of ["en", "de"]) {
      const weight = await pageWeight(shopUrl(), path, { cookie: `language=${language}` })
      console.log(`${path} [${language}]: ${(weight.gzipBytes / 1024).toFixed(1)} KB gzip in ${weight.files.length} files`)
      expect(weight.gzipBytes, JSON.stringify(weight.files)).toBeLessThanOrEqual(BUDGET_BYTES)
      // The measurement sees the islands every page has (cart panel, toasts, header actions): React is among them.
      expect(
        weight.files.some((f) => /react|client/i.test(f.url)),
        JSON.stringify(weight.files),
      ).toBe(true)
    }
  })
})
