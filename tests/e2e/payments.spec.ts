import { centsToEuros, eurosToCents, formatEuro } from "@enclave/contract/money"
import { expect, type Page } from "@playwright/test"
import { actAsShopPages, test } from "../support/csp.ts"
import { routeStripeJs } from "../fakes/stripe-js.ts"
import { newUserDetails, type ApiClient } from "../support/api.ts"
import { startPaymentShop, type PaymentShop } from "../support/payment-shop.ts"

/**
 * Payments in the browser: buying with the simulated card, with PayPal (approval page and capture) and
 * with the card provider (Stripe Elements), each ending on the success page, in the orders list and
 * with the stock reduced; a declined card, a cancelled and a failing PayPal payment, and both
 * providers off. The shop runs its real PayPal and Stripe SDKs against the loopback fakes: PayPal's
 * through HTTPS_PROXY with the fake's CA, Stripe's through STRIPE_API_URL; the browser gets the fake
 * Stripe.js. The tests share one shop and its payment settings, so they run one after another.
 */
test.describe.configure({ mode: "serial" })

const SHOTS = "test-results/screenshots"

interface Product {
  id: number
  name: string
  price: string
  stockQuantity: number
}
interface ShippingMethod {
  id: number
  name: string
  price: string
}

let payments: PaymentShop
let admin: ApiClient

const at = (path: string) => payments.url + path

async function setPayments(settings: Record<string, unknown>) {
  const answer = await admin.post("/api/admin/payment-config", settings)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
}

test.beforeAll(async () => {
  test.setTimeout(300_000)
  payments = await startPaymentShop()
  await payments.enableProviders()
  admin = await payments.admin()
})

test.afterAll(async () => {
  await payments?.stop()
})

test.beforeEach(async ({ page }) => {
  payments.paypal.reset()
  payments.stripe.reset()
  // Stripe.js comes from js.stripe.com, which these machines cannot reach: the fake answers instead.
  await routeStripeJs(page, payments.stripe.url)
})

/** A new customer, signed in in the page (page.request shares its cookies), with quantity of a product in the cart. */
async function customerWithCart(page: Page, quantity: number): Promise<{ product: Product; total: number }> {
  const register = await page.request.post(at("/api/register"), { data: newUserDetails() })
  expect(register.status(), await register.text()).toBe(201)
  const products = (await (await page.request.get(at("/api/products"))).json()) as Product[]
  const product = products.find((p) => p.id >= 4 && p.stockQuantity >= quantity) ?? products.find((p) => p.stockQuantity >= quantity)
  if (!product) throw new Error(`no product has ${quantity} in stock`)
  const added = await page.request.post(at("/api/cart"), { data: { productId: product.id, quantity } })
  expect(added.ok(), await added.text()).toBeTruthy()
  const methods = (await (await page.request.get(at("/api/shipping-methods"))).json()) as Array<ShippingMethod & { isDefault: boolean }>
  const method = methods.find((m) => m.isDefault) ?? methods[0]!
  return { product, total: quantity * eurosToCents(product.price) + eurosToCents(method.price) }
}

async function stockOf(page: Page, productId: number): Promise<number> {
  const answer = await page.request.get(at(`/api/products/${productId}`))
  expect(answer.ok()).toBeTruthy()
  return ((await answer.json()) as Product).stockQuantity
}

/** Checkout's step 1 is prefilled from the profile: straight on to the payment step. */
async function toPaymentStep(page: Page) {
  await page.goto(at("/checkout"))
  await page.getByRole("button", { name: "Continue to Payment" }).click()
  await expect(page.getByRole("heading", { name: "Review your order" })).toBeFocused()
}

/** The success page of an order, then the order in /orders and the stock it took. */
async function expectPlaced(page: Page, product: Product, quantity: number, total: number, stockBefore: number): Promise<number> {
  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful" })).toBeVisible({ timeout: 20_000 })
  const orderNumber = Number((await page.getByTestId("result-order-id").textContent())!.replace("#", ""))
  expect(orderNumber).toBeGreaterThan(0)
  await expect(page.getByTestId("result-total")).toHaveText(formatEuro(total / 100))
  await expect(page.getByTestId("test-payment-banner")).toContainText("TEST PAYMENT")
  await page.goto(at("/orders"))
  await expect(page.getByText(`Order #${orderNumber}`)).toBeVisible()
  expect(await stockOf(page, product.id)).toBe(stockBefore - quantity)
  return orderNumber
}

async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

const pendingPaypalOrder = (page: Page) => page.evaluate(() => sessionStorage.getItem("paypalPendingOrderId"))

test("a purchase with the simulated card", async ({ page }) => {
  const { product, total } = await customerWithCart(page, 2)
  const stockBefore = await stockOf(page, product.id)
  await toPaymentStep(page)

  // Both providers and the sandbox card are offered; the card provider is the default.
  await expect(page.getByRole("radio", { name: /Credit or debit card/ })).toBeChecked()
  await expect(page.getByRole("radio", { name: /PayPal/ })).toBeVisible()
  await page.getByRole("radio", { name: /Test card \(sandbox\)/ }).check()
  await expect(page.getByTestId("review-payment")).toHaveText("Test card (sandbox)")
  const expiry = await page.getByLabel("Expiry").inputValue()
  const [month, year] = expiry.split("/").map(Number)
  expect(month).toBe(12)
  expect(2000 + year!).toBeGreaterThan(new Date().getFullYear())
  await screenshot(page, "payments-choice-en")

  await page.getByRole("button", { name: `Pay ${formatEuro(total / 100)}` }).click()
  await expect(page.getByRole("button", { name: "Processing payment..." })).toBeVisible()
  await expect(page.getByText("Test Order Placed Successfully")).toBeVisible({ timeout: 15_000 })
  await page.waitForURL(/\/checkout\/success\?orderId=\d+$/, { timeout: 15_000 })
  await expectPlaced(page, product, 2, total, stockBefore)
})

test("a purchase with PayPal: approval on PayPal's page, capture on return", async ({ page }) => {
  const { product, total } = await customerWithCart(page, 1)
  const stockBefore = await stockOf(page, product.id)
  await toPaymentStep(page)
  await page.getByRole("radio", { name: /PayPal/ }).check()
  await expect(page.getByTestId("review-payment")).toHaveText("PayPal")
  await page.getByRole("button", { name: "Pay with PayPal" }).click()

  // PayPal's approval page, with the amount the shop computed and our parameters on its address.
  await page.waitForURL((url) => url.origin === payments.paypal.approvalOrigin && url.pathname === "/checkoutnow")
  const approval = new URL(page.url())
  expect(approval.searchParams.get("userid")).toMatch(/^\d+$/)
  expect(approval.searchParams.get("shippingMethodId")).toMatch(/^\d+$/)
  await expect(page.getByTestId("amount")).toHaveText(`${centsToEuros(total)} EUR`)
  await page.getByRole("button", { name: "Approve payment" }).click()

  // Back on the shop: captured, the order shown, the pending state cleared.
  await page.waitForURL(/\/checkout\/success\?paypal=true&token=\w+/)
  await expect(page.getByText("Test Payment Successful")).toBeVisible({ timeout: 20_000 })
  const token = new URL(page.url()).searchParams.get("token")!
  expect(payments.paypal.capturesTaken(token)).toBe(1)
  expect(await pendingPaypalOrder(page)).toBeNull()
  await screenshot(page, "payments-paypal-success-en")
  const orderNumber = await expectPlaced(page, product, 1, total, stockBefore)

  // The order links to the payment on PayPal's sandbox site.
  await page.locator(`[data-order-id="${orderNumber}"] summary`).click()
  await expect(page.locator(`[data-order-id="${orderNumber}"]`).getByRole("link", { name: /PayPal/ })).toHaveAttribute(
    "href",
    /^https:\/\/www\.sandbox\.paypal\.com\/activity\/payment\/\w+$/,
  )
})

test("paying without JavaScript: PayPal by redirect, captured on return (en, de); the card said to need JavaScript; the invoice for a business", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  actAsShopPages(context.request)
  const page = await context.newPage()
  const { product, total } = await customerWithCart(page, 1)
  const stockBefore = await stockOf(page, product.id)
  await page.goto(at("/checkout"))
  await page.getByRole("button", { name: "Continue to Payment" }).click()
  await expect(page.getByRole("heading", { name: "Review your order" })).toBeVisible()
  // The card form is Stripe's script: offered with JavaScript only, and said so.
  await expect(page.getByTestId("card-needs-script")).toHaveText(
    "Paying by card needs JavaScript for the card form. Without it, you can pay one of these ways:",
  )
  await expect(page.getByRole("radio", { name: /Credit or debit card/ })).toHaveCount(0)
  await page.getByRole("radio", { name: /PayPal/ }).check()
  await page.getByRole("button", { name: `Buy now: ${formatEuro(total / 100)}` }).click()

  // The shop's server created the PayPal order and sent the browser to its approval page.
  await page.waitForURL((url) => url.origin === payments.paypal.approvalOrigin && url.pathname === "/checkoutnow")
  expect(new URL(page.url()).searchParams.get("shippingMethodId")).toMatch(/^\d+$/)
  await expect(page.getByTestId("amount")).toHaveText(`${centsToEuros(total)} EUR`)
  await page.getByRole("button", { name: "Approve payment" }).click()
  // Back on the shop, whose page captured it: no script ran.
  await page.waitForURL(/\/checkout\/success\?paypal=true&token=\w+/)
  const token = new URL(page.url()).searchParams.get("token")!
  expect(payments.paypal.capturesTaken(token)).toBe(1)
  await expectPlaced(page, product, 1, total, stockBefore)
  // A reload of the return captures nothing twice and shows the same order.
  await page.goBack()
  await page.reload()
  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful" })).toBeVisible()
  expect(payments.paypal.capturesTaken(token)).toBe(1)

  // PayPal by redirect in German: a new customer, the same round trip through the approval page.
  await context.clearCookies()
  await context.addCookies([{ name: "language", value: "de", url: payments.url }])
  const german = await customerWithCart(page, 1)
  await page.goto(at("/checkout"))
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click()
  await expect(page.getByTestId("card-needs-script")).toContainText("JavaScript")
  await page.getByRole("radio", { name: /PayPal/ }).check()
  await page.getByRole("button", { name: /^Zahlungspflichtig bestellen/ }).click()
  await page.waitForURL((url) => url.origin === payments.paypal.approvalOrigin && url.pathname === "/checkoutnow")
  await expect(page.getByTestId("amount")).toHaveText(`${centsToEuros(german.total)} EUR`)
  await page.getByRole("button", { name: "Approve payment" }).click()
  await page.waitForURL(/\/checkout\/success\?paypal=true&token=\w+/)
  expect(payments.paypal.capturesTaken(new URL(page.url()).searchParams.get("token")!)).toBe(1)
  await expect(page.getByRole("heading", { level: 1, name: "Zahlung erfolgreich" })).toBeVisible({ timeout: 20_000 })
  expect(await (await page.request.get(at("/api/cart"))).json()).toEqual([])

  // By invoice, as a business customer, in German.
  await setPayments({
    invoiceAccountHolder: "Enclave Devices GmbH",
    invoiceIban: "DE89 3704 0044 0532 0130 00",
    invoiceBic: "COBADEFFXXX",
    invoiceMinimumTotal: "0",
  })
  await setPayments({ invoiceEnabled: true })
  try {
    await context.clearCookies()
    await context.addCookies([{ name: "language", value: "de", url: payments.url }])
    const business = await page.request.post(at("/api/register"), {
      data: newUserDetails({ companyName: "Acme GmbH", vatId: "DE123456789" }),
    })
    expect(business.status(), await business.text()).toBe(201)
    expect((await page.request.post(at("/api/cart"), { data: { productId: product.id, quantity: 1 } })).ok()).toBeTruthy()
    await page.goto(at("/checkout"))
    await page.getByRole("button", { name: "Weiter zur Zahlung" }).click()
    await page.getByRole("radio", { name: /Rechnung/ }).check()
    await page.getByRole("button", { name: /^Zahlungspflichtig bestellen/ }).click()
    await page.waitForURL(/\/checkout\/success\?orderId=\d+$/)
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
    const orderId = Number(new URL(page.url()).searchParams.get("orderId"))
    const orders = (await (await page.request.get(at("/api/orders"))).json()) as Array<{
      id: number
      paymentMethod: string
      status: string
    }>
    expect(orders.find((o) => o.id === orderId)).toMatchObject({ paymentMethod: "Invoice" })
  } finally {
    await setPayments({ invoiceEnabled: false })
    await context.close()
  }
})

test("a purchase with the card provider (Stripe Elements)", async ({ page }) => {
  const { product, total } = await customerWithCart(page, 1)
  const stockBefore = await stockOf(page, product.id)
  await toPaymentStep(page)
  await expect(page.getByTestId("review-payment")).toHaveText("Credit or debit card")
  await page.getByRole("button", { name: `Pay ${formatEuro(total / 100)}` }).click()

  // Stripe's form appears only now (the fake Stripe.js draws plain labelled inputs).
  await page.getByLabel("Card number").fill("4242 4242 4242 4242")
  await page.getByLabel("Expiration date").fill("12 / 34")
  await page.getByLabel("Security code").fill("123")
  await screenshot(page, "payments-card-form-en")
  await page.getByRole("button", { name: "Pay now" }).click()
  await expect(page.getByText("Test Order Placed Successfully")).toBeVisible({ timeout: 15_000 })
  await page.waitForURL(/\/checkout\/success\?orderId=\d+$/, { timeout: 15_000 })
  const [intent] = [...payments.stripe.intents.values()].filter((stored) => stored.intent.status === "succeeded").slice(-1)
  expect(intent?.intent.amount).toBe(total)
  await expectPlaced(page, product, 1, total, stockBefore)
})

test("a declined card shows the card provider's message and places no order", async ({ page }) => {
  const { product } = await customerWithCart(page, 1)
  const stockBefore = await stockOf(page, product.id)
  await toPaymentStep(page)
  await page.getByRole("button", { name: /^Pay / }).click()
  await page.getByLabel("Card number").fill("4000 0000 0000 0002")
  await page.getByLabel("Expiration date").fill("12 / 34")
  await page.getByLabel("Security code").fill("123")
  await page.getByRole("button", { name: "Pay now" }).click()
  await expect(page.getByTestId("card-error")).toHaveText("Your card was declined.")
  await expect(page.getByText("Payment Failed")).toBeVisible()
  await expect(page.getByText("There was a problem processing your payment. Please try again.")).toBeVisible()
  await expect(page).toHaveURL(/\/checkout$/)
  await screenshot(page, "payments-card-declined-en")
  expect(await (await page.request.get(at("/api/orders"))).json()).toEqual([])
  expect(await stockOf(page, product.id)).toBe(stockBefore)
})

test("cancelling on PayPal's page lands on the failed page and forgets the PayPal order", async ({ page }) => {
  await customerWithCart(page, 1)
  await toPaymentStep(page)
  await page.getByRole("radio", { name: /PayPal/ }).check()
  await page.getByRole("button", { name: "Pay with PayPal" }).click()
  await page.waitForURL((url) => url.origin === payments.paypal.approvalOrigin)
  await page.getByRole("button", { name: "Cancel and return" }).click()
  await page.waitForURL(/\/checkout\/error\?paypal=true&token=\w+/)
  await expect(page.getByRole("heading", { level: 1, name: "Payment Failed" })).toBeVisible()
  await expect(page.getByRole("link", { name: "Try Again" })).toHaveAttribute("href", "/checkout")
  expect(await pendingPaypalOrder(page)).toBeNull()
  await screenshot(page, "payments-paypal-cancelled-en")
  // Checkout no longer offers to complete it.
  await page.goto(at("/checkout"))
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible()
  await expect(page.getByRole("heading", { name: "PayPal order created" })).toHaveCount(0)
})

test("a PayPal order the customer came back from without the redirect is completed from checkout", async ({ page }) => {
  const { product, total } = await customerWithCart(page, 1)
  const stockBefore = await stockOf(page, product.id)
  await toPaymentStep(page)
  await page.getByRole("radio", { name: /PayPal/ }).check()
  await page.getByRole("button", { name: "Pay with PayPal" }).click()
  await page.waitForURL((url) => url.origin === payments.paypal.approvalOrigin)
  // The buyer approves (as in another window) but comes back to checkout by hand.
  payments.paypal.approve(new URL(page.url()).searchParams.get("token")!)
  await page.goto(at("/checkout"))
  await expect(page.getByRole("heading", { name: "PayPal order created" })).toBeVisible()
  await screenshot(page, "payments-paypal-pending-en")
  await page.getByRole("button", { name: "Complete PayPal Payment" }).click()
  await expect(page.getByText("Test Order Placed Successfully")).toBeVisible({ timeout: 15_000 })
  await page.waitForURL(/\/checkout\/success\?orderId=\d+$/, { timeout: 15_000 })
  expect(await pendingPaypalOrder(page)).toBeNull()
  await expectPlaced(page, product, 1, total, stockBefore)
})

test("PayPal failing to create the order shows 'PayPal Error' with the reason", async ({ page }) => {
  await customerWithCart(page, 1)
  await toPaymentStep(page)
  await page.getByRole("radio", { name: /PayPal/ }).check()
  payments.paypal.failNext("create", "server-error")
  await page.getByRole("button", { name: "Pay with PayPal" }).click()
  await expect(page.getByText("PayPal Error")).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId("paypal-payment").getByRole("alert")).toContainText("Failed to create PayPal order")
  await expect(page).toHaveURL(/\/checkout$/)
  expect(await pendingPaypalOrder(page)).toBeNull()
  await screenshot(page, "payments-paypal-error-en")
})

test("with both providers off the sandbox card remains, said to be the only way to pay and a test", async ({ page }) => {
  await setPayments({ stripeEnabled: false })
  await setPayments({ paypalEnabled: false })
  await customerWithCart(page, 1)
  await toPaymentStep(page)
  await expect(page.getByTestId("payment-notice")).toContainText("Only test payments right now")
  await expect(page.getByTestId("payment-notice")).toContainText("The only way to pay is the test card below")
  await expect(page.getByText("All payment methods are currently disabled")).toHaveCount(0)
  await expect(page.getByRole("radio", { name: /Credit or debit card/ })).toHaveCount(0)
  await expect(page.getByRole("radio", { name: /PayPal/ })).toHaveCount(0)
  await expect(page.getByRole("radio", { name: /Test card \(sandbox\)/ })).toBeChecked()
  await expect(page.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242")
  await screenshot(page, "payments-unavailable-en")
})
