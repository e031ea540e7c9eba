import { expect as baseExpect, type Page } from "@playwright/test"
import { test } from "../support/csp.ts"
import { randomBytes } from "node:crypto"
import { TEST_ADMIN_PASSWORD } from "../support/shop.ts"

/**
 * Product content in German, in a browser against the real shop: a German product page shows the
 * product's German description, features and specification values, and what the admin types into the product
 * form's German fields shows on the German page while the English page keeps the English texts.
 */

// The admin's dialog comes as a lazily loaded chunk from a shop other suites keep busy.
const expect = baseExpect.configure({ timeout: 30_000 })

async function useLanguage(page: Page, language: "en" | "de") {
  await page.context().addCookies([{ name: "language", value: language, url: test.info().project.use.baseURL ?? process.env.ENCLAVE_URL! }])
}

const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true })
const panel = (page: Page, id: "specifications" | "features") => page.locator(`#panel-${id}`)

test.describe("product content in German", () => {
  test.describe.configure({ timeout: 180_000 })

  test("a German product page shows the seeded product's German description, features and specifications", async ({ page }) => {
    await useLanguage(page, "de")
    await page.goto("/product/1")
    await expect(page.locator("html")).toHaveAttribute("lang", "de")
    await expect(page.getByRole("heading", { level: 1, name: "Enclave Base" })).toBeVisible()
    await expect(page.locator(".product__description")).toHaveText(/^Das verschlüsselte Smartphone für den Einstieg/)
    await expect(page.locator(".product__features")).toContainText("Hardwaregestützter Schlüsselspeicher")
    await expect(page.locator(".product__features")).not.toContainText("Hardware-backed key storage")

    await expect(panel(page, "specifications")).toContainText("Octa-Core mit 2,4 GHz und Secure Enclave")
    await expect(panel(page, "specifications")).toContainText("Arbeitsspeicher")
    await tab(page, "Funktionen").click()
    await expect(panel(page, "features")).toBeVisible()
    await expect(panel(page, "features").locator("h3", { hasText: "Verschlüsselte Sprachanrufe" })).toBeVisible()
    // The longer explanation is found for the German wording too.
    await expect(panel(page, "features")).not.toContainText("Diese Funktion ist Teil des mehrschichtigen Schutzes")

    // What search engines read describes the product in the page's language.
    const structured = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}")
    expect(structured.description).toMatch(/^Das verschlüsselte Smartphone/)
    await page.screenshot({ path: "test-results/screenshots/product-german.png", fullPage: true })

    await useLanguage(page, "en")
    await page.goto("/product/1")
    await expect(page.locator(".product__description")).toHaveText(/^The essential encrypted smartphone/)
    await expect(panel(page, "specifications")).toContainText("Octa-core 2.4 GHz with secure enclave")
  })

  test("German texts entered in the admin's product form show on the German page; the English page stays English", async ({ page }) => {
    expect((await page.request.post("/api/login", { data: { username: "admin", password: TEST_ADMIN_PASSWORD } })).status()).toBe(200)
    const name = `E2E Bilingual ${randomBytes(4).toString("hex")}`
    const created = await page.request.post("/api/admin/products", {
      data: {
        name,
        description: "A phone the German content test made",
        price: "321.00",
        stockQuantity: 5,
        features: ["Encrypted messaging", "Tamper detection"],
        specifications: { battery: "4,000 mAh" },
      },
    })
    expect(created.status(), await created.text()).toBe(201)
    const { id } = (await created.json()) as { id: number }
    try {
      // Before the admin adds German: the German page shows the English texts rather than none.
      await useLanguage(page, "de")
      await page.goto(`/product/${id}`)
      await expect(page.locator(".product__description")).toHaveText("A phone the German content test made")

      await useLanguage(page, "en")
      await page.goto(`/admin/products`)
      const search = page.locator('input[aria-label="Search products"]')
      await search.fill(name)
      await search.press("Enter")
      const row = page.locator(`tr[data-row-key="${id}"]`)
      await row.getByRole("button", { name: `Edit ${name}` }).click()
      const form = page.locator(".ant-modal-content")
      await expect(form.getByText("Edit product")).toBeVisible()
      // The German fields sit beside the English ones they translate.
      await expect(form.getByLabel("Feature 2", { exact: true })).toHaveValue("Tamper detection")
      await form.getByLabel("Description (German)").fill("Ein Telefon, das der Test für deutsche Inhalte angelegt hat")
      await form.getByLabel("Feature 1 (German)", { exact: true }).fill("Verschlüsselte Nachrichten")
      await form.getByLabel("Feature 2 (German)", { exact: true }).fill("Manipulationserkennung")
      await form.getByLabel("Specification 1 value (German)", { exact: true }).fill("4.000 mAh")
      await page.screenshot({ path: "test-results/screenshots/admin-product-german-fields.png", fullPage: true })
      await form.getByRole("button", { name: "Save changes" }).click()
      await expect(page.locator(".ant-notification-notice", { hasText: "Product Updated" })).toBeVisible()
      await expect(form).toHaveCount(0)

      // The next German page shows them (the page cache and the facade's cache are both behind the save).
      await useLanguage(page, "de")
      await page.goto(`/product/${id}`)
      await expect(page.locator(".product__description")).toHaveText("Ein Telefon, das der Test für deutsche Inhalte angelegt hat")
      await expect(page.locator(".product__features")).toContainText("Manipulationserkennung")
      await expect(panel(page, "specifications")).toContainText("4.000 mAh")

      await useLanguage(page, "en")
      await page.goto(`/product/${id}`)
      await expect(page.locator(".product__description")).toHaveText("A phone the German content test made")
      await expect(page.locator(".product__features")).toContainText("Tamper detection")
      await expect(page.locator(".product__features")).not.toContainText("Manipulationserkennung")
      await expect(panel(page, "specifications")).toContainText("4,000 mAh")

      // The edit form, opened again, holds the saved German texts beside the English ones.
      await page.goto(`/admin/products`)
      await page.locator('input[aria-label="Search products"]').fill(name)
      await page.locator('input[aria-label="Search products"]').press("Enter")
      await page
        .locator(`tr[data-row-key="${id}"]`)
        .getByRole("button", { name: `Edit ${name}` })
        .click()
      await expect(form.getByLabel("Feature 2 (German)", { exact: true })).toHaveValue("Manipulationserkennung")
      await expect(form.getByLabel("Description", { exact: true })).toHaveValue("A phone the German content test made")
    } finally {
      await page.request.delete(`/api/admin/products/${id}`)
    }
  })

  test("a German-speaking admin sees the German fields' problems in German, on the field they concern", async ({ page }) => {
    expect((await page.request.post("/api/login", { data: { username: "admin", password: TEST_ADMIN_PASSWORD } })).status()).toBe(200)
    const name = `E2E Deutsch ${randomBytes(4).toString("hex")}`
    const created = await page.request.post("/api/admin/products", {
      data: { name, price: "123.00", features: ["Encrypted messaging"], specifications: { battery: "4,000 mAh" } },
    })
    expect(created.status(), await created.text()).toBe(201)
    const { id } = (await created.json()) as { id: number }
    try {
      await useLanguage(page, "de")
      await page.goto("/admin/products")
      const search = page.getByRole("searchbox", { name: "Produkte suchen" })
      await search.fill(name)
      await search.press("Enter")
      await page
        .locator(`tr[data-row-key="${id}"]`)
        .getByRole("button", { name: `${name} bearbeiten` })
        .click()
      const form = page.locator(".ant-modal-content")
      await expect(form.getByText("Produkt bearbeiten")).toBeVisible()

      // The German inputs are labelled in German, and are reached from their English ones by the keyboard.
      const feature = form.getByRole("textbox", { name: "Merkmal 1", exact: true })
      const featureDe = form.getByRole("textbox", { name: "Merkmal 1 (Deutsch)", exact: true })
      // The dialog takes focus to itself once its opening animation ends; a focus given before then is taken
      // back, so the step is repeated until the focus stays where it was put.
      await expect(async () => {
        await feature.focus()
        await page.keyboard.press("Tab")
        await expect(featureDe).toBeFocused({ timeout: 1_000 })
      }).toPass()

      // The form's own checks, as the admin types: each message in German, tied to its input.
      const descriptionDe = form.getByRole("textbox", { name: "Beschreibung (Deutsch)" })
      await descriptionDe.fill("x".repeat(5001))
      const descriptionTooLong = "Die deutsche Beschreibung darf höchstens 5000 Zeichen lang sein"
      await expect(form.getByText(descriptionTooLong)).toBeVisible()
      await expect(descriptionDe).toHaveAttribute("aria-invalid", "true")
      await expect(descriptionDe).toHaveAccessibleDescription(new RegExp(descriptionTooLong))

      await featureDe.fill("y".repeat(201))
      const featureTooLong = "Ein deutsches Merkmal darf höchstens 200 Zeichen lang sein"
      await expect(featureDe).toHaveAttribute("aria-invalid", "true")
      await expect(featureDe).toHaveAccessibleDescription(featureTooLong)
      await expect(feature).not.toHaveAttribute("aria-invalid", "true")

      const specificationDe = form.getByRole("textbox", { name: "Wert der Angabe 1 (Deutsch)", exact: true })
      await specificationDe.fill("z".repeat(1001))
      await expect(specificationDe).toHaveAccessibleDescription("Der deutsche Wert einer Angabe darf höchstens 1000 Zeichen lang sein")
      await expect(form).not.toContainText("must be")
      await page.screenshot({ path: "test-results/screenshots/admin-product-german-messages.png", fullPage: true })

      // Save is refused by the form while they stand: nothing reaches the shop.
      await form.getByRole("button", { name: "Änderungen speichern" }).click()
      await expect(form).toBeVisible()
      await expect(page.locator(".ant-notification-notice", { hasText: "Produkt aktualisiert" })).toHaveCount(0)

      // A problem only the server sees (a NUL character, which the database cannot store): its 400 names
      // the field, and the admin reads it in German on that field and in the error toast.
      await descriptionDe.fill("Ein Telefon")
      await specificationDe.fill("4.000 mAh")
      await featureDe.fill("Verschlüsselte\u0000Nachrichten")
      await expect(featureDe).not.toHaveAttribute("aria-invalid", "true")
      await form.getByRole("button", { name: "Änderungen speichern" }).click()
      const nulMessage = "Der Text darf keine NUL-Zeichen (U+0000) enthalten"
      await expect(page.locator(".ant-notification-notice", { hasText: "Fehler" })).toContainText(nulMessage)
      await expect(featureDe).toHaveAccessibleDescription(nulMessage)
      await expect(form).not.toContainText("must not")

      // Corrected, it saves.
      await featureDe.fill("Verschlüsselte Nachrichten")
      await form.getByRole("button", { name: "Änderungen speichern" }).click()
      await expect(page.locator(".ant-notification-notice", { hasText: "Produkt aktualisiert" })).toBeVisible()
      await expect(form).toHaveCount(0)
      const saved = (await (await page.request.get(`/api/admin/products/${id}`)).json()) as { featuresDe: Record<string, string> }
      expect(saved.featuresDe).toEqual({ "Encrypted messaging": "Verschlüsselte Nachrichten" })
    } finally {
      await page.request.delete(`/api/admin/products/${id}`)
    }
  })

  test("more than the stock is refused on a German page in German, with the product's German name", async ({ page }) => {
    const details = {
      username: `de-stock-${randomBytes(4).toString("hex")}`,
      email: `de-stock-${randomBytes(4).toString("hex")}@example.org`,
    }
    const registered = await page.request.post("/api/register", {
      data: {
        ...details,
        password: "correct horse battery",
        isAdmin: false,
        addressLine1: "Unter den Linden 1",
        city: "Berlin",
        state: "Berlin",
        postalCode: "10117",
        country: "Germany",
      },
    })
    expect(registered.status()).toBe(201)
    await useLanguage(page, "de")
    // The Faraday Sleeve (product 4): one more than it has.
    const { stockQuantity } = (await (await page.request.get("/api/products/4")).json()) as { stockQuantity: number }
    await page.goto("/product/4")
    await page.getByRole("spinbutton").fill(String(stockQuantity + 1))
    await page.getByRole("button", { name: /In den Warenkorb/ }).click()
    await expect(page.getByText(/Nur noch \d+ × Faraday-Hülle auf Lager/).first()).toBeVisible()
    await expect(page.getByText("left in stock")).toHaveCount(0)
  })
})
