import type { Order, PaymentConfig } from "@enclave/contract"
import { formatEuro } from "@enclave/contract/money"
import { DEFAULT_SHOP_TIME_ZONE, invoiceDueDate } from "@enclave/contract/values"
import { expect as baseExpect, request as playwrightRequest, type APIRequestContext, type Locator, type Page } from "@playwright/test"
import { actAsShopPages, test } from "../support/csp.ts"
import { newUserDetails } from "../support/api.ts"
import { waitForMail } from "../support/mailbox.ts"
import { TEST_ADMIN_PASSWORD } from "../support/shop.ts"
import { SAME_ORIGIN_HEADERS } from "../support/urls.ts"

/**
 * Pay by invoice in the browser: a business customer checks out choosing
 * 'Pay by invoice' (refused first for a total under the minimum, with the message on the payment step),
 * sees the bank details, amount, reference and due date on the success page (in English and German),
 * 'Awaiting payment' on the orders page; the admin finds the order under 'Unpaid invoices only', marks it
 * paid with a confirmation, and the customer's orders page then says when it was paid. A customer
 * without company name and VAT ID is not offered the choice.
 *
 * Invoice payment is a shop-wide setting: this spec runs after the other specs (playwright.config.ts,
 * SHOP_WIDE_SETTINGS) and puts back the settings it found.
 */
test.describe.configure({ mode: "serial", timeout: 240_000 })

// The shop is shared and the machine busy: give what a person sees a little longer.
const expect = baseExpect.configure({ timeout: 30_000 })

const SHOTS = "test-results/screenshots"
const BANK = {
  accountHolder: "Enclave Test GmbH",
  iban: "DE89370400440532013000",
  ibanGrouped: "DE89 3704 0044 0532 0130 00",
  bic: "COBADEFFXXX",
}
const TERM_DAYS = 14
const BUSINESS = { companyName: "Acme Secure Devices GmbH", vatId: "DE123456789" }

type InvoiceConfig = Pick<
  PaymentConfig,
  "invoiceEnabled" | "invoiceAccountHolder" | "invoiceIban" | "invoiceBic" | "invoicePaymentTermDays" | "invoiceMinimumTotal"
>

interface Product {
  id: number
  name: string
  price: string
  stockQuantity: number
}

let admin: APIRequestContext
let found: InvoiceConfig

function baseUrl(): string {
  return process.env.ENCLAVE_URL!
}

async function saveConfig(body: Record<string, unknown>) {
  const answer = await admin.post("/api/admin/payment-config", { data: body })
  expect(answer.status(), await answer.text()).toBe(200)
}

test.beforeAll(async () => {
  admin = await playwrightRequest.newContext({ baseURL: baseUrl(), extraHTTPHeaders: SAME_ORIGIN_HEADERS })
  const login = await admin.post("/api/login", { data: { username: "admin", password: TEST_ADMIN_PASSWORD } })
  expect(login.status()).toBe(200)
  const answer = await admin.get("/api/admin/payment-config")
  expect(answer.status()).toBe(200)
  found = (await answer.json()) as InvoiceConfig
  await saveConfig({
    invoiceEnabled: true,
    invoiceAccountHolder: BANK.accountHolder,
    invoiceIban: BANK.ibanGrouped,
    invoiceBic: BANK.bic,
    invoicePaymentTermDays: TERM_DAYS,
    invoiceMinimumTotal: "0.00",
  })
})

test.afterAll(async () => {
  // One body: turning invoice off and clearing the details it needed are accepted together.
  await saveConfig({
    invoiceEnabled: found.invoiceEnabled,
    invoiceAccountHolder: found.invoiceAccountHolder,
    invoiceIban: found.invoiceIban,
    invoiceBic: found.invoiceBic,
    invoicePaymentTermDays: found.invoicePaymentTermDays,
    invoiceMinimumTotal: found.invoiceMinimumTotal,
  })
  await admin.dispose()
})

async function register(page: Page, extra: Record<string, unknown> = {}) {
  const details = newUserDetails(extra)
  const answer = await page.request.post("/api/register", { data: details })
  expect(answer.status(), await answer.text()).toBe(201)
  return details
}

/** A product with stock left, read now: other suites buy from the same shop. */
async function addProductInStock(page: Page): Promise<Product> {
  const products = (await (await page.request.get("/api/products")).json()) as Product[]
  const product = [4, 5, 1, 3].map((id) => products.find((p) => p.id === id)).find((p) => p && p.stockQuantity >= 2)
  if (!product) throw new Error("no product with stock left")
  const answer = await page.request.post("/api/cart", { data: { productId: product.id, quantity: 1 } })
  expect(answer.ok(), await answer.text()).toBeTruthy()
  return product
}

async function toPaymentStep(page: Page) {
  await page.goto("/checkout")
  const next = page.getByRole("button", { name: /Continue to Payment|Weiter zur Zahlung/ })
  await expect(next).toBeEnabled()
  await next.click()
  await expect(page.getByRole("heading", { name: /Review your order|Bestellung prüfen/ })).toBeFocused()
}

async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: `${SHOTS}/invoice-${name}.png`, fullPage: true })
}

async function useLanguage(page: Page, language: "en" | "de") {
  await page.context().addCookies([{ name: "language", value: language, url: baseUrl() }])
}

/** Presses Tab until the element has the focus (no mouse). */
async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return
    await page.keyboard.press("Tab")
  }
  throw new Error(`Tab never reached ${target}`)
}

/** The English (en-GB) or German long form of a YYYY-MM-DD day, as the pages write it. */
function longDay(day: string, language: "en" | "de"): string {
  const [year, month, date] = day.split("-").map(Number)
  return new Intl.DateTimeFormat(language === "de" ? "de-DE" : "en-GB", { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, date)),
  )
}

test("a business customer pays by invoice; the admin marks the order paid", async ({ page, browser }) => {
  const errors: string[] = []
  page.on("pageerror", (e) => errors.push(e.message))
  await useLanguage(page, "en")
  const customer = await register(page, BUSINESS)
  await addProductInStock(page)

  // A total under the minimum: refused on the payment step, in words the customer can act on.
  await saveConfig({ invoiceMinimumTotal: "99999.00" })
  await toPaymentStep(page)
  const invoiceChoice = page.getByRole("radio", { name: /Pay by invoice/ })
  await expect(invoiceChoice).toBeVisible()
  // The keyboard picks it: Space on the radio, Tab to the order button, Enter.
  await invoiceChoice.focus()
  await page.keyboard.press("Space")
  await expect(invoiceChoice).toBeChecked()
  await expect(page.getByTestId("review-payment")).toHaveText("Pay by invoice")
  const panel = page.getByTestId("invoice-payment")
  await expect(panel).toContainText("Place your order now: nothing is charged.")
  const total = (await page.getByTestId("summary-total").textContent())!.trim()
  const place = panel.getByRole("button", { name: `Place order: pay ${total} by invoice` })
  await tabTo(page, place)
  await page.keyboard.press("Enter")
  await expect(page.getByTestId("order-error")).toHaveText(
    "Pay by invoice needs an order total of at least €99,999.00. Add more to your cart or choose another way to pay.",
  )
  await expect(invoiceChoice).toBeChecked()
  await screenshot(page, "minimum-refused-en")

  // Under the minimum no longer: the order is placed, pending, with its reference and due date.
  await saveConfig({ invoiceMinimumTotal: "0.00" })
  const placedAt = new Date()
  await place.click()
  await page.waitForURL(/\/checkout\/success\?orderId=\d+$/, { timeout: 20_000 })
  const orderId = Number(new URL(page.url()).searchParams.get("orderId"))
  const order = ((await (await page.request.get("/api/orders")).json()) as Order[]).find((o) => o.id === orderId)!
  expect(order).toMatchObject({ status: "pending", paymentMethod: "Invoice", paymentId: null, isTestPayment: false })
  expect(order.invoice).toMatchObject({ state: "awaiting_payment", paidAt: null, bankAccount: { iban: BANK.iban, bic: BANK.bic } })
  expect(order.invoice!.reference).toMatch(/^ENC-\d{6}$/)
  expect(order.invoice!.dueDate).toBe(invoiceDueDate(new Date(order.createdAt), TERM_DAYS, DEFAULT_SHOP_TIME_ZONE))
  expect(formatEuro(order.total)).toBe(total)
  const { reference, dueDate } = order.invoice!

  // The success page: placed (not "paid"), what to transfer by when and where.
  await expect(page.getByRole("heading", { level: 1, name: "Order Placed" })).toBeVisible()
  const transfer = page.getByTestId("invoice-transfer")
  await expect(transfer.getByRole("heading", { name: "Please transfer the amount" })).toBeVisible()
  await expect(transfer.getByTestId("invoice-transfer-text")).toHaveText(
    `Please transfer ${total} to the account below by ${longDay(dueDate, "en")}, quoting the reference ${reference}, so that we can match your payment to your order.`,
  )
  await expect(transfer.getByTestId("invoice-account-holder")).toHaveText(BANK.accountHolder)
  await expect(transfer.getByTestId("invoice-iban")).toHaveText(BANK.ibanGrouped)
  await expect(transfer.getByTestId("invoice-bic")).toHaveText(BANK.bic)
  await expect(transfer.getByTestId("invoice-amount")).toHaveText(total)
  await expect(transfer.getByTestId("invoice-reference")).toHaveText(reference)
  await expect(transfer.getByTestId("invoice-due-date")).toHaveText(longDay(dueDate, "en"))
  await expect(page.getByTestId("result-status")).toHaveText("Awaiting payment")
  // In the page's content: the footer's 'Test payments' badge names the shop's sandbox card, not this order.
  await expect(page.getByRole("main").getByText("TEST PAYMENT")).toHaveCount(0)
  await screenshot(page, "success-en")

  // The order confirmation mail asks for the same transfer (in English: the account was opened in English).
  const mail = await waitForMail({ to: customer.email, subject: new RegExp(`order #${orderId} is confirmed`), since: placedAt })
  expect(mail.subject).toBe(`Your Enclave order #${orderId} is confirmed`)
  for (const part of [mail.text, mail.html]) {
    expect(part).toContain(`Please transfer ${total} to the account below by ${longDay(dueDate, "en")}, quoting the reference ${reference}`)
    expect(part).toContain(BANK.accountHolder)
    expect(part).toContain(BANK.ibanGrouped)
    expect(part).toContain(BANK.bic)
    expect(part).not.toContain("TEST PAYMENT")
  }

  // The same page in German.
  await useLanguage(page, "de")
  await page.reload()
  await expect(page.getByRole("heading", { level: 1, name: "Bestellung aufgegeben" })).toBeVisible()
  const totalDe = formatEuro(order.total, "de")
  await expect(transfer.getByRole("heading", { name: "Bitte überweisen Sie den Betrag" })).toBeVisible()
  await expect(transfer.getByTestId("invoice-transfer-text")).toHaveText(
    `Bitte überweisen Sie ${totalDe} bis zum ${longDay(dueDate, "de")} auf das unten genannte Konto und geben Sie als Verwendungszweck ${reference} an, damit wir Ihre Zahlung Ihrer Bestellung zuordnen können.`,
  )
  await expect(transfer.getByText("Kontoinhaber")).toBeVisible()
  await expect(transfer.getByText("Verwendungszweck", { exact: true })).toBeVisible()
  await expect(transfer.getByTestId("invoice-iban")).toHaveText(BANK.ibanGrouped)
  await expect(transfer.getByTestId("invoice-amount")).toHaveText(totalDe)
  await expect(transfer.getByTestId("invoice-due-date")).toHaveText(longDay(dueDate, "de"))
  await expect(page.getByTestId("result-status")).toHaveText("Zahlung ausstehend")
  await screenshot(page, "success-de")

  // The orders page, in German then English: awaiting payment, the reference, the due date, the bank details.
  await page.goto("/orders")
  const entry = page.locator(`details[data-order-id="${orderId}"]`)
  await expect(entry.locator("[data-invoice-state]")).toHaveText("Zahlung ausstehend")
  await useLanguage(page, "en")
  await page.goto("/orders")
  await expect(entry.locator("[data-invoice-state]")).toHaveText("Awaiting payment")
  await entry.locator("summary").click()
  const details = entry.getByTestId("order-invoice")
  await expect(details.getByTestId("order-invoice-state")).toHaveText("Awaiting payment")
  await expect(details.getByTestId("order-invoice-reference")).toHaveText(reference)
  await expect(details.getByTestId("order-invoice-due-date")).toHaveText(longDay(dueDate, "en"))
  await expect(details).toContainText(BANK.ibanGrouped)
  await expect(details).toContainText(`Please transfer ${total} to the account below by ${longDay(dueDate, "en")}`)
  await expect(entry).toContainText("Invoice (wire transfer)")
  await screenshot(page, "orders-awaiting-en")

  // The admin, in a browser of their own: the unpaid invoices, the order, 'Mark as paid'.
  const adminContext = await browser.newContext({ baseURL: baseUrl() })
  actAsShopPages(adminContext.request)
  try {
    await adminContext.addCookies([{ name: "language", value: "en", url: baseUrl() }])
    const adminPage = await adminContext.newPage()
    adminPage.on("pageerror", (e) => errors.push(e.message))
    expect((await adminPage.request.post("/api/login", { data: { username: "admin", password: TEST_ADMIN_PASSWORD } })).status()).toBe(200)

    await adminPage.goto("/admin/orders")
    const unpaidOnly = adminPage.getByRole("checkbox", { name: "Unpaid invoices only" })
    await unpaidOnly.check()
    await expect(adminPage).toHaveURL(/[?&]filters/)
    const row = adminPage.locator(`tr[data-row-key="${orderId}"]`)
    await expect(row).toBeVisible()
    await expect(row.locator("[data-invoice-state]")).toHaveText("Awaiting payment")
    // Every row the filter shows is an unpaid invoice.
    const states = await adminPage
      .locator("tbody [data-invoice-state]")
      .evaluateAll((tags) => tags.map((t) => t.getAttribute("data-invoice-state")))
    expect(states.length).toBeGreaterThan(0)
    expect(states.every((s) => s === "awaiting_payment" || s === "overdue")).toBe(true)
    // The filter survives a reload (it is in the address).
    await adminPage.reload()
    await expect(adminPage.getByRole("checkbox", { name: "Unpaid invoices only" })).toBeChecked()
    await expect(row).toBeVisible()

    await row.getByRole("link", { name: `View order ${orderId}` }).click()
    await expect(adminPage.locator("#order-title")).toHaveText(`Order #${orderId}`)
    const facts = adminPage.getByTestId("invoice-facts")
    await expect(facts.getByTestId("invoice-reference")).toHaveText(reference)
    await expect(facts.getByTestId("invoice-due-date")).toHaveText(
      new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${dueDate}T00:00:00Z`)),
    )
    await expect(facts.getByTestId("invoice-state")).toHaveText("Awaiting payment")
    await expect(facts).toContainText(BANK.ibanGrouped)
    await expect(adminPage.locator('[data-order-status="pending"]')).toHaveText("Pending")

    // A confirmation first: cancelling it changes nothing.
    await facts.getByRole("button", { name: "Mark as paid" }).click()
    const confirm = adminPage.locator(".ant-popconfirm").filter({ hasText: `Mark order #${orderId} as paid?` })
    await expect(confirm).toContainText(`Only once ${total} with the reference ${reference} has arrived in the bank account.`)
    await screenshot(adminPage, "admin-confirm")
    await confirm.getByRole("button", { name: "Cancel" }).click()
    await expect(confirm).toBeHidden()
    await expect(facts.getByTestId("invoice-state")).toHaveText("Awaiting payment")

    await facts.getByRole("button", { name: "Mark as paid" }).click()
    await confirm.getByRole("button", { name: "Mark as paid", exact: true }).click()
    await expect(adminPage.locator(".ant-notification-notice").filter({ hasText: "Invoice Paid" })).toContainText(
      `Order #${orderId} is marked as paid.`,
    )
    // The admin shows days in the shop's time zone, not the test runner's: from 23:00 UTC Berlin has the next day.
    const paidOn = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: DEFAULT_SHOP_TIME_ZONE }).format(new Date())
    await expect(facts.getByTestId("invoice-state")).toHaveText(`Paid ${paidOn}`)
    await expect(facts.getByRole("button", { name: "Mark as paid" })).toHaveCount(0)
    await expect(adminPage.locator('[data-order-status="processing"]')).toHaveText("Processing")
    await screenshot(adminPage, "admin-paid")

    // No longer an unpaid invoice.
    await adminPage.goto(`/admin/orders`)
    await adminPage.getByRole("checkbox", { name: "Unpaid invoices only" }).check()
    // Loaded: other unpaid invoices, or none at all.
    await expect(adminPage.getByText("No unpaid invoices").or(adminPage.locator("tbody tr[data-row-key]").first())).toBeVisible()
    await expect(adminPage.locator(`tr[data-row-key="${orderId}"]`)).toHaveCount(0)
  } finally {
    await adminContext.close()
  }

  // The customer's orders page says when it was paid.
  const paid = ((await (await page.request.get("/api/orders")).json()) as Order[]).find((o) => o.id === orderId)!
  expect(paid.status).toBe("processing")
  expect(paid.invoice?.state).toBe("paid")
  await page.goto("/orders")
  const paidDay = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "Europe/Berlin" }).format(new Date(paid.invoice!.paidAt!))
  await expect(entry.locator("[data-invoice-state]")).toHaveText(`Paid on ${paidDay}`)
  await entry.locator("summary").click()
  await expect(details.getByTestId("order-invoice-state")).toHaveText(`Paid on ${paidDay}`)
  await expect(details).not.toContainText(BANK.ibanGrouped)
  await screenshot(page, "orders-paid-en")
  expect(errors).toEqual([])
})

test("only business customers are offered the invoice; the choice works on a phone", async ({ page, browser }) => {
  await useLanguage(page, "en")
  await register(page)
  await addProductInStock(page)
  await toPaymentStep(page)
  // Whatever else the shop offers right now, never the invoice.
  await expect(page.getByRole("heading", { name: "Payment", exact: true })).toBeVisible()
  await expect(page.getByRole("radio", { name: /Pay by invoice/ })).toHaveCount(0)
  await expect(page.getByTestId("invoice-payment")).toHaveCount(0)
  expect(((await (await page.request.get("/api/payment-methods")).json()) as { invoice: boolean }).invoice).toBe(false)

  // A business customer on a phone, in German.
  const phone = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true })
  actAsShopPages(phone.request)
  try {
    const mobile = await phone.newPage()
    await useLanguage(mobile, "de")
    await register(mobile, BUSINESS)
    await addProductInStock(mobile)
    await toPaymentStep(mobile)
    const choice = mobile.getByRole("radio", { name: /Kauf auf Rechnung/ })
    await choice.check()
    const panel = mobile.getByTestId("invoice-payment")
    await expect(panel).toContainText("Sie bestellen jetzt, es wird nichts abgebucht.")
    const button = panel.getByRole("button", { name: /^Zahlungspflichtig bestellen \(.+ per Rechnung\)$/ })
    await button.scrollIntoViewIfNeeded()
    await expect(button).toBeInViewport()
    // Nothing wider than the screen.
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await screenshot(mobile, "checkout-phone-de")
  } finally {
    await phone.close()
  }
})
