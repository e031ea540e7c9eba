import { expect as baseExpect, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test"
import { actAsShopPages, test } from "../support/csp.ts"
import { newUserDetails } from "../support/api.ts"
import { TEST_ADMIN_PASSWORD } from "../support/shop.ts"

/**
 * The admin's shipping methods page (docs/product.md §2, §5, §8) in the browser: list in sort order, create
 * with the form's rules, edit, make default, deactivate and delete, each seen in the storefront's
 * checkout picker by a customer. Other suites check out on the same shop and expect its default
 * method, so this test's method is the default only briefly, and the original default is restored.
 */

test.describe.configure({ timeout: 180_000 })

interface ShippingMethod {
  id: number
  name: string
  description: string
  price: string
  isDefault: boolean
  isActive: boolean
  sortOrder: number
  zone: string
  estimated_delivery: string | null
  estimated_delivery_de?: string | null
}

const SHOTS = "test-results/screenshots"
// The shop is shared with other suites on a busy machine: give the page time to answer.
const expect = baseExpect.configure({ timeout: 30_000 })

async function signInAsAdmin(page: Page) {
  const answer = await page.request.post("/api/login", { data: { username: "admin", password: TEST_ADMIN_PASSWORD } })
  expect(answer.status()).toBe(200)
}

async function adminMethods(request: APIRequestContext): Promise<ShippingMethod[]> {
  const answer = await request.get("/api/admin/shipping-methods")
  expect(answer.status()).toBe(200)
  return (await answer.json()) as ShippingMethod[]
}

function sortOrderOf(methods: ShippingMethod[]): number[] {
  return [...methods].sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name) || a.id - b.id).map((m) => m.id)
}

async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: `${SHOTS}/admin-shipping-${name}.png`, fullPage: true })
}

/** A customer with something in the cart, on /checkout's first step in a page of their own. */
async function customerAtCheckout(customer: Page) {
  const registered = await customer.request.post("/api/register", { data: newUserDetails() })
  expect(registered.status(), await registered.text()).toBe(201)
  const products = (await (await customer.request.get("/api/products")).json()) as Array<{ id: number; stockQuantity: number }>
  const product = products.find((p) => p.stockQuantity > 5)
  if (!product) throw new Error("no product in stock to put in the cart")
  const added = await customer.request.post("/api/cart", { data: { productId: product.id, quantity: 1 } })
  expect(added.ok(), await added.text()).toBeTruthy()
}

/**
 * /checkout in a new tab of the customer's context: a tab of its own has a fresh session storage,
 * so the picker shows what the shop preselects, not the choice remembered from an earlier visit.
 */
async function openCheckout(customer: BrowserContext): Promise<Page> {
  for (const open of customer.pages()) await open.close()
  const checkout = await customer.newPage()
  await checkout.goto("/checkout")
  await expect(checkout.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible()
  await expect(checkout.getByRole("radio").first()).toBeVisible()
  // The server renders the picker before the island runs; a choice clicked before then is undone by hydration.
  await expect(checkout.getByRole("button", { name: "Continue to Payment" })).toBeEnabled({ timeout: 20_000 })
  return checkout
}

test("the admin creates, edits, defaults, deactivates and deletes a shipping method", async ({ page, browser }) => {
  test.setTimeout(240_000)
  await signInAsAdmin(page)
  const before = await adminMethods(page.request)
  const originalDefault = before.find((m) => m.isDefault) ?? before[0]
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const name = `Test Courier ${tag}`
  const createdIds: number[] = []
  const errors: string[] = []
  page.on("pageerror", (e) => errors.push(e.message))

  const customerContext = await browser.newContext({ baseURL: process.env.ENCLAVE_URL })
  actAsShopPages(customerContext.request)
  try {
    await customerAtCheckout(await customerContext.newPage())
    let customer: Page

    // The list, in sort order, with the way back to the dashboard.
    await page.goto("/admin/shipping")
    await expect(page.locator("#shipping-title")).toHaveText("Shipping Methods")
    await expect(page).toHaveTitle(/Shipping \| Enclave Admin/)
    await expect(page.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/admin")
    const rows = page.locator("tbody tr[data-row-key]")
    await expect(rows).toHaveCount(before.length)
    const shownIds = await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute("data-row-key"))))
    expect(shownIds).toEqual(sortOrderOf(await adminMethods(page.request)))
    await expect(page.locator(`tr[data-row-key="${originalDefault.id}"]`)).toContainText("Default")
    await screenshot(page, "list")

    // The form's rules (docs/product.md §5), then a valid method.
    await page.getByRole("button", { name: "Add Shipping Method" }).click()
    const dialog = page.getByRole("dialog", { name: "Add Shipping Method" })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByLabel("Name", { exact: true })).toBeFocused()
    await dialog.getByLabel("Name", { exact: true }).fill("A")
    await dialog.getByLabel("Price (€)").fill("-1")
    await dialog.getByRole("button", { name: "Create" }).click()
    await expect(dialog.getByText("Name must be at least 2 characters")).toBeVisible()
    await expect(dialog.getByText("Description must be at least 2 characters")).toBeVisible()
    await expect(dialog.getByText("Price must be a valid number greater than or equal to 0")).toBeVisible()
    await expect(dialog.getByRole("switch", { name: "Active" })).toBeChecked()
    await expect(dialog.getByRole("switch", { name: "Default method" })).not.toBeChecked()
    await expect(dialog.getByLabel("Sort order")).toHaveValue("0")
    await screenshot(page, "form-errors")
    await dialog.getByLabel("Name", { exact: true }).fill(name)
    await dialog.getByLabel("Description", { exact: true }).fill("Delivered by a test courier")
    await dialog.getByLabel("Price (€)").fill("7.50")
    await dialog.getByLabel("Estimated delivery", { exact: true }).fill("2-3 business days")
    await dialog.getByLabel("Estimated delivery (German)").fill("2-3 Werktage")
    await dialog.getByLabel("Name (German)").fill(`Kurier ${name}`)
    await dialog.getByLabel("Description (German)").fill("Von einem Testkurier gebracht")
    await dialog.getByLabel("Sort order").fill("90")
    // Where it ships: Worldwide unless the admin picks Germany (the customer below lives there).
    await expect(dialog.getByRole("combobox", { name: "Ships to" })).toBeVisible()
    await dialog.getByText("Worldwide (every other country)").click()
    await page.locator('.ant-select-item-option[title="Germany"]').click()
    await expect(dialog.locator(".ant-select-selection-item")).toHaveText("Germany")
    await expect(dialog.getByText("Name must be at least 2 characters")).toHaveCount(0)
    await dialog.getByRole("button", { name: "Create" }).click()
    await expect(page.getByText("Shipping Method Created")).toBeVisible()
    await expect(page.getByText(`${name} has been created.`)).toBeVisible()
    await expect(dialog).toBeHidden()
    const created = (await adminMethods(page.request)).find((m) => m.name === name)
    expect(created).toMatchObject({ price: "7.50", isActive: true, isDefault: false, sortOrder: 90, zone: "germany" })
    expect(created).toMatchObject({ estimated_delivery: "2-3 business days", estimated_delivery_de: "2-3 Werktage" })
    expect(created).toMatchObject({ name_de: `Kurier ${name}`, description_de: "Von einem Testkurier gebracht" })
    createdIds.push(created!.id)
    const row = page.locator(`tr[data-row-key="${created!.id}"]`)
    await expect(row).toContainText("€7.50")
    await expect(row).toContainText("2-3 business days")
    await expect(row).toContainText(`Kurier ${name}`)
    await expect(row).toContainText("Germany")

    // The customer sees it in the checkout picker.
    customer = await openCheckout(customerContext)
    await expect(customer.getByRole("radio", { name: new RegExp(name) })).toBeVisible()
    await expect(customer.getByRole("radio", { name: new RegExp(originalDefault.name) })).toBeChecked()

    // Edit: the dialog opens filled in; a new price is saved.
    await page.getByRole("button", { name: `Edit ${name}` }).click()
    const editDialog = page.getByRole("dialog", { name: "Edit Shipping Method" })
    await expect(editDialog.getByLabel("Name", { exact: true })).toBeFocused()
    await expect(editDialog.getByLabel("Name", { exact: true })).toHaveValue(name)
    await expect(editDialog.getByLabel("Price (€)")).toHaveValue("7.50")
    await editDialog.getByLabel("Price (€)").fill("8.25")
    await editDialog.getByLabel("Description", { exact: true }).fill("Delivered by a faster test courier")
    await editDialog.getByRole("button", { name: "Save" }).click()
    await expect(page.getByText(`${name} has been updated.`)).toBeVisible()
    await expect(row).toContainText("€8.25")
    await expect(row).toContainText("Delivered by a faster test courier")

    // Make it the default: the mark moves, and checkout preselects it. Then give the default back
    // at once (other suites expect it).
    await page.getByRole("button", { name: `Make ${name} the default` }).click()
    await expect(page.getByText(`${name} is now the default.`)).toBeVisible()
    await expect(row.getByText("Default", { exact: true })).toBeVisible()
    await expect(page.locator(`tr[data-row-key="${originalDefault.id}"]`).getByText("Default", { exact: true })).toHaveCount(0)
    customer = await openCheckout(customerContext)
    await expect(customer.getByRole("radio", { name: new RegExp(name) })).toBeChecked()
    await page.getByRole("button", { name: `Make ${originalDefault.name} the default` }).click()
    await expect(page.getByText(`${originalDefault.name} is now the default.`)).toBeVisible()
    await expect(page.locator(`tr[data-row-key="${originalDefault.id}"]`).getByText("Default", { exact: true })).toBeVisible()
    expect((await adminMethods(page.request)).find((m) => m.isDefault)?.id).toBe(originalDefault.id)

    // Deactivate: dimmed with an 'Inactive' tag, and gone from the checkout picker.
    await page.getByRole("button", { name: `Edit ${name}` }).click()
    await editDialog.getByRole("switch", { name: "Active" }).click()
    await expect(editDialog.getByRole("switch", { name: "Active" })).not.toBeChecked()
    await editDialog.getByRole("button", { name: "Save" }).click()
    await expect(editDialog).toBeHidden()
    await expect(row.getByText("Inactive", { exact: true })).toBeVisible()
    await expect(row).toHaveAttribute("data-active", "false")
    await expect(row.locator("td").first()).toHaveCSS("opacity", "0.55")
    await screenshot(page, "inactive")
    customer = await openCheckout(customerContext)
    await expect(customer.getByRole("radio", { name: new RegExp(originalDefault.name) })).toBeChecked()
    await expect(customer.getByRole("radio", { name: new RegExp(name) })).toHaveCount(0)
    await customer.screenshot({ path: `${SHOTS}/admin-shipping-checkout-picker.png`, fullPage: true })

    // Delete asks first; cancelling keeps the method.
    await page.getByRole("button", { name: `Delete ${name}` }).click()
    const confirm = page.getByRole("tooltip").filter({ hasText: "Delete this shipping method?" })
    await expect(confirm).toContainText(`${name} will no longer be offered at checkout.`)
    await confirm.getByRole("button", { name: "Cancel" }).click()
    await expect(row).toBeVisible()
    await page.getByRole("button", { name: `Delete ${name}` }).click()
    await confirm.getByRole("button", { name: "Delete" }).click()
    await expect(page.getByText(`${name} has been deleted.`)).toBeVisible()
    await expect(row).toHaveCount(0)
    expect((await adminMethods(page.request)).some((m) => m.id === created!.id)).toBe(false)
    createdIds.length = 0
    expect(errors).toEqual([])
  } finally {
    for (const id of createdIds) await page.request.delete(`/api/admin/shipping-methods/${id}`)
    const now = await adminMethods(page.request)
    if (now.find((m) => m.isDefault)?.id !== originalDefault.id && now.some((m) => m.id === originalDefault.id)) {
      await page.request.put(`/api/admin/shipping-methods/${originalDefault.id}`, { data: { isDefault: true } })
    }
    await customerContext.close()
  }
})

test("a failing save shows the server's message; a failing list load says so", async ({ page }) => {
  await signInAsAdmin(page)
  await page.goto("/admin/shipping")
  await expect(page.locator("tbody tr[data-row-key]").first()).toBeVisible()

  // The server refuses the method: its message is the toast's text.
  await page.route("**/api/admin/shipping-methods", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({
          status: 409,
          contentType: "application/json",
          body: JSON.stringify({ message: "A shipping method with this name exists", details: "" }),
        })
      : route.continue(),
  )
  await page.getByRole("button", { name: "Add Shipping Method" }).click()
  const dialog = page.getByRole("dialog", { name: "Add Shipping Method" })
  // The dialog puts the focus on the name once it has opened: type after that.
  await expect(dialog.getByLabel("Name", { exact: true })).toBeFocused()
  await dialog.getByLabel("Name", { exact: true }).fill("Never saved")
  await dialog.getByLabel("Description", { exact: true }).fill("Refused by the server")
  await dialog.getByLabel("Price (€)").fill("1")
  await dialog.getByRole("button", { name: "Create" }).click()
  await expect(page.getByText("A shipping method with this name exists")).toBeVisible()
  await expect(dialog).toBeVisible()
  await page.keyboard.press("Escape")
  await expect(dialog).toBeHidden()

  // No message at all: 'Failed to create shipping method'.
  await page.unrouteAll()
  await page.route("**/api/admin/shipping-methods", (route) =>
    route.request().method() === "POST" ? route.fulfill({ status: 500, body: "" }) : route.continue(),
  )
  await page.getByRole("button", { name: "Add Shipping Method" }).click()
  await expect(dialog.getByLabel("Name", { exact: true })).toBeFocused()
  await dialog.getByLabel("Name", { exact: true }).fill("Never saved")
  await dialog.getByLabel("Description", { exact: true }).fill("Refused by the server")
  await dialog.getByLabel("Price (€)").fill("1")
  await dialog.getByRole("button", { name: "Create" }).click()
  await expect(page.getByText("Internal Server Error").or(page.getByText("Failed to create shipping method")).first()).toBeVisible()
  await page.unrouteAll()

  // The list cannot be loaded.
  await page.route("**/api/admin/shipping-methods", (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "Service Unavailable" }) }),
  )
  await page.goto("/admin/shipping")
  // A toast and, in the page, the error with a way to try again.
  await expect(page.locator(".ant-notification-notice").filter({ hasText: "Failed to fetch shipping methods" })).toBeVisible()
  await expect(page.getByRole("alert").filter({ hasText: "Retry" })).toContainText("Failed to fetch shipping methods")
  await expect(page.getByTestId("request-error-message")).toHaveText("503: Service Unavailable")
  await page.unrouteAll()
  await page.getByRole("button", { name: "Retry" }).click()
  await expect(page.locator("tbody tr[data-row-key]").first()).toBeVisible()
})

test("a field clicked while the dialog is still opening keeps the focus and the typing", async ({ page }) => {
  await signInAsAdmin(page)
  await page.goto("/admin/shipping")
  await expect(page.locator("tbody tr[data-row-key]").first()).toBeVisible()

  // In the page, so the click lands in the dialog's first frames, long before its opening animation ends.
  const clickedWhileOpening = await page.evaluate(async () => {
    const add = [...document.querySelectorAll("button")].find((b) => b.textContent?.includes("Add Shipping Method"))
    add!.click()
    for (;;) {
      await new Promise((next) => requestAnimationFrame(next))
      const description = document.querySelector<HTMLTextAreaElement>(".ant-modal textarea")
      if (!description) continue
      description.focus()
      return document.querySelector(".ant-modal")!.className.includes("zoom")
    }
  })
  expect(clickedWhileOpening).toBe(true)
  const dialog = page.getByRole("dialog", { name: "Add Shipping Method" })
  // The animation has ended (its classes are gone) and the frame after it, where the dialog would take the focus, has run.
  await expect(page.locator(".ant-modal")).not.toHaveClass(/zoom/)
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
  await expect(dialog.getByLabel("Description", { exact: true })).toBeFocused()
  await page.keyboard.type("Typed while opening")
  await expect(dialog.getByLabel("Description", { exact: true })).toHaveValue("Typed while opening")
  await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue("")
  await page.keyboard.press("Escape")
  await expect(dialog).toBeHidden()
})

/**
 * The methods are the one truth for delivery times. An estimate the admin saves shows on the next request
 * on the shipping page, in the home FAQ and in checkout's note, in English and German; a method without a German
 * wording shows the English one on German pages. The test's method is in the Germany zone and never the default.
 */
test("a delivery estimate the admin saves is what the shipping page, the FAQ and checkout's note say", async ({ page, browser }) => {
  test.setTimeout(240_000)
  await signInAsAdmin(page)
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const name = `Estimate Courier ${tag}`
  const created = await page.request.post("/api/admin/shipping-methods", {
    data: { name, description: "Delivered by bicycle", price: "9.90", zone: "germany", sortOrder: 95, estimated_delivery: `3 days ${tag}` },
  })
  expect(created.status(), await created.text()).toBe(201)
  const method = (await created.json()) as ShippingMethod
  const customerContext = await browser.newContext({ baseURL: process.env.ENCLAVE_URL })
  actAsShopPages(customerContext.request)
  try {
    const visitor = await browser.newPage({ baseURL: process.env.ENCLAVE_URL })
    const shippingRow = () => visitor.getByTestId("shipping-methods").locator(`tr[data-method-id="${method.id}"]`)
    // Rendered (and kept by the page cache) with the first estimate …
    await visitor.goto("/shipping")
    await expect(shippingRow()).toContainText(`3 days ${tag}`)
    await visitor.goto("/")
    await expect(visitor.locator("#faq")).toContainText(`${name}: €9.90. Estimated delivery: 3 days ${tag}.`)
    // … without a German wording, German pages state the English one.
    await visitor.context().addCookies([{ name: "language", value: "de", url: process.env.ENCLAVE_URL! }])
    await visitor.goto("/shipping")
    await expect(shippingRow()).toContainText(`3 days ${tag}`)

    // The admin saves new wordings in the form: the very next requests show them, cached pages included.
    await page.goto("/admin/shipping")
    await page.getByRole("button", { name: `Edit ${name}` }).click()
    const dialog = page.getByRole("dialog", { name: "Edit Shipping Method" })
    await dialog.getByLabel("Estimated delivery", { exact: true }).fill(`2 days ${tag}`)
    await dialog.getByLabel("Estimated delivery (German)").fill(`2 Tage ${tag}`)
    await dialog.getByRole("button", { name: "Save" }).click()
    // The toast follows the save, which writes the method and bumps the pages' caches: more than the
    // default 5 s on a busy machine.
    await expect(page.getByText(`${name} has been updated.`)).toBeVisible({ timeout: 20_000 })
    await expect(dialog).toBeHidden()
    await expect(page.locator(`tr[data-row-key="${method.id}"]`)).toContainText(`2 Tage ${tag}`)

    await visitor.goto("/shipping")
    await expect(shippingRow()).toContainText(`2 Tage ${tag}`)
    await visitor.goto("/")
    await expect(visitor.locator("#faq")).toContainText(`${name}: 9,90 €. Voraussichtliche Lieferzeit: 2 Tage ${tag}.`)
    await visitor.context().addCookies([{ name: "language", value: "en", url: process.env.ENCLAVE_URL! }])
    await visitor.goto("/shipping")
    await expect(visitor.locator("html")).toHaveAttribute("lang", "en")
    await expect(shippingRow()).toContainText(`2 days ${tag}`)
    await expect(shippingRow()).not.toContainText(`3 days ${tag}`)
    await visitor.close()

    // Checkout's note states the chosen method's estimate.
    await customerAtCheckout(await customerContext.newPage())
    const customer = await openCheckout(customerContext)
    await customer.getByRole("radio", { name: new RegExp(name) }).check()
    const note = customer.getByTestId("delivery-note")
    await expect(note).toContainText(`Delivery with ${name}`)
    await expect(note).toContainText(`Estimated delivery: 2 days ${tag}`)
    await expect(note.getByRole("link", { name: "Shipping methods, prices and delivery times" })).toHaveAttribute("href", "/shipping")
  } finally {
    await customerContext.close()
    expect((await page.request.delete(`/api/admin/shipping-methods/${method.id}`)).status()).toBe(200)
  }
})

test("the shipping methods page speaks German", async ({ page }) => {
  await signInAsAdmin(page)
  await page.context().addCookies([{ name: "language", value: "de", url: process.env.ENCLAVE_URL! }])
  await page.goto("/admin/shipping")
  await expect(page.locator("#shipping-title")).toHaveText("Versandarten")
  await expect(page.getByRole("button", { name: "Versandart hinzufügen" })).toBeVisible()
  await expect(page.getByText("Standard", { exact: true }).first()).toBeVisible()
  await page.getByRole("button", { name: "Versandart hinzufügen" }).click()
  const dialog = page.getByRole("dialog", { name: "Versandart hinzufügen" })
  await expect(dialog.getByLabel("Name", { exact: true })).toBeFocused()
  await dialog.getByRole("button", { name: "Anlegen" }).click()
  await expect(dialog.getByText("Der Name muss mindestens 2 Zeichen lang sein")).toBeVisible()
  await expect(dialog.getByText("Der Preis muss eine gültige Zahl größer oder gleich 0 sein")).toBeVisible()
  await screenshot(page, "form-de")
  await page.keyboard.press("Escape")
  await screenshot(page, "list-de")
})
