/**
 * Every guarded storefront page sends a visitor to /auth naming itself as the way back, and
 * signing in or registering there lands on that page (the admin's pages: auth.spec.ts). A foreign
 * return target is refused (home instead): auth.spec.ts and storefront/src/lib/safe-return.test.ts.
 */
import { expect, type Page } from "@playwright/test"
import { test } from "../support/csp.ts"
import { islandsHydrated } from "../support/islands.ts"
import { newUserDetails } from "../support/api.ts"

const guardedPages = ["/checkout", "/checkout/success?orderId=1", "/checkout/error?orderId=1", "/orders", "/account", "/account/orders"]

const signInTo = (path: string) => `/auth?return=${encodeURIComponent(path)}`

async function hydrated(page: Page) {
  await islandsHydrated(page)
}

test("each guarded page sends a visitor to sign in with itself as the way back, and a signed-in /auth goes there", async ({ page }) => {
  for (const path of guardedPages) {
    const answer = await page.request.get(path, { maxRedirects: 0 })
    expect(answer.status(), path).toBe(302)
    expect(answer.headers().location, path).toBe(signInTo(path))
  }
  expect((await page.request.post("/api/register", { data: newUserDetails() })).status()).toBe(201)
  for (const path of guardedPages) {
    const answer = await page.request.get(signInTo(path), { maxRedirects: 0 })
    expect([answer.status(), answer.headers().location], path).toEqual([302, path])
  }
})

for (const path of ["/checkout", "/orders", "/account/orders"]) {
  test(`signing in from ${path} goes back to it`, async ({ page }) => {
    const details = newUserDetails()
    expect((await page.request.post("/api/register", { data: details })).status()).toBe(201)
    await page.request.post("/api/logout")
    await page.goto(path)
    await expect(page).toHaveURL(signInTo(path))
    await hydrated(page)
    const form = page.getByRole("tabpanel", { name: "Login" })
    await form.getByLabel("Username").fill(details.username)
    await form.getByLabel("Password").fill(details.password)
    await form.getByLabel("Password").press("Enter")
    await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, "\\/")}$`), { timeout: 30_000 })
  })
}

test("registering from a guarded page goes back to it, in German too", async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: "language", value: "de", url: baseURL! }])
  await page.goto("/account")
  await expect(page).toHaveURL(signInTo("/account"))
  await hydrated(page)
  await page.getByRole("tab", { name: "Registrieren" }).click()
  const form = page.getByRole("tabpanel", { name: "Registrieren" })
  const details = newUserDetails()
  await form.getByLabel(/^Benutzername/).fill(details.username)
  await form.getByLabel(/^E-Mail/).fill(details.email)
  await form.getByLabel(/^Passwort(?! bestätigen)/).fill(details.password)
  await form.getByLabel(/^Passwort bestätigen/).fill(details.password)
  await form.getByLabel(/^Adresszeile 1/).fill(details.addressLine1)
  await form.getByLabel(/^Stadt/).fill(details.city)
  await form.getByLabel(/^Bundesland/).fill(details.state)
  await form.getByLabel(/^Postleitzahl/).fill(details.postalCode)
  await form.getByLabel(/^Land/).selectOption(details.country)
  await form.getByRole("button", { name: "Konto erstellen" }).click()
  await expect(page).toHaveURL(/\/account$/, { timeout: 30_000 })
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
})
