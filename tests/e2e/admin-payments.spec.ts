import { expect as baseExpect, type APIRequestContext, type Page } from "@playwright/test"
import { actAsShopPages, test } from "../support/csp.ts"
import { TEST_ADMIN_PASSWORD } from "../support/shop.ts"

/**
 * The admin's payment configuration page (docs/product.md §2, §4, §5, §8) in the browser: keys saved and
 * shown masked afterwards, the enable switch usable only once the keys of the current mode are
 * saved, the save button enabled only when a field of its tab changed, the shipping tab, and the
 * docs/product.md §8 toasts. The settings are global on the shared shop: the test puts them back as it found
 * them (both providers off, sandbox mode on, the same shipping label and price; keys it added are
 * cleared again when there were none before).
 */
test.describe.configure({ mode: "serial", timeout: 180_000 })

interface PaymentConfig {
  stripeEnabled: boolean
  stripeSandboxMode: boolean
  stripeSandboxPublicKey: string
  stripeSandboxSecretKeySet: boolean
  stripeKeysSaved: boolean
  paypalEnabled: boolean
  paypalSandboxMode: boolean
  paypalSandboxClientId: string
  paypalSandboxSecretSet: boolean
  paypalKeysSaved: boolean
  shippingLabel: string
  shippingPrice: string
  [key: string]: unknown
}

/** How the shop starts, and how each test leaves it: both providers off, in sandbox mode. */
const BOTH_OFF_IN_SANDBOX = { stripeEnabled: false, paypalEnabled: false, stripeSandboxMode: true, paypalSandboxMode: true }

const SHOTS = "test-results/screenshots"
// The shop is shared with other suites on a busy machine: give the page time to answer.
const expect = baseExpect.configure({ timeout: 30_000 })

async function signInAsAdmin(page: Page) {
  const answer = await page.request.post("/api/login", { data: { username: "admin", password: TEST_ADMIN_PASSWORD } })
  expect(answer.status()).toBe(200)
}

async function config(request: APIRequestContext): Promise<PaymentConfig> {
  const answer = await request.get("/api/admin/payment-config")
  expect(answer.status()).toBe(200)
  return (await answer.json()) as PaymentConfig
}

async function saveConfig(request: APIRequestContext, body: Record<string, unknown>) {
  const answer = await request.post("/api/admin/payment-config", { data: body })
  expect(answer.status(), await answer.text()).toBe(200)
}

async function paymentMethods(request: APIRequestContext) {
  return (await (await request.get("/api/payment-methods")).json()) as { stripe: boolean; paypal: boolean }
}

async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: `${SHOTS}/admin-payments-${name}.png`, fullPage: true })
}

function toast(page: Page, title: string, text: string) {
  return page.locator(".ant-notification-notice").filter({ hasText: title }).filter({ hasText: text })
}

let original: PaymentConfig

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page)
})

test("keys are saved and masked, the enable switch waits for them, and the save button for a change", async ({ page }) => {
  test.setTimeout(240_000)
  original = await config(page.request)
  const tag = Date.now().toString(36)
  const stripeSecret = `sk_test_enclave_${tag}_4321`
  const paypalSecret = `paypal_sandbox_secret_${tag}_8765`
  const errors: string[] = []
  page.on("pageerror", (e) => errors.push(e.message))
  try {
    // A known start: both off, sandbox mode, no sandbox keys saved (null clears a key).
    await saveConfig(page.request, {
      ...BOTH_OFF_IN_SANDBOX,
      stripeSandboxSecretKey: null,
      stripeSandboxPublicKey: null,
      paypalSandboxClientId: null,
      paypalSandboxSecret: null,
    })

    await page.goto("/admin/payments")
    await expect(page.locator("#payments-title")).toHaveText("Payment Settings")
    await expect(page).toHaveTitle(/Payments \| Enclave Admin/)
    await expect(page.getByRole("tab", { name: "Card Payments (Stripe)" })).toHaveAttribute("aria-selected", "true")
    await expect(page.getByRole("tab", { name: "Wallet Payments (PayPal)" })).toBeVisible()
    await expect(page.getByRole("tab", { name: "Shipping" })).toBeVisible()

    // Card payments: no keys yet, so the switch is off and cannot be used.
    const card = page.getByRole("tabpanel", { name: "Card Payments (Stripe)" })
    const stripeSwitch = card.getByRole("switch", { name: "Enable Stripe payments" })
    await expect(stripeSwitch).toBeDisabled()
    await expect(stripeSwitch).not.toBeChecked()
    await expect(card.getByText("Save the sandbox keys of Stripe first")).toBeVisible()
    await expect(card.getByTestId("stripe-webhook-url")).toContainText(`${new URL(page.url()).origin}/api/webhooks/stripe`)
    await expect(card.getByRole("switch", { name: "Sandbox mode" })).toBeChecked()
    const sandboxKeys = card.getByTestId("sandbox-keys")
    await expect(sandboxKeys.getByTestId("stripeSandboxSecretKey-state")).toHaveText("Not saved yet.")

    // The save button follows the changes: on when a field differs, off again when it is put back.
    const saveCard = card.getByRole("button", { name: "Save Card Settings" })
    await expect(saveCard).toBeDisabled()
    await sandboxKeys.getByLabel("Publishable key").fill("pk_test_enclave")
    await expect(saveCard).toBeEnabled()
    await sandboxKeys.getByLabel("Publishable key").fill("")
    await expect(saveCard).toBeDisabled()
    await screenshot(page, "card-empty")

    await sandboxKeys.getByLabel("Publishable key").fill(`pk_test_enclave_${tag}`)
    await sandboxKeys.getByLabel("Secret key").fill(stripeSecret)
    await sandboxKeys.getByLabel("Webhook signing secret").fill(`whsec_enclave_${tag}_0001`)
    await saveCard.click()
    await expect(toast(page, "Settings Saved", "Card payment settings have been saved.")).toBeVisible()

    // Secrets are never shown again: the field is empty, the mask shows the last 4 characters.
    await expect(sandboxKeys.getByLabel("Secret key")).toHaveValue("")
    await expect(sandboxKeys.getByTestId("stripeSandboxSecretKey-state")).toHaveText("Saved: ••••4321. Leave empty to keep it.")
    await expect(sandboxKeys.getByTestId("stripeSandboxWebhookSecret-state")).toHaveText("Saved: ••••0001. Leave empty to keep it.")
    await expect(sandboxKeys.getByLabel("Publishable key")).toHaveValue(`pk_test_enclave_${tag}`)
    await expect(saveCard).toBeDisabled()
    await expect(stripeSwitch).toBeEnabled()
    expect(await page.content()).not.toContain(stripeSecret)
    await screenshot(page, "card-saved")

    // After a reload too.
    await page.reload()
    await expect(sandboxKeys.getByTestId("stripeSandboxSecretKey-state")).toHaveText("Saved: ••••4321. Leave empty to keep it.")
    expect(await page.content()).not.toContain(stripeSecret)
    expect(JSON.stringify(await config(page.request))).not.toContain(stripeSecret)

    // Enable, then disable again, with the docs/product.md §8 toasts; checkout follows.
    await stripeSwitch.click()
    await expect(toast(page, "Payment Enabled", "Stripe payments have been enabled.")).toBeVisible()
    await expect(stripeSwitch).toBeChecked()
    expect((await paymentMethods(page.request)).stripe).toBe(true)
    await stripeSwitch.click()
    await expect(toast(page, "Payment Disabled", "Stripe payments have been disabled.")).toBeVisible()
    await expect(stripeSwitch).not.toBeChecked()
    expect((await paymentMethods(page.request)).stripe).toBe(false)

    // Wallet payments: the same for PayPal.
    await page.getByRole("tab", { name: "Wallet Payments (PayPal)" }).click()
    const wallet = page.getByRole("tabpanel", { name: "Wallet Payments (PayPal)" })
    const paypalSwitch = wallet.getByRole("switch", { name: "Enable PayPal payments" })
    await expect(paypalSwitch).toBeDisabled()
    await expect(wallet.getByTestId("paypal-webhook-url")).toContainText(`${new URL(page.url()).origin}/api/webhooks/paypal`)
    const walletSandbox = wallet.getByTestId("sandbox-keys")
    const saveWallet = wallet.getByRole("button", { name: "Save Wallet Settings" })
    await expect(saveWallet).toBeDisabled()
    await walletSandbox.getByLabel("Client ID").fill(`sandbox-client-${tag}`)
    await walletSandbox.getByLabel("Client secret").fill(paypalSecret)
    await walletSandbox.getByLabel("Webhook ID").fill(`WH-${tag}`)
    await expect(saveWallet).toBeEnabled()
    await saveWallet.click()
    await expect(toast(page, "Settings Saved", "Wallet payment settings have been saved.")).toBeVisible()
    await expect(walletSandbox.getByLabel("Client secret")).toHaveValue("")
    await expect(walletSandbox.getByTestId("paypalSandboxSecret-state")).toHaveText("Saved: ••••8765. Leave empty to keep it.")
    await expect(paypalSwitch).toBeEnabled()
    expect(await page.content()).not.toContain(paypalSecret)
    await screenshot(page, "wallet-saved")
    await paypalSwitch.click()
    await expect(toast(page, "Payment Enabled", "PayPal payments have been enabled.")).toBeVisible()
    expect((await paymentMethods(page.request)).paypal).toBe(true)
    await paypalSwitch.click()
    await expect(toast(page, "Payment Disabled", "PayPal payments have been disabled.")).toBeVisible()
    expect((await paymentMethods(page.request)).paypal).toBe(false)

    // A secret left empty is kept when other fields are saved.
    await walletSandbox.getByLabel("Webhook ID").fill(`WH-${tag}-2`)
    await saveWallet.click()
    await expect(toast(page, "Settings Saved", "Wallet payment settings have been saved.")).toHaveCount(1)
    await expect.poll(async () => (await config(page.request)).paypalSandboxWebhookId).toBe(`WH-${tag}-2`)
    expect((await config(page.request)).paypalSandboxSecretSet).toBe(true)
    expect(errors).toEqual([])
  } finally {
    await saveConfig(page.request, {
      stripeEnabled: false,
      paypalEnabled: false,
      stripeSandboxMode: true,
      paypalSandboxMode: true,
      ...(original.stripeSandboxSecretKeySet ? {} : { stripeSandboxSecretKey: null, stripeSandboxWebhookSecret: null }),
      stripeSandboxPublicKey: original.stripeSandboxPublicKey,
      ...(original.paypalSandboxSecretSet ? {} : { paypalSandboxSecret: null }),
      paypalSandboxClientId: original.paypalSandboxClientId,
      paypalSandboxWebhookId: (original.paypalSandboxWebhookId as string) ?? "",
    })
  }
})

test("the shipping tab saves the label and price with the form's rules", async ({ page }) => {
  const before = await config(page.request)
  try {
    await page.goto("/admin/payments")
    await page.getByRole("tab", { name: "Shipping" }).click()
    const shipping = page.getByRole("tabpanel", { name: "Shipping" })
    await expect(shipping.getByLabel("Shipping label")).toHaveValue(before.shippingLabel)
    await expect(shipping.getByLabel("Shipping price (€)")).toHaveValue(before.shippingPrice)
    const save = shipping.getByRole("button", { name: "Save Shipping Settings" })
    await expect(save).toBeDisabled()
    await shipping.getByLabel("Shipping price (€)").fill("-5")
    await expect(save).toBeEnabled()
    await save.click()
    await expect(shipping.getByText("Shipping price must be a number of at least 0")).toBeVisible()
    await shipping.getByLabel("Shipping label").fill(" ")
    await expect(shipping.getByText("Shipping label is required")).toBeVisible()
    await screenshot(page, "shipping-errors")
    await shipping.getByLabel("Shipping label").fill("Insured worldwide shipping")
    await shipping.getByLabel("Shipping price (€)").fill("12.5")
    await save.click()
    await expect(toast(page, "Settings Saved", "Shipping settings have been saved.")).toBeVisible()
    await expect(shipping.getByLabel("Shipping price (€)")).toHaveValue("12.50")
    await expect(save).toBeDisabled()
    expect(await (await page.request.get("/api/shipping-settings")).json()).toEqual({
      shippingLabel: "Insured worldwide shipping",
      shippingPrice: "12.50",
    })
    await screenshot(page, "shipping-saved")

    // Put it back through the page.
    await shipping.getByLabel("Shipping label").fill(before.shippingLabel)
    await shipping.getByLabel("Shipping price (€)").fill(before.shippingPrice)
    await save.click()
    await expect(save).toBeDisabled()
    expect(await (await page.request.get("/api/shipping-settings")).json()).toEqual({
      shippingLabel: before.shippingLabel,
      shippingPrice: before.shippingPrice,
    })
  } finally {
    await saveConfig(page.request, { shippingLabel: before.shippingLabel, shippingPrice: before.shippingPrice })
  }
})

test("failures show the docs/product.md §8 toasts and change nothing", async ({ page }) => {
  const before = await config(page.request)
  // Loading fails: 'Configuration Error' / 'Failed to load payment settings', with a retry.
  await page.route("**/api/admin/payment-config", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "Database unavailable" }) }),
  )
  await page.goto("/admin/payments")
  await expect(toast(page, "Configuration Error", "Failed to load payment settings")).toBeVisible()
  await expect(page.getByTestId("request-error-message")).toHaveText("500: Database unavailable")
  await screenshot(page, "load-error")
  await page.unrouteAll()
  await page.getByRole("button", { name: "Retry" }).click()
  await expect(page.getByRole("tab", { name: "Shipping" })).toBeVisible()

  // Saving fails: 'Save Failed' and the server's reason in the form.
  await page.route("**/api/admin/payment-config", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({
          status: 400,
          contentType: "application/json",
          body: JSON.stringify({ message: "Shipping label is too long", details: "" }),
        })
      : route.continue(),
  )
  await page.getByRole("tab", { name: "Shipping" }).click()
  const shipping = page.getByRole("tabpanel", { name: "Shipping" })
  await shipping.getByLabel("Shipping label").fill("Changed label")
  await shipping.getByRole("button", { name: "Save Shipping Settings" }).click()
  await expect(toast(page, "Save Failed", "Failed to save payment configuration. Please try again.")).toBeVisible()
  await expect(shipping.getByText("The server said: 400: Shipping label is too long")).toBeVisible()
  await expect(shipping.getByRole("button", { name: "Save Shipping Settings" })).toBeEnabled()

  // Switching fails: 'Update Failed' / 'Failed to enable Stripe payments.' (keys saved for the switch to be usable).
  await page.unrouteAll()
  await saveConfig(page.request, {
    stripeSandboxPublicKey: "pk_test_enclave_switch",
    stripeSandboxSecretKey: "sk_test_enclave_switch_0000",
  })
  await page.reload()
  await page.route("**/api/admin/payment-config", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 502, contentType: "application/json", body: JSON.stringify({ message: "Bad gateway" }) })
      : route.continue(),
  )
  try {
    const stripeSwitch = page.getByRole("switch", { name: "Enable Stripe payments" })
    await expect(stripeSwitch).toBeEnabled()
    await stripeSwitch.click()
    await expect(toast(page, "Update Failed", "Failed to enable Stripe payments.")).toBeVisible()
    await expect(stripeSwitch).not.toBeChecked()
    expect((await paymentMethods(page.request)).stripe).toBe(false)
  } finally {
    await page.unrouteAll()
    await saveConfig(page.request, {
      stripeEnabled: false,
      ...(before.stripeSandboxSecretKeySet ? {} : { stripeSandboxSecretKey: null }),
      stripeSandboxPublicKey: before.stripeSandboxPublicKey,
    })
  }
  expect(await config(page.request)).toMatchObject({ shippingLabel: before.shippingLabel, stripeEnabled: false })
})

/**
 * The storefront's footer shows the badges of the providers that are enabled, and 'Test payments' while
 * only the sandbox's pretend card is offered; the home page is served from the page cache, so this also proves a
 * save reaches cached pages on the next request.
 */
test("the footer's payment badges follow the providers the admin enables", async ({ page, browser }) => {
  const before = await config(page.request)
  const visitor = await browser.newPage({ baseURL: process.env.ENCLAVE_URL })
  const badges = async () => {
    await visitor.goto("/")
    return visitor.getByRole("contentinfo").getByTestId("payment-badges").getByRole("listitem")
  }
  try {
    await saveConfig(page.request, {
      ...BOTH_OFF_IN_SANDBOX,
      stripeSandboxSecretKey: "sk_test_enclave_badges_0001",
      stripeSandboxPublicKey: "pk_test_enclave_badges_0001",
      paypalSandboxClientId: "paypal-badges-client-0001",
      paypalSandboxSecret: "paypal-badges-secret-0001",
    })
    await expect(await badges()).toHaveText(["Test payments"])
    await saveConfig(page.request, { stripeEnabled: true })
    await expect(await badges()).toHaveText(["Visa", "Mastercard", "Stripe"])
    await saveConfig(page.request, { paypalEnabled: true })
    await expect(await badges()).toHaveText(["Visa", "Mastercard", "Stripe", "PayPal"])
    await saveConfig(page.request, { stripeEnabled: false })
    await expect(await badges()).toHaveText(["PayPal"])
    await visitor.context().addCookies([{ name: "language", value: "de", url: process.env.ENCLAVE_URL! }])
    await saveConfig(page.request, { paypalEnabled: false })
    await expect(await badges()).toHaveText(["Testzahlungen"])
    // Live mode without live keys and nothing enabled: no pretend card either, so no badge at all.
    await saveConfig(page.request, { stripeSandboxMode: false })
    await visitor.goto("/")
    await expect(visitor.getByRole("contentinfo").getByTestId("payment-badges")).toHaveCount(0)
  } finally {
    await visitor.close()
    await saveConfig(page.request, BOTH_OFF_IN_SANDBOX)
    // Keys this test added go again when there were none before.
    await saveConfig(page.request, {
      ...(before.stripeSandboxSecretKeySet ? {} : { stripeSandboxSecretKey: null }),
      ...(before.stripeSandboxPublicKey ? {} : { stripeSandboxPublicKey: null }),
      ...(before.paypalSandboxClientId ? {} : { paypalSandboxClientId: null }),
      ...(before.paypalSandboxSecretSet ? {} : { paypalSandboxSecret: null }),
    })
  }
})

test("the payment settings page speaks German", async ({ page }) => {
  await page.context().addCookies([{ name: "language", value: "de", url: process.env.ENCLAVE_URL! }])
  await page.goto("/admin/payments")
  await expect(page.locator("#payments-title")).toHaveText("Zahlungseinstellungen")
  await expect(page.getByRole("tab", { name: "Kartenzahlung (Stripe)" })).toBeVisible()
  await expect(page.getByRole("switch", { name: "Stripe-Zahlungen aktivieren" })).toBeVisible()
  await expect(page.getByRole("button", { name: "Karteneinstellungen speichern" })).toBeDisabled()
  await screenshot(page, "card-de")
})

test.afterAll(async ({ browser }) => {
  // Whatever happened above: both providers off and in sandbox mode, as the shop started.
  const context = await browser.newContext({ baseURL: process.env.ENCLAVE_URL })
  actAsShopPages(context.request)
  const page = await context.newPage()
  await signInAsAdmin(page)
  await saveConfig(page.request, BOTH_OFF_IN_SANDBOX)
  await context.close()
})

test("while test payments are on, every admin page warns, with a way to the switch", async ({ page }) => {
  // The shared shop is npm start's: test payments on (the suites buy with the simulated card). Switching
  // them off is tested on shops of their own (payments.test.ts, scale-out.test.ts).
  expect((await config(page.request)).testPaymentsEnabled).toBe(true)
  for (const path of ["/admin/", "/admin/orders", "/admin/products"]) {
    await page.goto(path)
    const banner = page.getByTestId("test-payments-banner")
    await expect(banner, path).toContainText("Test payments are on")
    await expect(banner, path).toContainText("Anyone can place orders with the simulated card, without paying")
  }
  await page.getByTestId("test-payments-banner").getByRole("link", { name: "Payment settings" }).click()
  await expect(page).toHaveURL(/\/admin\/payments$/)
  const card = page.getByRole("tabpanel", { name: "Card Payments (Stripe)" })
  await expect(card.getByRole("switch", { name: "Take test payments (simulated card)" })).toBeChecked()
})
