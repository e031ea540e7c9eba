import { expect as baseExpect, type Page } from "@playwright/test"
import { deliveryEstimate, type PaymentMethods, type Product, type ShippingMethod } from "@enclave/contract"
import { formatEuro } from "@enclave/contract/money"
import { newUserDetails } from "../support/api.ts"
import { test } from "../support/csp.ts"

/**
 * The legal and service pages and the footer that links them: /privacy, /terms, /returns and
 * /shipping answer in English and German, the footer links them (and /imprint), its tier links reach the phones'
 * pages and its payment badges are the enabled providers'. The shipping page and the home FAQ state the shipping
 * methods' own prices and estimates. Nothing here changes a setting: admin-shipping.spec.ts and
 * admin-payments.spec.ts change a method's estimate and the providers and watch these pages follow.
 */

// The shop is shared with other suites on a busy machine: give the pages time to answer.
const expect = baseExpect.configure({ timeout: 30_000 })
const SHOTS = "test-results/screenshots"

const legalPages = [
  { path: "/privacy", en: "Privacy Policy", de: "Datenschutzerklärung", footerEn: "Privacy Policy", footerDe: "Datenschutzerklärung" },
  { path: "/terms", en: "Terms and Conditions", de: "Allgemeine Geschäftsbedingungen", footerEn: "Terms of Service", footerDe: "AGB" },
  {
    path: "/returns",
    en: "Returns and Right of Withdrawal",
    de: "Widerruf und Rückgabe",
    footerEn: "Returns Policy",
    footerDe: "Widerruf & Rückgabe",
  },
  { path: "/shipping", en: "Shipping", de: "Versand", footerEn: "Shipping", footerDe: "Versand" },
] as const

async function inGerman(page: Page) {
  await page.context().addCookies([{ name: "language", value: "de", url: process.env.ENCLAVE_URL! }])
}

async function activeMethods(page: Page): Promise<ShippingMethod[]> {
  const answer = await page.request.get("/api/shipping-methods")
  expect(answer.status()).toBe(200)
  return ((await answer.json()) as ShippingMethod[]).filter((method) => method.isActive)
}

const footerOf = (page: Page) => page.getByRole("contentinfo")

test("every legal page answers 200 in English and in German with its heading, title and description", async ({ page }) => {
  await page.goto("/")
  const shopDescription = await page.locator('meta[name="description"]').getAttribute("content")
  const descriptions = new Set<string>()
  for (const legal of legalPages) {
    const answer = await page.goto(legal.path)
    expect(answer?.status(), legal.path).toBe(200)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(legal.en)
    await expect(page).toHaveTitle(`${legal.en} | Enclave`)
    // Each page describes itself, not the shop in general.
    const description = (await page.locator('meta[name="description"]').getAttribute("content")) ?? ""
    expect(description.length, legal.path).toBeGreaterThan(40)
    expect(description).not.toBe(shopDescription)
    descriptions.add(description)
  }
  expect(descriptions.size).toBe(legalPages.length)
  await inGerman(page)
  for (const legal of legalPages) {
    const answer = await page.goto(legal.path)
    expect(answer?.status(), legal.path).toBe(200)
    await expect(page.locator("html")).toHaveAttribute("lang", "de")
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(legal.de)
    await expect(page).toHaveTitle(`${legal.de} | Enclave`)
  }
})

test("the footer links every legal page and the imprint; keyboard users reach the returns page", async ({ page }) => {
  await page.goto("/")
  const footer = footerOf(page)
  for (const legal of legalPages)
    await expect(footer.getByRole("link", { name: legal.footerEn, exact: true })).toHaveAttribute("href", legal.path)
  await expect(footer.getByRole("link", { name: "Imprint", exact: true })).toHaveAttribute("href", "/imprint")
  // Entries that still have no page stay plain text.
  for (const text of ["User Guides", "Warranty Information", "About Us", "Blog", "Careers"]) {
    await expect(footer.getByText(text, { exact: true })).toBeVisible()
    await expect(footer.getByRole("link", { name: text })).toHaveCount(0)
  }

  await footer.getByRole("link", { name: "Returns Policy" }).focus()
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/returns$/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Returns and Right of Withdrawal")
  // The page's contents lead to its sections, the model form among them.
  await page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: "Model withdrawal form" }).focus()
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/#withdrawal-form$/)

  await inGerman(page)
  await page.goto("/")
  const german = footerOf(page)
  for (const legal of legalPages)
    await expect(german.getByRole("link", { name: legal.footerDe, exact: true })).toHaveAttribute("href", legal.path)
  await expect(german.getByRole("link", { name: "Impressum", exact: true })).toHaveAttribute("href", "/imprint")
})

test("the returns page holds the model withdrawal form, which prints on its own", async ({ page }) => {
  await page.goto("/returns")
  const form = page.locator("#withdrawal-form")
  await expect(form.getByRole("heading", { level: 2 })).toHaveText("Model withdrawal form")
  await expect(form).toContainText("I/We (*) hereby give notice that I/We (*) withdraw")
  await expect(page.getByRole("heading", { name: "Consequences of withdrawal" })).toBeVisible()
  await expect(form.getByRole("button", { name: "Print the form" })).toBeVisible()

  await page.emulateMedia({ media: "print" })
  await expect(form.getByRole("heading", { level: 2 })).toBeVisible()
  await expect(page.getByRole("heading", { level: 1 })).toBeHidden()
  await expect(form.getByRole("button", { name: "Print the form" })).toBeHidden()
  await page.emulateMedia({ media: "screen" })

  await inGerman(page)
  await page.goto("/returns")
  await expect(page.locator("#withdrawal-form").getByRole("heading", { level: 2 })).toHaveText("Muster-Widerrufsformular")
  await expect(page.locator("#withdrawal-form")).toContainText("Hiermit widerrufe(n) ich/wir (*)")
  await expect(page.getByText("binnen vierzehn Tagen ohne Angabe von Gründen", { exact: false }).first()).toBeVisible()
})

test("the privacy page names the cookies the shop sets and points to the imprint", async ({ page, context }) => {
  // A signed-in visitor has every cookie the shop sets but the two-factor one, which the page names too.
  expect((await page.request.post("/api/register", { data: newUserDetails() })).status()).toBe(201)
  await page.goto("/privacy")
  const names = (await context.cookies()).map((cookie) => cookie.name)
  expect(names).toContain("enclave.sid")
  const cookiesSection = page.locator("#cookies")
  for (const name of [...names, "enclave.2fa", "language"]) await expect(cookiesSection).toContainText(name)
  await expect(page.getByRole("link", { name: /Imprint/ }).first()).toHaveAttribute("href", "/imprint")
  await expect(page.locator("#payment")).toContainText("Stripe")
  await expect(page.locator("#payment")).toContainText("PayPal")
})

test("the shipping page lists the methods checkout offers, with zone, price and estimate, in both languages", async ({ page }) => {
  const methods = await activeMethods(page)
  expect(methods.length).toBeGreaterThan(0)
  await page.goto("/shipping")
  const table = page.getByTestId("shipping-methods")
  await expect(table.locator("tbody tr")).toHaveCount(methods.length)
  for (const method of methods) {
    const row = table.locator(`tr[data-method-id="${method.id}"]`)
    await expect(row.getByRole("rowheader")).toContainText(method.name)
    await expect(row).toContainText(formatEuro(method.price))
    await expect(row).toContainText(method.zone === "germany" ? "Germany" : "Worldwide")
    await expect(row).toContainText(deliveryEstimate(method, "en") ?? "Not stated")
  }
  await page.screenshot({ path: `${SHOTS}/legal-shipping-en.png`, fullPage: true })

  await inGerman(page)
  await page.goto("/shipping")
  for (const method of methods) {
    const row = page.getByTestId("shipping-methods").locator(`tr[data-method-id="${method.id}"]`)
    await expect(row).toContainText(formatEuro(method.price, "de"))
    await expect(row).toContainText(deliveryEstimate(method, "de") ?? "Keine Angabe")
  }
  // The seeded methods have their German wording.
  const standard = methods.find((method) => method.name === "Germany Standard")
  if (standard) await expect(page.locator(`tr[data-method-id="${standard.id}"]`)).toContainText("1-2 Werktage")
})

test("the home page's FAQ and hero take prices and delivery times from the shipping methods", async ({ page }) => {
  const methods = await activeMethods(page)
  await page.goto("/")
  const faq = page.locator("#faq")
  for (const method of methods) {
    const estimate = deliveryEstimate(method, "en")
    await expect(faq).toContainText(
      estimate
        ? `${method.name}: ${formatEuro(method.price)}. Estimated delivery: ${estimate}.`
        : `${method.name}: ${formatEuro(method.price)}.`,
    )
  }
  await expect(faq.getByRole("link", { name: "Shipping methods, prices and delivery times" })).toHaveAttribute("href", "/shipping")
  await expect(page.getByText("next business day")).toHaveCount(0)
  const cheapest = Math.min(...methods.map((method) => Number(method.price)))
  await expect(page.locator(".hero__facts")).toContainText(`Shipping from ${formatEuro(cheapest)}`)

  await inGerman(page)
  await page.goto("/")
  for (const method of methods) {
    const estimate = deliveryEstimate(method, "de")
    if (estimate) await expect(page.locator("#faq")).toContainText(`Voraussichtliche Lieferzeit: ${estimate}.`)
  }
  await expect(page.getByText("nächsten Werktag")).toHaveCount(0)
})

test("the footer's tier links reach the phones' product pages", async ({ page }) => {
  const products = (await (await page.request.get("/api/products")).json()) as Product[]
  await page.goto("/products")
  for (const tier of ["Enclave Base", "Enclave Medium", "Enclave Premium Fold"]) {
    const phone = products.find((product) => product.category === "phone" && product.name === tier)!
    const link = footerOf(page).getByRole("navigation", { name: "Products" }).getByRole("link", { name: tier })
    await expect(link).toHaveAttribute("href", `/product/${phone.id}`)
    await link.click()
    await expect(page).toHaveURL(new RegExp(`/product/${phone.id}$`))
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(phone.name)
  }
})

test("the payment badges are the enabled providers', or 'Test payments' while only the sandbox card is offered", async ({ page }) => {
  const methods = (await (await page.request.get("/api/payment-methods")).json()) as PaymentMethods
  const expected = [...(methods.stripe ? ["Visa", "Mastercard", "Stripe"] : []), ...(methods.paypal ? ["PayPal"] : [])]
  if (expected.length === 0 && methods.simulatedCard) expected.push("Test payments")
  for (const path of ["/", "/privacy"]) {
    await page.goto(path)
    const badges = footerOf(page).getByTestId("payment-badges").getByRole("listitem")
    if (expected.length === 0) await expect(footerOf(page).getByTestId("payment-badges")).toHaveCount(0)
    else await expect(badges).toHaveText(expected)
  }
})

test("on a phone the legal pages fit the screen and the footer leads to them", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  try {
    for (const legal of legalPages) {
      expect((await page.goto(legal.path))?.status()).toBe(200)
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, `${legal.path} is wider than the phone`).toBeLessThanOrEqual(0)
    }
    await page.screenshot({ path: `${SHOTS}/legal-shipping-phone.png`, fullPage: true })
    await page.goto("/")
    await footerOf(page).getByRole("link", { name: "Privacy Policy" }).tap()
    await expect(page).toHaveURL(/\/privacy$/)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy")
  } finally {
    await context.close()
  }
})
