/**
 * Every storefront page, in English and German, signed out and signed in, passes two accessibility
 * engines: axe-core (no serious or critical violation) and HTML_CodeSniffer's WCAG 2 AA
 * standard (no error), the engine of pa11y's htmlcs runner. pa11y itself drives its own
 * browser through puppeteer; here the engine's build runs in the Playwright page instead, so both
 * engines see the same pages in Debian's Chromium. Pages behind sign-in are checked as a customer
 * with a cart and a placed order. Each test checks a few pages, and the tests run in parallel, so the
 * suite spreads over the workers.
 */
import fs from "node:fs"
import { createRequire } from "node:module"
import AxeBuilder from "@axe-core/playwright"
import * as openpgp from "openpgp"
import { expect, type Page } from "@playwright/test"
import { test } from "../support/csp.ts"
import { islandsHydrated, pageSettled } from "../support/islands.ts"
import { newUserDetails } from "../support/api.ts"
import { testAddress } from "../support/address.ts"
import { Authenticator } from "../support/totp.ts"
import { TEST_ADMIN_PASSWORD } from "../support/shop.ts"

/** Signed in, the same templates differ only in the header and the cart: one of each kind is enough. */
const pagesSignedIn = ["/", "/products", "/product/1", "/no-such-page", "/account"]

async function seriousViolations(page: Page) {
  // Without child frames, axe.run in the page (legacy mode) checks exactly what runPartial in each
  // frame plus finishRun in a blank page would, without opening that page and injecting axe into it
  // for every audit: that was most of axe's CPU time (docs/architecture.md has the numbers).
  const singleFrame = page.frames().length === 1
  const results = await new AxeBuilder({ page }).setLegacyMode(singleFrame).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze()
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    )
}

/**
 * The engine's build, and a fix for its 2.5.1 release: the autocomplete check (H98) reports a wrong
 * control group under the message key `…InvalidAutoComplete_…`, while the English catalogue spells it
 * `…InvalidAutocomplete_…`; without the alias the check throws instead of reporting the error.
 */
const codeSniffer =
  fs.readFileSync(createRequire(import.meta.url).resolve("html_codesniffer/build/HTMLCS.js"), "utf8") +
  `;(() => {
    const en = window.translation.en
    for (const key of Object.keys(en)) if (key.includes("InvalidAutocomplete_")) en[key.replace("InvalidAutocomplete_", "InvalidAutoComplete_")] = en[key]
  })();undefined`

/**
 * HTML_CodeSniffer's errors (message type 1; warnings and notices need a person's judgement) under
 * WCAG2AA. Evaluated through the DevTools protocol: a <script> tag would be refused by the page's
 * CSP, and the engine needs no eval.
 */
async function codeSnifferErrors(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "HTMLCS" in window))) await page.evaluate(codeSniffer)
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const htmlcs = (window as unknown as { HTMLCS: HtmlCodeSniffer }).HTMLCS
        htmlcs.process(
          "WCAG2AA",
          document,
          () =>
            resolve(
              htmlcs
                .getMessages()
                .filter((message) => message.type === 1)
                .map((message) => {
                  const element = message.element as Element
                  const tag = element.outerHTML?.slice(0, 160) ?? element.nodeName
                  return `${message.code}: ${message.msg} — ${element.id ? `#${element.id} ` : ""}${tag}`
                }),
            ),
          () => reject(new Error("HTML_CodeSniffer could not run")),
          "en",
        )
      }),
  )
}

interface HtmlCodeSniffer {
  process(standard: string, content: Document, done: () => void, failed: () => void, language: string): void
  getMessages(): Array<{ type: number; code: string; msg: string; element: Node }>
}

/** Both engines over what the page shows now; `what` names it in failures, which all are listed before the test fails. */
async function audit(page: Page, what: string) {
  // Audited as a person sees it: not while an island's button is still turning from disabled to enabled.
  await pageSettled(page)
  expect.soft(await seriousViolations(page), `${what} (axe)`).toEqual([])
  expect.soft(await codeSnifferErrors(page), `${what} (HTML_CodeSniffer WCAG2AA)`).toEqual([])
}

/** The signed-in customer of `page` buys its cart with the sandbox card; the order's number. */
async function placeSandboxOrder(page: Page): Promise<number> {
  const order = await page.request.post("/api/orders", {
    data: {
      shippingAddress: testAddress,
      shippingMethod: 1,
      paymentMethod: "stripe",
      paymentId: `str-axe-${Math.random().toString(36).slice(2, 10)}`,
    },
  })
  expect(order.status()).toBe(201)
  return ((await order.json()) as { id: number }).id
}

async function visit(page: Page, path: string, language: string) {
  await page.goto(path)
  expect(await page.locator("html").getAttribute("lang"), path).toBe(language)
  await audit(page, path)
}

// Its tests are independent (each signs up a customer of its own): both workers take them, so the
// suite does not end the run with one worker busy and the other idle.
test.describe.configure({ mode: "parallel" })

for (const language of ["en", "de"] as const) {
  test.describe(`accessibility [${language}]`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await context.addCookies([{ name: "language", value: language, url: baseURL! }])
    })

    test("signed out: home, catalogue, a search without results, sign-in", async ({ page }) => {
      for (const path of ["/", "/products", "/products?q=zzzz-nothing", "/auth"]) await visit(page, path, language)
    })

    test("signed out: forgot password, a reset link, a link without a token", async ({ page }) => {
      for (const path of ["/auth/forgot", "/auth/reset?token=x", "/auth/reset"]) await visit(page, path, language)
      // The forgot page's answer replaces its form.
      await page.goto("/auth/forgot")
      await islandsHydrated(page)
      await page.getByRole("textbox").fill(`nobody-${Date.now()}@example.org`)
      await page.getByRole("textbox").press("Enter")
      await expect(page.getByRole("status").filter({ has: page.getByRole("heading") })).toBeVisible()
      await audit(page, "/auth/forgot, sent")
    })

    test("a customer's two-factor set-up, recovery codes and turning it off", async ({ page }) => {
      expect((await page.request.post("/api/register", { data: newUserDetails() })).status()).toBe(201)
      await page.goto("/account")
      await islandsHydrated(page)
      const panel = page.getByRole("region", { name: language === "en" ? "Two-factor sign-in" : "Zwei-Faktor-Anmeldung" })
      await panel.getByRole("button", { name: language === "en" ? "Turn on" : "Einschalten" }).click()
      const secret = panel.getByTestId("two-factor-secret")
      await expect(secret).toBeVisible()
      await audit(page, "/account, two-factor set-up")
      const app = new Authenticator((await secret.textContent()) ?? "")
      await panel.getByLabel(language === "en" ? "Code from the app" : "Code aus der App").fill(await app.nextCode())
      await panel.getByRole("button", { name: language === "en" ? "Confirm and turn on" : "Bestätigen und einschalten" }).click()
      await expect(panel.getByRole("list")).toBeVisible()
      await audit(page, "/account, recovery codes")
      await panel.getByRole("button", { name: language === "en" ? "I have stored my codes" : "Ich habe meine Codes gespeichert" }).click()
      await panel.getByRole("button", { name: language === "en" ? "Turn off" : "Ausschalten" }).click()
      await expect(panel.getByRole("textbox")).toBeVisible()
      await audit(page, "/account, turning two-factor sign-in off")
    })

    test("a customer's encrypted-mail key refused and saved, and deleting the account asked for", async ({ page }) => {
      const details = newUserDetails()
      expect((await page.request.post("/api/register", { data: details })).status()).toBe(201)
      await page.goto("/account")
      await islandsHydrated(page)
      const pgp = page.getByRole("region", { name: language === "en" ? "Encrypted mail" : "Verschlüsselte E-Mails" })
      await pgp.getByRole("textbox").fill("not a key")
      await pgp.getByRole("button", { name: language === "en" ? "Save key" : "Schlüssel speichern" }).click()
      await expect(pgp.getByRole("textbox")).toHaveAttribute("aria-invalid", "true")
      await audit(page, "/account, a refused key")
      const { publicKey } = await openpgp.generateKey({
        type: "ecc",
        curve: "curve25519Legacy",
        userIDs: [{ email: details.email }],
        format: "armored",
      })
      await pgp.getByRole("textbox").fill(publicKey)
      await pgp.getByRole("button", { name: language === "en" ? "Save key" : "Schlüssel speichern" }).click()
      await expect(pgp.getByTestId("pgp-key")).toBeVisible()
      const remove = page.getByRole("region", { name: language === "en" ? "Delete my account" : "Mein Konto löschen" })
      await remove.getByRole("button", { name: language === "en" ? "Delete my account…" : "Mein Konto löschen…" }).click()
      await expect(remove.getByLabel(language === "en" ? /^Password/ : /^Passwort/)).toBeVisible()
      await audit(page, "/account, a saved key and the deletion asked for")
    })

    test("a customer's passkeys: listed, renaming, removing, the notice for staff, and the sign-in's passkey step", async ({
      page,
      context,
    }) => {
      const en = language === "en"
      // Chromium's virtual authenticator (CDP), a built-in one whose user is verified.
      const cdp = await context.newCDPSession(page)
      await cdp.send("WebAuthn.enable")
      await cdp.send("WebAuthn.addVirtualAuthenticator", {
        options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
      })
      const details = { ...newUserDetails() }
      expect((await page.request.post("/api/register", { data: details })).status()).toBe(201)
      await page.goto("/account?second-factor=staff")
      await islandsHydrated(page)
      const panel = page.getByRole("region", { name: "Passkeys", exact: true })
      // A name the contract refuses, said at the field.
      await panel.getByRole("button", { name: en ? "Add a passkey" : "Passkey hinzufügen" }).click()
      await expect(panel.getByRole("textbox").first()).toHaveAttribute("aria-invalid", "true")
      await audit(page, "/account, passkeys, a refused name and the staff notice")
      await panel.getByRole("textbox").first().fill("Laptop")
      await panel.getByRole("button", { name: en ? "Add a passkey" : "Passkey hinzufügen" }).click()
      await expect(panel.getByTestId("passkey")).toHaveCount(1, { timeout: 20_000 })
      await audit(page, "/account, a passkey listed")
      await panel.getByRole("button", { name: en ? "Rename Laptop" : "Umbenennen Laptop" }).click()
      await expect(panel.getByTestId("passkey").getByRole("textbox")).toBeFocused()
      await audit(page, "/account, renaming a passkey")
      await panel.getByRole("button", { name: en ? "Cancel" : "Abbrechen" }).click()
      await panel.getByRole("button", { name: en ? "Remove Laptop" : "Entfernen Laptop" }).click()
      await expect(panel.getByRole("group")).toBeVisible()
      await audit(page, "/account, removing a passkey")

      // The sign-in's second step with its passkey button, for an account with two-factor sign-in.
      await panel.getByRole("button", { name: en ? "Cancel" : "Abbrechen" }).click()
      const twoFactor = page.getByRole("region", { name: en ? "Two-factor sign-in" : "Zwei-Faktor-Anmeldung" })
      await twoFactor.getByRole("button", { name: en ? "Turn on" : "Einschalten" }).click()
      const app = new Authenticator((await twoFactor.getByTestId("two-factor-secret").textContent()) ?? "")
      await twoFactor.getByLabel(en ? "Code from the app" : "Code aus der App").fill(await app.nextCode())
      await twoFactor.getByRole("button", { name: en ? "Confirm and turn on" : "Bestätigen und einschalten" }).click()
      await expect(twoFactor.getByRole("list")).toBeVisible()
      await page.request.post("/api/logout")
      await page.addInitScript(() => {
        // No passkey autofill, so the password step waits for the password rather than the passkey.
        PublicKeyCredential.isConditionalMediationAvailable = async () => false
      })
      await page.goto("/auth")
      await islandsHydrated(page)
      const login = page.getByRole("tabpanel", { name: en ? "Login" : "Anmelden" })
      await login.getByLabel(en ? "Username" : "Benutzername").fill(details.username)
      await login.getByLabel(en ? "Password" : "Passwort").fill(details.password)
      await login.getByRole("button", { name: en ? "Sign in" : "Anmelden", exact: true }).click()
      await expect(
        login.getByRole("button", {
          name: en ? "Use a passkey or security key instead" : "Stattdessen Passkey oder Sicherheitsschlüssel verwenden",
        }),
      ).toBeVisible({ timeout: 20_000 })
      await audit(page, "/auth, the second step with its passkey button")
    })

    test("signed out: a product, one out of stock, an unknown product, an unknown page", async ({ page }) => {
      for (const path of ["/product/1", "/product/6", "/product/999999", "/no-such-page"]) await visit(page, path, language)
    })

    test("signed in: home, catalogue, a product, an unknown page, the account page", async ({ page }) => {
      expect((await page.request.post("/api/register", { data: newUserDetails() })).status()).toBe(201)
      for (const path of pagesSignedIn) await visit(page, path, language)
    })

    test("a customer's cart panel and both checkout steps", async ({ page }) => {
      expect((await page.request.post("/api/register", { data: newUserDetails() })).status()).toBe(201)
      expect((await page.request.post("/api/cart", { data: { productId: 4, quantity: 1 } })).status()).toBe(201)
      await page.goto("/product/1")
      const cartButton = page.getByRole("button", { name: language === "en" ? "Cart, 1 item" : "Warenkorb, 1 Artikel" })
      await expect(cartButton).toBeEnabled({ timeout: 20_000 })
      await cartButton.click()
      // The first opening fetches the header's and the panel's code, one after the other: on a busy machine that takes a while.
      await expect(page.getByRole("dialog")).toBeVisible({ timeout: 15_000 })
      await audit(page, "cart panel")
      await page.keyboard.press("Escape")

      await visit(page, "/checkout", language)
      await page.getByRole("button", { name: language === "en" ? "Continue to Payment" : "Weiter zur Zahlung" }).click()
      await expect(page.getByRole("heading", { name: language === "en" ? /Review your order/ : /Bestellung prüfen/ })).toBeFocused()
      await audit(page, "/checkout, step 2")
    })

    test("the withdrawal function: the form signed out, a refusal, the form signed in, the check and the confirmation", async ({
      page,
    }) => {
      const en = language === "en"
      await visit(page, "/withdraw", language)
      await page.getByLabel(en ? "Order number" : "Bestellnummer").fill("999999")
      await page.getByLabel(en ? "E-mail address of the order" : "E-Mail-Adresse der Bestellung").fill("nobody@example.org")
      await page.getByLabel(en ? "Your name" : "Ihr Name").fill("Nobody")
      await page.getByRole("button", { name: en ? "Continue" : "Weiter" }).click()
      await page.getByRole("button", { name: en ? "Confirm withdrawal" : "Widerruf bestätigen" }).click()
      await expect(page.getByRole("alert")).toBeVisible()
      await audit(page, "/withdraw, an unknown order")

      expect((await page.request.post("/api/register", { data: newUserDetails() })).status()).toBe(201)
      expect((await page.request.post("/api/cart", { data: { productId: 4, quantity: 2 } })).status()).toBe(201)
      const id = await placeSandboxOrder(page)
      await visit(page, "/withdraw", language)
      await visit(page, `/withdraw?order=${id}`, language)
      await page.getByLabel(en ? "Your name" : "Ihr Name").fill("Ada Lovelace")
      await page.getByRole("button", { name: en ? "Continue" : "Weiter" }).click()
      await audit(page, "/withdraw, check and confirm")
      await page.getByRole("button", { name: en ? "Confirm withdrawal" : "Widerruf bestätigen" }).click()
      await expect(page.locator("[data-withdraw-done]")).toBeVisible()
      await audit(page, "/withdraw, received")
    })

    test("the back office's Returns page and its refund dialog", async ({ page }) => {
      const en = language === "en"
      expect((await page.request.post("/api/register", { data: newUserDetails() })).status()).toBe(201)
      expect((await page.request.post("/api/cart", { data: { productId: 4, quantity: 1 } })).status()).toBe(201)
      const id = await placeSandboxOrder(page)
      expect((await page.request.post("/api/withdrawals", { data: { orderId: id, name: "Ada Lovelace" } })).status()).toBe(201)
      expect((await page.request.post("/api/login", { data: { username: "admin", password: TEST_ADMIN_PASSWORD } })).status()).toBe(200)
      await page.goto("/admin/returns")
      const row = page.locator(`[data-return-order="${id}"]`)
      await expect(row).toBeVisible({ timeout: 30_000 })
      expect(await page.locator("html").getAttribute("lang")).toBe(language)
      await audit(page, "/admin/returns")
      await row.getByRole("button", { name: en ? "Refund" : "Erstatten" }).click()
      await expect(page.getByRole("dialog").getByTestId("refund-dialog")).toBeVisible()
      await audit(page, "/admin/returns, the refund dialog")
    })

    test("the back office's shop details and settings", async ({ page }) => {
      expect((await page.request.post("/api/login", { data: { username: "admin", password: TEST_ADMIN_PASSWORD } })).status()).toBe(200)
      await page.goto("/admin/shop-details")
      await expect(page.getByRole("switch").first()).toBeVisible({ timeout: 30_000 })
      expect(await page.locator("html").getAttribute("lang")).toBe(language)
      await audit(page, "/admin/shop-details")
    })

    test("a customer's orders and result pages", async ({ page }) => {
      expect((await page.request.post("/api/register", { data: newUserDetails() })).status()).toBe(201)
      expect((await page.request.post("/api/cart", { data: { productId: 4, quantity: 1 } })).status()).toBe(201)
      // The cart as a page (for browsers without JavaScript), with its item.
      await visit(page, "/cart", language)
      const id = await placeSandboxOrder(page)
      // The last: the checkout with the cart now empty.
      for (const path of ["/orders", "/account/orders", `/checkout/success?orderId=${id}`, `/checkout/error?orderId=${id}`, "/checkout"]) {
        await visit(page, path, language)
      }
    })
  })
}
