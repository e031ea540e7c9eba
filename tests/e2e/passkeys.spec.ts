import { expect, type BrowserContext, type Page } from "@playwright/test"
import { test } from "../support/csp.ts"
import { islandsHydrated } from "../support/islands.ts"
import { newUserDetails } from "../support/api.ts"
import { TEST_ADMIN_PASSWORD } from "../support/shop.ts"
import { timeStep, totp } from "../support/totp.ts"

/**
 * Passkeys as a customer uses them, with Chromium's virtual authenticator (CDP WebAuthn domain: a
 * platform authenticator with resident keys and user verification, no real hardware): one added on
 * the account page with a name, then signing in with it from /auth without username or password, and
 * as the second step after the password of an account with two-factor sign-in; renamed and removed.
 * In English and in German.
 */

const texts = {
  en: {
    panel: "Passkeys",
    name: "Name of the new passkey",
    add: "Add a passkey",
    added: "Passkey added",
    none: "You have no passkeys yet.",
    neverUsed: "Not used yet",
    addedOn: "Added ",
    lastUsed: "Last used ",
    rename: "Rename",
    renameLabel: (name: string) => `New name for “${name}”`,
    save: "Save name",
    remove: "Remove",
    removeYes: "Remove passkey",
    removed: "Passkey removed",
    loginTab: "Login",
    username: "Username",
    password: "Password",
    signIn: "Sign in",
    passkeySignIn: "Continue with a passkey",
    codeTitle: "Enter your authentication code",
    passkeyInstead: "Use a passkey or security key instead",
    welcome: "Welcome back!",
    loginFailed: "Login failed",
    unknown: "This passkey is not registered with Enclave, or it was removed.",
    staffSwitch: "Staff must use two factors",
    staffOwnFactor:
      "Sign in with two factors yourself (a passkey, or your password and an authenticator code) before requiring them of all staff.",
  },
  de: {
    panel: "Passkeys",
    name: "Name des neuen Passkeys",
    add: "Passkey hinzufügen",
    added: "Passkey hinzugefügt",
    none: "Sie haben noch keine Passkeys.",
    neverUsed: "Noch nicht verwendet",
    addedOn: "Hinzugefügt am ",
    lastUsed: "Zuletzt verwendet am ",
    rename: "Umbenennen",
    renameLabel: (name: string) => `Neuer Name für „${name}“`,
    save: "Namen speichern",
    remove: "Entfernen",
    removeYes: "Passkey entfernen",
    removed: "Passkey entfernt",
    loginTab: "Anmelden",
    username: "Benutzername",
    password: "Passwort",
    signIn: "Anmelden",
    passkeySignIn: "Mit Passkey fortfahren",
    codeTitle: "Bestätigungscode eingeben",
    passkeyInstead: "Stattdessen Passkey oder Sicherheitsschlüssel verwenden",
    welcome: "Willkommen zurück!",
    loginFailed: "Anmeldung fehlgeschlagen",
    unknown: "Dieser Passkey ist bei Enclave nicht registriert oder wurde entfernt.",
    staffSwitch: "Mitarbeitende müssen zwei Faktoren verwenden",
    staffOwnFactor:
      "Melden Sie sich selbst mit zwei Faktoren an (Passkey, oder Passwort und Authenticator-Code), bevor Sie sie von allen Mitarbeitenden verlangen.",
  },
}

async function useLanguage(page: Page, language: "en" | "de") {
  await page.context().addCookies([{ name: "language", value: language, url: test.info().project.use.baseURL ?? process.env.ENCLAVE_URL! }])
}

/** The islands answer clicks and keys once React has hydrated them. */
async function open(page: Page, path: string) {
  await page.goto(path)
  await islandsHydrated(page)
}

/**
 * Names and adds a passkey on the account page. The panel's own code hydrates after the page's island
 * (it is loaded on demand): its Add button is enabled from then on, and a name typed earlier would be
 * replaced by the panel's empty field.
 */
async function addPasskeyOnAccountPage(page: Page, name: string) {
  const passkeys = page.getByRole("region", { name: texts.en.panel, exact: true })
  await expect(passkeys.getByRole("button", { name: texts.en.add })).toBeEnabled()
  await passkeys.getByRole("textbox", { name: texts.en.name }).fill(name)
  await passkeys.getByRole("button", { name: texts.en.add }).click()
  return passkeys
}

const notifications = (page: Page) => page.getByRole("region", { name: /Notifications|Benachrichtigungen/ })

const signedIn = async (page: Page) => (await page.request.get("/api/user")).status() === 200

/** Chromium's virtual authenticator for this page: a phone's or laptop's built-in one, the person always verified. */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page)
  await cdp.send("WebAuthn.enable")
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return {
    credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
  }
}

for (const language of ["en", "de"] as const) {
  const x = texts[language]

  test(`[${language}] a passkey: added on the account page, signing in username-less and as the second step, renamed and removed`, async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000)
    await useLanguage(page, language)
    const authenticator = await virtualAuthenticator(context, page)
    const details = newUserDetails()
    expect((await page.request.post("/api/register", { data: details })).status()).toBe(201)

    // Added from the keyboard: the name, then Enter.
    await open(page, "/account")
    const panel = page.getByRole("region", { name: x.panel, exact: true })
    await expect(panel).toContainText(x.none)
    const name = panel.getByRole("textbox", { name: x.name })
    // The button is enabled once the page knows whether this browser has passkeys; typed earlier, Enter does nothing.
    await expect(panel.getByRole("button", { name: x.add })).toBeEnabled()
    await name.focus()
    await page.keyboard.type("Test phone")
    await page.keyboard.press("Enter")
    await expect(notifications(page)).toContainText(x.added, { timeout: 20_000 })
    const item = panel.getByTestId("passkey")
    await expect(item).toHaveCount(1)
    await expect(item).toContainText("Test phone")
    await expect(item).toContainText(x.addedOn)
    await expect(item).toContainText(x.neverUsed)
    await expect(name).toHaveValue("")
    const held = await authenticator.credentials()
    expect(held).toHaveLength(1)
    expect(held[0]!.isResidentCredential).toBe(true)
    await page.screenshot({ path: `test-results/screenshots/passkeys-account-${language}.png`, fullPage: true })

    // Conditional mediation: /auth offers the passkey in the username field's suggestions; the virtual
    // authenticator, present and verified, chooses it, and the shop signs its account in.
    await page.request.post("/api/logout")
    await page.goto("/auth")
    await expect(page).toHaveURL(/\/$/, { timeout: 20_000 })
    expect(await signedIn(page)).toBe(true)
    expect((await (await page.request.get("/api/account")).json()).username).toBe(details.username)

    // A browser without passkey autofill: the button, username-less, no password.
    await page.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false
    })
    await page.request.post("/api/logout")
    await open(page, "/auth")
    const login = page.getByRole("tabpanel", { name: x.loginTab })
    await expect(login.getByLabel(x.username)).toHaveAttribute("autocomplete", "username webauthn")
    expect(await signedIn(page)).toBe(false)
    await login.getByRole("button", { name: x.passkeySignIn }).click()
    await expect(page).toHaveURL(/\/$/, { timeout: 20_000 })
    await expect(page.getByText(x.welcome)).toBeVisible()
    expect(await signedIn(page)).toBe(true)
    expect((await (await page.request.get("/api/account")).json()).username).toBe(details.username)

    // Two-factor sign-in on: after the password, the passkey instead of the code.
    const setup = await (
      await page.request.post("/api/account/two-factor/setup", { headers: { origin: new URL(page.url()).origin } })
    ).json()
    const enabled = await page.request.post("/api/account/two-factor/enable", {
      data: { code: totp(setup.secret, timeStep() - 1) },
      headers: { origin: new URL(page.url()).origin },
    })
    expect(enabled.status()).toBe(200)
    await page.request.post("/api/logout")
    await open(page, "/auth")
    await login.getByLabel(x.username).fill(details.username)
    await login.getByLabel(x.password).fill(details.password)
    await login.getByRole("button", { name: x.signIn, exact: true }).click()
    await expect(page.getByRole("heading", { name: x.codeTitle })).toBeVisible({ timeout: 20_000 })
    expect(await signedIn(page)).toBe(false)
    await login.getByRole("button", { name: x.passkeyInstead }).click()
    await expect(page).toHaveURL(/\/$/, { timeout: 20_000 })
    expect(await signedIn(page)).toBe(true)

    // The account page shows when it was last used; renamed and removed from there.
    await open(page, "/account")
    await expect(item).toContainText(x.lastUsed)
    await item.getByRole("button", { name: `${x.rename} Test phone` }).click()
    const newName = panel.getByRole("textbox", { name: x.renameLabel("Test phone") })
    await expect(newName).toBeFocused()
    await newName.fill("Work laptop")
    await page.keyboard.press("Enter")
    await expect(item.locator("strong")).toHaveText("Work laptop")
    await expect(item.getByRole("button", { name: `${x.rename} Work laptop` })).toBeFocused()
    await item.getByRole("button", { name: `${x.remove} Work laptop` }).click()
    await item.getByRole("button", { name: x.removeYes }).click()
    await expect(panel).toContainText(x.none)
    expect((await (await page.request.get("/api/account/passkeys")).json()).length).toBe(0)

    // The authenticator still holds it, but the shop no longer knows it.
    await page.request.post("/api/logout")
    await open(page, "/auth")
    await login.getByRole("button", { name: x.passkeySignIn }).click()
    await expect(page.getByRole("alert").filter({ hasText: x.loginFailed })).toContainText(x.unknown, { timeout: 20_000 })
    expect(await signedIn(page)).toBe(false)
  })
}

for (const language of ["en", "de"] as const) {
  const x = texts[language]

  test(`[${language}] the staff setting's switch refuses an admin signed in with the password alone, and says why`, async ({ page }) => {
    await useLanguage(page, language)
    // The seeded admin, password only: the setting stays off (turning it on from here is refused).
    expect((await page.request.post("/api/login", { data: { username: "admin", password: TEST_ADMIN_PASSWORD } })).status()).toBe(200)
    await page.goto("/admin/shop-details")
    const toggle = page.getByRole("switch", { name: x.staffSwitch })
    await expect(toggle).toBeVisible({ timeout: 30_000 })
    await expect(toggle).toHaveAttribute("aria-checked", "false")
    await toggle.focus()
    await page.keyboard.press("Space")
    await expect(page.getByRole("alert").filter({ hasText: x.staffOwnFactor }).first()).toBeVisible({ timeout: 20_000 })
    await expect(toggle).toHaveAttribute("aria-checked", "false")
    expect((await (await page.request.get("/api/admin/shop-details")).json()).staffSecondFactorRequired).toBe(false)
  })
}

test("an account deleted with its passkey instead of the password", async ({ page, context }) => {
  const authenticator = await virtualAuthenticator(context, page)
  const details = newUserDetails()
  expect((await page.request.post("/api/register", { data: details })).status()).toBe(201)
  await open(page, "/account")
  const passkeys = await addPasskeyOnAccountPage(page, "Test phone")
  await expect(passkeys.getByTestId("passkey")).toHaveCount(1, { timeout: 20_000 })
  expect(await authenticator.credentials()).toHaveLength(1)

  const remove = page.getByRole("region", { name: "Delete my account" })
  await remove.getByRole("button", { name: "Delete my account…" }).click()
  await remove.getByRole("button", { name: "Delete with a passkey instead" }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(notifications(page).getByText("Your account has been deleted")).toBeVisible()
  expect((await page.request.get("/api/account")).status()).toBe(401)
})

test("a passkey added before the list has loaded stays on the list", async ({ page, context }) => {
  await virtualAuthenticator(context, page)
  const details = newUserDetails()
  expect((await page.request.post("/api/register", { data: details })).status()).toBe(201)
  // The first answer of the list is held back until the passkey is added: a slow shop, a quick person.
  let release: () => void = () => {}
  const added = new Promise<void>((resolve) => (release = resolve))
  let held = false
  await page.route("**/api/account/passkeys", async (route) => {
    if (route.request().method() !== "GET" || held) return route.continue()
    held = true
    const answer = await route.fetch()
    await added
    await route.fulfill({ response: answer })
  })
  await open(page, "/account")
  const passkeys = await addPasskeyOnAccountPage(page, "Test phone")
  await expect(notifications(page)).toContainText(texts.en.added, { timeout: 20_000 })
  const late = page.waitForResponse((answer) => answer.url().endsWith("/api/account/passkeys") && answer.request().method() === "GET")
  release()
  await late
  // The late answer has been read by the page (two frames later) before the list is looked at.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
  await expect(passkeys.getByTestId("passkey")).toHaveCount(1)
  await expect(passkeys.getByTestId("passkey")).toContainText("Test phone")
})

test("the browser's passkey answer is refused when replayed, and when its origin is not the shop's", async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  await virtualAuthenticator(context, page)
  const details = newUserDetails()
  expect((await page.request.post("/api/register", { data: details })).status()).toBe(201)
  await open(page, "/account")
  const passkeys = await addPasskeyOnAccountPage(page, "Test phone")
  await expect(passkeys.getByTestId("passkey")).toHaveCount(1, { timeout: 20_000 })
  // The button, not the username field's suggestions, so each sign-in below is one the test starts.
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false
  })

  // A sign-in as the browser makes it, its answer kept on the way.
  let answer: string | null = null
  await page.route("**/api/login/passkey", async (route) => {
    answer = route.request().postData()
    await route.continue()
  })
  await page.request.post("/api/logout")
  await open(page, "/auth")
  await page.getByRole("button", { name: texts.en.passkeySignIn }).click()
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 })
  expect(answer).not.toBeNull()

  // The same answer sent again, as someone who caught it would: its challenge is used up.
  const origin = new URL(baseURL!).origin
  const attacker = await playwright.request.newContext({ baseURL })
  const replayed = await attacker.post("/api/login/passkey", { data: answer, headers: { "content-type": "application/json", origin } })
  expect([replayed.status(), (await replayed.json()).code]).toEqual([401, "passkey_challenge_invalid"])
  expect((await attacker.get("/api/user")).status()).toBe(401)
  await attacker.dispose()

  // An answer signed for another origin (a look-alike site relaying the shop's challenge).
  await page.unrouteAll()
  await page.route("**/api/login/passkey", async (route) => {
    const body = JSON.parse(route.request().postData()!)
    const client = JSON.parse(Buffer.from(body.response.response.clientDataJSON, "base64url").toString("utf8"))
    body.response.response.clientDataJSON = Buffer.from(JSON.stringify({ ...client, origin: "https://enclave-shop.example" })).toString(
      "base64url",
    )
    await route.continue({ postData: JSON.stringify(body) })
  })
  await page.request.post("/api/logout")
  await open(page, "/auth")
  const refused = page.waitForResponse((r) => r.url().endsWith("/api/login/passkey") && r.request().method() === "POST")
  await page.getByRole("button", { name: texts.en.passkeySignIn }).click()
  const refusal = await refused
  expect([refusal.status(), (await refusal.json()).code]).toEqual([401, "passkey_invalid"])
  await expect(page.getByRole("alert").filter({ hasText: texts.en.loginFailed })).toBeVisible()
  expect(await signedIn(page)).toBe(false)
})
