import { expect as baseExpect, type APIRequestContext, type Page } from "@playwright/test"
import { test } from "../support/csp.ts"
import { randomBytes } from "node:crypto"
import { serve, startImageServer } from "../support/image-server.ts"
import { TEST_ADMIN_PASSWORD } from "../support/shop.ts"

/**
 * The back office's products page (docs/product.md §2, §5, §8, §9): the sort menu, the add and edit dialogs
 * with the contract's validation messages, delete with confirmation, image upload with preview,
 * against the real shop. Other suites share the shop, so counts and stock are read from the API
 * and every record made here has a unique name and is deleted again.
 */

/** Real 1×1 images: the facade checks the file's bytes, not its name. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64")
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64")
const NO_IMAGE_URL = "/images/products/no-image.svg"

// Pages arrive as lazily loaded chunks from a shop other suites keep busy (two browsers and the
// shop on two cores): allow them time, as a first page load there has taken over 15 s.
const expect = baseExpect.configure({ timeout: 30_000 })

interface ApiProduct {
  id: number
  name: string
  description: string
  price: string
  imageUrl: string
  category: string
  securityLevel: number
  stockQuantity: number
  features: string[]
  specifications: Record<string, string>
}

const uniqueName = (what: string) => `E2E ${what} ${randomBytes(4).toString("hex")}`

async function productsNow(request: APIRequestContext): Promise<ApiProduct[]> {
  const response = await request.get("/api/products")
  expect(response.status()).toBe(200)
  return (await response.json()) as ApiProduct[]
}

async function productNamed(request: APIRequestContext, name: string): Promise<ApiProduct | undefined> {
  return (await productsNow(request)).find((product) => product.name === name)
}

/** The toast with this title (antd notification), with its description. */
const toast = (page: Page, title: string) =>
  page.locator(".ant-notification-notice").filter({ has: page.locator(".ant-notification-notice-message", { hasText: title }) })

const dialog = (page: Page) => page.locator(".ant-modal-content")

async function searchFor(page: Page, text: string) {
  const search = page.locator('input[aria-label="Search products"]')
  await search.fill(text)
  await search.press("Enter")
}

async function rowIds(page: Page): Promise<number[]> {
  await expect(page.locator(".ant-table-tbody tr[data-row-key]").first()).toBeVisible()
  return (
    await page.locator(".ant-table-tbody tr[data-row-key]").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-row-key")))
  ).map(Number)
}

/**
 * The table's rows are in this order (ties by id), by the facade's values of the moment: other
 * workers create, change and delete products meanwhile, so the page's members are not compared.
 */
async function expectSortedBy(page: Page, compare: (a: ApiProduct, b: ApiProduct) => number) {
  await expect
    .poll(async () => {
      const byId = new Map((await productsNow(page.request)).map((p) => [p.id, p]))
      // Products this suite makes change while another worker runs; the rest stay put.
      const rows = (await rowIds(page))
        .map((id) => byId.get(id))
        .filter((p): p is ApiProduct => p !== undefined && !p.name.startsWith("E2E "))
      if (rows.length < 2) return "too few rows"
      for (let i = 1; i < rows.length; i++) {
        const [a, b] = [rows[i - 1]!, rows[i]!]
        if ((compare(a, b) || a.id - b.id) > 0) return `${a.id} before ${b.id}`
      }
      return "sorted"
    })
    .toBe("sorted")
}

/**
 * Chooses an entry of the sort menu by clicking, as a user would. The menu is a virtual list
 * that scrolls to the current entry as it opens, so a click that landed mid-scroll is tried again
 * (the menu must end up showing the entry, which is what the test is about).
 */
async function chooseSort(page: Page, label: string) {
  const menu = page.getByTestId("products-sort")
  await expect(async () => {
    if (!((await menu.getAttribute("class")) ?? "").includes("ant-select-open")) await menu.click()
    await page
      .locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option")
      .filter({ hasText: label })
      .click({ timeout: 5_000 })
    await expect(menu).toContainText(label, { timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
}

test.describe("admin products", () => {
  test.describe.configure({ timeout: 180_000 })
  const created: number[] = []

  test.beforeEach(async ({ page }) => {
    expect((await page.request.post("/api/login", { data: { username: "admin", password: TEST_ADMIN_PASSWORD } })).status()).toBe(200)
  })

  test.afterEach(async ({ page }) => {
    // Whatever a failed test left behind.
    for (const id of created.splice(0)) await page.request.delete(`/api/admin/products/${id}`)
  })

  test("the sort menu offers id, name, price, stock and security level both ways, default id ascending (docs/product.md §9)", async ({
    page,
  }) => {
    await page.goto("/admin/products")
    const menu = page.getByTestId("products-sort")
    await expect(menu).toContainText("ID (ascending)")
    const all = await productsNow(page.request)
    await expectSortedBy(page, (a, b) => a.id - b.id)
    expect((await rowIds(page))[0]).toBe(Math.min(...all.map((p) => p.id)))

    await menu.click()
    const options = page.locator(".ant-select-item-option")
    await expect(options).toHaveText([
      "ID (ascending)",
      "ID (descending)",
      "Name (A–Z)",
      "Name (Z–A)",
      "Price (low to high)",
      "Price (high to low)",
      "Stock (low to high)",
      "Stock (high to low)",
      "Security level (low to high)",
      "Security level (high to low)",
    ])
    await page.screenshot({ path: "test-results/screenshots/admin-products-sort-menu.png", fullPage: true })
    await options.filter({ hasText: "Price (high to low)" }).click()
    await expect(page).toHaveURL(/sorters/)
    await expectSortedBy(page, (a, b) => Number(b.price) - Number(a.price))
    // The column header follows the menu.
    await expect(page.locator("th.ant-table-column-sort")).toContainText("Price")

    // Keyboard: the menu opens and chooses with the arrows and Enter. The pointer is moved off the
    // menu, so that only the keys move its highlight.
    await page.mouse.move(0, 0)
    await menu.locator("input").focus()
    await page.keyboard.press("Enter")
    await expect(page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)")).toBeVisible()
    // The menu marks the chosen option once it has opened; an arrow pressed before that is undone by
    // it (seen in CI on a loaded machine). Then up three options, one at a time, to "Name (A–Z)".
    const active = page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-active")
    await expect(active).toHaveText("Price (high to low)")
    for (const label of ["Price (low to high)", "Name (Z–A)", "Name (A–Z)"]) {
      await page.keyboard.press("ArrowUp")
      await expect(active).toHaveText(label)
    }
    await page.keyboard.press("Enter")
    await expect(menu).toContainText("Name (A–Z)")
    await expectSortedBy(page, (a, b) => a.name.localeCompare(b.name))

    for (const [label, compare] of [
      ["Security level (low to high)", (a: ApiProduct, b: ApiProduct) => a.securityLevel - b.securityLevel],
      ["Security level (high to low)", (a: ApiProduct, b: ApiProduct) => b.securityLevel - a.securityLevel],
      ["Price (low to high)", (a: ApiProduct, b: ApiProduct) => Number(a.price) - Number(b.price)],
      ["Name (Z–A)", (a: ApiProduct, b: ApiProduct) => b.name.localeCompare(a.name)],
      ["ID (descending)", (a: ApiProduct, b: ApiProduct) => b.id - a.id],
    ] as const) {
      await chooseSort(page, label)
      await expectSortedBy(page, compare)
    }
    // Stock moves while other suites place orders, so only the menu and the sorted column are checked.
    for (const label of ["Stock (low to high)", "Stock (high to low)"]) {
      await chooseSort(page, label)
      await expect(page.locator("th.ant-table-column-sort")).toContainText("Stock")
    }
    await chooseSort(page, "ID (descending)")

    // Search and sort together.
    await searchFor(page, "enclave")
    await expect(page).toHaveURL(/enclave/)
    await expect
      .poll(async () => {
        const byId = new Map((await productsNow(page.request)).map((p) => [p.id, p]))
        const rows = (await rowIds(page)).map((id) => byId.get(id))
        return rows.length > 0 && rows.every((p) => p === undefined || `${p.name}\n${p.description}`.toLowerCase().includes("enclave"))
      })
      .toBe(true)
    await expectSortedBy(page, (a, b) => b.id - a.id)
    await expect(menu).toContainText("ID (descending)")
    await page.screenshot({ path: "test-results/screenshots/admin-products-list.png", fullPage: true })
  })

  test("add with validation messages and an image, edit, replace the image, delete (docs/product.md §5, §8)", async ({ page }) => {
    // A long walk through the real shop (create, upload twice, edit, delete).
    test.setTimeout(180_000)
    const name = uniqueName("Phone")
    // Tall enough for the whole dialog in the screenshots.
    await page.setViewportSize({ width: 1280, height: 1500 })
    await page.goto("/admin/products")
    await page.getByRole("button", { name: "Add product" }).click()
    const form = dialog(page)
    await expect(form.getByText("Add product")).toBeVisible()
    // docs/product.md §9 defaults: category phone, level 3, stock 0.
    await expect(form.locator(".ant-select-selection-item").nth(0)).toHaveText("Phone")
    await expect(form.locator(".ant-select-selection-item").nth(1)).toHaveText("3 / 5")
    await expect(form.getByLabel("Stock quantity")).toHaveValue("0")

    // Nothing typed: the name and price are refused with the contract's words.
    await form.getByRole("button", { name: "Create product" }).click()
    await expect(form.getByText("Name is required")).toBeVisible()
    await expect(form.getByText("Price must be a positive number")).toBeVisible()
    await form.getByLabel("Name", { exact: true }).fill(name)
    for (const bad of ["-5", "0", "abc", "1.999"]) {
      await form.getByLabel("Price (€)").fill(bad)
      await form.getByRole("button", { name: "Create product" }).click()
      await expect(form.getByText("Price must be a positive number")).toBeVisible()
    }
    await form.getByLabel("Stock quantity").fill("")
    await form.getByRole("button", { name: "Create product" }).click()
    await expect(form.getByText("Stock quantity must be a whole number of at least 0")).toBeVisible()
    await page.screenshot({ path: "test-results/screenshots/admin-products-add-validation.png", fullPage: true })
    expect(await productNamed(page.request, name)).toBeUndefined()

    await form.getByLabel("Price (€)").fill("123.45")
    await form.getByLabel("Stock quantity").fill("7")
    await form.getByLabel("Description", { exact: true }).fill("Made by the admin products browser test")
    await form.locator(".ant-select").nth(0).click()
    await page.locator(".ant-select-item-option").filter({ hasText: "Accessory" }).click()
    // Features: one real, one blank (dropped). Specifications: one whole, one without a value (dropped).
    await form.getByRole("button", { name: "Add feature" }).click()
    await form.getByLabel("Feature 1", { exact: true }).fill("Tamper-evident seal")
    await form.getByRole("button", { name: "Add feature" }).click()
    await form.getByLabel("Feature 2", { exact: true }).fill("   ")
    await form.getByRole("button", { name: "Add specification" }).click()
    await form.getByLabel("Specification 1 name", { exact: true }).fill("Weight")
    await form.getByLabel("Specification 1 value", { exact: true }).fill("150 g")
    await form.getByRole("button", { name: "Add specification" }).click()
    await form.getByLabel("Specification 2 name", { exact: true }).fill("Colour")
    // The image waits, with its preview, until the product exists.
    await form.locator('input[type="file"]').setInputFiles({ name: "phone.png", mimeType: "image/png", buffer: PNG })
    await expect(form.locator(".ant-upload-list-item")).toHaveCount(1)
    await page.screenshot({ path: "test-results/screenshots/admin-products-add-filled.png", fullPage: true })
    await form.getByRole("button", { name: "Create product" }).click()

    // One toast says both: the product and its image (one toast at a time: the image's would replace the product's).
    await expect(toast(page, "Product Created")).toContainText(`${name} has been created with its image.`)
    await expect(toast(page, "Image Uploaded")).toHaveCount(0)
    // Below the admin's top bar, not over it.
    const bar = await page.locator(".ant-layout-header").first().boundingBox()
    const notice = await toast(page, "Product Created").boundingBox()
    expect(notice!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height)
    await expect(dialog(page)).toHaveCount(0)
    let product = await productNamed(page.request, name)
    expect(product).toBeDefined()
    created.push(product!.id)
    expect(product).toMatchObject({
      price: "123.45",
      category: "accessory",
      securityLevel: 3,
      stockQuantity: 7,
      features: ["Tamper-evident seal"],
      specifications: { Weight: "150 g" },
    })
    expect(product!.imageUrl).not.toBe(NO_IMAGE_URL)
    const image = await page.request.get(product!.imageUrl)
    expect(image.status()).toBe(200)
    expect(image.headers()["content-type"]).toContain("image/png")

    // The list shows it, with its image.
    await searchFor(page, name)
    const row = page.locator(`tr[data-row-key="${product!.id}"]`)
    await expect(row).toContainText(name)
    await expect(row).toContainText("€123.45")
    await expect(row.locator("img")).toHaveAttribute("src", product!.imageUrl)

    // Edit: the dialog holds the saved values; change price and stock, replace the image.
    await row.getByRole("button", { name: `Edit ${name}` }).click()
    await expect(dialog(page).getByText("Edit product")).toBeVisible()
    await expect(dialog(page).getByLabel("Price (€)")).toHaveValue("123.45")
    await expect(dialog(page).getByLabel("Feature 1", { exact: true })).toHaveValue("Tamper-evident seal")
    await expect(dialog(page).getByLabel("Specification 1 value", { exact: true })).toHaveValue("150 g")
    await dialog(page).locator('input[type="file"]').setInputFiles({ name: "phone.gif", mimeType: "image/gif", buffer: GIF })
    await expect(toast(page, "Image Uploaded")).toBeVisible()
    await expect.poll(async () => (await productNamed(page.request, name))?.imageUrl).not.toBe(product!.imageUrl)
    // A file that only claims to be a PNG: the server refuses it, the toast says why.
    await dialog(page)
      .locator('input[type="file"]')
      .setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("not an image") })
    await expect(toast(page, "Upload Failed")).toContainText("Only JPEG, PNG, GIF or WebP images can be uploaded")
    await dialog(page).getByLabel("Price (€)").fill("-1")
    await dialog(page).getByRole("button", { name: "Save changes" }).click()
    await expect(dialog(page).getByText("Price must be a positive number")).toBeVisible()
    await dialog(page).getByLabel("Price (€)").fill("200")
    await dialog(page).getByLabel("Stock quantity").fill("25")
    await page.screenshot({ path: "test-results/screenshots/admin-products-edit.png", fullPage: true })
    await dialog(page).getByRole("button", { name: "Save changes" }).click()
    await expect(toast(page, "Product Updated")).toBeVisible()
    await expect(dialog(page)).toHaveCount(0)
    const edited = await productNamed(page.request, name)
    expect(edited).toMatchObject({ price: "200.00", stockQuantity: 25, category: "accessory", features: ["Tamper-evident seal"] })
    expect(edited!.imageUrl).not.toBe(product!.imageUrl)
    await expect(row).toContainText("€200.00")
    product = edited

    // The storefront sees the change.
    const shopPage = await page.request.get(`/products/${product!.id}`)
    expect(shopPage.status()).toBe(200)
    const html = await shopPage.text()
    expect(html).toContain(name)
    expect(html).toContain("200")

    // Delete: confirmation first; cancelling keeps it.
    await row.getByRole("button", { name: `Delete ${name}` }).click()
    const confirm = page.locator(".ant-popconfirm")
    await expect(confirm).toContainText("Delete this product?")
    await page.screenshot({ path: "test-results/screenshots/admin-products-delete-confirm.png", fullPage: true })
    await confirm.getByRole("button", { name: "Cancel" }).click()
    expect(await productNamed(page.request, name)).toBeDefined()
    await row.getByRole("button", { name: `Delete ${name}` }).click()
    await page.locator(".ant-popconfirm").getByRole("button", { name: "Delete" }).click()
    await expect(toast(page, "Product Deleted")).toBeVisible()
    await expect(row).toHaveCount(0)
    expect((await page.request.get(`/api/products/${product!.id}`)).status()).toBe(404)
    created.splice(0)
  })

  test("removing the image in the edit dialog leaves the product without one: admin list, API and storefront", async ({ page }) => {
    const name = uniqueName("Imageless")
    const made = await page.request.post("/api/admin/products", { data: { name, price: "42.00", stockQuantity: 3 } })
    expect(made.status(), await made.text()).toBe(201)
    const product = (await made.json()) as ApiProduct
    created.push(product.id)
    const uploaded = await page.request.post(`/api/admin/products/${product.id}/upload-image`, {
      multipart: { image: { name: "phone.png", mimeType: "image/png", buffer: PNG } },
    })
    expect(uploaded.status(), await uploaded.text()).toBe(200)
    const { imageUrl } = (await uploaded.json()) as { imageUrl: string }
    expect(imageUrl).not.toBe(NO_IMAGE_URL)

    await page.goto("/admin/products")
    await searchFor(page, name)
    const row = page.locator(`tr[data-row-key="${product.id}"]`)
    await expect(row.locator("img")).toHaveAttribute("src", imageUrl)
    await row.getByRole("button", { name: `Edit ${name}` }).click()
    const form = dialog(page)
    await expect(form.getByLabel("Image URL")).toHaveValue(imageUrl)
    await expect(form.locator(".ant-upload-list-item")).toHaveCount(1)
    // antd's picture card shows its "Remove file" button on hover.
    await form.locator(".ant-upload-list-item").hover()
    await form.locator(".ant-upload-list-item").getByTitle("Remove file").click()
    await expect(form.locator(".ant-upload-list-item")).toHaveCount(0)
    // The field Save sends goes with the preview.
    await expect(form.getByLabel("Image URL")).toHaveValue("")
    await form.getByRole("button", { name: "Save changes" }).click()
    await expect(toast(page, "Product Updated")).toBeVisible()
    await expect(dialog(page)).toHaveCount(0)

    // No image anywhere: the API, the list and the storefront's product page all show NO_IMAGE_URL, the contract's no-image picture.
    const detail = await page.request.get(`/api/products/${product.id}`)
    expect(detail.status()).toBe(200)
    expect(((await detail.json()) as ApiProduct).imageUrl).toBe(NO_IMAGE_URL)
    expect((await productNamed(page.request, name))?.imageUrl).toBe(NO_IMAGE_URL)
    await expect(row.locator("img")).toHaveAttribute("src", NO_IMAGE_URL)
    await page.goto(`/product/${product.id}`)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name)
    await expect(page.getByRole("img", { name, exact: true }).first()).toHaveAttribute("src", NO_IMAGE_URL)
    await expect(page.locator(`img[src="${imageUrl}"]`)).toHaveCount(0)
  })

  test("server failures are shown: 'Error' + message, 'Upload Failed' + non-JSON (docs/product.md §8)", async ({ page }) => {
    await page.route("**/api/admin/products", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 500,
            contentType: "application/json",
            body: JSON.stringify({ message: "The catalogue is read-only right now", details: "" }),
          })
        : route.fallback(),
    )
    await page.goto("/admin/products")
    await page.getByRole("button", { name: "Add product" }).click()
    await dialog(page).getByLabel("Name", { exact: true }).fill(uniqueName("Refused"))
    await dialog(page).getByLabel("Price (€)").fill("10")
    await dialog(page).getByRole("button", { name: "Create product" }).click()
    await expect(toast(page, "Error")).toContainText("The catalogue is read-only right now")
    // The dialog stays open with what was typed.
    await expect(dialog(page).getByLabel("Price (€)")).toHaveValue("10")
    await dialog(page).getByRole("button", { name: "Cancel" }).click()

    // An upload answered by something that is not JSON (a proxy's error page).
    const all = await productsNow(page.request)
    const target = all[0]!
    await page.route(`**/api/admin/products/${target.id}/upload-image`, (route) =>
      route.fulfill({ status: 502, contentType: "text/html", body: "<html><body>Bad gateway</body></html>" }),
    )
    await page
      .locator(`tr[data-row-key="${target.id}"]`)
      .getByRole("button", { name: `Edit ${target.name}` })
      .click()
    await dialog(page).locator('input[type="file"]').setInputFiles({ name: "x.png", mimeType: "image/png", buffer: PNG })
    await expect(toast(page, "Upload Failed")).toContainText("Server returned non-JSON response")
    // A file of another type never leaves the browser.
    await dialog(page)
      .locator('input[type="file"]')
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") })
    await expect(toast(page, "Upload Failed")).toContainText("Only JPEG, PNG, GIF or WebP images can be uploaded")
    await dialog(page).getByRole("button", { name: "Cancel" }).click()
    expect((await productNamed(page.request, target.name))?.imageUrl).toBe(target.imageUrl)
  })

  test("an image URL on another site is copied into the shop on save; one the shop may not fetch is refused on the field, in German too", async ({
    page,
    context,
    baseURL,
  }) => {
    // Another site's image server, on the loopback address the tests' shop may fetch from.
    const site = await startImageServer()
    site.route("/phone.png", serve(PNG, "image/png"))
    try {
      const name = uniqueName("Remote image")
      await page.goto("/admin/products")
      await page.getByRole("button", { name: "Add product" }).click()
      const form = dialog(page)
      await form.getByLabel("Name", { exact: true }).fill(name)
      await form.getByLabel("Price (€)").fill("19.90")
      await form.getByLabel("Image URL").fill(`${site.origin}/phone.png`)
      await expect(form.getByText("An image on another site is copied into the shop when you save")).toBeVisible()
      await form.getByRole("button", { name: "Create product" }).click()
      await expect(toast(page, "Product Created")).toBeVisible()
      const product = await productNamed(page.request, name)
      expect(product?.imageUrl).toMatch(/^\/uploads\/[^/]+\.png$/)
      created.push(product!.id)
      expect(site.requests).toEqual(["/phone.png"])
      await searchFor(page, name)
      await expect(page.locator(`tr[data-row-key="${product!.id}"] img`)).toHaveAttribute("src", product!.imageUrl)

      // The shop's own network: refused, and the admin says so on the field in its language.
      await context.addCookies([{ name: "language", value: "de", url: baseURL! }])
      await page.goto("/admin/products")
      await page.getByRole("button", { name: "Produkt hinzufügen" }).click()
      const german = uniqueName("Inward image")
      await form.getByLabel("Name", { exact: true }).fill(german)
      await form.getByLabel("Preis (€)").fill("19.90")
      await form.getByLabel("Bild-URL").fill("http://169.254.169.254/latest/meta-data/")
      await form.getByRole("button", { name: "Produkt anlegen" }).click()
      await expect(
        form
          .locator(".ant-form-item")
          .filter({ hasText: "Bild-URL" })
          .getByText("Die Bild-URL muss auf eine öffentliche Internetadresse zeigen"),
      ).toBeVisible()
      expect(await productNamed(page.request, german)).toBeUndefined()
    } finally {
      await site.close()
    }
  })

  test("in German: sort menu, dialog and messages", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "language", value: "de", url: baseURL! }])
    await page.setViewportSize({ width: 1280, height: 1300 })
    await page.goto("/admin/products")
    await expect(page.locator("#products-title")).toHaveText("Produkte")
    await expect(page.getByTestId("products-sort")).toContainText("ID (aufsteigend)")
    // Prices and stock as German writes them: "599,00 €", "120 auf Lager", "Noch 6", "Ausverkauft".
    const base = page.locator('tr[data-row-key="1"]')
    await expect(base).toContainText("599,00 €")
    await expect(base.locator("[data-stock-state]")).toHaveText(/^\d+ auf Lager$|^Noch \d+$|^Ausverkauft$/)
    const soldOut = page.locator('tr[data-row-key="6"] [data-stock-state]')
    await expect(soldOut).toHaveText("Ausverkauft")
    await expect(page.locator("tbody")).not.toContainText("in stock")
    await expect(page.locator("tbody")).not.toContainText("€599.00")
    await page.getByRole("button", { name: "Produkt hinzufügen" }).click()
    await dialog(page).getByLabel("Preis (€)").fill("-3")
    // Checked as it is typed; wait for the message (it moves the buttons down) before clicking.
    await expect(dialog(page).getByText("Der Preis muss eine positive Zahl sein")).toBeVisible()
    await dialog(page).getByRole("button", { name: "Produkt anlegen" }).click()
    await expect(dialog(page).getByText("Name ist erforderlich")).toBeVisible()
    await page.screenshot({ path: "test-results/screenshots/admin-products-de-add.png", fullPage: true })
    await dialog(page).getByRole("button", { name: "Abbrechen" }).click()
    await expect(dialog(page)).toHaveCount(0)
  })
})
