import type { Order } from "@enclave/contract"
import { centsToEuros, eurosToCents, formatEuro } from "@enclave/contract/money"
import { expect, type Locator, type Page } from "@playwright/test"
import { test } from "../support/csp.ts"
import { newUserDetails } from "../support/api.ts"
import { islandsHydrated, typeBeforeIslandsRun } from "../support/islands.ts"

/**
 * Checkout as a customer goes through it (docs/product.md §2 Checkout, §4 Checkout, §5 address rules): both
 * steps, the simulated card, the result pages. Other suites buy from the same shop at the same
 * time, so prices and stock are read from the API, never assumed.
 */

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
  estimated_delivery: string | null
  estimated_delivery_de?: string | null
}

const SHOTS = "test-results/screenshots"

/** The VAT a gross amount in cents contains at a rate, in euros for formatEuro (docs/product.md §4 VAT: rounded half up). */
const vatIn = (grossCents: number, rate: number) => Math.round((grossCents * rate) / (100 + rate)) / 100

/** Registers a customer through the API; page.request shares the page's cookies, so the page is signed in. */
async function registerCustomer(page: Page, overrides: Record<string, unknown> = {}) {
  const details = newUserDetails(overrides)
  const answer = await page.request.post("/api/register", { data: details })
  expect(answer.status(), await answer.text()).toBe(201)
  return details
}

async function addToCart(page: Page, productId: number, quantity: number) {
  const answer = await page.request.post("/api/cart", { data: { productId, quantity } })
  expect(answer.ok(), await answer.text()).toBeTruthy()
}

/** A product that still has the stock the test wants to buy. */
async function productInStock(page: Page, ids: number[], quantity: number): Promise<Product> {
  const products = (await (await page.request.get("/api/products")).json()) as Product[]
  const found = ids.map((id) => products.find((p) => p.id === id)).find((p) => p && p.stockQuantity >= quantity)
  if (!found) throw new Error(`none of products ${ids.join(", ")} has ${quantity} in stock`)
  return found
}

async function shippingMethods(page: Page): Promise<ShippingMethod[]> {
  return (await (await page.request.get("/api/shipping-methods")).json()) as ShippingMethod[]
}

/** A full-page picture from the top (a scrolled page would draw the fixed header mid-page). */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

async function useGerman(page: Page) {
  await page.context().addCookies([{ name: "language", value: "de", url: process.env.ENCLAVE_URL! }])
}

/** Presses Tab until the element has the focus (no mouse anywhere). */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return
    await page.keyboard.press("Tab")
  }
  throw new Error(`Tab never reached ${target}`)
}

test("a customer checks out in two steps and pays with the simulated card", async ({ page }) => {
  const details = await registerCustomer(page)
  const phone = await productInStock(page, [1, 3], 1)
  const sleeve = await productInStock(
    page,
    [4, 5, 1, 3].filter((id) => id !== phone.id),
    2,
  )
  await addToCart(page, phone.id, 1)
  await addToCart(page, sleeve.id, 2)
  const methods = await shippingMethods(page)
  const standard = methods.find((m) => m.name === "Germany Standard")!
  const express = methods.find((m) => m.name === "Germany Express")!
  const subtotal = eurosToCents(phone.price) + 2 * eurosToCents(sleeve.price)
  const payment = (await (await page.request.get("/api/payment-methods")).json()) as { stripe: boolean; paypal: boolean }

  await page.goto("/checkout")
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible()

  // Step 1: the address is prefilled from the profile.
  await expect(page.getByLabel("Full name")).toHaveValue(details.fullName)
  await expect(page.getByLabel("Address line 1")).toHaveValue(details.addressLine1)
  await expect(page.getByLabel("City")).toHaveValue(details.city)
  await expect(page.getByLabel("Country")).toHaveValue(details.country)

  // The default method is preselected and remembered for the session.
  await expect(page.getByRole("radio", { name: /Germany Standard/ })).toBeChecked()
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem("selectedShippingMethodId"))).toBe(String(standard.id))
  const summary = page.getByRole("complementary", { name: "Order Summary" })
  await expect(summary).toContainText(phone.name)
  await expect(summary).toContainText(sleeve.name)
  await expect(summary).toContainText("Qty: 2")
  // The VAT the total contains, as the server prices it with Medusa's tax lines.
  await expect(summary.getByTestId("summary-vat")).toHaveText(
    `incl. 19% VAT${formatEuro(vatIn(subtotal + eurosToCents(standard.price), 19))}`,
  )
  await expect(summary.getByTestId("summary-subtotal")).toHaveText(formatEuro(subtotal / 100))
  await expect(summary.getByTestId("summary-shipping")).toHaveText(formatEuro(eurosToCents(standard.price) / 100))
  await expect(summary.getByTestId("summary-total")).toHaveText(formatEuro((subtotal + eurosToCents(standard.price)) / 100))
  // The note states the chosen method's own estimate, not a text of the shop's.
  await expect(summary.getByTestId("delivery-note")).toContainText("Delivery with Germany Standard")
  await expect(summary.getByTestId("delivery-note")).toContainText(`Estimated delivery: ${standard.estimated_delivery}`)
  await expect(summary).toContainText("Discreet shipping")
  await expect(page.getByText("Your privacy matters")).toBeVisible()
  await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/")
  await screenshot(page, "checkout-shipping-en")

  // Emptied required fields: the docs/product.md §5 messages, and no step change.
  await page.getByLabel("Full name").fill("")
  await page.getByLabel("City").fill(" ")
  await page.getByRole("button", { name: "Continue to Payment" }).click()
  await expect(page.getByText("Full name is required")).toBeVisible()
  await expect(page.getByText("City is required")).toBeVisible()
  await expect(page.getByLabel("Full name")).toHaveAttribute("aria-invalid", "true")
  await expect(page.getByLabel("Full name")).toBeFocused()
  await expect(page.getByRole("heading", { name: "Review your order" })).toHaveCount(0)
  await page.getByLabel("Full name").fill("Grace Hopper")
  await page.getByLabel("City").fill("Hamburg")
  await expect(page.getByText("Full name is required")).toHaveCount(0)

  // Switching to Express changes shipping and total.
  await page.getByText("Germany Express").click()
  await expect(page.getByRole("radio", { name: /Germany Express/ })).toBeChecked()
  await expect(summary.getByTestId("summary-shipping")).toHaveText(formatEuro(eurosToCents(express.price) / 100))
  const total = subtotal + eurosToCents(express.price)
  await expect(summary.getByTestId("summary-total")).toHaveText(formatEuro(total / 100))
  await expect(summary.getByTestId("summary-vat")).toHaveText(`incl. 19% VAT${formatEuro(vatIn(total, 19))}`)
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem("selectedShippingMethodId"))).toBe(String(express.id))

  // Step 2: the review.
  await page.getByRole("button", { name: "Continue to Payment" }).click()
  await expect(page.getByRole("heading", { name: "Review your order" })).toBeFocused()
  await expect(page.getByTestId("review-address")).toContainText("Grace Hopper")
  await expect(page.getByTestId("review-address")).toContainText("Hamburg")
  await expect(page.getByTestId("review-method")).toContainText("Germany Express")
  await expect(page.getByText("Test card (sandbox)").first()).toBeVisible()
  if (!payment.stripe && !payment.paypal) {
    // Both providers off, the sandbox card on: it is the one way to pay, and a test; nothing says "all disabled".
    await expect(page.getByTestId("payment-notice")).toHaveText(
      "Only test payments right now" +
        "Card and PayPal payments are switched off. The only way to pay is the test card below: it places an order in the shop, but it is a test and no money is charged.",
    )
    await expect(page.getByText("All payment methods are currently disabled")).toHaveCount(0)
  }
  await expect(page.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242")
  await expect(page.getByLabel("Card number")).toBeDisabled()
  // The issue asks for an expiry in the future: December of next year.
  await expect(page.getByLabel("Expiry")).toHaveValue(`12/${String((new Date().getFullYear() + 1) % 100).padStart(2, "0")}`)
  await expect(page.getByLabel("CVC")).toHaveValue("123")
  await expect(page.getByLabel("CVC")).toBeDisabled()
  await screenshot(page, "checkout-payment-en")

  // Back and forward between the steps keep everything.
  await page.getByRole("button", { name: "Back to Shipping" }).click()
  await expect(page.getByLabel("Full name")).toHaveValue("Grace Hopper")
  await expect(page.getByLabel("City")).toHaveValue("Hamburg")
  await expect(page.getByRole("radio", { name: /Germany Express/ })).toBeChecked()
  await page.getByRole("button", { name: "Continue to Payment" }).click()
  await expect(page.getByTestId("review-method")).toContainText("Germany Express")
  await page.goBack()
  await expect(page.getByLabel("City")).toHaveValue("Hamburg")
  await expect(page.getByRole("heading", { name: "Review your order" })).toHaveCount(0)
  await page.goForward()
  await expect(page.getByTestId("review-address")).toContainText("Hamburg")

  // Pay: 'Processing payment...' for 2 s, the order, the toast, then the result page.
  await page.getByRole("button", { name: `Pay ${formatEuro(total / 100)}` }).click()
  await expect(page.getByRole("button", { name: "Processing payment..." })).toBeVisible()
  await expect(page.getByText("Test Order Placed Successfully")).toBeVisible({ timeout: 15_000 })
  await expect(page.getByText("This is a TEST order using sandbox payment. No actual payment was processed.")).toBeVisible()
  await page.waitForURL(/\/checkout\/success\?orderId=\d+$/, { timeout: 15_000 })
  const orderId = Number(new URL(page.url()).searchParams.get("orderId"))

  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful" })).toBeVisible()
  await expect(page.getByTestId("result-order-id")).toHaveText(`#${orderId}`)
  await expect(page.getByTestId("result-total")).toHaveText(formatEuro(total / 100))
  await expect(page.getByTestId("result-status")).toHaveText("Processing")
  await expect(page.getByTestId("test-payment-banner")).toContainText("TEST PAYMENT")
  await expect(page.getByText("What's Next")).toBeVisible()
  // No mail is sent, so none is promised: the order is where the page says it is.
  await expect(page.getByText("Your order is saved under My Orders, where you can follow its status.")).toBeVisible()
  await expect(page.getByRole("main").getByText(/e-?mail/i)).toHaveCount(0)
  await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/")
  await expect(page.getByRole("link", { name: "View Your Orders" })).toHaveAttribute("href", "/orders")
  await screenshot(page, "checkout-success-en")

  // The cart is empty and the order carries the chosen method and figures.
  expect(await (await page.request.get("/api/cart")).json()).toEqual([])
  const orders = (await (await page.request.get("/api/orders")).json()) as Order[]
  const order = orders.find((o) => o.id === orderId)!
  expect(order).toBeTruthy()
  expect(order.shippingMethod?.name).toBe("Germany Express")
  expect(order.shippingCost).toBe(express.price)
  expect(eurosToCents(order.total)).toBe(total)
  expect(order.isTestPayment).toBe(true)
  expect(order.paymentId).toMatch(/^str-/)
  expect(order.shippingAddress?.fullName).toBe("Grace Hopper")
})

test("a shipping method clicked before the checkout's code has run stays chosen", async ({ page }) => {
  await registerCustomer(page)
  const product = await productInStock(page, [4, 5, 1, 3], 1)
  await addToCart(page, product.id, 1)
  const express = (await shippingMethods(page)).find((m) => m.name === "Germany Express")!
  // On a slow phone the server's picker is there before the island: its choice must not be put back to the default.
  await typeBeforeIslandsRun(page, "/checkout", async () => {
    await page.getByText("Germany Express").click()
  })
  await expect(page.getByRole("button", { name: "Continue to Payment" })).toBeEnabled()
  await expect(page.getByRole("radio", { name: /Germany Express/ })).toBeChecked()
  await expect(page.getByRole("radio", { name: /Germany Standard/ })).not.toBeChecked()
  const summary = page.getByRole("complementary", { name: "Order Summary" })
  await expect(summary.getByTestId("summary-shipping")).toHaveText(formatEuro(eurosToCents(express.price) / 100))
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem("selectedShippingMethodId"))).toBe(String(express.id))
})

test("changing the country offers only the methods that ship there, and a French order ships Worldwide", async ({ page }) => {
  await registerCustomer(page)
  const product = await productInStock(page, [4, 5, 1, 3], 1)
  await addToCart(page, product.id, 1)
  const worldwide = (await shippingMethods(page)).find((m) => m.name === "Worldwide")!
  await page.goto("/checkout")
  // What is typed or chosen before the checkout island hydrates is not seen by its summary.
  await islandsHydrated(page)
  const radio = (name: string) => page.getByRole("radio", { name: new RegExp(name) })
  const summary = page.getByRole("complementary", { name: "Order Summary" })

  // The profile's country is Germany: the German methods, Germany's default preselected.
  await expect(page.locator("#address-country")).toHaveValue("Germany")
  await expect(radio("Germany Standard")).toBeChecked()
  await expect(radio("Germany Express")).toBeVisible()
  await expect(radio("Worldwide")).toHaveCount(0)
  await page.getByText("Germany Express").click()
  await expect(radio("Germany Express")).toBeChecked()

  // France: only Worldwide, preselected as its zone's default, and the summary follows: France's 20 % contained.
  await page.locator("#address-country").selectOption({ label: "France" })
  await expect(radio("Worldwide")).toBeChecked()
  await expect(radio("Germany Standard")).toHaveCount(0)
  await expect(radio("Germany Express")).toHaveCount(0)
  await expect(summary.getByTestId("summary-shipping")).toHaveText(formatEuro(eurosToCents(worldwide.price) / 100))
  const gross = eurosToCents(product.price) + eurosToCents(worldwide.price)
  await expect(summary.getByTestId("summary-vat")).toHaveText(`incl. 20% VAT${formatEuro(vatIn(gross, 20))}`)

  // Switzerland, outside the EU: the same gross total, no VAT, and why.
  await page.locator("#address-country").selectOption({ label: "Switzerland" })
  await expect(summary.getByTestId("summary-vat")).toHaveText("VATNone (export)")
  await expect(summary.getByTestId("summary-vat-note")).toHaveText(
    "No VAT: export outside the EU; import duties and taxes of the destination country may apply.",
  )
  await expect(summary.getByTestId("summary-total")).toHaveText(formatEuro(gross / 100))

  // Back to Germany: the chosen Worldwide no longer fits, so Germany's default returns.
  await page.locator("#address-country").selectOption({ label: "Germany" })
  await expect(radio("Germany Standard")).toBeChecked()
  await expect(radio("Worldwide")).toHaveCount(0)
  // No country chosen: no method is offered (an unknown country was offered Germany's).
  await page.locator("#address-country").selectOption("")
  await expect(page.getByRole("radio")).toHaveCount(0)
  await expect(page.getByText("Choose the country to see its shipping methods.")).toBeVisible()
  // The select offers only countries the shop ships to, each once, named in the page's language.
  const options = await page.locator("#address-country option").allTextContents()
  expect(options[0]).toBe("Choose a country")
  expect(options).toContain("Germany")
  expect(options).not.toContain("Atlantis")
  expect(new Set(options).size).toBe(options.length)

  await page.locator("#address-country").selectOption({ label: "France" })
  await expect(radio("Worldwide")).toBeChecked()
  await page.getByRole("button", { name: "Continue to Payment" }).click()
  await expect(page.getByTestId("review-method")).toContainText("Worldwide")
  const total = eurosToCents(product.price) + eurosToCents(worldwide.price)
  await page.getByRole("button", { name: `Pay ${formatEuro(total / 100)}` }).click()
  await page.waitForURL(/\/checkout\/success\?orderId=\d+$/, { timeout: 20_000 })
  const orders = (await (await page.request.get("/api/orders")).json()) as Order[]
  expect(orders[0].shippingMethod?.name).toBe("Worldwide")
  expect(orders[0].shippingAddress?.country).toBe("France")
})

test("a business of another EU state sees and pays the net prices, under the reverse charge", async ({ page }) => {
  await registerCustomer(page, {
    companyName: "Sécurité Mobile SARL",
    vatId: "FR40303265045",
    city: "Paris",
    state: "Île-de-France",
    postalCode: "75001",
    country: "France",
  })
  const product = await productInStock(page, [1, 3], 1)
  await addToCart(page, product.id, 1)
  const worldwide = (await shippingMethods(page)).find((m) => m.name === "Worldwide")!
  // Each price without Germany's 19 %, to the cent.
  const net = (euros: string) => eurosToCents(euros) - Math.round((eurosToCents(euros) * 19) / 119)
  const total = net(product.price) + net(worldwide.price)

  await page.goto("/checkout")
  // What is typed or chosen before the checkout island hydrates is not seen by its summary.
  await islandsHydrated(page)
  const summary = page.getByRole("complementary", { name: "Order Summary" })
  await expect(page.getByRole("radio", { name: /Worldwide/ })).toBeChecked()
  await expect(summary.getByTestId("summary-subtotal")).toHaveText(formatEuro(net(product.price) / 100))
  await expect(summary.getByTestId("summary-shipping")).toHaveText(formatEuro(net(worldwide.price) / 100))
  await expect(summary.getByTestId("summary-total")).toHaveText(formatEuro(total / 100))
  await expect(summary.getByTestId("summary-vat")).toHaveText("VAT0% (reverse charge)")
  await expect(summary.getByTestId("summary-vat-note")).toContainText("Reverse charge: you pay the net price")
  await screenshot(page, "checkout-reverse-charge-en")

  await page.getByRole("button", { name: "Continue to Payment" }).click()
  await page.getByRole("button", { name: `Pay ${formatEuro(total / 100)}` }).click()
  await page.waitForURL(/\/checkout\/success\?orderId=\d+$/, { timeout: 20_000 })
  await expect(page.getByTestId("result-total")).toHaveText(formatEuro(total / 100))
  const orders = (await (await page.request.get("/api/orders")).json()) as Order[]
  expect(orders[0]).toMatchObject({ total: centsToEuros(total), vatTreatment: "reverse_charge", taxTotal: "0.00" })
})

test("the whole purchase works with the keyboard alone", async ({ page }) => {
  await registerCustomer(page)
  const product = await productInStock(page, [4, 1, 3], 1)

  // From the product page: add to cart, open the cart panel, follow its checkout link.
  await page.goto(`/product/${product.id}`)
  const add = page.getByRole("button", { name: "Add to Cart" })
  await expect(add).toBeEnabled({ timeout: 20_000 })
  await tabTo(page, add)
  await page.keyboard.press("Enter")
  const cartButton = page.getByRole("button", { name: "Cart, 1 item" })
  await expect(cartButton).toBeVisible({ timeout: 20_000 })
  await tabTo(page, cartButton, 200)
  await page.keyboard.press("Enter")
  const panel = page.getByRole("dialog")
  await expect(panel).toContainText(product.name)
  await tabTo(page, panel.getByRole("link", { name: /checkout/i }))
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/checkout$/)
  await expect(page.getByRole("radio", { name: /Germany Standard/ })).toBeChecked()

  // Step 1: Tab to the default method (already chosen), on to the button, Enter.
  await tabTo(page, page.getByRole("radio", { name: /Germany Standard/ }))
  await page.keyboard.press("Space")
  await tabTo(page, page.getByRole("button", { name: "Continue to Payment" }))
  await page.keyboard.press("Enter")

  // Step 2: focus starts at the step's heading; Tab to the pay button, Space.
  const heading = page.getByRole("heading", { name: "Review your order" })
  await expect(heading).toBeFocused()
  await tabTo(page, page.getByRole("button", { name: /^Pay / }))
  await page.keyboard.press("Space")
  await expect(page.getByRole("button", { name: "Processing payment..." })).toBeVisible()
  await page.waitForURL(/\/checkout\/success\?orderId=\d+$/, { timeout: 15_000 })
  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful" })).toBeVisible()

  // And from the result page, on to the orders with Enter.
  const orderNumber = new URL(page.url()).searchParams.get("orderId")
  await tabTo(page, page.getByRole("link", { name: "View Your Orders" }))
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/orders$/)
  // The new order is in the Processing tab.
  await tabTo(page, page.getByRole("link", { name: /Processing/ }))
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/tab=processing/)
  await expect(page.getByText(`Order #${orderNumber}`)).toBeVisible()
})

test("a failed order says so and shows why", async ({ page }) => {
  await registerCustomer(page)
  const product = await productInStock(page, [4, 1, 3], 1)
  await addToCart(page, product.id, 1)
  await page.goto("/checkout")
  await page.getByRole("button", { name: "Continue to Payment" }).click()
  await expect(page.getByRole("heading", { name: "Review your order" })).toBeVisible()
  // The cart is emptied behind the page's back (another tab): the order is refused.
  expect((await page.request.delete("/api/cart")).ok()).toBeTruthy()
  await page.getByRole("button", { name: /^Pay / }).click()
  await expect(page.getByText("Order Failed")).toBeVisible({ timeout: 15_000 })
  await expect(page.getByText(/There was a problem placing your order\. Please try again\..*cart is empty/i).first()).toBeVisible()
  await expect(page).toHaveURL(/\/checkout$/)
  // The page follows the (now empty) cart.
  await expect(page.getByRole("heading", { name: "Your Cart is Empty" })).toBeVisible()
})

test("an empty cart offers to browse products", async ({ page }) => {
  await registerCustomer(page)
  await page.goto("/checkout")
  await expect(page.getByRole("heading", { level: 1, name: "Your Cart is Empty" })).toBeVisible()
  await expect(page.getByRole("link", { name: "Browse Products" })).toHaveAttribute("href", "/products")
  await expect(page.getByRole("button", { name: "Continue to Payment" })).toHaveCount(0)
  await screenshot(page, "checkout-empty-en")
})

test("checkout fits a phone-sized screen", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await registerCustomer(page)
  const product = await productInStock(page, [4, 1, 3], 1)
  await addToCart(page, product.id, 1)
  await page.goto("/checkout")
  await expect(page.getByRole("radio", { name: /Germany Standard/ })).toBeChecked()
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await screenshot(page, "checkout-shipping-phone-en")
  await page.getByRole("button", { name: "Continue to Payment" }).click()
  await expect(page.getByRole("heading", { name: "Review your order" })).toBeFocused()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await screenshot(page, "checkout-payment-phone-en")
})

test("the result page without an order, with an unknown order, and after a PayPal return", async ({ page }) => {
  await registerCustomer(page)
  const product = await productInStock(page, [4, 1, 3], 1)
  await addToCart(page, product.id, 1)

  await page.goto("/checkout/success")
  await expect(page.getByRole("heading", { level: 1, name: "Payment Issue" })).toBeVisible()
  await expect(page.getByText("No order information found")).toBeVisible()

  await page.goto("/checkout/success?orderId=987654321")
  await expect(page.getByRole("heading", { level: 1, name: "Payment Issue" })).toBeVisible()
  await expect(page.getByText("Your payment was successful, but we could not retrieve the detailed order information.")).toBeVisible()
  // No order found: the cart is left alone.
  expect(((await (await page.request.get("/api/cart")).json()) as unknown[]).length).toBe(1)

  await page.goto("/checkout/success?paypal=true&token=EC-123")
  await expect(page.getByRole("heading", { level: 1, name: "Payment Issue" })).toBeVisible()
  // The island tries to capture the PayPal order; this customer has none with that id.
  await expect(page.getByText("There is no PayPal order with this id for your account").first()).toBeVisible()
  await expect(page.getByRole("link", { name: "View Your Orders" })).toHaveAttribute("href", "/orders")
  await screenshot(page, "checkout-success-issue-en")
})

test("the payment failed page lists reasons and ways on", async ({ page }) => {
  await registerCustomer(page)
  await page.goto("/checkout/error?orderId=42")
  await expect(page.getByRole("heading", { level: 1, name: "Payment Failed" })).toBeVisible()
  await expect(page.getByText("Order number: 42")).toBeVisible()
  await expect(page.getByRole("heading", { name: "Common reasons" })).toBeVisible()
  await expect(page.getByRole("link", { name: "Try Again" })).toHaveAttribute("href", "/checkout")
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/")
  await screenshot(page, "checkout-error-en")
})

test("checkout and its result pages in German", async ({ page }) => {
  await useGerman(page)
  await registerCustomer(page)
  const product = await productInStock(page, [4, 1, 3], 1)
  await addToCart(page, product.id, 1)
  const standard = (await shippingMethods(page)).find((m) => m.name === "Germany Standard")!
  const total = eurosToCents(product.price) + eurosToCents(standard.price)

  await page.goto("/checkout")
  await expect(page.getByRole("heading", { level: 1, name: "Kasse" })).toBeVisible()
  await islandsHydrated(page)
  await expect(page.getByTestId("summary-total")).toHaveText(formatEuro(total / 100, "de"))
  await expect(page.getByTestId("summary-vat")).toHaveText(`inkl. 19\u00a0% MwSt.${formatEuro(vatIn(total, 19), "de")}`)
  await page.locator("#address-country").selectOption({ label: "Schweiz" })
  await expect(page.getByTestId("summary-vat-note")).toHaveText(
    "Keine MwSt.: Ausfuhr aus der EU; Einfuhrabgaben und Steuern des Bestimmungslandes können anfallen.",
  )
  await page.locator("#address-country").selectOption({ label: "Deutschland" })
  await expect(page.getByTestId("summary-vat")).toHaveText(`inkl. 19\u00a0% MwSt.${formatEuro(vatIn(total, 19), "de")}`)
  // The German page states the method's German estimate.
  // … and the method's German name: never "Lieferung mit Germany Standard".
  await expect(page.getByTestId("delivery-note")).toContainText("Lieferung mit Deutschland Standard")
  await expect(page.getByRole("radio", { name: /Deutschland Standard/ })).toBeChecked()
  await expect(page.getByText("Standardversand innerhalb Deutschlands")).toBeVisible()
  await expect(page.getByTestId("delivery-note")).toContainText(`Voraussichtliche Lieferzeit: ${standard.estimated_delivery_de}`)
  // The methods of the country chosen last have arrived (the step's button is enabled again) before a field is emptied.
  await expect(page.locator("form:has(#address-country) button[type=submit]")).toBeEnabled()
  await page.getByLabel("Stadt").fill("")
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click()
  await expect(page.getByText("Stadt ist erforderlich")).toBeVisible()
  await screenshot(page, "checkout-shipping-de")
  await page.getByLabel("Stadt").fill("München")
  await page.getByRole("button", { name: "Weiter zur Zahlung" }).click()
  await expect(page.getByRole("heading", { name: "Bestellung prüfen" })).toBeVisible()
  await expect(page.getByRole("button", { name: "Zurück zum Versand" })).toBeVisible()
  await expect(page.getByLabel("Kartennummer")).toHaveValue("4242 4242 4242 4242")
  const payment = (await (await page.request.get("/api/payment-methods")).json()) as { stripe: boolean; paypal: boolean }
  if (!payment.stripe && !payment.paypal) {
    await expect(page.getByTestId("payment-notice")).toHaveText(
      "Derzeit nur Testzahlungen" +
        "Karten- und PayPal-Zahlungen sind ausgeschaltet. Bezahlen können Sie nur mit der Testkarte unten: Damit wird eine Bestellung im Shop angelegt, aber es ist ein Test und es wird kein Geld abgebucht.",
    )
  }
  await screenshot(page, "checkout-payment-de")

  await page.getByRole("button", { name: `${formatEuro(total / 100, "de")} bezahlen` }).click()
  await expect(page.getByRole("button", { name: "Zahlung wird verarbeitet..." })).toBeVisible()
  await page.waitForURL(/\/checkout\/success\?orderId=\d+$/, { timeout: 15_000 })
  await expect(page.getByRole("heading", { level: 1, name: "Zahlung erfolgreich" })).toBeVisible()
  await expect(page.getByTestId("test-payment-banner")).toContainText("TESTZAHLUNG")
  await expect(page.getByTestId("result-total")).toHaveText(formatEuro(total / 100, "de"))
  await expect(
    page.getByText("Ihre Bestellung ist unter „Meine Bestellungen“ gespeichert, wo Sie ihren Status verfolgen können."),
  ).toBeVisible()
  await expect(page.getByRole("main").getByText(/e-?mail/i)).toHaveCount(0)
  await expect(page.getByRole("main")).toContainText("Deutschland Standard")
  await expect(page.getByRole("main")).not.toContainText("Germany Standard")
  await screenshot(page, "checkout-success-de")
  // /orders keeps the German name the order was sold under.
  await page.goto("/orders")
  await expect(page.getByRole("main")).toContainText("Deutschland Standard")
  await expect(page.getByRole("main")).not.toContainText("Germany Standard")

  await page.goto("/checkout/error")
  await expect(page.getByRole("heading", { level: 1, name: "Zahlung fehlgeschlagen" })).toBeVisible()
  await expect(page.getByRole("link", { name: "Erneut versuchen" })).toHaveAttribute("href", "/checkout")
  await screenshot(page, "checkout-error-de")

  // The empty cart, in German.
  await page.goto("/checkout")
  await expect(page.getByRole("heading", { level: 1, name: "Ihr Warenkorb ist leer" })).toBeVisible()
  await expect(page.getByRole("link", { name: "Produkte ansehen" })).toBeVisible()
})
