import { expect, type Page } from "@playwright/test"
import { test } from "../support/csp.ts"
import { newUserDetails } from "../support/api.ts"

/**
 * Add to cart and the cart panel (docs/product.md §2 Product detail and Cart panel, §4, §5, §8), plus the product
 * tabs and stock states. Other suites buy from the same shop concurrently: stock is read from the API.
 */

interface ApiProduct {
  id: number
  name: string
  price: string
  stockQuantity: number
  features: string[]
}

const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage })

async function products(page: Page): Promise<ApiProduct[]> {
  return (await page.request.get("/api/products")).json()
}

async function registerInBrowser(page: Page) {
  const answer = await page.request.post("/api/register", { data: newUserDetails() })
  expect(answer.status()).toBe(201)
}

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications|Benachrichtigungen/ })

test("a visitor who adds to cart is told to sign in", async ({ page }) => {
  await page.goto("/product/1")
  await page.getByRole("button", { name: "Add to Cart" }).click()
  // Said once: beside the button, with the way to sign in; no toast says it again over the button.
  await expect(page.getByRole("alert").filter({ hasText: "Sign in or register" })).toContainText(
    "You must be logged in to add items to cart",
  )
  await expect(page.getByRole("link", { name: "Sign in or register" })).toHaveAttribute("href", "/auth")
  await expect(page.getByText("You must be logged in to add items to cart")).toHaveCount(1)
  await expect(toasts(page)).not.toContainText("You must be logged in to add items to cart")
})

test("a customer adds from the product page and changes the cart in the panel", async ({ page }) => {
  await registerInBrowser(page)
  const product = (await products(page)).find((p) => p.stockQuantity >= 20)!
  await page.goto(`/product/${product.id}`)

  const decrease = page.getByRole("button", { name: "Decrease quantity" })
  const quantity = page.getByRole("spinbutton", { name: "Quantity" })
  await expect(quantity).toHaveValue("1")
  await expect(decrease).toBeDisabled()
  await page.getByRole("button", { name: "Increase quantity" }).click()
  await expect(quantity).toHaveValue("2")

  // Hold the request a moment so the loading state can be seen.
  await page.route("**/api/cart", async (route) => {
    if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 600))
    await route.continue()
  })
  const add = page.getByRole("button", { name: /Add to Cart|Adding/ })
  await add.click()
  await expect(add).toHaveText("Adding…")
  await expect(add).toBeDisabled()
  // The first cart write after a shop starts warms Medusa's cart workflows up: allow it some time.
  await expect(toasts(page)).toContainText("Added to cart", { timeout: 20_000 })
  await expect(toasts(page)).toContainText(`${product.name} has been added to your cart.`)
  await expect(add).toHaveText("Add to Cart")
  const cartButton = page.getByRole("button", { name: "Cart, 2 items" })
  await expect(cartButton).toBeVisible()
  await expect(page.getByTestId("cart-badge")).toHaveText("2")

  await cartButton.click()
  const drawer = page.getByRole("dialog", { name: "Your Cart" })
  await expect(drawer).toBeVisible()
  await expect(drawer).toContainText(product.name)
  await expect(drawer).toContainText("Shipping and taxes calculated at checkout.")
  await expect(drawer.getByRole("link", { name: "Checkout" })).toHaveAttribute("href", "/checkout")
  const line = drawer.getByRole("group", { name: `Quantity of ${product.name}` })
  await expect(line).toContainText("2")
  await drawer.getByRole("button", { name: `Increase quantity of ${product.name}` }).click()
  await expect(line).toContainText("3")
  await expect(page.getByTestId("cart-badge")).toHaveText("3")
  await expect(drawer.getByTestId("cart-total")).toHaveText(
    `€${(Number(product.price) * 3).toLocaleString("en-IE", { minimumFractionDigits: 2 })}`,
  )
  await drawer.getByRole("button", { name: `Decrease quantity of ${product.name}` }).click()
  await expect(line).toContainText("2")
  await drawer.getByRole("button", { name: `Decrease quantity of ${product.name}` }).click()
  await expect(line).toContainText("1")
  await expect(drawer.getByRole("button", { name: `Decrease quantity of ${product.name}` })).toBeDisabled()
  await shot(page, "cart-drawer-en", false)

  // A failed update says so.
  await page.route("**/api/cart/*", (route) =>
    route.request().method() === "PUT" ? route.fulfill({ status: 500, json: { message: "boom" } }) : route.continue(),
  )
  await drawer.getByRole("button", { name: `Increase quantity of ${product.name}` }).click()
  await expect(toasts(page)).toContainText("Failed to update quantity. Please try again.")
  await expect(line).toContainText("1")

  // Escape closes the panel and focus returns to the cart button.
  await page.keyboard.press("Escape")
  await expect(drawer).toBeHidden()
  await expect(page.getByRole("button", { name: "Cart, 1 item" })).toBeFocused()

  await page.getByRole("button", { name: "Cart, 1 item" }).click()
  await drawer.getByRole("button", { name: `Remove ${product.name} from cart` }).click()
  await expect(toasts(page)).toContainText("Item removed")
  await expect(drawer).toContainText("Your cart is empty")
  await expect(page.getByTestId("cart-badge")).toHaveCount(0)
  expect(await (await page.request.get("/api/cart")).json()).toEqual([])
})

/** The toast is seen: the element at its centre is the toast itself, not a modal dialog or its backdrop over it. */
async function expectToastOnTop(page: Page, text: string) {
  const toast = page.locator(".toast").filter({ hasText: text })
  await expect(toast).toBeVisible()
  const onTop = await toast.evaluate((element) => {
    const box = element.getBoundingClientRect()
    return element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2))
  })
  expect(onTop, `the toast "${text}" is covered`).toBe(true)
}

test("toasts show above the open cart panel: a quantity past the stock, an item removed", async ({ page }) => {
  await registerInBrowser(page)
  const protector = (await products(page)).find((p) => p.name === "Privacy Screen Protector")!
  expect(protector.stockQuantity).toBeGreaterThan(0)
  // All that is left in the cart: one more is refused by the shop (409).
  expect((await page.request.post("/api/cart", { data: { productId: protector.id, quantity: protector.stockQuantity } })).status()).toBe(
    201,
  )
  await page.goto("/")
  const cartButton = page.getByRole("button", { name: new RegExp(`^Cart, ${protector.stockQuantity} items?$`) })
  await expect(cartButton).toBeEnabled({ timeout: 20_000 })
  await cartButton.click()
  const drawer = page.getByRole("dialog", { name: "Your Cart" })
  await expect(drawer).toContainText(protector.name)

  await drawer.getByRole("button", { name: `Increase quantity of ${protector.name}` }).click()
  await expectToastOnTop(page, "Failed to update quantity. Please try again.")
  await expect(drawer.getByRole("group", { name: `Quantity of ${protector.name}` })).toContainText(String(protector.stockQuantity))
  // It can be dismissed while the panel stays open.
  await page.getByRole("button", { name: "Dismiss notification" }).click()
  await expect(page.locator(".toast")).toHaveCount(0)
  await expect(drawer).toBeVisible()

  await drawer.getByRole("button", { name: `Remove ${protector.name} from cart` }).click()
  await expectToastOnTop(page, "Item removed")
  await expect(drawer).toContainText("Your cart is empty")
  await shot(page, "cart-drawer-toast-en", false)

  // Closed again, the panel leaves the notification area on the page.
  await page.keyboard.press("Escape")
  await expect(drawer).toBeHidden()
  await expect(toasts(page)).toBeAttached()
})

test("the cart panel in German", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "language", value: "de", url: baseURL! }])
  await registerInBrowser(page)
  const product = (await products(page)).find((p) => p.stockQuantity >= 20)!
  await page.request.post("/api/cart", { data: { productId: product.id, quantity: 1 } })
  await page.goto("/")
  await page.getByRole("button", { name: "Warenkorb, 1 Artikel" }).click()
  const drawer = page.getByRole("dialog", { name: "Ihr Warenkorb" })
  await expect(drawer).toContainText("Versand und Steuern werden an der Kasse berechnet.")
  await expect(drawer.getByRole("link", { name: "Zur Kasse" })).toHaveAttribute("href", "/checkout")
  await shot(page, "cart-drawer-de", false)
})

test("a visitor's cart panel is empty and offers to sign in", async ({ page }) => {
  await page.goto("/products")
  await page.getByRole("button", { name: "Cart" }).click()
  const drawer = page.getByRole("dialog", { name: "Your Cart" })
  await expect(drawer).toContainText("Your cart is empty")
  await expect(drawer.getByRole("link", { name: "Sign in or register" })).toHaveAttribute("href", "/auth")
  await drawer.getByRole("button", { name: "Close cart" }).click()
  await expect(drawer).toBeHidden()
})

test("a failed add says so", async ({ page }) => {
  await registerInBrowser(page)
  await page.route("**/api/cart", (route) =>
    route.request().method() === "POST" ? route.fulfill({ status: 500, json: { message: "boom" } }) : route.continue(),
  )
  await page.goto("/product/1")
  await page.getByRole("button", { name: "Add to Cart" }).click()
  await expect(toasts(page)).toContainText("An error occurred")
  await expect(toasts(page)).toContainText("Failed to add product to cart. Please try again.")
})

test("an add clicked while the purchase form's code is still loading is the form's, in place: a failed add says so", async ({ page }) => {
  await registerInBrowser(page)
  await page.route("**/api/cart", (route) =>
    route.request().method() === "POST" ? route.fulfill({ status: 500, json: { message: "boom" } }) : route.continue(),
  )
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route("**/_astro/*.js", async (route) => {
    await held
    await route.fallback()
  })
  const asked: string[] = []
  page.on("request", (request) => asked.push(request.url()))
  await page.goto("/product/1", { waitUntil: "commit" })
  const purchase = page.locator("astro-island[client='wake'][opts*='purchase']")
  const code = new URL((await purchase.getAttribute("component-url"))!, page.url()).href
  // The form came into view and its island asked for its code: the click lands before React has it.
  await expect.poll(() => asked).toContain(code)
  await page.getByRole("button", { name: "Add to Cart" }).click()
  release()
  await expect(toasts(page)).toContainText("Failed to add product to cart. Please try again.")
  await expect(page).toHaveURL(/\/product\/1$/)
})

test("the product tabs work with the keyboard: specifications, features in detail, security", async ({ page }) => {
  const product = (await products(page)).find((p) => p.id === 1)!
  await page.goto("/product/1")
  const specs = page.getByRole("tab", { name: "Specifications" })
  await expect(specs).toHaveAttribute("aria-selected", "true")
  await expect(page.getByRole("tabpanel", { name: "Specifications" })).toContainText("8GB RAM")
  await specs.focus()
  await page.keyboard.press("ArrowRight")
  const features = page.getByRole("tab", { name: "Features" })
  await expect(features).toBeFocused()
  await expect(features).toHaveAttribute("aria-selected", "true")
  const featurePanel = page.getByRole("tabpanel", { name: "Features" })
  await expect(featurePanel).toContainText(product.features[0]!)
  await expect(featurePanel.locator("p").first()).not.toBeEmpty()
  await expect(page.getByRole("tabpanel", { name: "Specifications" })).toBeHidden()
  await page.keyboard.press("End")
  const security = page.getByRole("tabpanel", { name: "Security" })
  for (const text of ["End-to-end encryption", "Secure boot", "Tamper detection", "Security updates"]) {
    await expect(security.getByRole("heading", { name: text })).toBeVisible()
  }
  await page.keyboard.press("ArrowRight")
  await expect(specs).toBeFocused()
})

test("a link to a product's tab opens it; a click on a tab switches without changing the address", async ({ page }) => {
  await page.goto("/product/1#panel-security")
  await expect(page.getByRole("tab", { name: "Security" })).toHaveAttribute("aria-selected", "true")
  await expect(page.getByRole("tabpanel", { name: "Security" })).toBeVisible()
  await expect(page.getByRole("tabpanel", { name: "Specifications" })).toBeHidden()
  await page.getByRole("tab", { name: "Features" }).click()
  await expect(page.getByRole("tabpanel", { name: "Features" })).toBeVisible()
  await expect(page.getByRole("tabpanel", { name: "Security" })).toBeHidden()
  await expect(page).toHaveURL(/\/product\/1#panel-security$/)
})

test("stock states: in stock, low stock with the count, out of stock disables add to cart", async ({ page }) => {
  const all = await products(page)
  const plenty = all.find((p) => p.stockQuantity > 10)!
  await page.goto(`/product/${plenty.id}`)
  await expect(page.getByText("In stock", { exact: true })).toBeVisible()
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeEnabled()

  const low = all.find((p) => p.stockQuantity >= 1 && p.stockQuantity <= 10)
  if (low) {
    await page.goto(`/product/${low.id}`)
    const now = ((await (await page.request.get(`/api/products/${low.id}`)).json()) as ApiProduct).stockQuantity
    if (now >= 1) await expect(page.getByText(/Low stock – \d+ left/)).toBeVisible()
  }

  const soldOut = all.find((p) => p.stockQuantity === 0)!
  await page.goto(`/product/${soldOut.id}`)
  await expect(page.getByText("Out of stock", { exact: true })).toBeVisible()
  await expect(page.getByRole("button", { name: "Out of Stock" })).toBeDisabled()
})

test("add to cart clicked as soon as the button shows, before the page's code has come, puts the item in the cart in place", async ({
  page,
}) => {
  await registerInBrowser(page)
  const product = (await products(page)).find((p) => p.stockQuantity >= 1)!
  // The page's scripts are held back: the click waits for the island and is given to it.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route("**/_astro/*.js", async (route) => {
    await held
    await route.fallback()
  })
  await page.goto(`/product/${product.id}`, { waitUntil: "commit" })
  await page.getByRole("button", { name: "Add to Cart" }).click()
  release()
  await expect(page.getByRole("button", { name: "Cart, 1 item" })).toBeVisible({ timeout: 15_000 })
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`))
  const cart = (await (await page.request.get("/api/cart")).json()) as Array<{ productId: number; quantity: number }>
  expect(cart).toEqual([expect.objectContaining({ productId: product.id, quantity: 1 })])
})

test("add to cart clicked while the page's code fails to come is sent as the form, and the server puts the item in the cart", async ({
  page,
}) => {
  await registerInBrowser(page)
  const product = (await products(page)).find((p) => p.stockQuantity >= 1)!
  await page.route("**/_astro/*.js", (route) => route.abort("connectionfailed"))
  await page.goto(`/product/${product.id}`)
  await page.getByRole("button", { name: "Add to Cart" }).click()
  await expect(page).toHaveURL(/\/cart\?done=add&product=\d+$/)
  await expect(page.getByRole("spinbutton", { name: `Quantity of ${product.name}` })).toHaveValue("1")
  const cart = (await (await page.request.get("/api/cart")).json()) as Array<{ productId: number; quantity: number }>
  expect(cart).toEqual([expect.objectContaining({ productId: product.id, quantity: 1 })])
})

test("a page that is only read runs no script; the header starts when a pointer comes to it", async ({ page }) => {
  await registerInBrowser(page)
  const scripts: string[] = []
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url())
  })
  for (const path of ["/", "/products"]) {
    await page.goto(path)
    await page.waitForLoadState("networkidle")
    expect(scripts, path).toEqual([])
    await expect(page.locator("astro-island[ssr]"), path).toHaveCount(3)
  }
  // The account menu works before the island (a popover); pointing at the header starts it.
  await page
    .locator("header")
    .getByRole("button", { name: /Account menu for/ })
    .hover()
  await expect(page.locator("astro-island[client='wake'][ssr]")).toHaveCount(2)
  expect(scripts.length).toBeGreaterThan(0)
  // The cart button, pressed, starts the panel too.
  await page.getByRole("button", { name: "Cart" }).click()
  await expect(page.getByRole("dialog", { name: "Your Cart" })).toBeVisible()
})
