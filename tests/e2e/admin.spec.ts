import { expect as baseExpect } from "@playwright/test"
import { test } from "../support/csp.ts"
import { newUserDetails } from "../support/api.ts"
import { TEST_ADMIN_PASSWORD } from "../support/shop.ts"

// Pages arrive as lazily loaded chunks after a session check, from a shop other suites keep busy.
const expect = baseExpect.configure({ timeout: 30_000 })
/** The shop's home page, and not /admin/ (which also ends in a slash). */
const SHOP_HOME = /^https?:\/\/[^/]+\/$/

/** The back office loads under /admin for the admin and lists the catalogue from the facade. */

test("/admin sends a visitor to /auth and a customer home (docs/product.md §2 route guard)", async ({ page }) => {
  await page.goto("/admin/products")
  await expect(page).toHaveURL(/\/auth\?return=%2Fadmin%2Fproducts$/)
  expect((await page.request.post("/api/register", { data: newUserDetails({ isAdmin: true }) })).status()).toBe(201)
  await page.goto("/admin")
  await expect(page).toHaveURL(SHOP_HOME)
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
})

test.describe("signed in as the admin", () => {
  test.beforeEach(async ({ page }) => {
    expect((await page.request.post("/api/login", { data: { username: "admin", password: TEST_ADMIN_PASSWORD } })).status()).toBe(200)
  })

  test("/admin loads and lists the products from the facade with stock colour bands", async ({ page, request }) => {
    // Other suites place orders against the same shop, so the stock shown is whatever the facade says now.
    const stockOf = async (id: number) => (await (await request.get(`/api/products/${id}`)).json()).stockQuantity as number
    const [baseStock, mediumStock] = [await stockOf(1), await stockOf(2)]
    const errors: string[] = []
    page.on("pageerror", (e) => errors.push(e.message))
    const response = await page.goto("/admin/products")
    expect(response?.status()).toBe(200)
    await expect(page.locator("#products-title")).toHaveText("Products")
    const base = page.locator('tr[data-row-key="1"]')
    await expect(base).toContainText("Enclave Base")
    await expect(base).toContainText("€599.00")
    await expect(base.locator('[data-stock-state="in_stock"]')).toContainText(`${baseStock} in stock`)
    await expect(page.locator('tr[data-row-key="2"] [data-stock-state="low_stock"]')).toContainText(`${mediumStock} left`)
    await expect(page.locator('[data-stock-state="out_of_stock"]').first()).toContainText("Out of Stock")
    expect(errors).toEqual([])
  })

  test("the admin's product search filters by name or description", async ({ page }) => {
    await page.goto("/admin/products")
    await page.locator('input[aria-label="Search products"]').fill("fold")
    await page.locator('input[aria-label="Search products"]').press("Enter")
    await expect(page.locator('tr[data-row-key="3"]')).toContainText("Enclave Premium Fold")
    await expect(page.locator('tr[data-row-key="1"]')).toHaveCount(0)
  })

  test("an unknown admin page says so", async ({ page }) => {
    await page.goto("/admin/no-such-page")
    await expect(page.getByText("404 Page Not Found")).toBeVisible()
  })
})
