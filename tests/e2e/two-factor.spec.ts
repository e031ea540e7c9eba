import fs from "node:fs"
import { expect, type Page } from "@playwright/test"
import { test } from "../support/csp.ts"
import { newUserDetails } from "../support/api.ts"
import { Authenticator, hotp, totp } from "../support/totp.ts"
import { typeBeforeIslandsRun, islandsHydrated } from "../support/islands.ts"

/**
 * Two-factor sign-in as a customer uses it: turned on from the account page by typing a
 * code of the key the page shows into it (the codes come from tests/support/totp.ts, an
 * implementation of RFC 6238 of the tests' own), the recovery codes saved, then signing in with
 * password and code; a wrong code refused, a recovery code working once, and turning it off again.
 * In English and in German.
 */

const texts = {
  en: {
    panel: "Two-factor sign-in",
    status: { on: "Status: On", off: "Status: Off" },
    turnOn: "Turn on",
    setupTitle: "Set up your authenticator app",
    qr: "QR code that adds your Enclave account to an authenticator app",
    setupCode: "Code from the app",
    confirm: "Confirm and turn on",
    enableFailed: "Could not turn on two-factor sign-in",
    codesTitle: "Your recovery codes",
    codesList: "Recovery codes",
    warning: "Store these codes now: they will not be shown again.",
    copy: "Copy codes",
    copied: "Codes copied",
    download: "Download as .txt",
    done: "I have stored my codes",
    turnOff: "Turn off",
    offTitle: "Turn off two-factor sign-in?",
    offCode: "Authentication code or recovery code",
    offConfirm: "Turn off two-factor sign-in",
    offFailed: "Could not turn off two-factor sign-in",
    turnedOff: "Two-factor sign-in is off",
    loginTab: "Login",
    username: "Username",
    password: "Password",
    signIn: "Sign in",
    codeTitle: "Enter your authentication code",
    code: "Authentication code",
    verify: "Verify and sign in",
    back: "Use another account",
    loginFailed: "Login failed",
    invalid: "Invalid code",
    welcome: "Welcome back!",
  },
  de: {
    panel: "Zwei-Faktor-Anmeldung",
    status: { on: "Status: Ein", off: "Status: Aus" },
    turnOn: "Einschalten",
    setupTitle: "Authenticator-App einrichten",
    qr: "QR-Code, der Ihr Enclave-Konto zu einer Authenticator-App hinzufügt",
    setupCode: "Code aus der App",
    confirm: "Bestätigen und einschalten",
    enableFailed: "Die Zwei-Faktor-Anmeldung konnte nicht eingeschaltet werden",
    codesTitle: "Ihre Wiederherstellungscodes",
    codesList: "Wiederherstellungscodes",
    warning: "Speichern Sie diese Codes jetzt: Sie werden nicht noch einmal angezeigt.",
    copy: "Codes kopieren",
    copied: "Codes kopiert",
    download: "Als .txt herunterladen",
    done: "Ich habe meine Codes gespeichert",
    turnOff: "Ausschalten",
    offTitle: "Zwei-Faktor-Anmeldung ausschalten?",
    offCode: "Bestätigungscode oder Wiederherstellungscode",
    offConfirm: "Zwei-Faktor-Anmeldung ausschalten",
    offFailed: "Die Zwei-Faktor-Anmeldung konnte nicht ausgeschaltet werden",
    turnedOff: "Die Zwei-Faktor-Anmeldung ist ausgeschaltet",
    loginTab: "Anmelden",
    username: "Benutzername",
    password: "Passwort",
    signIn: "Anmelden",
    codeTitle: "Bestätigungscode eingeben",
    code: "Bestätigungscode",
    verify: "Bestätigen und anmelden",
    back: "Anderes Konto verwenden",
    loginFailed: "Anmeldung fehlgeschlagen",
    invalid: "Ungültiger Code",
    welcome: "Willkommen zurück!",
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

async function signedIn(page: Page): Promise<boolean> {
  return (await page.request.get("/api/user")).status() === 200
}

const notifications = (page: Page) => page.getByRole("region", { name: /Notifications|Benachrichtigungen/ })

test("the tests' TOTP is RFC 6238's (appendix B, SHA-1) and reads the keys apps are given", () => {
  const key = Buffer.from("12345678901234567890")
  expect(hotp(key, Math.floor(59 / 30), 8)).toBe("94287082")
  expect(hotp(key, Math.floor(1111111109 / 30), 8)).toBe("07081804")
  expect(hotp(key, Math.floor(1234567890 / 30), 8)).toBe("89005924")
  expect(hotp(key, Math.floor(20000000000 / 30), 8)).toBe("65353130")
  // The same key in base32, grouped and in lower case as a person might copy it.
  expect(totp("gezd gnbv gy3t qojq gezd gnbv gy3t qojq", 1)).toBe("287082")
})

for (const language of ["en", "de"] as const) {
  const x = texts[language]

  test(`[${language}] two-factor sign-in: turned on with a typed code, signed in with a code and a recovery code, turned off`, async ({
    page,
    context,
    baseURL,
  }) => {
    // A code is taken once: some steps wait for the authenticator's next 30-second code.
    test.setTimeout(240_000)
    await useLanguage(page, language)
    const details = newUserDetails()
    expect((await page.request.post("/api/register", { data: details })).status()).toBe(201)

    // Turning it on: the QR code and the key, a wrong code refused, the right one accepted.
    await open(page, "/account")
    const panel = page.getByRole("region", { name: x.panel })
    await expect(panel.getByTestId("two-factor-status")).toHaveText(x.status.off)
    await panel.getByRole("button", { name: x.turnOn }).click()
    await expect(panel.getByRole("heading", { name: x.setupTitle })).toBeFocused()
    const qr = panel.getByRole("img", { name: x.qr })
    await expect(qr).toBeVisible()
    expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true)
    const shownKey = (await panel.getByTestId("two-factor-secret").textContent()) ?? ""
    expect(shownKey).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/)
    const app = new Authenticator(shownKey)

    const setupCode = panel.getByLabel(x.setupCode)
    await expect(setupCode).toHaveAttribute("inputmode", "numeric")
    await expect(setupCode).toHaveAttribute("autocomplete", "one-time-code")
    await setupCode.fill(app.wrongCode())
    await panel.getByRole("button", { name: x.confirm }).click()
    await expect(setupCode).toHaveAccessibleDescription(x.invalid)
    await expect(page.getByRole("alert").filter({ hasText: x.enableFailed })).toBeVisible()
    expect((await (await page.request.get("/api/account")).json()).twoFactorEnabled).toBe(false)
    await setupCode.fill(await app.nextCode())
    await panel.getByRole("button", { name: x.confirm }).click()

    // The recovery codes, shown once: copied, downloaded, then put away.
    await expect(panel.getByRole("heading", { name: x.codesTitle })).toBeFocused()
    await expect(panel).toContainText(x.warning)
    const codeItems = panel.getByRole("list", { name: x.codesList }).getByRole("listitem")
    await expect(codeItems).toHaveCount(10)
    const recoveryCodes = (await codeItems.allTextContents()).map((code) => code.trim())
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/)
    expect(new Set(recoveryCodes).size).toBe(10)
    await expect(panel.getByTestId("two-factor-status")).toHaveText(x.status.on)
    expect((await (await page.request.get("/api/account")).json()).twoFactorEnabled).toBe(true)

    const [download] = await Promise.all([page.waitForEvent("download"), panel.getByRole("button", { name: x.download }).click()])
    expect(download.suggestedFilename()).toBe("enclave-recovery-codes.txt")
    const file = fs.readFileSync(await download.path(), "utf8")
    expect(file).toContain(details.username)
    for (const code of recoveryCodes) expect(file).toContain(code)

    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL })
    await panel.getByRole("button", { name: x.copy }).click()
    await expect(notifications(page)).toContainText(x.copied)
    expect((await page.evaluate(() => navigator.clipboard.readText())).split("\n")).toEqual(recoveryCodes)
    await page.screenshot({ path: `test-results/screenshots/two-factor-codes-${language}.png`, fullPage: true })
    await panel.getByRole("button", { name: x.done }).click()
    await expect(panel.getByRole("list", { name: x.codesList })).toHaveCount(0)
    await expect(panel.getByRole("button", { name: x.turnOff })).toBeVisible()

    // Signing in now takes the password and then a code; a wrong code is refused.
    async function passwordStep() {
      await page.request.post("/api/logout")
      await open(page, "/auth")
      const login = page.getByRole("tabpanel", { name: x.loginTab })
      await login.getByLabel(x.username).fill(details.username)
      await login.getByLabel(x.password).fill(details.password)
      await login.getByRole("button", { name: x.signIn, exact: true }).click()
      await expect(page.getByRole("heading", { name: x.codeTitle })).toBeVisible({ timeout: 20_000 })
      expect(await signedIn(page)).toBe(false)
      return login
    }

    let login = await passwordStep()
    const code = login.getByRole("textbox", { name: x.code })
    await expect(code).toBeFocused()
    await expect(code).toHaveAttribute("autocomplete", "one-time-code")
    await expect(code).toHaveAttribute("inputmode", "numeric")
    await code.fill(app.wrongCode())
    await login.getByRole("button", { name: x.verify }).click()
    await expect(page.getByRole("alert").filter({ hasText: x.loginFailed })).toContainText(x.invalid)
    await expect(code).toHaveAccessibleDescription(new RegExp(`${x.invalid}$`))
    expect(await signedIn(page)).toBe(false)
    await page.screenshot({ path: `test-results/screenshots/two-factor-sign-in-${language}.png`, fullPage: true })
    await code.fill(await app.nextCode())
    await login.getByRole("button", { name: x.verify }).click()
    await expect(page).toHaveURL(/\/$/, { timeout: 20_000 })
    await expect(page.getByText(x.welcome)).toBeVisible()
    expect(await signedIn(page)).toBe(true)

    // A recovery code signs in once; the same code again is refused.
    login = await passwordStep()
    await login.getByRole("textbox", { name: x.code }).fill(recoveryCodes[0]!)
    await login.getByRole("button", { name: x.verify }).click()
    await expect(page).toHaveURL(/\/$/, { timeout: 20_000 })
    expect(await signedIn(page)).toBe(true)

    login = await passwordStep()
    await login.getByRole("textbox", { name: x.code }).fill(recoveryCodes[0]!)
    await login.getByRole("button", { name: x.verify }).click()
    await expect(login.getByRole("textbox", { name: x.code })).toHaveAccessibleDescription(new RegExp(`${x.invalid}$`))
    expect(await signedIn(page)).toBe(false)
    // "Use another account" goes back to an empty password step.
    await login.getByRole("button", { name: x.back }).click()
    await expect(login.getByLabel(x.username)).toBeFocused()
    await expect(login.getByLabel(x.username)).toHaveValue("")
    await login.getByLabel(x.username).fill(details.username)
    await login.getByLabel(x.password).fill(details.password)
    await login.getByRole("button", { name: x.signIn, exact: true }).click()
    await login.getByRole("textbox", { name: x.code }).fill(recoveryCodes[1]!)
    await login.getByRole("button", { name: x.verify }).click()
    await expect(page).toHaveURL(/\/$/, { timeout: 20_000 })

    // Turning it off asks for a code first; a wrong one changes nothing.
    await open(page, "/account")
    await expect(panel.getByTestId("two-factor-status")).toHaveText(x.status.on)
    await panel.getByRole("button", { name: x.turnOff }).click()
    await expect(panel.getByRole("heading", { name: x.offTitle })).toBeFocused()
    const offCode = panel.getByLabel(x.offCode)
    await offCode.fill(app.wrongCode())
    await panel.getByRole("button", { name: x.offConfirm }).click()
    await expect(page.getByRole("alert").filter({ hasText: x.offFailed })).toContainText(x.invalid)
    expect((await (await page.request.get("/api/account")).json()).twoFactorEnabled).toBe(true)
    await offCode.fill(await app.nextCode())
    await panel.getByRole("button", { name: x.offConfirm }).click()
    await expect(notifications(page)).toContainText(x.turnedOff)
    await expect(panel.getByTestId("two-factor-status")).toHaveText(x.status.off)
    await expect(panel.getByRole("button", { name: x.turnOn })).toBeFocused()
    expect((await (await page.request.get("/api/account")).json()).twoFactorEnabled).toBe(false)

    // The password alone signs in again.
    await page.request.post("/api/logout")
    await open(page, "/auth")
    const plain = page.getByRole("tabpanel", { name: x.loginTab })
    await plain.getByLabel(x.username).fill(details.username)
    await plain.getByLabel(x.password).fill(details.password)
    await plain.getByRole("button", { name: x.signIn, exact: true }).click()
    await expect(page).toHaveURL(/\/$/, { timeout: 20_000 })
  })
}

test("a pending sign-in that ran out goes back to the password step, the username kept", async ({ page, context }) => {
  const details = newUserDetails()
  expect((await page.request.post("/api/register", { data: details })).status()).toBe(201)
  const setup = await (await page.request.post("/api/account/two-factor/setup")).json()
  const app = new Authenticator(setup.secret)
  expect((await page.request.post("/api/account/two-factor/enable", { data: { code: await app.nextCode() } })).status()).toBe(200)
  await page.request.post("/api/logout")

  // Typed before the island runs (a quick typist on a slow phone): the form takes over what was typed,
  // and must still forget the password, not go back to what was typed, when the sign-in runs out.
  const login = page.getByRole("tabpanel", { name: "Login" })
  await typeBeforeIslandsRun(page, "/auth", async () => {
    await login.getByLabel("Username").fill(details.username)
    await login.getByLabel("Password").fill(details.password)
  })
  await expect(login.getByLabel("Password")).toHaveValue(details.password)
  await login.getByRole("button", { name: "Sign in", exact: true }).click()
  const code = login.getByRole("textbox", { name: "Authentication code" })
  await expect(code).toBeFocused({ timeout: 20_000 })
  // The server forgets a pending sign-in after 5 minutes; without its cookie it is the same to it.
  await context.clearCookies({ name: "enclave.2fa" })
  await code.fill(await app.nextCode())
  await login.getByRole("button", { name: "Verify and sign in" }).click()
  await expect(page.getByRole("alert").filter({ hasText: "Login failed" })).toContainText(
    "Your sign-in has expired. Enter your username and password again.",
  )
  await expect(login.getByLabel("Password")).toBeFocused()
  await expect(login.getByLabel("Password")).toHaveValue("")
  await expect(login.getByLabel("Username")).toHaveValue(details.username)
  expect(await signedIn(page)).toBe(false)
})

test.describe("on a phone-sized screen", () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test("the set-up with its QR code and key fits the screen", async ({ page }) => {
    expect((await page.request.post("/api/register", { data: newUserDetails() })).status()).toBe(201)
    await open(page, "/account")
    const panel = page.getByRole("region", { name: texts.en.panel })
    await panel.getByRole("button", { name: texts.en.turnOn }).click()
    await expect(panel.getByRole("img", { name: texts.en.qr })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.screenshot({ path: "test-results/screenshots/two-factor-phone.png", fullPage: true })
  })
})

test("a sign-in sent before the page's script has run is not lost: the server signs in and the next page says welcome", async ({
  page,
}) => {
  const details = newUserDetails()
  expect((await page.request.post("/api/register", { data: details })).status()).toBe(201)
  await page.request.post("/api/logout")
  // The islands' scripts are held back, as on a slow phone: the form is the server's, and its button sends it.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route("**/_astro/*.js", async (route) => {
    await held
    await route.fallback()
  })
  await page.goto("/auth", { waitUntil: "commit" })
  const login = page.getByRole("tabpanel", { name: "Login" })
  await login.getByLabel("Username").fill(details.username)
  await login.getByLabel("Password").fill(details.password)
  await login.getByRole("button", { name: "Sign in", exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
  release()
  const notifications = page.getByRole("region", { name: /Notifications/ })
  await expect(notifications).toContainText("Welcome back!")
  await expect(notifications).toContainText(`Signed in as ${details.username}`)
  expect((await page.request.get("/api/user")).status()).toBe(200)
})
