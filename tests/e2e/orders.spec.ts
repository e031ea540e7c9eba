import { centsToEuros, eurosToCents, formatEuro } from "@enclave/contract/money"
import { expect, request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test"
import { test } from "../support/csp.ts"
import { SAME_ORIGIN_HEADERS } from "../support/urls.ts"
import { newUserDetails } from "../support/api.ts"
import { TEST_ADMIN_PASSWORD } from "../support/shop.ts"

/**
 * The customer's orders screen (/orders, /account/orders): tabs with counts, expandable orders with their
 * details and the TEST PAYMENT mark, an admin's status change moving an order between tabs, the empty state.
 * Orders are placed through the API in the page's own context (page.request shares its cookies).
 */

function baseUrl(): string {
  return test.info().project.use.baseURL ?? process.env.ENCLAVE_URL!
}

async function useLanguage(page: Page, language: "en" | "de") {
  await page.context().addCookies([{ name: "language", value: language, url: baseUrl() }])
}

async function registerCustomer(page: Page) {
  const details = newUserDetails()
  const answer = await page.request.post("/api/register", { data: details })
  expect(answer.status()).toBe(201)
  return details
}

interface Product {
  id: number
  name: string
  price: string
  stockQuantity: number
}

/** A product others are unlikely to sell out during the run: read the stock now, never assume it. */
async function productInStock(api: APIRequestContext, preferred: number[]): Promise<Product> {
  const products = (await (await api.get("/api/products")).json()) as Product[]
  const product = preferred.map((id) => products.find((p) => p.id === id)).find((p) => p && p.stockQuantity >= 5)
  if (!product) throw new Error("no product with stock left")
  return product
}

async function placeOrder(page: Page, details: ReturnType<typeof newUserDetails>, product: Product, quantity = 1) {
  expect((await page.request.post("/api/cart", { data: { productId: product.id, quantity } })).status()).toBeLessThan(300)
  const answer = await page.request.post("/api/orders", {
    data: {
      shippingAddress: {
        fullName: details.fullName,
        addressLine1: details.addressLine1,
        city: details.city,
        state: details.state,
        postalCode: details.postalCode,
        country: details.country,
      },
      shippingMethod: 1,
      paymentMethod: "stripe",
      paymentId: `str-test1234-${Math.random().toString(36).slice(2, 8)}`,
    },
  })
  expect(answer.status(), await answer.text()).toBe(201)
  return (await answer.json()) as {
    id: number
    total: string
    taxTotal: string
    paymentId: string
    shippingMethod: { name: string } | null
  }
}

async function asAdmin(): Promise<APIRequestContext> {
  const admin = await playwrightRequest.newContext({ baseURL: baseUrl(), extraHTTPHeaders: SAME_ORIGIN_HEADERS })
  const answer = await admin.post("/api/login", { data: { username: "admin", password: TEST_ADMIN_PASSWORD } })
  expect(answer.status()).toBe(200)
  return admin
}

function tab(page: Page, name: string, nav = "Filter orders by status") {
  return page.getByRole("navigation", { name: nav }).getByRole("link", { name: new RegExp(`^${name}\\b`) })
}

test("a customer's orders: tabs with counts, details with the TEST PAYMENT mark, an admin's change moves one to Completed", async ({
  page,
}) => {
  const details = await registerCustomer(page)
  const sleeve = await productInStock(page.request, [4, 1, 3])
  const base = await productInStock(page.request, [1, 3, 4])
  const first = await placeOrder(page, details, sleeve, 2)
  const second = await placeOrder(page, details, base, 1)

  await page.goto("/orders")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Orders")
  await expect(tab(page, "All")).toHaveAccessibleName("All (2 orders)")
  await expect(tab(page, "Processing")).toHaveAccessibleName("Processing (2 orders)")
  await expect(tab(page, "Completed")).toHaveAccessibleName("Completed (0 orders)")
  await expect(tab(page, "Cancelled")).toHaveAccessibleName("Cancelled (0 orders)")
  await expect(tab(page, "All")).toHaveAttribute("aria-current", "page")

  // Newest first; closed until opened.
  const orders = page.locator("details.order")
  await expect(orders).toHaveCount(2)
  await expect(orders.first().locator("summary")).toContainText(`Order #${second.id}`)
  const older = page.locator(`details.order[data-order-id="${first.id}"]`)
  await expect(older.locator("summary")).toContainText("TEST PAYMENT")
  await expect(older.getByText("Payment Method")).toBeHidden()
  await older.locator("summary").click()
  await expect(older).toHaveAttribute("open", "")
  const body = older.locator(".order__body")
  await expect(body.getByText("Order Number")).toBeVisible()
  await expect(body).toContainText(`#${first.id}`)
  await expect(body).toContainText("Card (Sandbox)")
  await expect(body).toContainText(first.paymentId)
  await expect(body).toContainText(`Germany Standard · €15.00`)
  await expect(body).toContainText(details.email)
  await expect(body).toContainText(sleeve.name)
  await expect(body).toContainText("Qty: 2")
  // As the page writes amounts: a fallback product from productInStock can take the subtotal past €1,000.
  await expect(body).toContainText(formatEuro(sleeve.price))
  await expect(body).toContainText(formatEuro(Number(sleeve.price) * 2)) // subtotal
  await expect(body).toContainText(formatEuro(first.total))
  // The VAT the order's tax lines put in its total, as Medusa's order holds it (tax.test checks that).
  expect(first.taxTotal).toBe(centsToEuros(Math.round((eurosToCents(first.total) * 19) / 119)))
  await expect(body.getByTestId("order-vat")).toHaveText(`incl. 19% VAT${formatEuro(first.taxTotal)}`)
  await expect(body.getByText("TEST PAYMENT")).toBeVisible()
  await expect(body.locator("img")).toHaveCount(1)

  // The summary opens and closes with the keyboard too.
  await orders.first().locator("summary").focus()
  await page.keyboard.press("Enter")
  await expect(orders.first()).toHaveAttribute("open", "")

  // An admin completes the older order: it leaves Processing for Completed.
  const admin = await asAdmin()
  const change = await admin.put(`/api/admin/orders/${first.id}/status`, { data: { status: "completed" } })
  expect(change.status()).toBe(200)
  await admin.dispose()

  await page.goto("/orders")
  await expect(tab(page, "Processing")).toHaveAccessibleName("Processing (1 order)")
  await expect(tab(page, "Completed")).toHaveAccessibleName("Completed (1 order)")
  await tab(page, "Completed").click()
  await expect(page).toHaveURL(/\/orders\?tab=completed$/)
  await expect(tab(page, "Completed")).toHaveAttribute("aria-current", "page")
  await expect(orders).toHaveCount(1)
  await expect(orders.first()).toHaveAttribute("data-order-id", String(first.id))
  await expect(orders.first().locator("summary")).toContainText("Completed")
  await tab(page, "Processing").click()
  await expect(orders).toHaveCount(1)
  await expect(orders.first()).toHaveAttribute("data-order-id", String(second.id))
  await tab(page, "Cancelled").click()
  await expect(page.getByText("No orders here")).toBeVisible()
  await expect(orders).toHaveCount(0)

  // /account/orders is the same screen, its tabs stay on it.
  await page.goto("/account/orders")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Orders")
  await expect(orders).toHaveCount(2)
  await expect(tab(page, "Completed")).toHaveAttribute("href", "/account/orders?tab=completed")

  for (const language of ["en", "de"] as const) {
    await useLanguage(page, language)
    await page.goto("/orders")
    await page.locator(`details.order[data-order-id="${first.id}"] summary`).click()
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(language === "en" ? "My Orders" : "Meine Bestellungen")
    if (language === "de") {
      await expect(tab(page, "Abgeschlossen", "Bestellungen nach Status filtern")).toBeVisible()
      await expect(page.locator(`details.order[data-order-id="${first.id}"]`).getByTestId("order-vat")).toHaveText(
        `inkl. 19\u00a0% MwSt.${formatEuro(first.taxTotal, "de")}`,
      )
      // The order's mark, not the footer's "Testzahlungen" badge.
      await expect(page.getByRole("main").getByText("TESTZAHLUNG").first()).toBeVisible()
    }
    await page.screenshot({ path: `test-results/screenshots/orders-${language}.png`, fullPage: true })
  }
})

test("a new customer sees the empty state with a way to the products", async ({ page }) => {
  await registerCustomer(page)
  await page.goto("/orders")
  await expect(page.getByRole("heading", { name: "No orders yet" })).toBeVisible()
  await expect(page.locator("details.order")).toHaveCount(0)
  await page.getByRole("link", { name: "Browse Products" }).click()
  await expect(page).toHaveURL(/\/products$/)
})

test("the empty orders screen in German", async ({ page }) => {
  await useLanguage(page, "de")
  await registerCustomer(page)
  await page.goto("/orders")
  await expect(page.getByRole("heading", { name: "Noch keine Bestellungen" })).toBeVisible()
  await expect(page.getByRole("link", { name: "Produkte ansehen" })).toHaveAttribute("href", "/products")
  await page.screenshot({ path: "test-results/screenshots/orders-empty-de.png", fullPage: true })
})
