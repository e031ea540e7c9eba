import { expect } from "@playwright/test"
import { randomBytes } from "node:crypto"
import { test } from "../support/csp.ts"
import { MedusaAdmin } from "../support/medusa-admin.ts"
import { medusaOfShop } from "../support/races.ts"
import { TEST_ADMIN_PASSWORD } from "../support/shop.ts"

/** The storefront as a shopper sees it: pages rendered on the server with the seeded catalogue. */

test("home lists the products, the Premium card carries BEST SELLER, and the hero jumps to the products", async ({ page }) => {
  const response = await page.goto("/")
  expect(response?.status()).toBe(200)
  const cards = page.locator("#products article")
  await expect(cards.first()).toContainText("Enclave Base")
  await expect(cards.nth(1)).toContainText("Enclave Medium")
  await expect(cards.nth(2)).toContainText("Enclave Premium Fold")
  await expect(cards.nth(2)).toContainText("BEST SELLER")
  await expect(cards.first()).not.toContainText("BEST SELLER")
  await expect(cards.first()).toContainText("€599.00")
  await page.getByRole("link", { name: "Shop Now" }).click()
  await expect(page).toHaveURL(/#products$/)
  await expect(page.locator("#faq")).toContainText("€25")
})

test("the product data is in the HTML the server sends", async ({ request }) => {
  const html = await (await request.get("/products")).text()
  expect(html).toContain("Secure Phones Collection")
  expect(html).toContain("Enclave Premium Fold")
  expect(html).toContain("Faraday Sleeve")
})

test("German pages name the accessories and services in German, and the phones by their brand names", async ({ page }) => {
  await page.context().addCookies([{ name: "language", value: "de", url: process.env.ENCLAVE_URL! }])
  await page.goto("/products")
  const main = page.getByRole("main")
  for (const name of ["Faraday-Hülle", "USB-C-Datenblocker", "Gehärtetes Ladegerät", "Sichere Geräteeinrichtung", "Enclave Premium Fold"]) {
    await expect(main.getByRole("link", { name, exact: true })).toBeVisible()
  }
  await expect(main).not.toContainText("Faraday Sleeve")
  await main.getByRole("link", { name: "Faraday-Hülle", exact: true }).click()
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Faraday-Hülle")
  await expect(page).toHaveTitle(/^Faraday-Hülle/)
})

test("the catalogue is titled, lists every product and searches name and description", async ({ page }) => {
  await page.goto("/products")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Secure Phones Collection")
  // Every product the API sells: the seeded nine, plus any that other suites add and remove on this
  // shop meanwhile (so the page and the API are compared again until both saw the same catalogue).
  await expect(async () => {
    const sold = (await (await page.request.get("/api/products")).json()) as unknown[]
    expect(sold.length).toBeGreaterThanOrEqual(9)
    await page.goto("/products")
    await expect(page.locator("main article")).toHaveCount(sold.length, { timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
  await page.getByPlaceholder("Search products...").fill("fold")
  await page.getByPlaceholder("Search products...").press("Enter")
  await expect(page).toHaveURL(/search=fold/)
  await expect(page.locator("main article")).toHaveCount(1)
  await expect(page.locator("main article")).toContainText("Enclave Premium Fold")
})

test("a search without matches offers to clear the filters and keeps the sort", async ({ page }) => {
  await page.goto("/products?search=zzzz&sort=price-desc")
  await expect(page.getByText("No products found")).toBeVisible()
  await expect(page.getByText("Try adjusting your search criteria or filters")).toBeVisible()
  await page.getByRole("link", { name: "Clear Filters" }).click()
  await expect(page).toHaveURL(/sort=price-desc/)
  await expect(page).not.toHaveURL(/search=/)
  await expect(page.locator("main article").first()).toContainText("Enclave Premium Fold")
})

test("a product page shows price, security level, stock and specifications", async ({ page }) => {
  const response = await page.goto("/product/1")
  expect(response?.status()).toBe(200)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enclave Base")
  await expect(page.getByText("€599.00").first()).toBeVisible()
  await expect(page.getByText("In stock").first()).toBeVisible()
  await expect(page.getByText("8GB RAM")).toBeVisible()
  await expect(page.getByText("IP67")).toBeVisible()
})

/*
 * The pages take images from the shop alone, so no other site learns who looks at
 * them. A product saved before the shop fetched outside images may still carry another site's
 * address (set here through Medusa's own admin API, as an older shop has it): the pages show the
 * placeholder instead, and the CSP watch of support/csp.ts sees no image blocked.
 */
test("images come from the shop alone: the CSP says so, and another site's image address shows the placeholder", async ({
  page,
  baseURL,
}) => {
  const response = await page.goto("/product/1")
  const imageSources = (response?.headers()["content-security-policy"] ?? "")
    .split(";")
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith("img-src"))
  expect(imageSources).toBe("img-src 'self' data: blob:")

  expect((await page.request.post("/api/login", { data: { username: "admin", password: TEST_ADMIN_PASSWORD } })).status()).toBe(200)
  const name = `E2E Old image ${randomBytes(4).toString("hex")}`
  const made = await page.request.post("/api/admin/products", { data: { name, price: "9.90", stockQuantity: 3 } })
  expect(made.status()).toBe(201)
  const { id } = (await made.json()) as { id: number }
  try {
    const medusa = await MedusaAdmin.signIn(medusaOfShop(baseURL!).url)
    const found = await medusa.get(`/admin/products?q=${encodeURIComponent(name)}&fields=id`)
    const productId = found.body.products[0].id as string
    const tracker = "https://tracker.example/pixel.png"
    expect((await medusa.post(`/admin/products/${productId}`, { thumbnail: tracker })).status).toBe(200)
    await expect
      .poll(async () => ((await (await page.request.get(`/api/products/${id}`)).json()) as { imageUrl: string }).imageUrl)
      .toBe(tracker)

    await page.goto(`/product/${id}`)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name)
    await expect(page.locator(`main img[src="/images/products/no-image.svg"]`).first()).toBeVisible()
    await page.goto(`/products?search=${encodeURIComponent(name)}`)
    await expect(page.locator("main article")).toHaveCount(1)
    await expect(page.locator("main article img")).toHaveAttribute("src", "/images/products/no-image.svg")
    await expect(page.locator(`img[src^="https:"]`)).toHaveCount(0)
  } finally {
    await page.request.delete(`/api/admin/products/${id}`)
  }
})

test("low and out-of-stock products say so", async ({ page }) => {
  const products = await (await page.request.get("/api/products")).json()
  const medium = products.find((p: { id: number }) => p.id === 2)
  await page.goto("/product/2")
  await expect(page.getByText(new RegExp(`${medium.stockQuantity} left`))).toBeVisible()
  const soldOut = products.find((p: { stockQuantity: number }) => p.stockQuantity === 0)
  await page.goto(`/product/${soldOut.id}`)
  await expect(page.getByText(/out of stock/i).first()).toBeVisible()
})

test("/products/{id} redirects to /product/{id}", async ({ page }) => {
  await page.goto("/products/3")
  await expect(page).toHaveURL(/\/product\/3$/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enclave Premium Fold")
})

test("an unknown product answers 404 with Product Not Found", async ({ page }) => {
  const response = await page.goto("/product/999999")
  expect(response?.status()).toBe(404)
  await expect(page.getByText("Product Not Found")).toBeVisible()
  await expect(page.getByText("The product you are looking for does not exist or has been removed.")).toBeVisible()
})

test("any other path answers 404 Page Not Found", async ({ page }) => {
  const response = await page.goto("/no-such-page")
  expect(response?.status()).toBe(404)
  await expect(page.getByText("404 Page Not Found")).toBeVisible()
})

test("pages are served compressed", async ({ request }) => {
  const response = await request.get("/products", { headers: { "accept-encoding": "gzip, br" } })
  expect(["gzip", "br"]).toContain(response.headers()["content-encoding"])
})

for (const language of ["en", "de"] as const) {
  test(`at phone size (390 px) the product tabs stay on one row, none cut off [${language}]`, async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: "language", value: language, url: baseURL! }])
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto("/product/1")
    const tabs = page.getByRole("tab")
    await expect(tabs).toHaveCount(3)
    const boxes = await Promise.all((await tabs.all()).map((tab) => tab.boundingBox()))
    expect(new Set(boxes.map((box) => Math.round(box!.y))).size).toBe(1)
    const list = page.getByRole("tablist")
    const fits = await list.evaluate((element) => element.scrollWidth <= element.clientWidth)
    expect(fits).toBe(true)
  })
}

test("the level filter and the sort apply on change with JavaScript, keeping the address and the focus", async ({ page }) => {
  await page.goto("/products?search=enclave")
  await page.getByRole("combobox", { name: "Security level" }).selectOption("high")
  await expect(page).toHaveURL(/[?&]level=high/)
  await expect(page).toHaveURL(/[?&]search=enclave/)
  const names = page.locator(".catalogue").getByRole("heading", { level: 2 })
  await expect(names).toContainText(["Enclave Premium Fold"])
  await expect(names.filter({ hasText: "Enclave Base" })).toHaveCount(0)
  await expect(page.getByRole("combobox", { name: "Security level" })).toBeFocused()
  await page.getByRole("combobox", { name: "Sort by" }).selectOption("price-desc")
  await expect(page).toHaveURL(/[?&]sort=price-desc/)
  await expect(page).toHaveURL(/[?&]level=high/)
  await expect(page.getByRole("combobox", { name: "Sort by" })).toBeFocused()
})

test("without JavaScript the filters still apply with the Apply button", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false })
  try {
    const page = await context.newPage()
    await page.goto("/products")
    await page.getByRole("combobox", { name: "Security level" }).selectOption("medium")
    // Nothing happens by itself without a script.
    await expect(page).not.toHaveURL(/level=/)
    await page.getByRole("button", { name: "Apply" }).click()
    await expect(page).toHaveURL(/[?&]level=medium/)
    const names = page.locator(".catalogue").getByRole("heading", { level: 2 })
    await expect(names).toContainText(["Enclave Medium"])
    await expect(names.filter({ hasText: "Enclave Premium Fold" })).toHaveCount(0)
  } finally {
    await context.close()
  }
})
