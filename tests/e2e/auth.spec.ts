import { expect, type Page } from "@playwright/test"
import { test } from "../support/csp.ts"
import { islandsHydrated } from "../support/islands.ts"
import { SIGN_IN_CHALLENGE_AFTER } from "@enclave/contract"
import { fromNewAddress, newUserDetails } from "../support/api.ts"
import { TEST_ADMIN_PASSWORD } from "../support/shop.ts"

/** /auth as a person uses it: the Login and Register tabs, docs/product.md §5 messages inline, docs/product.md §8 toasts, the guards. */

async function signedInUser(page: Page): Promise<{ username: string } | null> {
  const answer = await page.request.get("/api/user")
  return answer.status() === 200 ? ((await answer.json()) as { username: string }) : null
}

/** The forms answer clicks and keys once React has hydrated the islands. */
async function openAuth(page: Page, path = "/auth") {
  await page.goto(path)
  await islandsHydrated(page)
}

async function useLanguage(page: Page, language: "en" | "de") {
  await page.context().addCookies([{ name: "language", value: language, url: test.info().project.use.baseURL ?? process.env.ENCLAVE_URL! }])
}

test("registering through the form shows each docs/product.md §5 message inline, then signs in and goes home", async ({ page }) => {
  await openAuth(page)
  await page.getByRole("tab", { name: "Register" }).click()
  await expect(page).toHaveURL(/tab=register/)
  const form = page.getByRole("tabpanel", { name: "Register" })
  const submit = form.getByRole("button", { name: "Create account" })

  // Nothing filled in: every required field says so under itself.
  await submit.click()
  for (const message of [
    "Username is required",
    "Email is required",
    "Password is required",
    "Street address is required",
    "City is required",
    "State/Province is required",
    "Postal code is required",
    "Country is required",
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible()
  }
  // Optional fields stay quiet.
  await expect(form.getByLabel("Full name (optional)")).not.toHaveAttribute("aria-invalid", "true")
  await expect(form.getByLabel("Address line 2 (optional)")).not.toHaveAttribute("aria-invalid", "true")

  const details = newUserDetails()
  await form.getByLabel(/^Username/).fill(details.username)
  await form.getByLabel(/^Email/).fill("not-an-email")
  await form.getByLabel(/^Password/).fill(details.password)
  await form.getByLabel(/^Confirm password/).fill("something else entirely")
  await submit.click()
  const email = form.getByLabel(/^Email/)
  await expect(email).toHaveAttribute("aria-invalid", "true")
  await expect(email).toHaveAccessibleDescription("Invalid email address")
  const confirm = form.getByLabel(/^Confirm password/)
  await expect(confirm).toHaveAttribute("aria-invalid", "true")
  await expect(confirm).toHaveAccessibleDescription("Passwords don't match")
  await expect(form.getByLabel("Address line 1")).toHaveAccessibleDescription("Street address is required")
  expect(await signedInUser(page)).toBeNull()

  await email.fill(details.email)
  await confirm.fill(details.password)
  await form.getByLabel("Full name (optional)").fill(details.fullName)
  await form.getByLabel("Address line 1").fill(details.addressLine1)
  await form.getByLabel("City").fill(details.city)
  await form.getByLabel("State/Province").fill(details.state)
  await form.getByLabel("Postal code").fill(details.postalCode)
  await form.getByLabel("Country").selectOption(details.country)
  await expect(email).not.toHaveAttribute("aria-invalid", "true")
  await submit.click()

  // Registration hashes the password and runs Medusa's workflow: give it time.
  await expect(page).toHaveURL(/\/$/, { timeout: 30_000 })
  await expect(page.getByText("Account created")).toBeVisible()
  await expect(page.getByText("Your account has been created successfully.")).toBeVisible()
  const user = await signedInUser(page)
  expect(user?.username).toBe(details.username)
  expect((user as { isAdmin?: boolean } | null)?.isAdmin).toBe(false)
})

test("a taken username is shown on its field and as 'Registration failed'", async ({ page }) => {
  const taken = newUserDetails()
  expect((await page.request.post("/api/register", { data: taken })).status()).toBe(201)
  await page.request.post("/api/logout")

  await openAuth(page, "/auth?tab=register")
  const form = page.getByRole("tabpanel", { name: "Register" })
  const other = newUserDetails({ username: taken.username })
  await form.getByLabel(/^Username/).fill(other.username)
  await form.getByLabel(/^Email/).fill(other.email)
  await form.getByLabel(/^Password/).fill(other.password)
  await form.getByLabel(/^Confirm password/).fill(other.password)
  await form.getByLabel("Address line 1").fill(other.addressLine1)
  await form.getByLabel("City").fill(other.city)
  await form.getByLabel("State/Province").fill(other.state)
  await form.getByLabel("Postal code").fill(other.postalCode)
  await form.getByLabel("Country").selectOption(other.country)
  await form.getByRole("button", { name: "Create account" }).click()

  await expect(form.getByLabel(/^Username/)).toHaveAccessibleDescription(/Username already taken/, { timeout: 30_000 })
  await expect(page.getByRole("alert").filter({ hasText: "Registration failed" })).toContainText("Username already taken")
  await expect(page).toHaveURL(/\/auth/)
  expect(await signedInUser(page)).toBeNull()
})

test("login: required fields, a wrong password says 'Login failed' with the server's message, the right one signs in", async ({ page }) => {
  const details = newUserDetails()
  expect((await page.request.post("/api/register", { data: details })).status()).toBe(201)
  await page.request.post("/api/logout")
  expect(await signedInUser(page)).toBeNull()

  await openAuth(page)
  const form = page.getByRole("tabpanel", { name: "Login" })
  const submit = form.getByRole("button", { name: "Sign in" })
  await submit.click()
  await expect(form.getByLabel("Username")).toHaveAccessibleDescription("Username is required")
  await expect(form.getByLabel("Password")).toHaveAccessibleDescription("Password is required")

  await form.getByLabel("Username").fill(details.username)
  await form.getByLabel("Password").fill("not the password")
  await submit.click()
  const failure = page.getByRole("alert").filter({ hasText: "Login failed" })
  await expect(failure).toContainText("Invalid username or password", { timeout: 20_000 })
  await expect(page).toHaveURL(/\/auth/)
  expect(await signedInUser(page)).toBeNull()

  await form.getByLabel("Password").fill(details.password)
  await submit.click()
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 })
  await expect(page.getByText("Welcome back!")).toBeVisible()
  await expect(page.getByRole("region", { name: /Notifications/ }).getByText(`Signed in as ${details.username}`)).toBeVisible()
  expect((await signedInUser(page))?.username).toBe(details.username)

  // Signed in, /auth sends the person home before any HTML.
  const answer = await page.request.get("/auth", { maxRedirects: 0 })
  expect(answer.status()).toBe(302)
  expect(answer.headers()["location"]).toBe("/")
  await page.goto("/auth")
  await expect(page).toHaveURL(/\/$/)
})

test("signing in from an admin page goes back to that page, not home", async ({ page }) => {
  // The front door sends the visitor to sign in, naming the page asked for.
  await page.goto("/admin/users")
  await expect(page).toHaveURL(/\/auth\?return=%2Fadmin%2Fusers$/)
  await islandsHydrated(page)
  const form = page.getByRole("tabpanel", { name: "Login" })
  await form.getByLabel("Username").fill("admin")
  await form.getByLabel("Password").fill(TEST_ADMIN_PASSWORD)
  await form.getByRole("button", { name: "Sign in" }).click()
  await expect(page).toHaveURL(/\/admin\/users$/, { timeout: 30_000 })
  await expect(page.locator("#users-title")).toBeVisible({ timeout: 30_000 })

  // Already signed in, /auth goes straight to a return path of this shop, and home for any other.
  const straight = await page.request.get(`/auth?return=${encodeURIComponent("/admin/orders/5?tab=items#top")}`, { maxRedirects: 0 })
  expect(straight.status()).toBe(302)
  expect(straight.headers()["location"]).toBe("/admin/orders/5?tab=items#top")
  for (const foreign of [
    "https://evil.example/admin",
    "//evil.example/admin",
    "/\\evil.example",
    "/\t/evil.example",
    "javascript:alert(1)",
    "admin",
  ]) {
    const answer = await page.request.get(`/auth?return=${encodeURIComponent(foreign)}`, { maxRedirects: 0 })
    expect(answer.status(), foreign).toBe(302)
    expect(answer.headers()["location"], foreign).toBe("/")
  }
})

test("a return path to another site is not followed: signing in goes home", async ({ page }) => {
  const details = newUserDetails()
  expect((await page.request.post("/api/register", { data: details })).status()).toBe(201)
  await page.request.post("/api/logout")
  await openAuth(page, `/auth?return=${encodeURIComponent("//evil.example/account")}`)
  const form = page.getByRole("tabpanel", { name: "Login" })
  await form.getByLabel("Username").fill(details.username)
  await form.getByLabel("Password").fill(details.password)
  await form.getByRole("button", { name: "Sign in" }).click()
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/, { timeout: 20_000 })
  expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL ?? process.env.ENCLAVE_URL!).host)
  await expect(page.getByText("Welcome back!")).toBeVisible()
})

test("the tabs work with the keyboard (WAI-ARIA tabs)", async ({ page }) => {
  await openAuth(page)
  const login = page.getByRole("tab", { name: "Login" })
  const register = page.getByRole("tab", { name: "Register" })
  await expect(login).toHaveAttribute("aria-selected", "true")
  await expect(page.getByRole("tabpanel", { name: "Login" })).toBeVisible()
  await login.focus()
  await page.keyboard.press("ArrowRight")
  await expect(register).toBeFocused()
  await expect(register).toHaveAttribute("aria-selected", "true")
  await expect(page.getByRole("tabpanel", { name: "Register" })).toBeVisible()
  await expect(page.getByRole("tabpanel", { name: "Login" })).toBeHidden()
  await page.keyboard.press("Home")
  await expect(login).toBeFocused()
  await expect(login).toHaveAttribute("aria-selected", "true")
  await page.keyboard.press("End")
  await expect(register).toBeFocused()
  // Tab leaves the tab list for the panel's first field.
  await page.keyboard.press("Tab")
  await expect(page.getByRole("tabpanel", { name: "Register" }).getByLabel(/^Username/)).toBeFocused()
})

test("login: the fifth wrong password locks the username for this network, and the toast says so in German", async ({ page }) => {
  const details = newUserDetails()
  expect((await page.request.post("/api/register", { data: details })).status()).toBe(201)
  await page.request.post("/api/logout")
  await useLanguage(page, "de")
  await openAuth(page)
  const form = page.getByRole("tabpanel", { name: "Anmelden" })
  await form.getByRole("textbox", { name: "Benutzername", exact: true }).fill(details.username)
  for (let i = 1; i <= 5; i++) {
    await form.getByRole("textbox", { name: "Passwort", exact: true }).fill(`falsches Passwort ${i}`)
    const answered = page.waitForResponse((response) => response.url().endsWith("/api/login"))
    await form.getByRole("button", { name: "Anmelden", exact: true }).click()
    expect((await answered).status()).toBe(i < 5 ? 401 : 423)
  }
  const failure = page.getByRole("alert").filter({ hasText: "gesperrt" })
  await expect(failure).toContainText("Anmeldung fehlgeschlagen")
  await expect(failure).toContainText(
    "Die Anmeldung mit diesem Benutzernamen ist für Ihr Netzwerk nach 5 Fehlversuchen gesperrt. Versuchen Sie es in 15 Minuten erneut.",
  )
  expect(await signedInUser(page)).toBeNull()
})

test("login to an account many addresses guessed at: the browser solves the check, says so in German, and signs in", async ({ page }) => {
  const details = newUserDetails()
  expect((await page.request.post("/api/register", { data: details })).status()).toBe(201)
  await page.request.post("/api/logout")
  // A botnet's guesses, each from an address of its own, until the account asks for the work.
  for (let i = 0; i < SIGN_IN_CHALLENGE_AFTER; i++) {
    expect((await fromNewAddress().post("/api/login", { username: details.username, password: `guess ${i}` })).status).toBe(401)
  }
  await useLanguage(page, "de")
  await openAuth(page)
  const form = page.getByRole("tabpanel", { name: "Anmelden" })
  await form.getByRole("textbox", { name: "Benutzername", exact: true }).fill(details.username)
  await form.getByRole("textbox", { name: "Passwort", exact: true }).fill(details.password)
  const logins: number[] = []
  page.on("response", (response) => {
    if (response.url().endsWith("/api/login")) logins.push(response.status())
  })
  await form.getByRole("button", { name: "Anmelden", exact: true }).click()
  // While it works (and the guessed-at account's sign-in is slowed down), the form says why.
  await expect(form.getByRole("status")).toContainText("löst deshalb zuerst eine kurze Prüfaufgabe")
  await expect(page).toHaveURL(/\/$/, { timeout: 30_000 })
  expect(logins).toEqual([428, 200])
  expect((await signedInUser(page))?.username).toBe(details.username)
})

for (const language of ["en", "de"] as const) {
  test(`screenshots of /auth in ${language}`, async ({ page }) => {
    await useLanguage(page, language)
    await openAuth(page)
    const loginTab = language === "en" ? "Login" : "Anmelden"
    const registerTab = language === "en" ? "Register" : "Registrieren"
    await expect(page.getByRole("tab", { name: loginTab })).toHaveAttribute("aria-selected", "true")
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(language === "en" ? "Your Enclave account" : "Ihr Enclave-Konto")
    await page.screenshot({ path: `test-results/screenshots/auth-login-${language}.png`, fullPage: true })
    await page.getByRole("tab", { name: registerTab }).click()
    await page
      .getByRole("tabpanel", { name: registerTab })
      .getByRole("button", { name: language === "en" ? "Create account" : "Konto erstellen" })
      .click()
    await expect(page.getByText(language === "en" ? "Street address is required" : "Straße und Hausnummer sind erforderlich")).toBeVisible()
    await page.screenshot({ path: `test-results/screenshots/auth-register-${language}.png`, fullPage: true })
  })
}
