import { expect as baseExpect, type APIRequestContext, type Page } from "@playwright/test"
import { imprintFields, type AdminShopDetails } from "@enclave/contract"
import { test } from "../support/csp.ts"
import { TEST_ADMIN_PASSWORD } from "../support/shop.ts"
import { sampleShopDetails } from "../support/shop-details.ts"

/**
 * The shop details in the browser: with nothing saved the imprint shows "to be filled in" /
 * "noch einzutragen" and the dashboard warns; the admin fills the form with the keyboard only and saves;
 * the warning is gone and /imprint shows the saved values in English and German.
 *
 * The details are shop-wide: this spec runs in the shop-wide-settings project (playwright.config.ts), starts
 * from empty details whatever ran before it, and puts back what it found.
 */
test.describe.configure({ mode: "serial", timeout: 240_000 })

// The shop is shared with other suites on a busy machine: give the page time to answer.
const expect = baseExpect.configure({ timeout: 30_000 })

// The country as a German shop writes it: what is typed is what the imprint shows.
const details = { ...sampleShopDetails, country: "Deutschland" }

async function signInAsAdmin(page: Page) {
  const answer = await page.request.post("/api/login", { data: { username: "admin", password: TEST_ADMIN_PASSWORD } })
  expect(answer.status()).toBe(200)
}

async function adminDetails(request: APIRequestContext): Promise<AdminShopDetails> {
  const answer = await request.get("/api/admin/shop-details")
  expect(answer.status()).toBe(200)
  return (await answer.json()) as AdminShopDetails
}

async function saveDetails(request: APIRequestContext, body: Record<string, unknown>) {
  const answer = await request.post("/api/admin/shop-details", { data: body })
  expect(answer.status(), await answer.text()).toBe(200)
}

async function setLanguage(page: Page, language: "en" | "de") {
  // The storefront's language menu sets this cookie; the imprint and the admin read it.
  await page.context().addCookies([{ name: "language", value: language, url: test.info().project.use.baseURL! }])
}

test("the admin fills in the shop details with the keyboard; the dashboard's warning goes and the imprint shows them in en and de", async ({
  page,
}) => {
  await signInAsAdmin(page)
  const original = await adminDetails(page.request)
  try {
    await fillInAndSee(page)
  } finally {
    // Put back what was there, whatever happened above.
    const put = Object.fromEntries(imprintFields.map((field) => [field, original[field]]))
    await saveDetails(page.request, { ...put, timeZone: original.timeZone })
  }
})

async function fillInAndSee(page: Page) {
  await saveDetails(page.request, { ...Object.fromEntries(imprintFields.map((field) => [field, null])), timeZone: "Europe/Berlin" })

  // Before: every required field is a visible placeholder, in each language; no register entry yet.
  await setLanguage(page, "en")
  const imprint = await page.goto("/imprint")
  expect(imprint?.status()).toBe(200)
  await expect(page.getByRole("heading", { level: 1, name: "Imprint" })).toBeVisible()
  await expect(page.locator("[data-missing]")).toHaveCount(9)
  await expect(page.locator('[data-missing="companyName"]')).toHaveText("to be filled in")
  await expect(page.locator('[data-missing="vatId"]')).toHaveText("to be filled in")
  await setLanguage(page, "de")
  await page.goto("/imprint")
  await expect(page.getByRole("heading", { level: 1, name: "Impressum" })).toBeVisible()
  await expect(page.locator('[data-missing="email"]')).toHaveText("noch einzutragen")

  // The dashboard warns and names what is missing; its link leads to the form.
  await setLanguage(page, "en")
  await page.goto("/admin")
  const warning = page.getByTestId("imprint-warning")
  await expect(warning).toContainText("The imprint is incomplete")
  await expect(warning).toContainText("Company name (with legal form)")
  const link = warning.getByRole("link", { name: "Fill in the shop details" })
  await link.focus()
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/admin\/shop-details$/)
  await expect(page.locator("#shop-details-title")).toHaveText("Shop details")

  // Keyboard only: the first field, then Tab from field to field in the form's order, Enter saves.
  await page.getByTestId("shop-details-companyName").focus()
  for (const field of imprintFields) {
    await expect(page.getByTestId(`shop-details-${field}`)).toBeFocused()
    await page.keyboard.type(details[field])
    await page.keyboard.press("Tab")
  }
  await expect(page.getByTestId("shop-details-timeZone")).toBeFocused()
  await expect(page.getByTestId("shop-details-timeZone")).toHaveValue("Europe/Berlin")
  await page.keyboard.press("Enter")
  await expect(page.locator(".ant-notification-notice").filter({ hasText: "Shop details saved" })).toBeVisible()
  await expect(page.getByText("Nothing changed yet")).toBeVisible()
  expect(await adminDetails(page.request)).toMatchObject({ ...details, missingFields: [] })

  // The warning is gone once the dashboard has loaded.
  await page.goto("/admin")
  await expect(page.getByTestId("card-users")).toBeVisible()
  await expect(page.getByTestId("imprint-warning")).toHaveCount(0)

  // The imprint shows what was saved, on the next request, in both languages.
  for (const [language, heading] of [
    ["en", "Imprint"],
    ["de", "Impressum"],
  ] as const) {
    await setLanguage(page, language)
    await page.goto("/imprint")
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible()
    await expect(page.locator("[data-missing]")).toHaveCount(0)
    for (const field of imprintFields) await expect(page.locator(`[data-field="${field}"]`), field).toContainText(details[field])
  }
  await expect(page.getByRole("link", { name: details.email })).toHaveAttribute("href", `mailto:${details.email}`)
}
