import { expect, type Page } from "@playwright/test"
import { test } from "../support/csp.ts"
import { newUserDetails } from "../support/api.ts"
import { TEST_ADMIN_PASSWORD } from "../support/shop.ts"
import { islandsHydrated } from "../support/islands.ts"

/** The shop's chrome (docs/product.md §2 Header and Footer, §4 Language, §9 toasts) as a shopper sees it. */

const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage })

async function registerInBrowser(page: Page) {
  // page.request shares the browser context's cookies: the page is signed in afterwards.
  const details = newUserDetails()
  const answer = await page.request.post("/api/register", { data: details })
  expect(answer.status()).toBe(201)
  return details
}

test("the header links go to their pages and the current one is highlighted", async ({ page }) => {
  await page.goto("/products")
  const nav = page.getByRole("navigation", { name: "Main" })
  await expect(nav.getByRole("link", { name: "Products" })).toHaveAttribute("aria-current", "page")
  await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page")
  await expect(nav.getByRole("link", { name: "FAQ" })).toHaveAttribute("href", "/#faq")
  await nav.getByRole("link", { name: "Home" }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page")
  await expect(page.getByRole("link", { name: "Account" })).toHaveAttribute("href", "/auth")
  // The fixed header keeps an 80 px offset.
  expect(await page.locator(".site-header").evaluate((el) => el.getBoundingClientRect().height)).toBe(80)
  await expect(page.locator("html")).toHaveAttribute("lang", "en")
})

test("the home page has its sections in the spec's order, testimonials included", async ({ page }) => {
  await page.goto("/")
  const ids = await page.locator("main > section").evaluateAll((sections) => sections.map((s) => s.id || s.className))
  const order = ["features", "products", "compare", "testimonials", "faq", "contact"]
  expect(ids.filter((id) => order.includes(id))).toEqual(order)
  await expect(page.locator("#testimonials blockquote")).toHaveCount(3)
})

test("switching to Deutsch renders German, persists across reload and is mirrored to local storage", async ({ page }) => {
  await page.goto("/products")
  await page.locator(".language-menu summary").click()
  await page.getByRole("button", { name: "Deutsch" }).click()
  await expect(page).toHaveURL(/\/products$/)
  await expect(page.locator("html")).toHaveAttribute("lang", "de")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kollektion sicherer Smartphones")
  await expect(page.getByPlaceholder("Produkte suchen...")).toBeVisible()
  await expect(page.locator("main article").first()).toContainText("599,00 €")
  expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("de")

  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("lang", "de")
  await page.goto("/")
  await expect(page.getByRole("link", { name: "Jetzt einkaufen" })).toBeVisible()
  await expect(page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Startseite" })).toBeVisible()
  await page.locator(".language-menu summary").click()
  await expect(page.getByRole("button", { name: "Deutsch" })).toHaveAttribute("aria-current", "true")

  // docs/product.md §4: the stored value comes first, even when the cookie is gone.
  await page.context().clearCookies()
  await page.goto("/products")
  await expect(page.locator("html")).toHaveAttribute("lang", "de")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kollektion sicherer Smartphones")

  await page.locator(".language-menu summary").click()
  await page.getByRole("button", { name: "English" }).click()
  await expect(page.locator("html")).toHaveAttribute("lang", "en")
  expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("en")
})

test("a browser asking for German gets German on the first visit", async ({ browser }) => {
  const context = await browser.newContext({ locale: "de-DE" })
  const page = await context.newPage()
  await page.goto("/")
  await expect(page.locator("html")).toHaveAttribute("lang", "de")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Smartphones, die Ihre Geheimnisse bewahren.")
  await context.close()
})

test("the footer has its groups, payment logos, the secure-payments note and this year's copyright", async ({ page }) => {
  await page.goto("/")
  const footer = page.getByRole("contentinfo")
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Enclave`)
  await expect(footer.getByRole("navigation", { name: "Products" }).getByRole("link")).toHaveCount(5)
  await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy")
  await expect(footer.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/#contact")
  await expect(footer.getByText("Warranty Information")).toBeVisible()
  await expect(footer.getByText("Terms of Service")).toBeVisible()
  // The badges are the enabled providers' (legal-pages.spec.ts and admin-payments.spec.ts follow them through changes).
  const methods = (await (await page.request.get("/api/payment-methods")).json()) as {
    stripe: boolean
    paypal: boolean
    simulatedCard: boolean
  }
  const badges = footer.getByRole("list", { name: "Payment methods we accept" })
  if (methods.paypal) await expect(badges).toContainText("PayPal")
  if (methods.stripe) await expect(badges).toContainText("Stripe")
  if (!methods.stripe && !methods.paypal && methods.simulatedCard) await expect(badges).toHaveText("Test payments")
  await expect(footer.getByText(/Secure payments/)).toBeVisible()
  await expect(footer.getByText(/Powered by/)).toBeVisible()
})

test("a customer's user menu holds My Account, My Orders and Logout; logging out shows the toast", async ({ page }) => {
  const details = await registerInBrowser(page)
  await page.goto("/")
  await islandsHydrated(page)
  const menuButton = page.getByRole("button", { name: `Account menu for ${details.username}` })
  await expect(menuButton).toContainText(details.username)
  await menuButton.click()
  await expect(page.getByRole("link", { name: "My Account" })).toHaveAttribute("href", "/account")
  await expect(page.getByRole("link", { name: "My Orders" })).toHaveAttribute("href", "/orders")
  await expect(page.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0)
  await page.keyboard.press("Escape")
  await expect(page.getByRole("link", { name: "My Orders" })).toBeHidden()
  await expect(menuButton).toBeFocused()

  await menuButton.click()
  await page.getByRole("button", { name: "Logout" }).click()
  const toasts = page.getByRole("region", { name: "Notifications (F8)" })
  await expect(toasts).toContainText("Signed out")
  await expect(toasts).toContainText("You have been signed out successfully.")
  await expect(page.getByRole("link", { name: "Account" })).toBeVisible()
  expect((await page.request.get("/api/user")).status()).toBe(401)

  // F8 moves focus to the notification area.
  await page.keyboard.press("F8")
  await expect(toasts).toBeFocused()
})

test("the header's account part is in the page as sent: the signed-in username, or a visitor's Account link, before any script runs", async ({
  page,
  browser,
  baseURL,
}) => {
  const details = await registerInBrowser(page)
  // Without JavaScript, nothing can fill the header in afterwards: what shows is what the server sent.
  const signedIn = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await page.context().storageState() })
  const visitor = await browser.newContext({ baseURL, javaScriptEnabled: false })
  try {
    for (const path of ["/", "/products", "/product/1"]) {
      const mine = await signedIn.newPage()
      await mine.goto(path)
      await expect(mine.getByRole("button", { name: `Account menu for ${details.username}` }), path).toContainText(details.username)
      await expect(mine.getByRole("link", { name: "Account", exact: true }), path).toHaveCount(0)
      const theirs = await visitor.newPage()
      await theirs.goto(path)
      await expect(theirs.getByRole("link", { name: "Account", exact: true }), path).toHaveAttribute("href", "/auth")
      // A visitor's page (kept and sent from the page cache) never names anyone.
      await expect(theirs.locator("body"), path).not.toContainText(details.username)
    }
  } finally {
    await signedIn.close()
    await visitor.close()
  }
})

test("an admin's user menu links to the Admin Dashboard", async ({ page }) => {
  const answer = await page.request.post("/api/login", { data: { username: "admin", password: TEST_ADMIN_PASSWORD } })
  expect(answer.status()).toBe(200)
  await page.goto("/products")
  await islandsHydrated(page)
  await page.getByRole("button", { name: "Account menu for admin" }).click()
  await expect(page.getByRole("link", { name: "Admin Dashboard" })).toHaveAttribute("href", "/admin")
})

test("a failed logout says so", async ({ page }) => {
  await registerInBrowser(page)
  await page.route("**/api/logout", (route) => route.fulfill({ status: 500, json: { message: "Session store down" } }))
  await page.goto("/")
  await islandsHydrated(page)
  await page.getByRole("button", { name: /Account menu for/ }).click()
  await page.getByRole("button", { name: "Logout" }).click()
  const toasts = page.getByRole("region", { name: "Notifications (F8)" })
  await expect(toasts).toContainText("Logout failed")
  await expect(toasts).toContainText("Session store down")
})

test.describe("on a phone-sized screen", () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test("the links collapse into a toggle menu with sign in / register, then the signed-in entries", async ({ page }) => {
    await page.goto("/products")
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden()
    const toggle = page.getByRole("button", { name: "Open menu" })
    await expect(toggle).toHaveAttribute("aria-expanded", "false")
    await toggle.click()
    const menu = page.getByRole("navigation", { name: "Menu" })
    await expect(menu.getByRole("link", { name: "Home" })).toBeVisible()
    await expect(menu.getByRole("link", { name: "Products" })).toHaveAttribute("aria-current", "page")
    await expect(menu.getByRole("link", { name: "FAQ" })).toBeVisible()
    await expect(menu.getByRole("link", { name: "Sign in / Register" })).toHaveAttribute("href", "/auth")
    await shot(page, "mobile-menu-en", false)
    await page.keyboard.press("Escape")
    await expect(menu).toBeHidden()

    const details = await registerInBrowser(page)
    await page.reload()
    await page.getByRole("button", { name: "Open menu" }).click()
    await expect(menu).toContainText(`Signed in as ${details.username}`)
    await expect(menu.getByRole("link", { name: "My Account" })).toHaveAttribute("href", "/account")
    await expect(menu.getByRole("link", { name: "My Orders" })).toBeVisible()
    await shot(page, "mobile-menu-signed-in-en", false)
    await menu.getByRole("button", { name: "Logout" }).click()
    await expect(page.getByRole("region", { name: "Notifications (F8)" })).toContainText("Signed out")
  })
})

test.describe("on a phone-sized screen in German", () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test("the toggle menu speaks German", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "language", value: "de", url: baseURL! }])
    await registerInBrowser(page)
    await page.goto("/")
    await page.getByRole("button", { name: "Menü öffnen" }).click()
    const menu = page.getByRole("navigation", { name: "Menü" })
    await expect(menu.getByRole("link", { name: "Startseite" })).toHaveAttribute("aria-current", "page")
    await expect(menu).toContainText("Angemeldet als")
    await expect(menu.getByRole("link", { name: "Mein Konto" })).toHaveAttribute("href", "/account")
    await expect(menu.getByRole("link", { name: "Meine Bestellungen" })).toHaveAttribute("href", "/orders")
    await expect(menu.getByRole("button", { name: "Abmelden" })).toBeVisible()
    await shot(page, "mobile-menu-signed-in-de", false)
  })
})

for (const language of ["en", "de"] as const) {
  test(`screenshots of home, catalogue and product detail (${language})`, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "language", value: language, url: baseURL! }])
    await page.goto("/")
    await expect(page.locator("html")).toHaveAttribute("lang", language)
    await shot(page, `home-${language}`)
    await page.goto("/products")
    await shot(page, `products-${language}`)
    await page.goto("/product/1")
    await shot(page, `product-1-${language}`)
    await page.goto("/no-such-page")
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(language === "en" ? "404 Page Not Found" : "404 Seite nicht gefunden")
    await shot(page, `not-found-${language}`)
  })
}
