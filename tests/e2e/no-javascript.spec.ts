import { expect, type Page } from "@playwright/test"
import { test } from "../support/csp.ts"
import { newUserDetails } from "../support/api.ts"
import { Authenticator } from "../support/totp.ts"
import { waitForMail } from "../support/mailbox.ts"
import * as openpgp from "openpgp"

/**
 * The cart without JavaScript (Tor Browser at "Safest", script blockers): add to cart from a product
 * page, change a line's quantity, remove it, each a plain form the server answers; what is refused is
 * said on the page in its language; and signing in, with the two-factor code step, from /auth.
 */
test.use({ javaScriptEnabled: false })

interface Product {
  id: number
  name: string
  stockQuantity: number
}

async function productWithStock(page: Page, atLeast: number): Promise<Product> {
  const products = (await (await page.request.get("/api/products")).json()) as Product[]
  const product = products.find((p) => p.stockQuantity >= atLeast)
  if (!product) throw new Error(`no product with ${atLeast} in stock`)
  return product
}

test("a customer without JavaScript adds to the cart, changes the quantity, is told what is refused, and removes it", async ({ page }) => {
  expect((await page.request.post("/api/register", { data: newUserDetails() })).status()).toBe(201)
  const product = await productWithStock(page, 5)

  await page.goto(`/product/${product.id}`)
  // Nothing waits for a script: the quantity is typed and the button submits the form.
  await page.getByRole("spinbutton", { name: "Quantity" }).fill("2")
  await page.getByRole("button", { name: "Add to Cart" }).click()
  await expect(page).toHaveURL(/\/cart\?done=add&product=\d+$/)
  await expect(page.locator("#main").getByRole("status")).toHaveText(`Added to cart. ${product.name} has been added to your cart.`)
  const quantity = page.getByRole("spinbutton", { name: `Quantity of ${product.name}` })
  await expect(quantity).toHaveValue("2")
  // The header's cart is a link here, to this page.
  await expect(page.getByRole("link", { name: "Cart, 2 items" })).toHaveAttribute("href", "/cart")

  await quantity.fill("3")
  await page.getByRole("button", { name: `Update quantity of ${product.name}` }).click()
  await expect(page.locator("#main").getByRole("status")).toHaveText("Quantity updated")
  await expect(quantity).toHaveValue("3")

  // More than there is: the facade's refusal, said as the islands say it, and the cart unchanged.
  await quantity.fill(String(product.stockQuantity + 50))
  const refused = page.waitForResponse((r) => r.url().endsWith("/cart") && r.request().method() === "POST")
  await page.getByRole("button", { name: `Update quantity of ${product.name}` }).click()
  expect((await refused).status()).toBe(409)
  await expect(page.getByRole("alert")).toContainText(`of ${product.name} left in stock: please change your cart.`)
  await expect(quantity).toHaveValue("3")
  // A reload of the answer asks again rather than repeating the change silently; the redirect after a change never does.
  await page.goto("/cart")
  await expect(quantity).toHaveValue("3")

  await page.getByRole("button", { name: `Remove ${product.name} from cart` }).click()
  await expect(page.locator("#main").getByRole("status")).toHaveText("Item removed")
  await expect(page.getByText("Your cart is empty")).toBeVisible()
  expect(await (await page.request.get("/api/cart")).json()).toEqual([])
})

test("a visitor without JavaScript who adds to the cart is told to sign in, in German", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "language", value: "de", url: baseURL! }])
  const product = await productWithStock(page, 1)
  await page.goto(`/product/${product.id}`)
  await page.getByRole("button", { name: "In den Warenkorb" }).click()
  await expect(page.getByRole("alert")).toContainText("Sie müssen angemeldet sein")
  await expect(page.getByRole("link", { name: "Anmelden oder registrieren" })).toHaveAttribute("href", "/auth?return=%2Fcart")
})

test("a cart form posted from another site changes nothing", async ({ page, playwright, baseURL }) => {
  expect((await page.request.post("/api/register", { data: newUserDetails() })).status()).toBe(201)
  const product = await productWithStock(page, 1)
  const cookies = await page.context().cookies()
  const forged = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; "), origin: "https://evil.example" },
  })
  const answer = await forged.post("/cart", { form: { action: "add", productId: String(product.id), quantity: "1" }, maxRedirects: 0 })
  expect(answer.status()).toBe(403)
  await forged.dispose()
  expect(await (await page.request.get("/api/cart")).json()).toEqual([])
  // Nonsense is a 400 that says so, on the page.
  const nonsense = await page.request.post("/cart", {
    form: { action: "add", productId: "x", quantity: "-1" },
    headers: { origin: new URL(baseURL!).origin },
    maxRedirects: 0,
  })
  expect(nonsense.status()).toBe(400)
  expect(await nonsense.text()).toContain("The form was incomplete")
})

async function newAccount(page: Page, twoFactor: boolean) {
  const details = newUserDetails()
  expect((await page.request.post("/api/register", { data: details })).status()).toBe(201)
  let app: Authenticator | null = null
  if (twoFactor) {
    const setup = await (await page.request.post("/api/account/two-factor/setup")).json()
    app = new Authenticator(setup.secret)
    expect((await page.request.post("/api/account/two-factor/enable", { data: { code: await app.nextCode() } })).status()).toBe(200)
  }
  await page.request.post("/api/logout")
  return { details, app }
}

const signedIn = async (page: Page) => (await page.request.get("/api/user")).status() === 200

test("signing in without JavaScript: a wrong password is said on the page, the right one goes back where the visitor came from", async ({
  page,
}) => {
  const { details } = await newAccount(page, false)
  await page.goto("/auth?return=%2Fcart")
  const login = page.getByRole("tabpanel", { name: "Login" })
  await login.getByLabel("Username").fill(details.username)
  await login.getByLabel("Password").fill("not the password")
  await login.getByRole("button", { name: "Sign in", exact: true }).click()
  await expect(login.getByRole("alert")).toContainText("Login failed")
  await expect(login.getByRole("alert")).toContainText("Invalid username or password")
  await expect(login.getByLabel("Username")).toHaveValue(details.username)
  await expect(login.getByLabel("Password")).toHaveValue("")
  expect(await signedIn(page)).toBe(false)

  await login.getByLabel("Password").fill(details.password)
  await login.getByRole("button", { name: "Sign in", exact: true }).click()
  await expect(page).toHaveURL(/\/cart$/)
  await expect(page.getByRole("heading", { level: 1, name: "Your Cart" })).toBeVisible()
  expect(await signedIn(page)).toBe(true)
})

test("signing in without JavaScript with two-factor sign-in: the code step, a wrong code refused, the right one signs in", async ({
  page,
}) => {
  const { details, app } = await newAccount(page, true)
  await page.goto("/auth")
  const login = page.getByRole("tabpanel", { name: "Login" })
  await login.getByLabel("Username").fill(details.username)
  await login.getByLabel("Password").fill(details.password)
  await login.getByRole("button", { name: "Sign in", exact: true }).click()
  await expect(page.getByRole("heading", { name: "Enter your authentication code" })).toBeVisible()
  expect(await signedIn(page)).toBe(false)

  const code = login.getByRole("textbox", { name: "Authentication code" })
  await code.fill("000000")
  await login.getByRole("button", { name: "Verify and sign in" }).click()
  await expect(login.getByRole("alert")).toContainText("Login failed")
  await expect(page.getByRole("heading", { name: "Enter your authentication code" })).toBeVisible()
  expect(await signedIn(page)).toBe(false)

  await code.fill(await app!.nextCode())
  await login.getByRole("button", { name: "Verify and sign in" }).click()
  await expect(page).toHaveURL(/\/$/)
  expect(await signedIn(page)).toBe(true)
  expect((await (await page.request.get("/api/account")).json()).username).toBe(details.username)
})

test("registering without JavaScript: a refused form comes back with the messages under its fields and what was typed, then the account is made", async ({
  page,
}) => {
  const details = newUserDetails()
  // The tabs are links without a script: to the Register tab and back, by the address.
  await page.goto("/auth")
  await page.getByRole("tab", { name: "Register" }).click()
  await expect(page).toHaveURL(/\/auth\?tab=register$/)
  const form = page.getByRole("tabpanel", { name: "Register" })
  await form.getByRole("link", { name: "Sign in" }).click()
  await expect(page).toHaveURL(/\/auth$/)
  await expect(page.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true")
  await page.getByRole("tabpanel", { name: "Login" }).getByRole("link", { name: "Register" }).click()
  await expect(page).toHaveURL(/\/auth\?tab=register$/)
  await form.getByLabel("Username").fill(details.username)
  await form.getByLabel("Email").fill(details.email)
  await form.getByLabel(/^Password/).fill(details.password)
  await form.getByLabel("Confirm password").fill(`${details.password}!`)
  await form.getByLabel("Full name").fill(details.fullName)
  await form.getByLabel("Address line 1").fill(details.addressLine1)
  await form.getByLabel("City").fill(details.city)
  await form.getByLabel("State/Province").fill(details.state)
  await form.getByLabel("Postal code").fill(details.postalCode)
  await form.getByLabel("Country").selectOption(details.country)
  await form.getByRole("button", { name: "Create account" }).click()

  await expect(form.getByLabel("Confirm password")).toHaveAccessibleDescription(/Passwords don't match/)
  await expect(form.getByLabel("Username")).toHaveValue(details.username)
  await expect(form.getByLabel("City")).toHaveValue(details.city)
  await expect(form.getByLabel(/^Password/)).toHaveValue("")
  expect((await page.request.get("/api/user")).status()).toBe(401)

  await form.getByLabel(/^Password/).fill(details.password)
  await form.getByLabel("Confirm password").fill(details.password)
  await form.getByRole("button", { name: "Create account" }).click()
  await expect(page).toHaveURL(/\/$/)
  expect((await (await page.request.get("/api/account")).json()).username).toBe(details.username)
})

/**
 * The whole journey without JavaScript: registering on /auth, turning two-factor sign-in on in /account, signing
 * out and in again (a wrong password, then the code step), the product page's form, /cart, both checkout steps as
 * forms the server checks (a bad address comes back with the messages next to its fields, as typed), the sandbox
 * card, the result page, the order on /orders, and signing out. `german`: the same in German.
 */
async function buyWithoutJavaScript(page: Page, german: boolean) {
  const say = german
    ? {
        add: "In den Warenkorb",
        checkout: "Zur Kasse",
        fullName: "Vollständiger Name",
        postalCode: "Postleitzahl",
        city: "Stadt",
        fullNameRequired: "Vollständiger Name ist erforderlich",
        postalCodeRequired: "Postleitzahl ist erforderlich",
        continue: "Weiter zur Zahlung",
        review: "Bestellung prüfen",
        sandbox: /Testkarte \(Sandbox\)/,
        buy: /^Zahlungspflichtig bestellen \(/,
        success: "Zahlung erfolgreich",
        logout: "Abmelden",
        account: "Konto",
        registerTab: "Registrieren",
        loginTab: "Anmelden",
        username: "Benutzername",
        email: "E-Mail",
        password: /^Passwort(?! bestätigen)/,
        confirmPassword: "Passwort bestätigen",
        addressLine1: "Adresszeile 1",
        state: "Bundesland/Provinz",
        country: /^Land\b/,
        createAccount: "Konto erstellen",
        signIn: "Anmelden",
        loginFailed: "Anmeldung fehlgeschlagen",
        badPassword: "Ungültiger Benutzername oder ungültiges Passwort",
        codeStep: "Bestätigungscode eingeben",
        codeField: "Bestätigungscode",
        verify: "Bestätigen und anmelden",
        twoFactor: "Zwei-Faktor-Anmeldung",
        turnOn: "Einschalten",
        appCode: /^Code aus der App/,
        confirmCode: "Bestätigen und einschalten",
        codesStored: "Ich habe meine Codes gespeichert",
      }
    : {
        add: "Add to Cart",
        checkout: "Checkout",
        fullName: "Full name",
        postalCode: "Postal code",
        city: "City",
        fullNameRequired: "Full name is required",
        postalCodeRequired: "Postal code is required",
        continue: "Continue to Payment",
        review: "Review your order",
        sandbox: /Test card \(sandbox\)/,
        buy: /^Buy now: /,
        success: "Payment Successful",
        logout: "Logout",
        account: "Account",
        registerTab: "Register",
        loginTab: "Login",
        username: "Username",
        email: "Email",
        password: /^Password/,
        confirmPassword: "Confirm password",
        addressLine1: "Address line 1",
        state: "State/Province",
        country: "Country",
        createAccount: "Create account",
        signIn: "Sign in",
        loginFailed: "Login failed",
        badPassword: "Invalid username or password",
        codeStep: "Enter your authentication code",
        codeField: "Authentication code",
        verify: "Verify and sign in",
        twoFactor: "Two-factor sign-in",
        turnOn: "Turn on",
        appCode: /^Code from the app/,
        confirmCode: "Confirm and turn on",
        codesStored: "I have stored my codes",
      }
  const details = newUserDetails()

  // Registering through the Register tab, a link without a script.
  await page.goto("/auth")
  await page.getByRole("tab", { name: say.registerTab }).click()
  const register = page.getByRole("tabpanel", { name: say.registerTab })
  await register.getByLabel(say.username).fill(details.username)
  await register.getByLabel(say.email).fill(details.email)
  await register.getByLabel(say.password).fill(details.password)
  await register.getByLabel(say.confirmPassword).fill(details.password)
  await register.getByLabel(say.fullName).fill(details.fullName)
  await register.getByLabel(say.addressLine1).fill(details.addressLine1)
  await register.getByLabel(say.city).fill(details.city)
  await register.getByLabel(say.state).fill(details.state)
  await register.getByLabel(say.postalCode).fill(details.postalCode)
  await register.getByLabel(say.country).selectOption(details.country)
  await register.getByRole("button", { name: say.createAccount }).click()
  await expect(page).toHaveURL(/\/$/)

  // Two-factor sign-in turned on in the account, with the app's code.
  await page.goto("/account")
  const twoFactor = page.getByRole("region", { name: say.twoFactor })
  await twoFactor.getByRole("button", { name: say.turnOn }).click()
  const app = new Authenticator((await twoFactor.getByTestId("two-factor-secret").textContent())!.replace(/\s+/g, ""))
  await twoFactor.getByLabel(say.appCode).fill(await app.nextCode())
  await twoFactor.getByRole("button", { name: say.confirmCode }).click()
  await twoFactor.getByRole("button", { name: say.codesStored }).click()
  expect((await (await page.request.get("/api/account")).json()).twoFactorEnabled).toBe(true)

  // Signed out, then in again: a wrong password is said on the page; the right one leads to the code step.
  await page.getByRole("button", { name: new RegExp(details.username) }).click()
  await page.getByRole("button", { name: say.logout }).click()
  await expect(page).toHaveURL(/\/$/)
  await page.goto("/auth")
  const login = page.getByRole("tabpanel", { name: say.loginTab })
  await login.getByLabel(say.username).fill(details.username)
  await login.getByLabel(say.password).fill("not the password")
  await login.getByRole("button", { name: say.signIn, exact: true }).click()
  await expect(login.getByRole("alert")).toContainText(say.loginFailed)
  await expect(login.getByRole("alert")).toContainText(say.badPassword)
  await login.getByLabel(say.password).fill(details.password)
  await login.getByRole("button", { name: say.signIn, exact: true }).click()
  await expect(page.getByRole("heading", { name: say.codeStep })).toBeVisible()
  await login.getByRole("textbox", { name: say.codeField }).fill(await app.nextCode())
  await login.getByRole("button", { name: say.verify }).click()
  await expect(page).toHaveURL(/\/$/)
  expect((await (await page.request.get("/api/account")).json()).username).toBe(details.username)

  const product = await productWithStock(page, 1)
  const stockBefore = product.stockQuantity

  await page.goto(`/product/${product.id}`)
  await page.getByRole("button", { name: say.add }).click()
  await expect(page).toHaveURL(/\/cart\?done=add&product=\d+$/)
  await page.locator("#main").getByRole("link", { name: say.checkout, exact: true }).click()
  await expect(page).toHaveURL(/\/checkout$/)
  await expect(page.getByLabel(say.fullName)).toHaveValue(details.fullName)

  // A bad address: the server's answer keeps what was typed and says what is wrong next to each field.
  await page.getByLabel(say.fullName).fill("")
  await page.getByLabel(say.postalCode).fill("1")
  const refused = page.waitForResponse((r) => r.url().endsWith("/checkout") && r.request().method() === "POST")
  await page.getByRole("button", { name: say.continue }).click()
  expect((await refused).status()).toBe(400)
  await expect(page.getByLabel(say.fullName)).toHaveAccessibleDescription(say.fullNameRequired)
  await expect(page.getByLabel(say.postalCode)).toHaveAccessibleDescription(say.postalCodeRequired)
  await expect(page.getByLabel(say.postalCode)).toHaveValue("1")
  await expect(page.getByLabel(say.city)).toHaveValue(details.city)

  await page.getByLabel(say.fullName).fill("Grace Hopper")
  await page.getByLabel(say.postalCode).fill(details.postalCode)
  await page.getByRole("button", { name: say.continue }).click()
  await expect(page.getByRole("heading", { name: say.review })).toBeVisible()
  await expect(page.getByTestId("review-address")).toContainText("Grace Hopper")
  await page.getByRole("radio", { name: say.sandbox }).check()
  await page.getByRole("button", { name: say.buy }).click()

  await expect(page).toHaveURL(/\/checkout\/success\?orderId=\d+$/)
  const orderId = Number(new URL(page.url()).searchParams.get("orderId"))
  await expect(page.getByRole("heading", { level: 1, name: say.success })).toBeVisible()
  await expect(page.getByTestId("test-payment-banner")).toBeVisible()
  expect(await (await page.request.get("/api/cart")).json()).toEqual([])
  const stock = (await (await page.request.get(`/api/products/${product.id}`)).json()) as Product
  expect(stock.stockQuantity).toBeLessThan(stockBefore)

  await page.goto("/orders")
  const order = page.locator(`[data-order-id="${orderId}"]`)
  await expect(order).toBeVisible()
  await order.locator("summary").click()
  await expect(order).toContainText(product.name)

  // Signing out: the account menu opens without a script (a popover), its Logout is a form.
  await page.getByRole("button", { name: new RegExp(details.username) }).click()
  await page.getByRole("button", { name: say.logout }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole("link", { name: say.account, exact: true })).toHaveAttribute("href", "/auth")
  expect((await page.request.get("/api/user")).status()).toBe(401)
}

test("the whole journey without JavaScript: registered, two-factor on, signed in with the code step, both checkout steps as forms, a bad address said next to its fields, the sandbox card, the order on /orders", async ({
  page,
}) => {
  await buyWithoutJavaScript(page, false)
})

test("the whole journey without JavaScript, in German", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "language", value: "de", url: baseURL! }])
  await buyWithoutJavaScript(page, true)
})

test.describe("on a phone-sized screen", () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test("the toggle menu opens without JavaScript, with the page links and Logout", async ({ page }) => {
    expect((await page.request.post("/api/register", { data: newUserDetails() })).status()).toBe(201)
    await page.goto("/products")
    await page.getByRole("button", { name: "Open menu" }).click()
    const menu = page.getByRole("navigation", { name: "Menu" })
    await expect(menu.getByRole("link", { name: "Products" })).toHaveAttribute("aria-current", "page")
    await menu.getByRole("button", { name: "Logout" }).click()
    await expect(page).toHaveURL(/\/$/)
    expect((await page.request.get("/api/user")).status()).toBe(401)
  })
})

test("the account's profile and password without JavaScript: refusals said on the page, changes saved", async ({ page }) => {
  const details = newUserDetails()
  expect((await page.request.post("/api/register", { data: details })).status()).toBe(201)
  await page.goto("/account")
  // The panel that cannot work without it says so (passkeys: WebAuthn is a script API), in <noscript>: read from the
  // HTML, as Chromium's switch for scripts leaves the parser rendering for a browser with them.
  const html = await (await page.request.get("/account")).text()
  expect(html.match(/<noscript><p class="account-card__text">This part of your account needs JavaScript/g)).toHaveLength(1)
  const profile = page.getByRole("form", { name: "Profile" })
  await profile.getByLabel("City").fill("")
  await profile.getByRole("button", { name: "Save profile" }).click()
  await expect(profile.getByLabel("City")).toHaveAccessibleDescription(/City is required/)
  await profile.getByLabel("City").fill("Leipzig")
  await profile.getByRole("button", { name: "Save profile" }).click()
  await expect(page).toHaveURL(/\/account#account-profile-title$/)
  await expect(profile.getByLabel("City")).toHaveValue("Leipzig")
  expect((await (await page.request.get("/api/user")).json()).city).toBe("Leipzig")

  const password = page.getByRole("form", { name: "Password" })
  const newPassword = `${details.password}-new`
  await password.getByLabel("Current password").fill("not the password")
  await password.getByLabel(/^New password/).fill(newPassword)
  await password.getByLabel("Confirm new password").fill(newPassword)
  await password.getByRole("button", { name: "Change password" }).click()
  await expect(password.getByRole("alert").first()).toContainText("Could not change your password")
  await expect(password.getByLabel("Current password")).toHaveAccessibleDescription(/Current password is incorrect/)
  await expect(password.getByLabel(/^New password/)).toHaveValue("")

  await password.getByLabel("Current password").fill(details.password)
  await password.getByLabel(/^New password/).fill(newPassword)
  await password.getByLabel("Confirm new password").fill(newPassword)
  await password.getByRole("button", { name: "Change password" }).click()
  await expect(page).toHaveURL(/\/account#account-password-title$/)
  // Still signed in with the renewed session, and the new password is the one that signs in.
  expect((await page.request.get("/api/user")).status()).toBe(200)
  await page.request.post("/api/logout")
  expect((await page.request.post("/api/login", { data: { username: details.username, password: newPassword } })).status()).toBe(200)
})

test("the account's sessions, encrypted mail and deletion without JavaScript, in German: each asks first where it should, refusals said on the page", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  await context.addCookies([{ name: "language", value: "de", url: baseURL! }])
  const details = newUserDetails()
  expect((await page.request.post("/api/register", { data: details })).status()).toBe(201)
  // Three other browsers signed in to the same account; the first one is Firefox on Linux.
  const elsewhere = await Promise.all(
    ["Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", "curl/8.5.0", "curl/8.5.0"].map(async (userAgent) => {
      const other = await browser.newContext({ baseURL, userAgent })
      const login = await other.request.post("/api/login", { data: { username: details.username, password: details.password } })
      expect(login.status()).toBe(200)
      return other
    }),
  )

  await page.goto("/account")
  const sessions = page.getByRole("region", { name: "Wo Sie angemeldet sind" })
  // The list comes with the page: nothing loads in after it.
  await expect(sessions.getByRole("listitem")).toHaveCount(4)
  await sessions.getByRole("button", { name: "Firefox unter Linux abmelden" }).click()
  await expect(page).toHaveURL(/\/account#account-sessions-title$/)
  await expect(sessions.getByRole("listitem")).toHaveCount(3)
  expect((await elsewhere[0]!.request.get("/api/account")).status()).toBe(401)
  // A form without a session's id (its path would be that of all other sessions) ends none.
  const noId = await page.request.post("/account", {
    form: { form: "end-session" },
    headers: { origin: new URL(baseURL!).origin },
    maxRedirects: 0,
  })
  expect(noId.status()).toBe(400)
  expect(await noId.text()).toContain("Keine solche Sitzung Ihres Kontos")
  expect((await elsewhere[1]!.request.get("/api/account")).status()).toBe(200)

  await sessions.getByRole("button", { name: "Überall sonst abmelden" }).click()
  await expect(page).toHaveURL(/\/account\?confirm=end-others#account-sessions-title$/)
  await expect(sessions).toContainText("2 andere Sitzungen abmelden?")
  await sessions.getByRole("button", { name: "Abbrechen" }).click()
  await expect(sessions.getByRole("button", { name: "Überall sonst abmelden" })).toBeVisible()
  expect((await elsewhere[1]!.request.get("/api/account")).status()).toBe(200)
  await sessions.getByRole("button", { name: "Überall sonst abmelden" }).click()
  await sessions.getByRole("button", { name: "Abmelden", exact: true }).click()
  await expect(page).toHaveURL(/\/account#account-sessions-title$/)
  await expect(sessions.getByText("Sie sind nur hier angemeldet.")).toBeVisible()
  for (const other of elsewhere.slice(1)) expect((await other.request.get("/api/account")).status()).toBe(401)
  await Promise.all(elsewhere.map((other) => other.close()))

  // Encrypted mail: a key of another address is refused next to the field, the right one read from a file is saved.
  const mail = page.getByRole("region", { name: "Verschlüsselte E-Mails" })
  const other = await openpgp.generateKey({
    type: "ecc",
    curve: "curve25519Legacy",
    userIDs: [{ email: "someone@example.org" }],
    format: "armored",
  })
  await mail.getByLabel(/^Öffentlicher Schlüssel/).fill(other.publicKey)
  await mail.getByRole("button", { name: "Schlüssel speichern" }).click()
  await expect(mail.getByLabel(/^Öffentlicher Schlüssel/)).toHaveAccessibleDescription(new RegExp(details.email.replace(/[.+]/g, "\\$&")))
  await expect(mail.getByLabel(/^Öffentlicher Schlüssel/)).toHaveValue(/BEGIN PGP PUBLIC KEY BLOCK/)
  const { publicKey } = await openpgp.generateKey({
    type: "ecc",
    curve: "curve25519Legacy",
    userIDs: [{ name: "Ada", email: details.email }],
    format: "armored",
  })
  const fingerprint = (await openpgp.readKey({ armoredKey: publicKey })).getFingerprint().toUpperCase()
  await mail.getByLabel(/^Öffentlicher Schlüssel/).fill("")
  await mail
    .getByLabel("Oder aus einer Datei lesen")
    .setInputFiles({ name: "ada.asc", mimeType: "application/pgp-keys", buffer: Buffer.from(publicKey) })
  await mail.getByRole("button", { name: "Schlüssel speichern" }).click()
  await expect(page).toHaveURL(/\/account#account-pgp-title$/)
  await expect(mail.getByTestId("pgp-key")).toContainText(fingerprint.replace(/(.{4})(?=.)/g, "$1 "))
  await mail.getByRole("button", { name: "Schlüssel entfernen" }).click()
  await expect(page).toHaveURL(/\/account\?confirm=remove-pgp#account-pgp-title$/)
  await mail.getByRole("button", { name: "Entfernen", exact: true }).click()
  await expect(page).toHaveURL(/\/account#account-pgp-title$/)
  await expect(mail.getByText("Kein Schlüssel gespeichert")).toBeVisible()
  expect((await (await page.request.get("/api/account/pgp-key")).json()).key).toBeNull()

  // Deleting the account: a wrong password is said next to the field and deletes nothing; the right one deletes it.
  const remove = page.getByRole("region", { name: "Mein Konto löschen" })
  await remove.getByRole("button", { name: "Mein Konto löschen…" }).click()
  await expect(page).toHaveURL(/\/account\?confirm=delete#account-delete-title$/)
  await remove.getByLabel(/^Passwort/).fill("nicht das Passwort")
  await remove.getByRole("button", { name: "Mein Konto endgültig löschen" }).click()
  await expect(remove.getByLabel(/^Passwort/)).toHaveAccessibleDescription("Das Passwort ist falsch")
  await expect(remove.getByLabel(/^Passwort/)).toHaveValue("")
  expect((await page.request.get("/api/account")).status()).toBe(200)
  await remove.getByLabel(/^Passwort/).fill(details.password)
  await remove.getByRole("button", { name: "Mein Konto endgültig löschen" }).click()
  await expect(page).toHaveURL(/\/#main$/)
  expect((await page.request.get("/api/account")).status()).toBe(401)
  expect((await page.request.post("/api/login", { data: { username: details.username, password: details.password } })).status()).toBe(401)
})

test("two-factor sign-in set up and turned off without JavaScript: a wrong code shows the same key again, the recovery codes once", async ({
  page,
}) => {
  expect((await page.request.post("/api/register", { data: newUserDetails() })).status()).toBe(201)
  await page.goto("/account")
  const panel = page.getByRole("region", { name: "Two-factor sign-in" })
  await expect(panel.getByTestId("two-factor-status")).toContainText("Off")
  await panel.getByRole("button", { name: "Turn on" }).click()
  await expect(panel.getByRole("img", { name: "QR code that adds your Enclave account to an authenticator app" })).toBeVisible()
  const shownKey = (await panel.getByTestId("two-factor-secret").textContent())!
  const app = new Authenticator(shownKey.replace(/\s+/g, ""))
  const code = panel.getByLabel(/^Code from the app/)
  await code.fill(app.wrongCode())
  await panel.getByRole("button", { name: "Confirm and turn on" }).click()
  await expect(code).toHaveAccessibleDescription("Invalid code")
  await expect(panel.getByTestId("two-factor-secret")).toHaveText(shownKey)
  expect((await (await page.request.get("/api/account")).json()).twoFactorEnabled).toBe(false)

  await code.fill(await app.nextCode())
  await panel.getByRole("button", { name: "Confirm and turn on" }).click()
  const codes = panel.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")
  await expect(codes).toHaveCount(10)
  const recovery = (await codes.allTextContents()).map((text) => text.trim())
  expect((await (await page.request.get("/api/account")).json()).twoFactorEnabled).toBe(true)
  await panel.getByRole("button", { name: "I have stored my codes" }).click()
  await expect(page).toHaveURL(/\/account\??#account-two-factor-title$/)
  await expect(panel.getByTestId("two-factor-status")).toContainText("On")
  await expect(codes).toHaveCount(0)

  await panel.getByRole("button", { name: "Turn off" }).click()
  await expect(page).toHaveURL(/\/account\?confirm=two-factor-off#account-two-factor-title$/)
  const offCode = panel.getByLabel(/^Authentication code or recovery code/)
  await offCode.fill(app.wrongCode())
  await panel.getByRole("button", { name: "Turn off two-factor sign-in" }).click()
  await expect(offCode).toHaveAccessibleDescription("Invalid code")
  await offCode.fill(recovery[0]!)
  await panel.getByRole("button", { name: "Turn off two-factor sign-in" }).click()
  await expect(page).toHaveURL(/\/account#account-two-factor-title$/)
  await expect(panel.getByTestId("two-factor-status")).toContainText("Off")
  expect((await (await page.request.get("/api/account")).json()).twoFactorEnabled).toBe(false)
})

test("a forgotten password reset without JavaScript, in German: the address checked, the link from the mail, the passwords checked, the link once", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: "language", value: "de", url: baseURL! }])
  const details = newUserDetails()
  expect((await page.request.post("/api/register", { data: details })).status()).toBe(201)
  await page.request.post("/api/logout")

  await page.goto("/auth/forgot")
  const email = page.getByLabel("E-Mail")
  await email.fill("keine Adresse")
  await page.getByRole("button", { name: "Link zum Zurücksetzen senden" }).click()
  await expect(email).toHaveAccessibleDescription("Ungültige E-Mail-Adresse")
  await expect(email).toHaveValue("keine Adresse")
  await email.fill(details.email)
  const asked = new Date()
  await page.getByRole("button", { name: "Link zum Zurücksetzen senden" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Sehen Sie in Ihr Postfach" })).toContainText(
    "Wenn es ein Konto mit dieser E-Mail-Adresse gibt, ist ein Link zum Zurücksetzen unterwegs",
  )
  // Another address: the page again, its form empty.
  await page.getByRole("button", { name: "Andere Adresse verwenden" }).click()
  await expect(page).toHaveURL(/\/auth\/forgot\??$/)
  await expect(page.getByLabel("E-Mail")).toHaveValue("")

  const mail = await waitForMail({ to: details.email, subject: /Enclave/, since: asked, timeoutMs: 60_000 })
  const link = new URL(/https?:\/\/\S+?\/auth\/reset\?token=[^\s"'<>]+/.exec(mail.text)![0])
  const resetPath = `${link.pathname}${link.search}`
  await page.goto(resetPath)
  const newPassword = page.getByRole("textbox", { name: "Neues Passwort", exact: true })
  const confirm = page.getByRole("textbox", { name: "Neues Passwort bestätigen", exact: true })
  await newPassword.fill("ein neuer Satz 42")
  await confirm.fill("ein neuer Satz 43")
  await page.getByRole("button", { name: "Neues Passwort speichern" }).click()
  await expect(confirm).toHaveAccessibleDescription("Die Passwörter stimmen nicht überein")
  await expect(newPassword).toHaveValue("")
  await newPassword.fill("ein neuer Satz 42")
  await confirm.fill("ein neuer Satz 42")
  await page.getByRole("button", { name: "Neues Passwort speichern" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Ihr Passwort wurde geändert" })).toBeVisible()
  expect((await page.request.post("/api/login", { data: { username: details.username, password: "ein neuer Satz 42" } })).status()).toBe(
    200,
  )
  await page.request.post("/api/logout")

  await page.goto(resetPath)
  await newPassword.fill("noch ein Satz 44")
  await confirm.fill("noch ein Satz 44")
  await page.getByRole("button", { name: "Neues Passwort speichern" }).click()
  await expect(page.getByRole("alert").filter({ hasText: "Dieser Link kann nicht verwendet werden" })).toBeVisible()
  await expect(page.getByRole("link", { name: "Neuen Link anfordern" })).toHaveAttribute("href", "/auth/forgot")
})

test("a product's tabs without JavaScript are links to their panels: the one chosen is shown in place of the first", async ({ page }) => {
  await page.goto("/product/1")
  const specifications = page.getByRole("tabpanel", { name: "Specifications" })
  await expect(specifications).toBeVisible()
  await page.getByRole("tab", { name: "Security" }).click()
  await expect(page).toHaveURL(/\/product\/1#panel-security$/)
  await expect(page.getByRole("tabpanel", { name: "Security" })).toBeVisible()
  await expect(specifications).toBeHidden()
  await page.getByRole("tab", { name: "Features" }).click()
  await expect(page.getByRole("tabpanel", { name: "Features" })).toBeVisible()
  await expect(page.getByRole("tabpanel", { name: "Security" })).toBeHidden()
})
