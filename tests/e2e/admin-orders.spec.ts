import { formatEuro } from "@enclave/contract/money"
import { expect as baseExpect, request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test"
import { test } from "../support/csp.ts"
import { SAME_ORIGIN_HEADERS } from "../support/urls.ts"
import { newUserDetails } from "../support/api.ts"
import { TEST_ADMIN_PASSWORD } from "../support/shop.ts"

/**
 * The admin's order management (docs/product.md §2): list with search (id, user id, total, status), newest first,
 * status and test-payment tags; the detail view with items, totals, payment, customer details, delivery
 * badge, status change, shipping address edit and delete with confirmation. Orders are placed through
 * the API by fresh customers (their own request contexts); the admin works in the page.
 */

// The shop is shared with other suites and can be slow to answer: give what the user sees a little longer.
const expect = baseExpect.configure({ timeout: 30_000 })

function baseUrl(): string {
  return test.info().project.use.baseURL ?? process.env.ENCLAVE_URL!
}

interface Product {
  id: number
  name: string
  price: string
  stockQuantity: number
}

interface PlacedOrder {
  id: number
  userId: number
  total: string
  status: string
  paymentId: string
  paymentMethod: string
  shippingMethod: { id: number; name: string; estimated_delivery?: string | null } | null
  shippingAddress: Record<string, string | null>
}

interface Customer {
  api: APIRequestContext
  details: ReturnType<typeof newUserDetails>
}

const customers: Customer[] = []

test.afterAll(async () => {
  for (const customer of customers.splice(0)) await customer.api.dispose()
})

async function newCustomer(): Promise<Customer> {
  const api = await playwrightRequest.newContext({ baseURL: baseUrl(), extraHTTPHeaders: SAME_ORIGIN_HEADERS })
  const details = newUserDetails()
  const answer = await api.post("/api/register", { data: details })
  expect(answer.status(), await answer.text()).toBe(201)
  const customer = { api, details }
  customers.push(customer)
  return customer
}

/** A product others are unlikely to sell out during the run: read the stock now, never assume it. */
async function productInStock(api: APIRequestContext, preferred: number[]): Promise<Product> {
  const products = (await (await api.get("/api/products")).json()) as Product[]
  const product = preferred.map((id) => products.find((p) => p.id === id)).find((p) => p && p.stockQuantity >= 5)
  if (!product) throw new Error("no product with stock left")
  return product
}

interface ShippingMethod {
  id: number
  name: string
  estimated_delivery: string | null
  estimated_delivery_de?: string | null
}

/** A seeded shipping method, as the shop has it now. */
async function shippingMethodNamed(api: APIRequestContext, name: string): Promise<ShippingMethod> {
  const answer = await api.get("/api/shipping-methods")
  expect(answer.status()).toBe(200)
  const method = ((await answer.json()) as ShippingMethod[]).find((m) => m.name === name)
  if (!method) throw new Error(`no shipping method ${name}`)
  return method
}

/** Places an order paid with the simulated card ('str-' id: a sandbox, test payment). */
async function placeOrder(
  customer: Customer,
  product: Product,
  quantity = 1,
  shipping: { method: number; country?: string } = { method: 1 },
): Promise<PlacedOrder> {
  const { api, details } = customer
  expect((await api.post("/api/cart", { data: { productId: product.id, quantity } })).status()).toBeLessThan(300)
  const answer = await api.post("/api/orders", {
    data: {
      shippingAddress: {
        fullName: details.fullName,
        addressLine1: details.addressLine1,
        city: details.city,
        state: details.state,
        postalCode: details.postalCode,
        country: shipping.country ?? details.country,
      },
      shippingMethod: shipping.method,
      paymentMethod: "stripe",
      paymentId: `str-admin-${Math.random().toString(36).slice(2, 10)}`,
    },
  })
  expect(answer.status(), await answer.text()).toBe(201)
  return (await answer.json()) as PlacedOrder
}

async function customerOrders(customer: Customer): Promise<PlacedOrder[]> {
  const answer = await customer.api.get("/api/orders")
  expect(answer.status()).toBe(200)
  return (await answer.json()) as PlacedOrder[]
}

async function signInAsAdmin(page: Page) {
  expect((await page.request.post("/api/login", { data: { username: "admin", password: TEST_ADMIN_PASSWORD } })).status()).toBe(200)
}

function toast(page: Page, title: string) {
  return page.locator(".ant-notification-notice").filter({ has: page.getByText(title, { exact: true }) })
}

async function searchOrders(page: Page, text: string) {
  const box = page.getByRole("searchbox", { name: "Search orders" })
  await box.fill(text)
  await box.press("Enter")
}

/** Opens the status select (antd: the visible selection covers its input) and picks a status. */
async function chooseStatus(page: Page, label: string) {
  await page.locator(".ant-select:has(#order-status-select)").click()
  await page.locator(`.ant-select-item-option[title="${label}"]`).click()
}

async function screenshot(page: Page, what: string) {
  await page.screenshot({ path: `test-results/screenshots/admin-orders-${what}.png`, fullPage: true })
}

test.describe("signed in as the admin", () => {
  // Each test places orders first (register, cart, order): on a busy shared shop that alone can take many seconds.
  test.describe.configure({ timeout: 180_000 })

  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page)
  })

  test("the list finds an order by id, user id and status, newest first, with status and test-payment tags", async ({ page }) => {
    const customer = await newCustomer()
    const product = await productInStock(customer.api, [4, 1, 3])
    const older = await placeOrder(customer, product)
    const newer = await placeOrder(customer, product, 2)
    const errors: string[] = []
    page.on("pageerror", (e) => errors.push(e.message))

    await page.goto("/admin/orders")
    await expect(page.locator("#orders-title")).toHaveText("Orders")
    await expect(page).toHaveTitle(/Orders \| Enclave Admin/)
    // The sidebar leads here.
    await expect(page.getByRole("navigation", { name: "Admin areas" }).getByRole("link", { name: "Orders" })).toHaveAttribute(
      "aria-current",
      "page",
    )

    await searchOrders(page, String(newer.id))
    const row = page.locator(`tr[data-row-key="${newer.id}"]`)
    await expect(row).toBeVisible()
    await expect(row).toContainText(`#${newer.id}`)
    // The customer by name, with the user id.
    await expect(row).toContainText(`${customer.details.fullName} (#${newer.userId})`)
    await expect(row.locator('[data-order-status="processing"]')).toHaveText("Processing")
    // The dashboard's scheme: anything but completed or pending is in the red band.
    await expect(row.locator("[data-order-status]")).toHaveAttribute("data-band", "red")
    await expect(row.getByTestId("test-payment-tag")).toHaveText("Test payment")
    await expect(row).toContainText(formatEuro(newer.total))
    await expect(page).toHaveURL(/[?&]filters/)
    await screenshot(page, "list-search")

    // By the customer's id: both orders, newest first.
    await searchOrders(page, String(newer.userId))
    const rows = page.locator("tbody tr[data-row-key]")
    await expect(page.locator(`tr[data-row-key="${older.id}"]`)).toBeVisible()
    const keys = await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute("data-row-key"))))
    expect(keys.indexOf(newer.id)).toBeGreaterThanOrEqual(0)
    expect(keys.indexOf(newer.id)).toBeLessThan(keys.indexOf(older.id))

    // By status: every row shown has it.
    await searchOrders(page, "cancelled")
    await expect(page.locator(`tr[data-row-key="${newer.id}"]`)).toHaveCount(0)
    const statuses = await page
      .locator("tbody [data-order-status]")
      .evaluateAll((tags) => tags.map((t) => t.getAttribute("data-order-status")))
    expect(statuses.every((s) => s === "cancelled")).toBe(true)

    // Nothing matches: the empty text says so.
    await searchOrders(page, "no-such-order-zzz")
    await expect(page.getByText('No orders match "no-such-order-zzz"')).toBeVisible()
    expect(errors).toEqual([])
  })

  test("the detail view shows items, totals, payment, customer details; status changes both ways", async ({ page }) => {
    const customer = await newCustomer()
    const product = await productInStock(customer.api, [1, 4, 3])
    const order = await placeOrder(customer, product, 2)

    await page.goto("/admin/orders")
    await searchOrders(page, String(order.id))
    // Keyboard: the order's link opens the detail view.
    await page.getByRole("link", { name: `View order ${order.id}` }).focus()
    await page.keyboard.press("Enter")
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}$`))
    await expect(page.locator("#order-title")).toHaveText(`Order #${order.id}`)

    const main = page.locator("section[aria-labelledby='order-title']")
    await expect(main.getByRole("img", { name: product.name })).toBeVisible()
    await expect(main).toContainText(product.name)
    await expect(main.getByTestId("order-total")).toHaveText(formatEuro(order.total))
    await expect(main.getByTestId("payment-id")).toContainText(order.paymentId)
    await expect(main.getByTestId("payment-method")).toHaveText(order.paymentMethod)
    await expect(main.getByTestId("test-payment-tag").first()).toBeVisible()
    await expect(main).toContainText(order.shippingMethod!.name)
    const method = await shippingMethodNamed(customer.api, order.shippingMethod!.name)
    await expect(main.getByTestId("estimated-delivery")).toHaveText(method.estimated_delivery ?? "Not stated for this shipping method")
    await expect(main.getByTestId("delivery-badge")).toHaveText("Processing")
    const customerCard = main.getByTestId("customer-details")
    await expect(customerCard).toContainText(customer.details.username)
    await expect(customerCard).toContainText(customer.details.email)
    await expect(main.getByTestId("shipping-address")).toContainText(customer.details.addressLine1)
    await screenshot(page, "detail")

    // processing -> shipped
    await chooseStatus(page, "Shipped")
    await page.getByRole("button", { name: "Update Status" }).click()
    await expect(toast(page, "Order Updated")).toBeVisible()
    await expect(main.getByTestId("delivery-badge")).toHaveText("Shipped")
    await expect(main.locator("[data-order-status]").first()).toHaveText("Shipped")
    await expect.poll(async () => (await customerOrders(customer)).find((o) => o.id === order.id)?.status).toBe("shipped")
    await screenshot(page, "status-shipped")

    // shipped -> processing, with the keyboard
    // The pointer is moved off the menu so that only the keys move its highlight, and each key waits
    // for the one before it: an arrow pressed before the opened menu has marked its chosen option is
    // undone by it (seen in CI on a loaded machine).
    await page.mouse.move(0, 0)
    await page.locator("#order-status-select").focus()
    await page.keyboard.press("ArrowDown")
    const active = page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-active")
    await expect(active).toHaveText("Shipped")
    await page.keyboard.press("ArrowUp")
    // An arrow the opened menu has not taken yet (its list still settling) is pressed again, only then.
    await expect(async () => {
      try {
        await expect(active).toHaveText("Processing", { timeout: 2_000 })
      } catch (error) {
        if ((await active.textContent()) === "Shipped") await page.keyboard.press("ArrowUp")
        throw error
      }
    }).toPass({ timeout: 15_000 })
    await page.keyboard.press("Enter")
    await expect(page.locator(".ant-select:has(#order-status-select) .ant-select-selection-item")).toHaveText("Processing")
    await page.keyboard.press("Tab")
    await expect(page.getByRole("button", { name: "Update Status" })).toBeFocused()
    await page.keyboard.press("Enter")
    await expect(main.getByTestId("delivery-badge")).toHaveText("Processing")
    await expect.poll(async () => (await customerOrders(customer)).find((o) => o.id === order.id)?.status).toBe("processing")
  })

  test("shipping with a carrier and tracking number shows the parcel to the admin and on the customer's orders page", async ({
    page,
    browser,
  }) => {
    const customer = await newCustomer()
    const product = await productInStock(customer.api, [4, 1, 3])
    const order = await placeOrder(customer, product, 1)
    await page.goto(`/admin/orders/${order.id}`)
    const main = page.locator("section[aria-labelledby='order-title']")
    await expect(main.getByTestId("delivery-badge")).toHaveText("Processing")
    await expect(page.getByTestId("shipment-form")).toHaveCount(0)

    await chooseStatus(page, "Shipped")
    const form = page.getByTestId("shipment-form")
    await expect(form).toBeVisible()
    // A tracking number needs its carrier: the button waits for it and the hint says so.
    await page.getByLabel("Tracking number").fill("JJD000390012345678")
    await expect(form).toContainText("Choose the carrier of the tracking number")
    await expect(page.getByRole("button", { name: "Update Status" })).toBeDisabled()
    await page.locator(".ant-select:has(#order-carrier-select)").click()
    await page.locator('.ant-select-item-option[title="DHL"]').click()
    await expect(page.getByRole("button", { name: "Update Status" })).toBeEnabled()
    await page.getByRole("button", { name: "Update Status" }).click()
    await expect(toast(page, "Order Updated")).toBeVisible()
    const shipment = main.getByTestId("shipment")
    await expect(shipment).toContainText("DHL")
    await expect(shipment).toContainText("JJD000390012345678")
    await expect(shipment.getByRole("link", { name: "Track parcel" })).toHaveAttribute(
      "href",
      /dhl\.de\/en\/.*piececode=JJD000390012345678/,
    )
    await screenshot(page, "shipped-with-tracking")

    // The customer, in their own browser, sees the parcel and its tracking link on /orders.
    const context = await browser.newContext({ baseURL: baseUrl(), storageState: await customer.api.storageState() })
    try {
      const mine = await context.newPage()
      await mine.goto("/orders")
      const card = mine.locator("details").filter({ hasText: `#${order.id}` })
      await card.locator("summary").click()
      const parcel = card.getByTestId("order-shipment")
      await expect(parcel).toContainText("DHL · JJD000390012345678")
      await expect(parcel).toContainText("Shipped")
      await expect(parcel.getByTestId("order-tracking-link")).toHaveAttribute("href", /piececode=JJD000390012345678/)
    } finally {
      await context.close()
    }
  })

  test("the detail view shows the estimated delivery of the order's own shipping method", async ({ page }) => {
    const customer = await newCustomer()
    const product = await productInStock(customer.api, [4, 1, 3])
    const worldwide = await shippingMethodNamed(customer.api, "Worldwide")
    const standard = await shippingMethodNamed(customer.api, "Germany Standard")
    // The seeded estimates differ from each other and from the fixed text the admin once showed.
    expect(worldwide.estimated_delivery).toBe("7-30 days")
    expect(standard.estimated_delivery).toBe("1-2 business days")
    const far = await placeOrder(customer, product, 1, { method: worldwide.id, country: "France" })
    const near = await placeOrder(customer, product, 1, { method: standard.id })
    // The customer's and the admin's order lists carry it.
    expect(far.shippingMethod).toEqual({
      id: worldwide.id,
      name: "Worldwide",
      name_de: "Weltweit",
      estimated_delivery: "7-30 days",
      estimated_delivery_de: "7-30 Tage",
    })
    const adminOrders = (await (await page.request.get("/api/admin/orders")).json()) as PlacedOrder[]
    expect(adminOrders.find((o) => o.id === near.id)?.shippingMethod).toEqual({
      id: standard.id,
      name: "Germany Standard",
      name_de: "Deutschland Standard",
      estimated_delivery: "1-2 business days",
      estimated_delivery_de: "1-2 Werktage",
    })

    for (const [order, estimate] of [
      [far, "7-30 days"],
      [near, "1-2 business days"],
    ] as const) {
      await page.goto(`/admin/orders/${order.id}`)
      await expect(page.locator("#order-title")).toHaveText(`Order #${order.id}`)
      await expect(page.getByTestId("estimated-delivery")).toHaveText(estimate)
      await expect(page.getByText("3-5 business days")).toHaveCount(0)
    }
    await screenshot(page, "detail-estimated-delivery")
  })

  test("a failed status change says 'Error' with the server's message", async ({ page }) => {
    const customer = await newCustomer()
    const order = await placeOrder(customer, await productInStock(customer.api, [4, 1, 3]))
    await page.route(`**/api/admin/orders/${order.id}/status`, (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "Database is down", details: "" }) }),
    )
    await page.goto(`/admin/orders/${order.id}`)
    await chooseStatus(page, "Completed")
    await page.getByRole("button", { name: "Update Status" }).click()
    const notice = toast(page, "Error")
    await expect(notice).toBeVisible()
    await expect(notice).toContainText("Database is down")
    expect((await customerOrders(customer)).find((o) => o.id === order.id)?.status).toBe("processing")
  })

  test("the shipping address is edited with the contract's validation messages", async ({ page }) => {
    const customer = await newCustomer()
    const order = await placeOrder(customer, await productInStock(customer.api, [4, 1, 3]))
    await page.goto(`/admin/orders/${order.id}`)
    await page.getByRole("button", { name: "Edit Address" }).click()
    const dialog = page.getByRole("dialog", { name: "Edit shipping address" })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByLabel("City")).toHaveValue(customer.details.city)

    await dialog.getByLabel("City").fill("B")
    await dialog.getByLabel("Postal code").fill("1")
    await dialog.getByRole("button", { name: "Save" }).click()
    await expect(dialog.getByText("City is required")).toBeVisible()
    await expect(dialog.getByText("Postal code is required")).toBeVisible()
    await screenshot(page, "address-validation")

    const city = `Hamburg ${Math.random().toString(36).slice(2, 6)}`
    await dialog.getByLabel("City").fill(city)
    await dialog.getByLabel("Postal code").fill("20095")
    await dialog.getByLabel("Address line 2").fill("Floor 3")
    await dialog.getByRole("button", { name: "Save" }).click()
    await expect(toast(page, "Shipping Address Updated")).toBeVisible()
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId("shipping-address")).toContainText(`20095 ${city}`)
    await expect(page.getByTestId("shipping-address")).toContainText("Floor 3")
    const saved = (await customerOrders(customer)).find((o) => o.id === order.id)!
    expect(saved.shippingAddress).toMatchObject({ city, postalCode: "20095", addressLine2: "Floor 3" })
  })

  test("a failed address update says why", async ({ page }) => {
    const customer = await newCustomer()
    const order = await placeOrder(customer, await productInStock(customer.api, [4, 1, 3]))
    await page.route(`**/api/admin/orders/${order.id}/shipping-address`, (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ message: "Address service down", details: "" }),
      }),
    )
    await page.goto(`/admin/orders/${order.id}`)
    await page.getByRole("button", { name: "Edit Address" }).click()
    const dialog = page.getByRole("dialog", { name: "Edit shipping address" })
    await dialog.getByLabel("City").fill("Munich")
    await dialog.getByRole("button", { name: "Save" }).click()
    await expect(toast(page, "Error")).toContainText("Failed to update shipping address: Address service down")
    await expect(dialog).toBeVisible()
  })

  test("deleting asks first; cancelled keeps the order, confirmed removes it for the admin and the customer", async ({ page }) => {
    const customer = await newCustomer()
    const order = await placeOrder(customer, await productInStock(customer.api, [4, 1, 3]))
    await page.goto(`/admin/orders/${order.id}`)

    await page.getByRole("button", { name: "Delete Order" }).click()
    const confirm = page.locator(".ant-popconfirm")
    await expect(confirm).toContainText(`Delete order #${order.id}?`)
    await screenshot(page, "delete-confirm")
    await confirm.getByRole("button", { name: "Cancel" }).click()
    await expect(confirm).toBeHidden()
    expect((await customerOrders(customer)).some((o) => o.id === order.id)).toBe(true)

    await page.getByRole("button", { name: "Delete Order" }).click()
    await confirm.getByRole("button", { name: "Delete", exact: true }).click()
    await expect(toast(page, "Order Deleted")).toBeVisible()
    // Back on the list (whose pagination the router then writes into the address).
    await expect(page).toHaveURL(/\/admin\/orders(?:\?|$)/)
    await searchOrders(page, String(order.id))
    await expect(page.locator(`tr[data-row-key="${order.id}"]`)).toHaveCount(0)
    expect((await customerOrders(customer)).some((o) => o.id === order.id)).toBe(false)
  })

  test("a failed delete says so and keeps the order", async ({ page }) => {
    const customer = await newCustomer()
    const order = await placeOrder(customer, await productInStock(customer.api, [4, 1, 3]))
    await page.route(`**/api/admin/orders/${order.id}`, (route) =>
      route.request().method() === "DELETE"
        ? route.fulfill({ status: 409, contentType: "application/json", body: JSON.stringify({ message: "Order is locked", details: "" }) })
        : route.fallback(),
    )
    await page.goto(`/admin/orders/${order.id}`)
    await page.getByRole("button", { name: "Delete Order" }).click()
    await page.locator(".ant-popconfirm").getByRole("button", { name: "Delete", exact: true }).click()
    await expect(toast(page, "Error")).toContainText("Failed to delete order: Order is locked")
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}$`))
  })

  test("customer details that cannot be loaded are said to be incomplete", async ({ page }) => {
    const customer = await newCustomer()
    const order = await placeOrder(customer, await productInStock(customer.api, [4, 1, 3]))
    await page.route(`**/api/admin/order-user/${order.userId}`, (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "boom", details: "" }) }),
    )
    await page.goto(`/admin/orders/${order.id}`)
    await expect(page.getByTestId("customer-error")).toHaveText(
      "Failed to load customer details. Customer profile information may be incomplete.",
    )
    await expect(toast(page, "Error")).toContainText("Failed to load customer details. Customer profile information may be incomplete.")
    // The order's own email is still shown.
    await expect(page.locator("section[aria-labelledby='order-title']")).toContainText(customer.details.email)
    await screenshot(page, "customer-error")
  })

  test("an order whose customer deleted the account stays, marked so in the list and on its page, in English and German", async ({
    page,
  }) => {
    const customer = await newCustomer()
    const order = await placeOrder(customer, await productInStock(customer.api, [4, 1, 3]))
    const deleted = await customer.api.post("/api/account/deletion", { data: { password: customer.details.password } })
    expect(deleted.status(), await deleted.text()).toBe(200)

    for (const [language, label, search] of [
      ["en", "Account deleted", "Search orders"],
      ["de", "Konto gelöscht", "Bestellungen durchsuchen"],
    ] as const) {
      await page.context().addCookies([{ name: "language", value: language, url: baseUrl() }])
      await page.goto("/admin/orders")
      const box = page.getByRole("searchbox", { name: search })
      await box.fill(String(order.id))
      await box.press("Enter")
      const row = page.locator(`tr[data-row-key="${order.id}"]`)
      await expect(row).toContainText(label)
      await expect(row).not.toContainText(customer.details.username)
      await page.goto(`/admin/orders/${order.id}`)
      await expect(page.getByTestId("account-deleted")).toContainText(label)
      await expect(page.locator("#order-title")).toHaveText(`${language === "de" ? "Bestellung" : "Order"} #${order.id}`)
    }
    await screenshot(page, "account-deleted-de")
  })

  test("payments taken without an order are listed above the orders", async ({ page }) => {
    const payment = {
      provider: "paypal",
      reference: `SANDBOX-REF-${Math.random().toString(36).slice(2, 8)}`,
      paymentId: "sb-capture-1",
      amount: "64.00",
      userId: 1,
      isTestPayment: true,
      reason: "Stock ran out during capture",
      createdAt: new Date().toISOString(),
    }
    await page.route("**/api/admin/unfinalised-payments", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify([payment]) }),
    )
    await page.goto("/admin/orders")
    const alert = page.locator(".ant-alert").filter({ hasText: "Payments without an order (1)" })
    await expect(alert).toBeVisible()
    await expect(alert).toContainText(payment.reference)
    await expect(alert).toContainText("Stock ran out during capture")
    await expect(alert).toContainText("€64.00")
    await screenshot(page, "unfinalised")
  })

  test("an unknown order says it was not found", async ({ page }) => {
    await page.goto("/admin/orders/999999999")
    await expect(page.getByText("Order #999999999 was not found. It may have been deleted.")).toBeVisible()
    await page.getByRole("link", { name: "Back to orders" }).click()
    // The list adds its pagination to the address at once.
    await expect(page).toHaveURL(/\/admin\/orders(?:\?|$)/)
  })

  test("in German the pages and the validation speak German", async ({ page }) => {
    const customer = await newCustomer()
    const order = await placeOrder(customer, await productInStock(customer.api, [4, 1, 3]))
    await page.context().addCookies([{ name: "language", value: "de", url: baseUrl() }])
    await page.goto("/admin/orders")
    await expect(page.locator("#orders-title")).toHaveText("Bestellungen")
    await page.getByRole("searchbox", { name: "Bestellungen durchsuchen" }).fill(String(order.id))
    await page.getByRole("searchbox", { name: "Bestellungen durchsuchen" }).press("Enter")
    const row = page.locator(`tr[data-row-key="${order.id}"]`)
    await expect(row.getByTestId("test-payment-tag")).toHaveText("Testzahlung")
    await expect(row.locator("[data-order-status]")).toHaveText("In Bearbeitung")
    await screenshot(page, "list-de")
    await page.getByRole("link", { name: `Bestellung ${order.id} ansehen` }).click()
    await expect(page.locator("#order-title")).toHaveText(`Bestellung #${order.id}`)
    // The label in German, the estimate as the admin entered it for the order's method.
    const method = await shippingMethodNamed(customer.api, order.shippingMethod!.name)
    await expect(
      page.locator(".ant-descriptions-item").filter({ hasText: "Voraussichtliche Lieferung" }).getByTestId("estimated-delivery"),
    ).toHaveText(method.estimated_delivery_de ?? method.estimated_delivery ?? "Für diese Versandart nicht angegeben")
    await page.getByRole("button", { name: "Adresse bearbeiten" }).click()
    const dialog = page.getByRole("dialog", { name: "Lieferadresse bearbeiten" })
    await dialog.getByLabel("Stadt").fill("B")
    await dialog.getByRole("button", { name: "Speichern" }).click()
    await expect(dialog.getByText("Stadt ist erforderlich")).toBeVisible()
    await screenshot(page, "detail-de")
  })
})
