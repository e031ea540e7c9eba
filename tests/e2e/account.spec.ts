import { expect, type Page } from "@playwright/test"
import { test } from "../support/csp.ts"
import { typeBeforeIslandsRun, islandsHydrated } from "../support/islands.ts"
import { newUserDetails } from "../support/api.ts"
import { waitForMail } from "../support/mailbox.ts"
import { SAME_ORIGIN_HEADERS } from "../support/urls.ts"
import { TEST_ADMIN_PASSWORD } from "../support/shop.ts"

/**
 * /account as a customer uses it (docs/product.md §2 account page): reached from the user menu, the profile
 * edited with the register form's messages, the password changed (a wrong current one refused on its
 * field), then signing in again with the new one; in English and German, and on a phone-sized screen.
 */

async function useLanguage(page: Page, language: "en" | "de") {
  await page.context().addCookies([{ name: "language", value: language, url: test.info().project.use.baseURL ?? process.env.ENCLAVE_URL! }])
}

async function registerCustomer(page: Page) {
  const details = newUserDetails()
  expect((await page.request.post("/api/register", { data: details })).status()).toBe(201)
  return details
}

/** The forms answer clicks and keys once React has hydrated the island. */
async function openAccount(page: Page) {
  await page.goto("/account")
  await islandsHydrated(page)
}

const notifications = (page: Page) => page.getByRole("region", { name: /Notifications|Benachrichtigungen/ })

test("a customer edits the profile from the user menu; messages inline; the change is kept", async ({ page, playwright, baseURL }) => {
  const details = await registerCustomer(page)
  await page.goto("/")
  await islandsHydrated(page)
  await page.getByRole("button", { name: `Account menu for ${details.username}` }).click()
  await page.getByRole("link", { name: "My Account" }).click()
  await expect(page).toHaveURL(/\/account$/)
  await islandsHydrated(page)
  await expect(page.getByRole("heading", { name: "My Account", level: 1 })).toBeVisible()
  await expect(page.locator("#main").getByText(`Signed in as ${details.username}`)).toBeVisible()
  await expect(page.getByRole("link", { name: /My Orders/ })).toHaveAttribute("href", "/account/orders")

  const profile = page.getByRole("form", { name: "Profile" })
  await expect(profile.getByLabel(/^Email/)).toHaveValue(details.email)
  await expect(profile.getByLabel(/^City/)).toHaveValue(details.city)

  await profile.getByLabel(/^City/).fill("")
  await profile.getByLabel(/^Email/).fill("not an address")
  await profile.getByRole("button", { name: "Save profile" }).click()
  await expect(profile.getByLabel(/^City/)).toHaveAccessibleDescription("City is required")
  await expect(profile.getByLabel(/^Email/)).toHaveAccessibleDescription("Invalid email address")

  const email = `new-${details.username}@example.net`
  const asked = new Date()
  await profile.getByLabel(/^Email/).fill(email)
  await profile.getByLabel(/^City/).fill("Hamburg")
  await profile.getByLabel(/^Full name/).fill("Ada Lovelace")
  await profile.getByRole("button", { name: "Save profile" }).click()
  // The new address waits for its link: the form keeps the current one and says so.
  await expect(notifications(page)).toContainText("Confirm your new e-mail address")
  await expect(profile.getByRole("status")).toContainText(`We sent a confirmation link to ${email}`)
  await expect(profile.getByLabel(/^Email/)).toHaveValue(details.email)
  await page.screenshot({ path: "test-results/screenshots/account-en.png", fullPage: true })

  await openAccount(page)
  await expect(profile.getByLabel(/^Email/)).toHaveValue(details.email)
  await expect(profile.getByLabel(/^City/)).toHaveValue("Hamburg")
  await expect(profile.getByLabel(/^Full name/)).toHaveValue("Ada Lovelace")

  // The link in the mail to the new address: opening it changes nothing, its button does.
  const mail = await waitForMail({ to: email, subject: /Confirm/, since: asked, timeoutMs: 60_000 })
  const link = new URL(mail.text.match(/https?:\/\/\S+\/account\/email\/confirm\?token=[A-Za-z0-9_%-]+/)![0])
  await page.goto(`${link.pathname}${link.search}`)
  await expect(page.getByRole("heading", { name: "Confirm your new e-mail address", level: 1 })).toBeVisible()
  await page.getByRole("button", { name: "Confirm new e-mail address" }).click()
  await expect(page.locator("#main").getByRole("status")).toContainText(`Your account's e-mail address is now ${email}`)
  await openAccount(page)
  await expect(profile.getByLabel(/^Email/)).toHaveValue(email)

  // Another account's address gets the same answer as a free one, and changes nothing.
  const other = newUserDetails()
  const elsewhere = await playwright.request.newContext({ baseURL, extraHTTPHeaders: SAME_ORIGIN_HEADERS })
  expect((await elsewhere.post("/api/register", { data: other })).status()).toBe(201)
  await elsewhere.dispose()
  await profile.getByLabel(/^Email/).fill(other.email)
  await profile.getByRole("button", { name: "Save profile" }).click()
  await expect(profile.getByRole("status")).toContainText(`We sent a confirmation link to ${other.email}`)
  await expect(profile.getByLabel(/^Email/)).toHaveAccessibleDescription("")
  await openAccount(page)
  await expect(profile.getByLabel(/^Email/)).toHaveValue(email)
})

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false })

  test("the confirm link of a new e-mail works in German, once; a used link says so", async ({ page }) => {
    await useLanguage(page, "de")
    const details = await registerCustomer(page)
    const { username: _u, password: _p, isAdmin: _a, ...profile } = details
    const email = `neu-${details.username}@example.net`
    const asked = new Date()
    expect((await page.request.put("/api/account", { data: { ...profile, email }, headers: SAME_ORIGIN_HEADERS })).status()).toBe(200)
    const mail = await waitForMail({ to: email, subject: /bestätigen/i, since: asked, timeoutMs: 60_000 })
    const link = new URL(mail.text.match(/https?:\/\/\S+\/account\/email\/confirm\?token=[A-Za-z0-9_%-]+/)![0])
    await page.goto(`${link.pathname}${link.search}`)
    await expect(page.getByRole("heading", { name: "Neue E-Mail-Adresse bestätigen", level: 1 })).toBeVisible()
    await expect(page.getByText(/JavaScript/)).toHaveCount(0)
    await page.getByRole("button", { name: "Neue E-Mail-Adresse bestätigen" }).click()
    await expect(page.locator("#main").getByRole("status")).toContainText(`Die E-Mail-Adresse Ihres Kontos ist jetzt ${email}.`)
    await page.screenshot({ path: "test-results/screenshots/email-confirm-de.png", fullPage: true })
    await page.goto(`${link.pathname}${link.search}`)
    await page.getByRole("button", { name: "Neue E-Mail-Adresse bestätigen" }).click()
    await expect(page.locator("#main").getByRole("alert")).toContainText("Dieser Bestätigungslink ist ungültig")
  })
})

test("a customer changes the password: a wrong current one is refused, the new one signs in", async ({ page }) => {
  const details = await registerCustomer(page)
  const form = page.getByRole("form", { name: "Password" })
  const submit = form.getByRole("button", { name: "Change password" })
  // Typed before the island runs: the form goes on with what was typed.
  await typeBeforeIslandsRun(page, "/account", async () => {
    await form.getByLabel(/^Current password/).fill("not my password")
    await form.getByLabel(/^New password/).fill("a brand new passphrase")
    await form.getByLabel(/^Confirm new password/).fill("a brand new passphrase!")
  })
  await expect(form.getByLabel(/^Current password/)).toHaveValue("not my password")
  await submit.click()
  await expect(form.getByLabel(/^Confirm new password/)).toHaveAccessibleDescription("Passwords don't match")
  await form.getByLabel(/^Confirm new password/).fill("a brand new passphrase")
  await submit.click()
  await expect(form.getByLabel(/^Current password/)).toHaveAccessibleDescription("Current password is incorrect")
  await expect(page.getByRole("alert").filter({ hasText: "Could not change your password" })).toBeVisible()

  await form.getByLabel(/^Current password/).fill(details.password)
  await submit.click()
  // Hashing the new password (scrypt) and ending the other sessions take a moment on a busy machine.
  await expect(notifications(page)).toContainText("Password changed", { timeout: 20_000 })
  // Emptied, and not back to what was typed before the island ran.
  for (const field of [/^Current password/, /^New password/, /^Confirm new password/]) await expect(form.getByLabel(field)).toHaveValue("")
  await submit.click()
  await expect(form.getByLabel(/^Current password/)).toHaveAccessibleDescription("Current password is required")
  // This session goes on.
  expect((await page.request.get("/api/account")).status()).toBe(200)

  await page.request.post("/api/logout")
  await page.goto("/auth")
  await islandsHydrated(page)
  const login = page.getByRole("tabpanel", { name: "Login" })
  await login.getByLabel("Username").fill(details.username)
  await login.getByLabel("Password").fill(details.password)
  await login.getByRole("button", { name: "Sign in" }).click()
  await expect(page.getByRole("alert").filter({ hasText: "Login failed" })).toContainText("Invalid username or password", {
    timeout: 20_000,
  })
  await login.getByLabel("Password").fill("a brand new passphrase")
  await login.getByRole("button", { name: "Sign in" }).click()
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 })
})

test("a customer sees where they are signed in and signs out everywhere else", async ({ page, playwright, baseURL }) => {
  const details = await registerCustomer(page)
  const elsewhere = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: {
      ...SAME_ORIGIN_HEADERS,
      "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
    },
  })
  expect((await elsewhere.post("/api/login", { data: { username: details.username, password: details.password } })).status()).toBe(200)

  await openAccount(page)
  const panel = page.getByRole("region", { name: "Where you are signed in" })
  const items = panel.getByRole("list", { name: "Where you are signed in" }).getByRole("listitem")
  await expect(items).toHaveCount(2)
  await expect(items.first()).toContainText("This browser")
  await expect(items.first()).toContainText("Chrome on Linux")
  await expect(items.nth(1)).toContainText("Firefox on Windows")
  await expect(items.nth(1)).not.toContainText("This browser")

  await panel.getByRole("button", { name: "Sign out everywhere else" }).click()
  await expect(panel.getByText("Sign out 1 other session? It will have to sign in again.")).toBeVisible()
  // Cancel keeps everything as it was.
  await panel.getByRole("button", { name: "Cancel" }).click()
  expect((await elsewhere.get("/api/account")).status()).toBe(200)

  await panel.getByRole("button", { name: "Sign out everywhere else" }).click()
  await panel.getByRole("button", { name: "Sign them out" }).click()
  await expect(notifications(page)).toContainText("1 other session was signed out.")
  await expect(items).toHaveCount(1)
  await expect(panel.getByText("You are signed in only here.")).toBeVisible()
  expect((await elsewhere.get("/api/account")).status()).toBe(401)
  expect((await page.request.get("/api/account")).status()).toBe(200)
  await elsewhere.dispose()
})

test("the account page in German, with German messages", async ({ page }) => {
  await useLanguage(page, "de")
  await registerCustomer(page)
  await openAccount(page)
  await expect(page.getByRole("heading", { name: "Mein Konto", level: 1 })).toBeVisible()
  const profile = page.getByRole("form", { name: "Profil" })
  await profile.getByLabel(/^Stadt/).fill("")
  await profile.getByRole("button", { name: "Profil speichern" }).click()
  await expect(profile.getByLabel(/^Stadt/)).toHaveAccessibleDescription("Stadt ist erforderlich")
  const password = page.getByRole("form", { name: "Passwort" })
  await password.getByLabel(/^Aktuelles Passwort/).fill("falsches Passwort")
  await password.getByLabel(/^Neues Passwort \*/).fill("ein neues Passwort")
  await password.getByLabel(/^Neues Passwort bestätigen/).fill("ein neues Passwort")
  await password.getByRole("button", { name: "Passwort ändern" }).click()
  await expect(password.getByLabel(/^Aktuelles Passwort/)).toHaveAccessibleDescription("Das aktuelle Passwort ist falsch")
  const sessions = page.getByRole("region", { name: "Wo Sie angemeldet sind" })
  await expect(sessions).toContainText("Dieser Browser")
  await expect(sessions).toContainText("Sie sind nur hier angemeldet.")
  await page.screenshot({ path: "test-results/screenshots/account-de.png", fullPage: true })
})

test.describe("on a phone-sized screen", () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test("the account page fits and is reached from the menu", async ({ page }) => {
    await registerCustomer(page)
    await page.goto("/")
    await page.getByRole("button", { name: "Open menu" }).click()
    await page.getByRole("navigation", { name: "Menu" }).getByRole("link", { name: "My Account" }).click()
    await expect(page).toHaveURL(/\/account$/)
    await expect(page.getByRole("form", { name: "Profile" })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.screenshot({ path: "test-results/screenshots/account-phone.png", fullPage: true })
  })
})

test("a customer becomes a business customer on the profile: the VAT ID is checked for its country, in German", async ({ page }) => {
  await useLanguage(page, "de")
  await registerCustomer(page)
  await openAccount(page)
  const profile = page.getByRole("form", { name: "Profil" })
  await expect(profile.getByRole("group", { name: "Geschäftskunde (optional)" })).toBeVisible()
  await profile.getByLabel(/^Firmenname/).fill("Acme Sicherheit GmbH")
  await profile.getByLabel(/^USt-IdNr\./).fill("DE 123 456")
  await profile.getByRole("button", { name: "Profil speichern" }).click()
  await expect(profile.getByLabel(/^USt-IdNr\./)).toHaveAccessibleDescription(/Diese USt-IdNr\. passt nicht zum Format ihres Landes/)
  await profile.getByLabel(/^USt-IdNr\./).fill("de 123 456 789")
  await profile.getByRole("button", { name: "Profil speichern" }).click()
  await expect(notifications(page)).toContainText("Profil gespeichert")
  await openAccount(page)
  await expect(profile.getByLabel(/^Firmenname/)).toHaveValue("Acme Sicherheit GmbH")
  await expect(profile.getByLabel(/^USt-IdNr\./)).toHaveValue("DE123456789")
})

test("registration takes the business details", async ({ page }) => {
  const details = newUserDetails()
  await page.goto("/auth?tab=register")
  await islandsHydrated(page)
  const form = page.locator("form[aria-labelledby=auth-register-title]")
  if (!(await form.isVisible())) await page.getByRole("tab", { name: "Register" }).click()
  for (const [label, value] of [
    [/^Username/, details.username],
    [/^Email/, details.email],
    [/^Password/, details.password],
    [/^Confirm password/, details.password],
    [/^Address line 1/, details.addressLine1],
    [/^City/, details.city],
    [/^State\/Province/, details.state],
    [/^Postal code/, details.postalCode],
    [/^Company name/, "Acme Ltd"],
    [/^VAT ID/, "GB123456789"],
  ] as const) {
    await form.getByLabel(label).fill(value)
  }
  await form.getByLabel(/^Country/).selectOption(details.country)
  await form.getByRole("button", { name: "Create account" }).click()
  await expect(page).not.toHaveURL(/\/auth/)
  const me = await page.request.get("/api/account")
  expect(await me.json()).toMatchObject({ companyName: "Acme Ltd", vatId: "GB123456789" })
})

test("times read on the shop's clock and in one format per language: the account's sessions, the admin's users and payment settings", async ({
  page,
  browser,
  baseURL,
}) => {
  // The browser runs on the machine's clock (UTC here); the shop's is its setting (Europe/Berlin unless changed).
  const shop = (await (await page.request.get("/api/shop-details")).json()) as { timeZone: string }
  const longMoment = (iso: string, language: "en" | "de") =>
    new Intl.DateTimeFormat(language === "de" ? "de-DE" : "en-GB", {
      dateStyle: "long",
      timeStyle: "short",
      timeZone: shop.timeZone,
    }).format(new Date(iso))
  await registerCustomer(page)
  const [session] = (await (await page.request.get("/api/account/sessions")).json()) as Array<{ signedInAt: string }>
  await openAccount(page)
  const sessions = page.getByRole("region", { name: "Where you are signed in" })
  await expect(sessions).toContainText(`Signed in ${longMoment(session.signedInAt, "en")}`)

  const admin = await browser.newContext({ baseURL })
  try {
    const adminPage = await admin.newPage()
    const login = await adminPage.request.post("/api/login", { data: { username: "admin", password: TEST_ADMIN_PASSWORD } })
    expect(login.status()).toBe(200)
    const mediumMoment = (iso: string) =>
      new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: shop.timeZone }).format(new Date(iso))
    const users = (await (await adminPage.request.get("/api/admin/users")).json()) as Array<{ username: string; lastLogin: string | null }>
    const me = users.find((user) => user.username === "admin")!
    await adminPage.goto("/admin/users")
    await expect(adminPage.locator("tr").filter({ hasText: "admin@" }).first()).toContainText(mediumMoment(me.lastLogin!))
    const config = (await (await adminPage.request.get("/api/admin/payment-config")).json()) as { updatedAt: string }
    await adminPage.goto("/admin/payments")
    await expect(adminPage.getByText(`Last saved ${mediumMoment(config.updatedAt)}`)).toBeVisible()
  } finally {
    await admin.close()
  }
})
