/**
 * Issue 4: every page, in English and German, has no serious or critical axe-core violation.
 * Pages behind sign-in are checked as a customer with a cart and a placed order.
 */
import AxeBuilder from "@axe-core/playwright"
import { expect, type Page } from "@playwright/test"
import { test } from "../support/csp.ts"
import { newUserDetails } from "../support/api.ts"

const publicPages = ["/", "/products", "/products?q=zzzz-nothing", "/product/1", "/product/6", "/product/999999", "/no-such-page", "/auth"]

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze()
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`)
}

for (const language of ["en", "de"] as const) {
  test.describe(`accessibility [${language}]`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await context.addCookies([{ name: "language", value: language, url: baseURL! }])
    })

    test("public pages", async ({ page }) => {
      for (const path of publicPages) {
        await page.goto(path)
        expect(await page.locator("html").getAttribute("lang"), path).toBe(language)
        expect(await seriousViolations(page), path).toEqual([])
      }
    })

    test("a customer's pages: cart drawer, checkout, orders, result pages", async ({ page }) => {
      expect((await page.request.post("/api/register", { data: newUserDetails() })).status()).toBe(201)
      expect((await page.request.post("/api/cart", { data: { productId: 4, quantity: 1 } })).status()).toBe(201)
      await page.goto("/product/1")
      // The cart panel, open.
      const cartButton = page.getByRole("button", { name: language === "en" ? "Cart, 1 item" : "Warenkorb, 1 Artikel" })
      await expect(cartButton).toBeEnabled({ timeout: 20_000 })
      await cartButton.click()
      await expect(page.getByRole("dialog")).toBeVisible()
      expect(await seriousViolations(page), "cart panel").toEqual([])
      await page.keyboard.press("Escape")
      await page.goto("/checkout")
      expect(await seriousViolations(page), "/checkout").toEqual([])
      const order = await page.request.post("/api/orders", {
        data: {
          shippingAddress: { fullName: "Ada Lovelace", addressLine1: "Unter den Linden 1", city: "Berlin", state: "Berlin", postalCode: "10117", country: "Germany" },
          shippingMethod: 1,
          paymentMethod: "stripe",
          paymentId: "str-axe" + Date.now(),
        },
      })
      expect(order.status()).toBe(201)
      const { id } = await order.json()
      for (const path of ["/orders", `/checkout/success?orderId=${id}`, `/checkout/error?orderId=${id}`, "/checkout"]) {
        await page.goto(path)
        expect(await seriousViolations(page), path).toEqual([])
      }
    })
  })
}
