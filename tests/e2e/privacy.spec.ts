import { expect, type Page } from "@playwright/test"
import * as openpgp from "openpgp"
import { test } from "../support/csp.ts"
import { islandsHydrated } from "../support/islands.ts"
import { newUserDetails } from "../support/api.ts"
import { waitForMail } from "../support/mailbox.ts"

/**
 * The privacy parts of /account as a customer uses them (docs/product.md "Your data"): an OpenPGP key
 * refused and saved (mails then arrive encrypted), removed after a confirmation; the data download;
 * another session signed out by itself; the account deleted after its password, on a phone-sized
 * screen in German.
 */

async function useLanguage(page: Page, language: "en" | "de") {
  await page.context().addCookies([{ name: "language", value: language, url: test.info().project.use.baseURL ?? process.env.ENCLAVE_URL! }])
}

async function openAccount(page: Page) {
  await page.goto("/account")
  await islandsHydrated(page)
}

const notifications = (page: Page) => page.getByRole("region", { name: /Notifications|Benachrichtigungen/ })

test("a customer saves an OpenPGP key, gets encrypted mail, downloads their data and removes the key", async ({ page }) => {
  const details = newUserDetails()
  expect((await page.request.post("/api/register", { data: details })).status()).toBe(201)
  await openAccount(page)
  const panel = page.getByRole("region", { name: "Encrypted mail" })
  await expect(panel.getByText("No key saved: mails go unencrypted.")).toBeVisible()

  const other = await openpgp.generateKey({
    type: "ecc",
    curve: "curve25519Legacy",
    userIDs: [{ email: "someone@example.org" }],
    format: "armored",
  })
  const key = panel.getByLabel("Public key (ASCII-armoured)")
  await key.fill(other.publicKey)
  await panel.getByRole("button", { name: "Save key" }).click()
  await expect(key).toHaveAccessibleDescription(
    new RegExp(`None of this key's user IDs has your account's e-mail address ${details.email}`),
  )

  const { publicKey } = await openpgp.generateKey({
    type: "ecc",
    curve: "curve25519Legacy",
    userIDs: [{ name: "Ada", email: details.email }],
    format: "armored",
  })
  const fingerprint = (await openpgp.readKey({ armoredKey: publicKey })).getFingerprint().toUpperCase()
  const since = new Date()
  await panel
    .getByLabel("Or read it from a file")
    .setInputFiles({ name: "ada.asc", mimeType: "application/pgp-keys", buffer: Buffer.from(publicKey) })
  await expect(key).toHaveValue(publicKey)
  await panel.getByRole("button", { name: "Save key" }).click()
  await expect(notifications(page).getByText("Key saved")).toBeVisible()
  const shown = panel.getByTestId("pgp-key")
  await expect(shown).toContainText(fingerprint.replace(/(.{4})(?=.)/g, "$1 "))
  await expect(shown).toContainText(details.email)
  expect((await waitForMail({ to: details.email, since })).subject).toBe("Encrypted message from Enclave")

  const data = page.getByRole("region", { name: "Your data" })
  const [download] = await Promise.all([page.waitForEvent("download"), data.getByRole("link", { name: "Download my data" }).click()])
  expect(download.suggestedFilename()).toMatch(new RegExp(`^enclave-data-${details.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`))
  const file = JSON.parse(await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8")))
  expect(file.account.username).toBe(details.username)
  expect(file.pgpKey.fingerprint).toBe(fingerprint)

  await shown.getByRole("button", { name: "Remove key" }).click()
  await expect(shown.getByText("Remove your key? Mails will then go unencrypted.")).toBeVisible()
  await shown.getByRole("button", { name: "Remove", exact: true }).click()
  await expect(panel.getByText("No key saved: mails go unencrypted.")).toBeVisible()
})

test("auf einem Telefon: eine andere Sitzung abmelden, dann das Konto mit dem Passwort löschen", async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await useLanguage(page, "de")
  const details = newUserDetails()
  expect((await page.request.post("/api/register", { data: details })).status()).toBe(201)
  const elsewhere = await browser.newContext({
    baseURL,
    userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
  })
  const otherPage = await elsewhere.newPage()
  expect((await otherPage.request.post("/api/login", { data: { username: details.username, password: details.password } })).status()).toBe(
    200,
  )

  await openAccount(page)
  const sessions = page.getByRole("region", { name: "Wo Sie angemeldet sind" })
  await expect(sessions.getByRole("listitem")).toHaveCount(2)
  await expect(sessions.getByRole("listitem").first()).toContainText("Aus dem Netz")
  await sessions.getByRole("button", { name: "Firefox unter Linux abmelden" }).click()
  await expect(sessions.getByRole("listitem")).toHaveCount(1)
  expect((await otherPage.request.get("/api/account")).status()).toBe(401)
  await elsewhere.close()

  const remove = page.getByRole("region", { name: "Mein Konto löschen" })
  await expect(remove).toContainText("§ 147 AO")
  await remove.getByRole("button", { name: "Mein Konto löschen…" }).click()
  const password = remove.getByLabel(/^Passwort/)
  await password.fill("nicht das Passwort")
  await remove.getByRole("button", { name: "Mein Konto endgültig löschen" }).click()
  await expect(password).toHaveAccessibleDescription("Das Passwort ist falsch")
  expect((await page.request.get("/api/account")).status()).toBe(200)

  const since = new Date()
  await password.fill(details.password)
  await remove.getByRole("button", { name: "Mein Konto endgültig löschen" }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(notifications(page).getByText("Ihr Konto wurde gelöscht")).toBeVisible()
  expect((await page.request.get("/api/account")).status()).toBe(401)
  expect((await waitForMail({ to: details.email, since, subject: /gelöscht/ })).text).toContain(details.username)
})
