import { expect, request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test"
import { test } from "../support/csp.ts"
import { SAME_ORIGIN_HEADERS } from "../support/urls.ts"
import { newUserDetails } from "../support/api.ts"
import { testAddress } from "../support/address.ts"
import { waitForMail } from "../support/mailbox.ts"
import { TEST_ADMIN_PASSWORD } from "../support/shop.ts"

/**
 * The withdrawal function as a consumer uses it (§ 356a BGB): the footer's "Withdraw from contract
 * here" on every page, the statement, "Confirm withdrawal", the confirmation and the receipt mail; signed out
 * with the keyboard alone in English, signed in from /orders at phone size in German.
 */

function baseUrl(): string {
  return test.info().project.use.baseURL ?? process.env.ENCLAVE_URL!
}

async function asAdmin(): Promise<APIRequestContext> {
  const admin = await playwrightRequest.newContext({ baseURL: baseUrl(), extraHTTPHeaders: SAME_ORIGIN_HEADERS })
  expect((await admin.post("/api/login", { data: { username: "admin", password: TEST_ADMIN_PASSWORD } })).status()).toBe(200)
  return admin
}

/** A customer (in `api`, a page's request context or one of its own) with a delivered order of 2 sleeves. */
async function deliveredOrder(api: APIRequestContext) {
  const details = newUserDetails()
  expect((await api.post("/api/register", { data: details })).status()).toBe(201)
  expect((await api.post("/api/cart", { data: { productId: 4, quantity: 2 } })).status()).toBe(201)
  const placed = await api.post("/api/orders", {
    data: {
      shippingAddress: testAddress,
      shippingMethod: 1,
      paymentMethod: "stripe",
      paymentId: `str-wd-${Math.random().toString(36).slice(2, 10)}`,
    },
  })
  expect(placed.status(), await placed.text()).toBe(201)
  const order = (await placed.json()) as { id: number; items: Array<{ id: number; product: { name: string; nameDe?: string | null } }> }
  const admin = await asAdmin()
  for (const data of [{ status: "shipped", carrier: "dhl", trackingNumber: "00340434161094042557" }, { status: "delivered" }]) {
    const moved = await admin.put(`/api/admin/orders/${order.id}/status`, { data })
    expect(moved.status(), await moved.text()).toBe(200)
  }
  await admin.dispose()
  return { details, order }
}

/** Tab from where the focus is until `target` has it; fails after 80 presses. */
async function tabTo(page: Page, target: ReturnType<Page["locator"]>) {
  for (let i = 0; i < 80; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press("Tab")
  }
  throw new Error("could not reach the element with Tab")
}

test("signed out, keyboard only: from the footer to the receipt mail with date and time", async ({ page }) => {
  const api = await playwrightRequest.newContext({ baseURL: baseUrl(), extraHTTPHeaders: SAME_ORIGIN_HEADERS })
  const { details, order } = await deliveredOrder(api)
  await api.dispose()
  await page.context().addCookies([{ name: "language", value: "en", url: baseUrl() }])
  await page.goto("/products")

  const footerLink = page.getByRole("contentinfo").getByRole("link", { name: "Withdraw from contract here" })
  await footerLink.focus()
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/withdraw$/)
  await expect(page.getByRole("heading", { level: 1, name: "Withdraw from contract here" })).toBeVisible()

  // A wrong e-mail address first: told plainly, nothing more.
  await tabTo(page, page.getByLabel("Order number"))
  await page.keyboard.type(String(order.id))
  await page.keyboard.press("Tab")
  await expect(page.getByLabel("E-mail address of the order")).toBeFocused()
  await page.keyboard.type("someone-else@example.org")
  await page.keyboard.press("Tab")
  await expect(page.getByLabel("Your name")).toBeFocused()
  await page.keyboard.type("Ada Lovelace")
  await page.keyboard.press("Enter")
  await expect(page.getByRole("heading", { name: "Please check and confirm" })).toBeVisible()
  await tabTo(page, page.getByRole("button", { name: "Confirm withdrawal" }))
  await page.keyboard.press("Enter")
  await expect(page.getByRole("alert")).toContainText("We found no order with this number and e-mail address")

  await tabTo(page, page.getByLabel("E-mail address of the order"))
  await page.keyboard.press("ControlOrMeta+a")
  await page.keyboard.type(details.email)
  await page.keyboard.press("Enter")
  const review = page.locator("[data-withdraw-review]")
  await expect(review).toContainText(`Order #${order.id}`)
  await expect(review).toContainText("All items of the order")
  await expect(review).toContainText("Ada Lovelace")
  const since = new Date()
  await tabTo(page, page.getByRole("button", { name: "Confirm withdrawal" }))
  await page.keyboard.press("Enter")

  await expect(page.getByRole("heading", { level: 1, name: "Your withdrawal has been received" })).toBeVisible()
  const done = page.locator("[data-withdraw-done]")
  await expect(done).toContainText(/Received on \d{1,2} \w+ \d{4} at \d{2}:\d{2}/)
  await expect(done).toContainText(`2 × ${order.items[0].product.name}`)
  await expect(done).toContainText(`We sent the receipt to ${details.email}`)
  await expect(done).toContainText("Return address")

  const mail = await waitForMail({ to: details.email, subject: /Receipt of your withdrawal/, since })
  expect(mail.subject).toBe(`Receipt of your withdrawal from Enclave order #${order.id}`)
  expect(mail.text).toMatch(/on \d{1,2} \w+ \d{4} at \d{2}:\d{2}/)
  expect(mail.text).toContain("Ada Lovelace")
})

test("signed in at phone size, in German: from /orders, one of two items, confirmed, and /orders shows it", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.context().addCookies([{ name: "language", value: "de", url: baseUrl() }])
  const { order } = await deliveredOrder(page.request)
  const germanName = order.items[0].product.nameDe ?? order.items[0].product.name
  await page.goto("/orders")
  const entry = page.locator(`[data-order-id="${order.id}"]`)
  await entry.locator("summary").click()
  await expect(entry.getByText(/Widerruf möglich bis/)).toBeVisible()
  await entry.getByRole("link", { name: "Vertrag widerrufen" }).click()

  await expect(page).toHaveURL(new RegExp(`/withdraw\\?order=${order.id}$`))
  await expect(page.getByRole("heading", { level: 1, name: "Vertrag hier widerrufen" })).toBeVisible()
  // Signed in: the name from the account, the items to choose; one of the two.
  await page.getByLabel(/Anzahl von/).fill("1")
  await page.getByLabel("Ihr Name").fill("Erika Mustermann")
  await page.getByRole("button", { name: "Weiter" }).click()
  await expect(page.getByRole("heading", { name: "Bitte prüfen und bestätigen" })).toBeVisible()
  await expect(page.locator("[data-withdraw-review]")).toContainText(`1 × ${germanName}`)
  await page.getByRole("button", { name: "Widerruf bestätigen" }).click()

  await expect(page.getByRole("heading", { level: 1, name: "Ihr Widerruf ist eingegangen" })).toBeVisible()
  await expect(page.locator("[data-withdraw-done]")).toContainText(/Eingegangen am \d{1,2}\. \w+ \d{4} um \d{2}:\d{2}/)
  // Nothing overflows the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

  await page.getByRole("link", { name: "Zurück zu meinen Bestellungen" }).click()
  const again = page.locator(`[data-order-id="${order.id}"]`)
  await again.locator("summary").click()
  await expect(again.locator("[data-after-sale]")).toContainText(`Widerrufen am`)
  await expect(again.locator("[data-after-sale]")).toContainText(`1 × ${germanName}`)
  await expect(again.locator("[data-after-sale]")).toContainText("Rücksendung erwartet seit")
  // One sleeve is left to withdraw from: the button stays.
  await expect(again.getByRole("link", { name: "Vertrag widerrufen" })).toBeVisible()
})

test("a business customer signed in is told the statutory right is a consumer's", async ({ page }) => {
  await page.context().addCookies([{ name: "language", value: "en", url: baseUrl() }])
  const details = newUserDetails({ companyName: "Acme GmbH", vatId: "DE123456789" })
  expect((await page.request.post("/api/register", { data: details })).status()).toBe(201)
  expect((await page.request.post("/api/cart", { data: { productId: 4, quantity: 1 } })).status()).toBe(201)
  const placed = await page.request.post("/api/orders", {
    data: {
      shippingAddress: testAddress,
      shippingMethod: 1,
      paymentMethod: "stripe",
      paymentId: `str-biz-${Math.random().toString(36).slice(2, 10)}`,
    },
  })
  expect(placed.status(), await placed.text()).toBe(201)
  await page.goto("/withdraw")
  await expect(page.locator("[data-withdraw-none]")).toContainText("The statutory right of withdrawal is a consumer's")
})
