import { expect, type Page } from "@playwright/test"
import { test } from "../support/csp.ts"
import { islandsHydrated } from "../support/islands.ts"
import { newUserDetails } from "../support/api.ts"
import { waitForMail } from "../support/mailbox.ts"

/**
 * A forgotten password: "Forgot your password?" under the sign-in form, the e-mail
 * address sent, the link read from the mail the shop sent (tests/support/mailbox.ts, the shop's
 * loopback SMTP server), a new password chosen there and signed in with; the same link a second
 * time says it cannot be used. Keyboard only, in English and German.
 */

const texts = {
  en: {
    loginTab: "Login",
    username: "Username",
    password: "Password",
    signIn: "Sign in",
    forgot: "Forgot your password?",
    forgotHeading: "Forgot your password?",
    email: "Email",
    send: "Send reset link",
    invalidEmail: "Invalid email address",
    sent: "If an account has this e-mail address, a reset link is on its way",
    sentTitle: "Check your inbox",
    subject: /^Reset your Enclave password$/,
    resetHeading: "Choose a new password",
    newPassword: "New password",
    confirmPassword: "Confirm new password",
    tooShort: "Password must be at least 8 characters",
    mismatch: "Passwords don't match",
    doneTitle: "Your password has been changed",
    invalidTitle: "This link cannot be used",
    invalidText: "This reset link is invalid or has expired",
    requestNew: "Ask for a new reset link",
  },
  de: {
    loginTab: "Anmelden",
    username: "Benutzername",
    password: "Passwort",
    signIn: "Anmelden",
    forgot: "Passwort vergessen?",
    forgotHeading: "Passwort vergessen?",
    email: "E-Mail",
    send: "Link zum Zurücksetzen senden",
    invalidEmail: "Ungültige E-Mail-Adresse",
    sent: "Wenn es ein Konto mit dieser E-Mail-Adresse gibt, ist ein Link zum Zurücksetzen unterwegs",
    sentTitle: "Sehen Sie in Ihr Postfach",
    subject: /^Setzen Sie Ihr Enclave-Passwort zurück$/,
    resetHeading: "Neues Passwort wählen",
    newPassword: "Neues Passwort",
    confirmPassword: "Neues Passwort bestätigen",
    tooShort: "Das Passwort muss mindestens 8 Zeichen lang sein",
    mismatch: "Die Passwörter stimmen nicht überein",
    doneTitle: "Ihr Passwort wurde geändert",
    invalidTitle: "Dieser Link kann nicht verwendet werden",
    invalidText: "Dieser Link zum Zurücksetzen ist ungültig oder abgelaufen",
    requestNew: "Neuen Link anfordern",
  },
}

async function useLanguage(page: Page, language: "en" | "de") {
  await page.context().addCookies([{ name: "language", value: language, url: test.info().project.use.baseURL ?? process.env.ENCLAVE_URL! }])
}

/** The islands answer keys once React has hydrated them. */
async function open(page: Page, path: string) {
  await page.goto(path)
  await islandsHydrated(page)
}

async function signIn(page: Page, x: (typeof texts)["en"], username: string, password: string) {
  await open(page, "/auth")
  const login = page.getByRole("tabpanel", { name: x.loginTab })
  await login.getByLabel(x.username).fill(username)
  await login.getByLabel(x.password).fill(password)
  await login.getByLabel(x.password).press("Enter")
}

for (const language of ["en", "de"] as const) {
  const x = texts[language]

  test(`[${language}] a forgotten password is reset through the link in the mail, and the link works once`, async ({ page }) => {
    await useLanguage(page, language)
    const details = newUserDetails()
    expect((await page.request.post("/api/register", { data: details })).status()).toBe(201)
    await page.request.post("/api/logout")

    // From the sign-in form to the forgot page, by keyboard.
    await open(page, "/auth")
    const forgotLink = page.getByRole("tabpanel", { name: x.loginTab }).getByRole("link", { name: x.forgot })
    await forgotLink.focus()
    await page.keyboard.press("Enter")
    await expect(page).toHaveURL(/\/auth\/forgot$/)
    await islandsHydrated(page)
    await expect(page.getByRole("heading", { name: x.forgotHeading, level: 1 })).toBeVisible()
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex")

    const email = page.getByLabel(x.email)
    await email.focus()
    await page.keyboard.type("not an address")
    await page.keyboard.press("Enter")
    await expect(email).toHaveAccessibleDescription(x.invalidEmail)
    await email.fill("")
    await page.keyboard.type(details.email.toUpperCase())
    const asked = new Date()
    await page.keyboard.press("Enter")
    const sent = page.getByRole("status").filter({ hasText: x.sentTitle })
    await expect(sent).toContainText(x.sent)
    await expect(page.getByRole("heading", { name: x.sentTitle })).toBeFocused()

    // The link in the mail, in the language the customer used.
    const mail = await waitForMail({ to: details.email, subject: /Enclave/, since: asked, timeoutMs: 60_000 })
    expect.soft(mail.subject).toMatch(x.subject)
    const link = /https?:\/\/\S+?\/auth\/reset\?token=[^\s"'<>]+/.exec(mail.text)?.[0]
    expect(link, mail.text).toBeTruthy()
    const resetPath = `${new URL(link!).pathname}${new URL(link!).search}`

    await open(page, resetPath)
    await expect(page.getByRole("heading", { name: x.resetHeading, level: 1 })).toBeVisible()
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex")
    const newPassword = page.getByRole("textbox", { name: x.newPassword, exact: true })
    const confirm = page.getByRole("textbox", { name: x.confirmPassword, exact: true })
    await newPassword.focus()
    await page.keyboard.type("short")
    await page.keyboard.press("Tab")
    await page.keyboard.type("short")
    await page.keyboard.press("Enter")
    await expect(newPassword).toHaveAccessibleDescription(new RegExp(x.tooShort))
    await newPassword.fill("")
    await confirm.fill("")
    await newPassword.focus()
    await page.keyboard.type("a fresh passphrase 42")
    await page.keyboard.press("Tab")
    await page.keyboard.type("a fresh passphrase 43")
    await page.keyboard.press("Enter")
    await expect(confirm).toHaveAccessibleDescription(x.mismatch)
    await confirm.fill("")
    await confirm.focus()
    await page.keyboard.type("a fresh passphrase 42")
    await page.keyboard.press("Enter")
    await expect(page.getByRole("heading", { name: x.doneTitle })).toBeFocused({ timeout: 20_000 })
    await page.screenshot({ path: `test-results/screenshots/password-reset-done-${language}.png`, fullPage: true })

    // The old password is gone, the new one signs in.
    expect((await page.request.post("/api/login", { data: { username: details.username, password: details.password } })).status()).toBe(401)
    await page.locator("#main").getByRole("link", { name: x.signIn, exact: true }).click()
    await expect(page).toHaveURL(/\/auth$/)
    await signIn(page, x, details.username, "a fresh passphrase 42")
    await expect(page).toHaveURL(/\/$/, { timeout: 20_000 })
    expect((await page.request.get("/api/user")).status()).toBe(200)
    await page.request.post("/api/logout")

    // The same link again: it says so, and leads to asking for a new one.
    await open(page, resetPath)
    await page.getByRole("textbox", { name: x.newPassword, exact: true }).fill("yet another passphrase")
    await page.getByRole("textbox", { name: x.confirmPassword, exact: true }).fill("yet another passphrase")
    await page.getByRole("textbox", { name: x.confirmPassword, exact: true }).press("Enter")
    const invalid = page.getByRole("alert").filter({ hasText: x.invalidTitle })
    await expect(invalid).toContainText(x.invalidText)
    await expect(page.getByRole("heading", { name: x.invalidTitle })).toBeFocused()
    await page.screenshot({ path: `test-results/screenshots/password-reset-used-${language}.png`, fullPage: true })
    await invalid.getByRole("link", { name: x.requestNew }).click()
    await expect(page).toHaveURL(/\/auth\/forgot$/)
    // Nothing changed for the account: the passphrase of the first reset still signs in.
    expect(
      (await page.request.post("/api/login", { data: { username: details.username, password: "a fresh passphrase 42" } })).status(),
    ).toBe(200)
  })
}

test("an address without an account gets the same answer, and a link without a token says it cannot be used", async ({ page }) => {
  const x = texts.en
  await open(page, "/auth/forgot")
  await page.getByLabel(x.email).fill(`nobody-${Date.now()}@example.org`)
  await page.getByRole("button", { name: x.send }).click()
  await expect(page.getByRole("status").filter({ hasText: x.sentTitle })).toContainText(x.sent)

  await open(page, "/auth/reset")
  await expect(page.getByRole("alert").filter({ hasText: x.invalidTitle })).toContainText(x.invalidText)
  await open(page, "/auth/reset?token=not-a-real-token")
  await page.getByRole("textbox", { name: x.newPassword, exact: true }).fill("a good long passphrase")
  await page.getByRole("textbox", { name: x.confirmPassword, exact: true }).fill("a good long passphrase")
  await page.getByRole("button", { name: "Set new password" }).click()
  await expect(page.getByRole("alert").filter({ hasText: x.invalidTitle })).toContainText(x.invalidText)
})

test.describe("on a phone-sized screen", () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test("the forgot and reset pages fit", async ({ page }) => {
    for (const path of ["/auth/forgot", "/auth/reset?token=abc"]) {
      await open(page, path)
      await expect(page.getByRole("button", { name: /Send reset link|Set new password/ })).toBeVisible()
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390)
    }
    await page.screenshot({ path: "test-results/screenshots/password-reset-phone.png", fullPage: true })
  })
})
