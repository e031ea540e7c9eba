import AxeBuilder from "@axe-core/playwright"
import { expect as baseExpect, request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test"
import { test } from "../support/csp.ts"
import { SAME_ORIGIN_HEADERS } from "../support/urls.ts"
import { newUserDetails } from "../support/api.ts"
import { testAddress } from "../support/address.ts"
import { waitForMail } from "../support/mailbox.ts"
import { TEST_ADMIN_PASSWORD } from "../support/shop.ts"

/**
 * The withdrawal function in the back office: a customer's withdrawal appears on the Returns list with its refund
 * deadline; staff receive the goods (restocked) and refund what the withdrawal rule proposes, in
 * English and in German; and staff open a return themselves from an order's page.
 */

// The shop is shared with other suites and can be slow to answer: give what the user sees a little longer.
const expect = baseExpect.configure({ timeout: 30_000 })

function baseUrl(): string {
  return test.info().project.use.baseURL ?? process.env.ENCLAVE_URL!
}

async function api(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: baseUrl(), extraHTTPHeaders: SAME_ORIGIN_HEADERS })
}

async function signInAsAdmin(page: Page, language: "en" | "de") {
  await page.context().addCookies([{ name: "language", value: language, url: baseUrl() }])
  expect((await page.request.post("/api/login", { data: { username: "admin", password: TEST_ADMIN_PASSWORD } })).status()).toBe(200)
}

/** A customer's delivered sandbox order of two sleeves; `withdraw`: the customer withdraws from all of it. */
async function deliveredOrder(withdraw: boolean) {
  const customer = await api()
  const details = newUserDetails()
  expect((await customer.post("/api/register", { data: details })).status()).toBe(201)
  expect((await customer.post("/api/cart", { data: { productId: 4, quantity: 2 } })).status()).toBe(201)
  const placed = await customer.post("/api/orders", {
    data: {
      shippingAddress: testAddress,
      shippingMethod: 1,
      paymentMethod: "stripe",
      paymentId: `str-ret-${Math.random().toString(36).slice(2, 10)}`,
    },
  })
  expect(placed.status(), await placed.text()).toBe(201)
  const order = (await placed.json()) as { id: number; total: string }
  const admin = await api()
  expect((await admin.post("/api/login", { data: { username: "admin", password: TEST_ADMIN_PASSWORD } })).status()).toBe(200)
  for (const data of [{ status: "shipped" }, { status: "delivered" }]) {
    expect((await admin.put(`/api/admin/orders/${order.id}/status`, { data })).status()).toBe(200)
  }
  await admin.dispose()
  if (withdraw) expect((await customer.post("/api/withdrawals", { data: { orderId: order.id, name: "Rita Return" } })).status()).toBe(201)
  return { customer, details, order }
}

const texts = {
  en: {
    receive: "Receive",
    refund: "Refund",
    requested: "Requested",
    received: "Received",
    refunded: "Refunded",
    title: "Returns",
    refundDone: "Refund made",
  },
  de: {
    receive: "Eingang buchen",
    refund: "Erstatten",
    requested: "Angefragt",
    received: "Eingegangen",
    refunded: "Erstattet",
    title: "Retouren",
    refundDone: "Erstattung ausgeführt",
  },
} as const

for (const language of ["en", "de"] as const) {
  test(`[${language}] a withdrawal on the Returns list: received with restock, refunded as the rule proposes`, async ({ page }) => {
    const { customer, details, order } = await deliveredOrder(true)
    const say = texts[language]
    await signInAsAdmin(page, language)
    await page.goto("/admin/returns")
    await expect(page.getByRole("heading", { level: 3, name: say.title })).toBeVisible()
    const row = page.locator(`[data-return-order="${order.id}"]`)
    await expect(row.locator("[data-return-state]")).toContainText(say.requested)
    await expect(row).toContainText(/\d{4}/)

    await row.getByRole("button", { name: say.receive }).click()
    const receive = page.getByRole("dialog")
    await expect(receive.getByRole("switch")).toBeChecked()
    await receive.getByRole("textbox").fill("Sealed")
    await receive.getByRole("button", { name: say.receive }).click()
    await expect(row.locator("[data-return-state]")).toContainText(say.received)

    await row.getByRole("button", { name: say.refund }).click()
    const refund = page.getByRole("dialog")
    await expect(refund.getByRole("textbox").first()).toBeVisible()
    // The dialog reads as well as the rest of the back office (axe's WCAG 2 AA rules).
    const violations = (
      await new AxeBuilder({ page }).include(".ant-modal").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze()
    ).violations
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([])
    const amount = refund.getByRole("textbox").first()
    // The whole order: the items and the standard delivery, here all that was paid.
    await expect(amount).toHaveValue(order.total)
    await refund
      .getByRole("button", { name: new RegExp(say.refund, "i") })
      .last()
      .click()
    await expect(page.getByText(say.refundDone)).toBeVisible()
    await expect(row.locator("[data-return-state]")).toContainText(say.refunded)
    await expect(row.getByRole("button", { name: say.refund })).toHaveCount(0)

    const orders = (await (await customer.get("/api/orders")).json()) as Array<{ id: number; afterSale: { refunded: string } }>
    expect(orders.find((o) => o.id === order.id)!.afterSale.refunded).toBe(order.total)
    await waitForMail({ to: details.email, subject: language === "en" ? /Refund of/ : /Refund of|Erstattung/ })
    await customer.dispose()
  })
}

test("staff open a goodwill return from an order's page, and it is listed", async ({ page }) => {
  const { customer, order } = await deliveredOrder(false)
  await signInAsAdmin(page, "en")
  await page.goto(`/admin/orders/${order.id}`)
  await page.getByRole("button", { name: "Open a return" }).click()
  const dialog = page.getByRole("dialog")
  await dialog.getByLabel("Note").fill("Scratched case, goodwill")
  await dialog.getByRole("button", { name: "Open a return" }).click()
  // The first notice: this one, or the refusal it is instead (which the failure then names).
  await expect(page.locator(".ant-notification-notice").first()).toContainText("Return opened")
  await page.getByRole("link", { name: "Returns" }).last().click()
  const row = page.locator(`[data-return-order="${order.id}"]`)
  await expect(row).toContainText("Opened by staff")
  await expect(row).toContainText("Goodwill")
  await expect(row.locator("[data-return-state]")).toContainText("Requested")

  // A partial refund by item, from the order's page: one of the two sleeves.
  await page.goto(`/admin/orders/${order.id}`)
  await page.getByRole("button", { name: "Refund" }).click()
  const refund = page.getByRole("dialog")
  const items = refund.getByTestId("refund-items")
  await items.getByRole("checkbox").check()
  await items.getByRole("spinbutton").fill("1")
  await items.getByRole("button", { name: /Use these items: €49\.00/ }).click()
  await expect(refund.getByLabel("Amount (€)")).toHaveValue("49.00")
  await refund.getByRole("button", { name: "Refund €49.00" }).click()
  await expect(page.getByText("Refund made")).toBeVisible()
  const orders = (await (await customer.get("/api/orders")).json()) as Array<{ id: number; afterSale: { refunded: string } }>
  expect(orders.find((o) => o.id === order.id)!.afterSale.refunded).toBe("49.00")
  await customer.dispose()
})
