/**
 * The shop's admins are Medusa admin users with the same e-mail and password
 * (plugins/accounts/src/workflows/medusa-admin-login.ts), so Medusa's admin API accepts them, and the
 * two stay in step: a password change or reset, an e-mail change, a promotion and a demotion
 * (`npm run admin:promote`) change both. Medusa's sign-in keeps the shop's rules (counts and locks,
 * the second factor). A shop of its own: these tests change its admins.
 */
import { execFile } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { promisify } from "node:util"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { SIGN_IN_CHALLENGE_AFTER, twoFactorSetupSchema } from "@enclave/contract"
import { ApiClient, newUserDetails } from "../support/api.ts"
import { waitForMail } from "../support/mailbox.ts"
import { MedusaAdmin, medusaSignIn, TEST_ADMIN_EMAIL } from "../support/medusa-admin.ts"
import { medusaProcessOf, repoRoot, startShopProcess, TEST_ADMIN_PASSWORD, type ShopProcess } from "../support/shop.ts"
import { solveSignInChallenge } from "../support/sign-in-challenge.ts"
import { STEP_SECONDS, timeStep, totp } from "../support/totp.ts"

const run = promisify(execFile)

let shop: ShopProcess
/** Medusa's own address, where a merchant's scripts reach its admin API. */
let medusaUrl: string

beforeAll(async () => {
  shop = await startShopProcess()
  medusaUrl = medusaProcessOf(shop.dataDir).url
})

afterAll(async () => {
  await shop?.stop()
  shop?.removeData()
})

/** `npm run admin:promote -- USERNAME [--revoke]` against this shop. */
async function adminPromote(username: string, revoke = false) {
  return run(
    process.execPath,
    [
      "--experimental-strip-types",
      "--no-warnings=ExperimentalWarning",
      path.join(repoRoot, "launcher", "admin-promote.ts"),
      username,
      ...(revoke ? ["--revoke"] : []),
    ],
    { cwd: repoRoot, env: { ...process.env, DATA_DIR: shop.dataDir, DATABASE_URL: "" } },
  )
}

async function register() {
  const client = new ApiClient(shop.url)
  const details = newUserDetails()
  expect((await client.post("/api/register", details)).status).toBe(201)
  return { client, details }
}

/** A customer made an admin: signed in to the shop, and to Medusa with the same e-mail and password. */
async function promotedCustomer() {
  const customer = await register()
  expect((await adminPromote(customer.details.username)).stdout).toContain(`${customer.details.username} is now an admin`)
  return customer
}

/** A sign-in from an address no other test uses, so the per-address counts of one test do not lock another. */
function newAddress(): string {
  return `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`
}

const signIn = (email: string, password: string, code?: string) => medusaSignIn(medusaUrl, { email, password, code }, newAddress())

describe("the shop's admin in Medusa's admin API", () => {
  it("signs in with the shop admin's e-mail and password and reads Medusa's orders; a customer cannot", async () => {
    const medusa = await MedusaAdmin.signIn(medusaUrl, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD)
    const orders = await medusa.get("/admin/orders?fields=id,total")
    expect(orders.status, JSON.stringify(orders.body)).toBe(200)
    expect(orders.body).toMatchObject({ orders: expect.any(Array) })
    expect((await medusa.get("/admin/users/me")).body.user).toMatchObject({ email: TEST_ADMIN_EMAIL, first_name: "Shop" })

    const { details } = await register()
    expect((await signIn(details.email, details.password)).status).toBe(401)
    expect((await signIn(TEST_ADMIN_EMAIL, "not the password")).status).toBe(401)
  })

  it("has no dashboard without MEDUSA_DASHBOARD: the front door answers /app and /medusa with the storefront's 404 page, Medusa has no /app", async () => {
    for (const page of ["/app", "/app/orders", "/medusa/admin/orders"]) {
      const answer = await fetch(`${shop.url}${page}`)
      expect(answer.status, page).toBe(404)
      expect(answer.headers.get("content-type"), page).toMatch(/^text\/html/)
    }
    const signIn = await fetch(`${shop.url}/medusa/auth/user/emailpass`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: shop.url },
      body: JSON.stringify({ email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD }),
    })
    expect(signIn.status).toBe(404)
    expect(await signIn.text()).not.toContain("token")
    expect((await fetch(`${medusaUrl}/app`)).status).toBe(404)
  })

  it("keeps the shop's sign-in locks: five wrong passwords from one address lock that address out, another still signs in", async () => {
    const address = newAddress()
    for (let i = 0; i < 5; i++) {
      expect((await medusaSignIn(medusaUrl, { email: TEST_ADMIN_EMAIL, password: `wrong ${i}` }, address)).status).toBe(401)
    }
    const locked = await medusaSignIn(medusaUrl, { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD }, address)
    expect(locked.status).toBe(423)
    expect(locked.body).toMatchObject({ details: { lock: "username" } })
    expect((await signIn(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD)).status).toBe(200)
  })

  it("asks Medusa's sign-in for the shop's proof of work after 20 failures of one admin in the hour, from any addresses", async () => {
    const { details } = await promotedCustomer()
    for (let i = 0; i < SIGN_IN_CHALLENGE_AFTER; i++) {
      expect((await signIn(details.email, `wrong ${i}`)).status).toBe(401)
    }
    const asked = await signIn(details.email, details.password)
    expect(asked.status).toBe(428)
    expect(asked.body).toMatchObject({ details: { code: "challenge_required" } })
    const altcha = await solveSignInChallenge(asked.body)
    const signedIn = await medusaSignIn(medusaUrl, { email: details.email, password: details.password, altcha }, newAddress())
    expect(signedIn.status).toBe(200)
    expect(signedIn.body).toHaveProperty("token")
    // Used once: the same solution again is asked for new work.
    expect((await medusaSignIn(medusaUrl, { email: details.email, password: details.password, altcha }, newAddress())).status).toBe(428)
  })

  it("changes Medusa's password with the shop's: the old one is refused, the new one signs in, a token from before ends", async () => {
    const { client, details } = await promotedCustomer()
    const before = await MedusaAdmin.signIn(medusaUrl, details.email, details.password)
    expect((await before.get("/admin/orders")).status).toBe(200)
    // A token is signed in whole seconds: the change comes in a later second than the sign-in.
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    const changed = await client.post("/api/account/password", { currentPassword: details.password, newPassword: "a new admin passphrase" })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect((await signIn(details.email, details.password)).status).toBe(401)
    expect((await signIn(details.email, "a new admin passphrase")).status).toBe(200)
    expect((await before.get("/admin/orders")).status).toBe(401)
  })

  it("changes Medusa's password with a password reset", async () => {
    const { details } = await promotedCustomer()
    const since = new Date()
    expect((await new ApiClient(shop.url).post("/api/password-reset", { email: details.email })).status).toBe(202)
    const mail = await waitForMail({ to: details.email, since, subject: /password|passwort/i, dir: shop.mailbox! })
    const token = new URL(mail.text.match(/https?:\/\/\S+\/auth\/reset\?token=[A-Za-z0-9_%-]+/)![0]).searchParams.get("token")
    const reset = await new ApiClient(shop.url).post("/api/password-reset/confirm", { token, password: "a reset admin passphrase" })
    expect(reset.status, JSON.stringify(reset.body)).toBe(200)
    expect((await signIn(details.email, details.password)).status).toBe(401)
    expect((await signIn(details.email, "a reset admin passphrase")).status).toBe(200)
  })

  it("moves Medusa's login to the admin's new e-mail", async () => {
    const { client, details } = await promotedCustomer()
    const { username: _username, password: _password, isAdmin: _isAdmin, ...profile } = details
    const email = `moved-${details.email}`
    const since = new Date()
    const updated = await client.put("/api/account", { ...profile, email })
    expect(updated.status, JSON.stringify(updated.body)).toBe(200)
    // Only the link mailed to the new address moves it; until then Medusa's login stays.
    expect((await signIn(details.email, details.password)).status).toBe(200)
    const mail = await waitForMail({ to: email, since, subject: /confirm/i, dir: shop.mailbox! })
    const token = new URL(mail.text.match(/https?:\/\/\S+\/account\/email\/confirm\?token=[A-Za-z0-9_%-]+/)![0]).searchParams.get("token")
    const confirmed = await new ApiClient(shop.url).post("/api/account/email/confirm", { token })
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
    expect((await signIn(details.email, details.password)).status).toBe(401)
    const medusa = await MedusaAdmin.signIn(medusaUrl, email, details.password)
    expect((await medusa.get("/admin/users/me")).body.user).toMatchObject({ email })
  })

  it("asks an admin with two-factor sign-in for the code as well", async () => {
    const { client, details } = await promotedCustomer()
    const { secret } = twoFactorSetupSchema.parse((await client.post("/api/account/two-factor/setup")).body)
    // Away from a step boundary, so the codes below stay valid while they are used.
    const intoStep = Date.now() % (STEP_SECONDS * 1000)
    if (intoStep > STEP_SECONDS * 1000 - 5000) await new Promise((resolve) => setTimeout(resolve, STEP_SECONDS * 1000 - intoStep + 100))
    expect((await client.post("/api/account/two-factor/enable", { code: totp(secret, timeStep() - 1) })).status).toBe(200)

    const withoutCode = await signIn(details.email, details.password)
    expect(withoutCode.status).toBe(401)
    expect(withoutCode.body.message).toMatch(/code/)
    expect((await signIn(details.email, details.password, "000000")).status).toBe(401)
    expect((await signIn(details.email, "not the password", totp(secret, timeStep()))).status).toBe(401)
    const withCode = await signIn(details.email, details.password, totp(secret, timeStep()))
    expect(withCode.status, JSON.stringify(withCode.body)).toBe(200)
  })

  it("gives a promoted account a Medusa user, and takes it, its token and its API keys away with --revoke", async () => {
    const { details } = await promotedCustomer()
    const medusa = await MedusaAdmin.signIn(medusaUrl, details.email, details.password)
    expect((await medusa.get("/admin/orders")).status).toBe(200)
    const created = await fetch(`${medusaUrl}/admin/api-keys`, {
      method: "POST",
      headers: { authorization: `Bearer ${medusa.token}`, "content-type": "application/json" },
      body: JSON.stringify({ title: "the promoted admin's script", type: "secret" }),
    })
    expect(created.status).toBe(200)
    const { api_key: key } = (await created.json()) as { api_key: { id: string; token: string } }
    const withKey = () =>
      fetch(`${medusaUrl}/admin/orders`, { headers: { authorization: `Basic ${Buffer.from(`${key.token}:`).toString("base64")}` } })
    expect((await withKey()).status).toBe(200)

    expect((await adminPromote(details.username, true)).stdout).toContain(`${details.username} is no longer an admin`)
    expect((await signIn(details.email, details.password)).status).toBe(401)
    expect((await medusa.get("/admin/orders")).status).toBe(401)
    expect((await withKey()).status).toBe(401)
    // The shop's sign-in is the customer's again.
    expect((await new ApiClient(shop.url).post("/api/login", { username: details.username, password: details.password })).status).toBe(200)
  })

  it("takes the seeded admin's Medusa user away with --revoke", async () => {
    expect((await adminPromote("admin", true)).stdout).toContain("admin is no longer an admin")
    expect((await signIn(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD)).status).toBe(401)
    expect((await adminPromote("admin")).stdout).toContain("admin is now an admin")
    expect((await signIn(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD)).status).toBe(200)
  })

  it("(made older) gives the admin of a shop set up before admins were Medusa's a Medusa user at the next start, with its password of now", async () => {
    // The password is no longer ADMIN_PASSWORD: the Medusa login must carry the one the account has.
    const admin = new ApiClient(shop.url)
    expect((await admin.post("/api/login", { username: "admin", password: TEST_ADMIN_PASSWORD })).status).toBe(200)
    const changed = await admin.post("/api/account/password", {
      currentPassword: TEST_ADMIN_PASSWORD,
      newPassword: "the admin's own passphrase",
    })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    // A shop of before: its admin without a Medusa user, and no set-up mark saying it has one.
    await adminPromote("admin", true)
    const port = fs.readFileSync(path.join(shop.dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[3]
    const db = new pg.Client({ connectionString: `postgres://postgres:enclave@127.0.0.1:${port}/enclave` })
    await db.connect()
    try {
      await db.query("update shop_user set is_admin = true where username_key = 'admin'")
      await db.query("delete from enclave_setup where key = 'medusaAdmins'")
    } finally {
      await db.end()
    }
    expect((await signIn(TEST_ADMIN_EMAIL, "the admin's own passphrase")).status).toBe(401)

    await shop.stop()
    shop = await startShopProcess({ dataDir: shop.dataDir, port: shop.port })
    medusaUrl = medusaProcessOf(shop.dataDir).url
    expect(shop.output()).toContain("Making the admins Medusa admin users...")
    expect((await signIn(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD)).status).toBe(401)
    const medusa = await MedusaAdmin.signIn(medusaUrl, TEST_ADMIN_EMAIL, "the admin's own passphrase")
    expect((await medusa.get("/admin/orders")).status).toBe(200)
  })
})
