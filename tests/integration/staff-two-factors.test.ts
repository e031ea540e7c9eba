/**
 * The shop setting "staff must use two factors" (shop details, staffSecondFactorRequired): only an
 * admin signed in with two factors may turn it on; then an admin signed in with the password alone
 * is still signed in, but the back office answers 403 staff_second_factor_required until they add a
 * passkey (or turn on two-factor sign-in) and sign in with it; an admin's last second factor cannot be
 * taken away; Medusa's own admin sign-in wants the authenticator code. A shop of its own: the setting
 * would lock the shared shop's admin out of the suites running beside this one.
 */
import { execFile } from "node:child_process"
import path from "node:path"
import { promisify } from "node:util"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { passkeyCreationOptionsSchema, passkeyMessages, passkeyRequestOptionsSchema, twoFactorSetupSchema } from "@enclave/contract"
import { ApiClient, fromNewAddress, newUserDetails } from "../support/api.ts"
import { medusaSignIn } from "../support/medusa-admin.ts"
import { medusaProcessOf, repoRoot, startShopProcess, type ShopProcess } from "../support/shop.ts"
import { timeStep, totp } from "../support/totp.ts"
import { SoftAuthenticator } from "../support/webauthn.ts"

const run = promisify(execFile)
let shop: ShopProcess

beforeAll(async () => {
  shop = await startShopProcess()
})

afterAll(async () => {
  await shop?.stop()
  shop?.removeData()
})

/** A registered customer made an admin with `npm run admin:promote`, signed in with the password. */
async function promotedAdmin() {
  const client = new ApiClient(shop.url)
  const details = newUserDetails()
  expect((await client.post("/api/register", details)).status).toBe(201)
  const promoted = await run(
    process.execPath,
    [
      "--experimental-strip-types",
      "--no-warnings=ExperimentalWarning",
      path.join(repoRoot, "launcher", "admin-promote.ts"),
      details.username,
    ],
    { cwd: repoRoot, env: { ...process.env, DATA_DIR: shop.dataDir, DATABASE_URL: "" } },
  )
  expect(promoted.stdout).toContain(`${details.username} is now an admin`)
  return { client, details, authenticator: new SoftAuthenticator(shop.url) }
}
type Admin = Awaited<ReturnType<typeof promotedAdmin>>

async function addPasskey(admin: Admin, client: ApiClient = admin.client) {
  const options = passkeyCreationOptionsSchema.parse((await client.post("/api/account/passkeys/registration/options")).body)
  const added = await client.post("/api/account/passkeys", { name: "Office key", response: admin.authenticator.create(options).response })
  expect(added.status, JSON.stringify(added.body)).toBe(201)
  return added.body.id as string
}

/** A username-less passkey sign-in from a new client: a session of two factors. */
async function passkeySession(admin: Admin) {
  const client = fromNewAddress(shop.url)
  const options = passkeyRequestOptionsSchema.parse((await client.post("/api/login/passkey/options")).body)
  expect((await client.post("/api/login/passkey", { response: admin.authenticator.get(options) })).status).toBe(200)
  return client
}

const refusal = (code: keyof typeof passkeyMessages) => ({ message: passkeyMessages[code], code, details: { code } })
const setting = (client: ApiClient, on: boolean) => client.post("/api/admin/shop-details", { staffSecondFactorRequired: on })

describe("staff must use two factors", () => {
  it("is turned on only by an admin signed in with two factors, then keeps password-only admins out of the back office until they have a second factor", async () => {
    const first = await promotedAdmin()
    expect((await first.client.get("/api/admin/shop-details")).body.staffSecondFactorRequired).toBe(false)
    const refused = await setting(first.client, true)
    expect([refused.status, refused.body]).toEqual([409, refusal("own_second_factor_required")])

    await addPasskey(first)
    const strong = await passkeySession(first)
    const on = await setting(strong, true)
    expect(on.status, JSON.stringify(on.body)).toBe(200)
    expect(on.body.staffSecondFactorRequired).toBe(true)
    try {
      // The first admin's password session: still signed in, but not into the back office.
      const shut = await first.client.get("/api/admin/users")
      expect([shut.status, shut.body]).toEqual([403, refusal("staff_second_factor_required")])
      expect((await first.client.get("/api/account")).status).toBe(200)
      expect((await strong.get("/api/admin/users")).status).toBe(200)

      // A second admin with only a password: signs in, reaches the account page, adds a passkey there.
      const second = await promotedAdmin()
      const password = fromNewAddress(shop.url)
      const login = await password.post("/api/login", { username: second.details.username, password: second.details.password })
      expect(login.status).toBe(200)
      expect(login.body.isAdmin).toBe(true)
      expect((await password.get("/api/admin/orders")).body).toEqual(refusal("staff_second_factor_required"))
      await addPasskey(second, password)
      // Medusa's own sign-in takes no passkey: it wants the authenticator code such an admin does not have.
      const medusa = await medusaSignIn(medusaProcessOf(shop.dataDir).url, {
        email: second.details.email,
        password: second.details.password,
      })
      expect([medusa.status, medusa.body]).toEqual([401, refusal("staff_second_factor_required")])
      // The password now leads to the passkey as the second step, and that session gets in.
      const again = fromNewAddress(shop.url)
      const step = await again.post("/api/login", { username: second.details.username, password: second.details.password })
      expect(step.body).toEqual({ twoFactorRequired: true })
      const options = passkeyRequestOptionsSchema.parse((await again.post("/api/login/passkey/second-factor/options")).body)
      expect((await again.post("/api/login/passkey/second-factor", { response: second.authenticator.get(options) })).status).toBe(200)
      expect((await again.get("/api/admin/orders")).status).toBe(200)

      // The last second factor stays: the passkey, until two-factor sign-in is on; then two-factor sign-in.
      const passkeyId = (await strong.get("/api/account/passkeys")).body[0].id as string
      const last = await strong.delete(`/api/account/passkeys/${passkeyId}`)
      expect([last.status, last.body]).toEqual([409, refusal("last_second_factor")])
      const setup = twoFactorSetupSchema.parse((await strong.post("/api/account/two-factor/setup")).body)
      expect((await strong.post("/api/account/two-factor/enable", { code: totp(setup.secret, timeStep() - 1) })).status).toBe(200)
      expect((await strong.delete(`/api/account/passkeys/${passkeyId}`)).status).toBe(200)
      const totpOff = await strong.post("/api/account/two-factor/disable", { code: totp(setup.secret, timeStep()) })
      expect([totpOff.status, totpOff.body]).toEqual([409, refusal("last_second_factor")])
      // Customers are not staff: a customer's password session is as it was.
      const customer = new ApiClient(shop.url)
      expect((await customer.post("/api/register", newUserDetails())).status).toBe(201)
      expect((await customer.get("/api/account")).status).toBe(200)
    } finally {
      expect((await setting(strong, false)).body.staffSecondFactorRequired).toBe(false)
    }
    expect((await first.client.get("/api/admin/users")).status).toBe(200)
  })
})
