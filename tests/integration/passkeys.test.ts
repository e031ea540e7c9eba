/**
 * Passkeys against the shared shop through /api, with the software authenticator of
 * tests/support/webauthn.ts: adding, listing, renaming and removing them; the username-less sign-in;
 * the second step after the password; and what must be refused: an unknown or removed credential, a
 * replayed challenge, a challenge of another ceremony, a foreign origin.
 */
import pg from "pg"
import { describe, expect, it } from "vitest"
import {
  passkeyCreationOptionsSchema,
  passkeyListSchema,
  passkeyMessages,
  passkeyRequestOptionsSchema,
  passkeySchema,
  recoveryCodesSchema,
  TWO_FACTOR_EXPIRED_MESSAGE,
  twoFactorSetupSchema,
  userSchema,
} from "@enclave/contract"
import { ApiClient, asNewCustomer, fromNewAddress } from "../support/api.ts"
import { databaseUrlOf } from "../support/races.ts"
import { shopUrl } from "../support/urls.ts"
import { timeStep, totp } from "../support/totp.ts"
import { SoftAuthenticator } from "../support/webauthn.ts"

type Customer = Awaited<ReturnType<typeof asNewCustomer>>

/** A customer with one passkey on a soft authenticator of their own. */
async function withPasskey(name = "Test phone") {
  const customer = await asNewCustomer()
  const authenticator = new SoftAuthenticator(shopUrl())
  const added = await addPasskey(customer, authenticator, name)
  return { customer, authenticator, passkey: added }
}

async function addPasskey(customer: Customer, authenticator: SoftAuthenticator, name: string) {
  const asked = await customer.post("/api/account/passkeys/registration/options")
  expect(asked.status, JSON.stringify(asked.body)).toBe(200)
  const options = passkeyCreationOptionsSchema.parse(asked.body)
  const { response } = authenticator.create(options)
  const added = await customer.post("/api/account/passkeys", { name, response })
  expect(added.status, JSON.stringify(added.body)).toBe(201)
  return passkeySchema.parse(added.body)
}

/** The options of a username-less sign-in, asked by `client`. */
async function signInOptions(client: ApiClient) {
  const asked = await client.post("/api/login/passkey/options")
  expect(asked.status).toBe(200)
  return passkeyRequestOptionsSchema.parse(asked.body)
}

const refusal = (code: keyof typeof passkeyMessages) => ({ message: passkeyMessages[code], code, details: { code } })

describe("adding passkeys", () => {
  it("lists a new passkey with its name and dates, none of its key; renames it; validates names and ids", async () => {
    const { customer, passkey } = await withPasskey("  My phone  ")
    expect(passkey).toMatchObject({ name: "My phone", lastUsedAt: null, transports: ["internal"] })
    expect(Date.now() - Date.parse(passkey.createdAt)).toBeLessThan(60_000)
    const listed = passkeyListSchema.parse((await customer.get("/api/account/passkeys")).body)
    expect(listed).toEqual([passkey])
    expect(JSON.stringify(listed)).not.toMatch(/public|counter|credential/i)

    const renamed = await customer.put(`/api/account/passkeys/${passkey.id}`, { name: "Work laptop" })
    expect(renamed.status).toBe(200)
    expect(renamed.body).toMatchObject({ id: passkey.id, name: "Work laptop" })
    for (const name of ["", "   ", "x".repeat(61), "a\u202eb"]) {
      const refused = await customer.put(`/api/account/passkeys/${passkey.id}`, { name })
      expect(refused.status, name).toBe(400)
      expect(Object.keys(refused.body.details.fields), name).toEqual(["name"])
    }
    expect((await customer.put("/api/account/passkeys/not-an-id", { name: "x" })).status).toBe(400)
    expect((await customer.put("/api/account/passkeys/passkey_01NOSUCHPASSKEY0000000000", { name: "x" })).status).toBe(404)
    // Another customer's passkey is no passkey of theirs.
    const other = await asNewCustomer()
    expect((await other.put(`/api/account/passkeys/${passkey.id}`, { name: "Mine now" })).status).toBe(404)
    expect((await other.delete(`/api/account/passkeys/${passkey.id}`)).status).toBe(404)
    expect(passkeyListSchema.parse((await customer.get("/api/account/passkeys")).body)[0].name).toBe("Work laptop")
  })

  it("refuses a registration from a foreign origin, with another account's challenge, or twice with one challenge", async () => {
    const customer = await asNewCustomer()
    const authenticator = new SoftAuthenticator(shopUrl())
    const options = passkeyCreationOptionsSchema.parse((await customer.post("/api/account/passkeys/registration/options")).body)
    const foreign = authenticator.create(options, { origin: "https://enclave.shop.evil.example" })
    const refused = await customer.post("/api/account/passkeys", { name: "Phished", response: foreign.response })
    expect([refused.status, refused.body]).toEqual([400, refusal("passkey_invalid")])
    // The challenge was used up by that attempt: the right origin now cannot use it either.
    const again = await customer.post("/api/account/passkeys", { name: "Late", response: authenticator.create(options).response })
    expect([again.status, again.body]).toEqual([400, refusal("passkey_challenge_invalid")])
    // Options asked by one account do not register a passkey on another.
    const other = await asNewCustomer()
    const othersOptions = passkeyCreationOptionsSchema.parse((await other.post("/api/account/passkeys/registration/options")).body)
    const stolen = await customer.post("/api/account/passkeys", { name: "Stolen", response: authenticator.create(othersOptions).response })
    expect([stolen.status, stolen.body]).toEqual([400, refusal("passkey_challenge_invalid")])
    expect((await customer.get("/api/account/passkeys")).body).toEqual([])
    // The options ask for a discoverable, user-verified credential, without attestation.
    expect(options).toMatchObject({
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
      attestation: "none",
    })
  })
})

describe("signing in with a passkey (username-less)", () => {
  it("signs the passkey's account in without username, password or code, and marks the passkey used", async () => {
    const { customer, authenticator, passkey } = await withPasskey()
    // Two-factor sign-in on: a passkey is two factors in itself, so no code is asked.
    const setup = twoFactorSetupSchema.parse((await customer.post("/api/account/two-factor/setup")).body)
    recoveryCodesSchema.parse((await customer.post("/api/account/two-factor/enable", { code: totp(setup.secret, timeStep() - 1) })).body)

    const client = fromNewAddress()
    const options = await signInOptions(client)
    expect(options.allowCredentials ?? []).toEqual([])
    expect(options.userVerification).toBe("required")
    const signedIn = await client.post("/api/login/passkey", { response: authenticator.get(options) })
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200)
    expect(userSchema.parse(signedIn.body)).toMatchObject({ id: customer.user.id, twoFactorEnabled: true })
    expect((await client.get("/api/account")).body.username).toBe(customer.details.username)
    const listed = passkeyListSchema.parse((await customer.get("/api/account/passkeys")).body)
    expect(listed[0].id).toBe(passkey.id)
    expect(Date.now() - Date.parse(listed[0].lastUsedAt!)).toBeLessThan(60_000)
  })

  it("refuses an unknown credential and a removed one", async () => {
    const { customer, authenticator, passkey } = await withPasskey()
    const client = fromNewAddress()
    const stranger = authenticator.stranger(new URL(shopUrl()).hostname)
    const unknown = await client.post("/api/login/passkey", { response: authenticator.get(await signInOptions(client), stranger) })
    expect([unknown.status, unknown.body]).toEqual([401, refusal("passkey_unknown")])

    expect((await customer.delete(`/api/account/passkeys/${passkey.id}`)).status).toBe(200)
    expect((await customer.get("/api/account/passkeys")).body).toEqual([])
    const removed = await client.post("/api/login/passkey", { response: authenticator.get(await signInOptions(client)) })
    expect([removed.status, removed.body]).toEqual([401, refusal("passkey_unknown")])
    expect((await client.get("/api/user")).status).toBe(401)
  })

  it("refuses a replayed challenge, a challenge of another ceremony, a foreign origin and an unverified user", async () => {
    const { customer, authenticator } = await withPasskey()
    const client = fromNewAddress()
    const options = await signInOptions(client)
    const response = authenticator.get(options)
    expect((await client.post("/api/login/passkey", { response })).status).toBe(200)
    // The same answer again, and a fresh signature over the used challenge: both replays.
    const replayed = await fromNewAddress().post("/api/login/passkey", { response })
    expect([replayed.status, replayed.body]).toEqual([401, refusal("passkey_challenge_invalid")])
    const resigned = await fromNewAddress().post("/api/login/passkey", { response: authenticator.get(options) })
    expect([resigned.status, resigned.body]).toEqual([401, refusal("passkey_challenge_invalid")])
    // A challenge the shop never issued.
    const madeUp = await fromNewAddress().post("/api/login/passkey", {
      response: authenticator.get({ ...options, challenge: Buffer.from("made up by an attacker").toString("base64url") }),
    })
    expect([madeUp.status, madeUp.body]).toEqual([401, refusal("passkey_challenge_invalid")])
    // A registration's challenge does not sign anyone in.
    const registration = passkeyCreationOptionsSchema.parse((await customer.post("/api/account/passkeys/registration/options")).body)
    const crossed = await fromNewAddress().post("/api/login/passkey", {
      response: authenticator.get({ challenge: registration.challenge, rpId: registration.rp.id }),
    })
    expect([crossed.status, crossed.body]).toEqual([401, refusal("passkey_challenge_invalid")])

    const phisher = fromNewAddress()
    const phished = await phisher.post("/api/login/passkey", {
      response: authenticator.get(await signInOptions(phisher), undefined, { origin: "https://enclave-shop.example" }),
    })
    expect([phished.status, phished.body]).toEqual([401, refusal("passkey_invalid")])
    expect((await phisher.get("/api/user")).status).toBe(401)

    const unverified = fromNewAddress()
    const noPin = await unverified.post("/api/login/passkey", {
      response: authenticator.get(await signInOptions(unverified), undefined, { userVerified: false }),
    })
    expect([noPin.status, noPin.body]).toEqual([401, refusal("passkey_invalid")])
  })

  it("refuses a challenge that ran out (PASSKEY_CHALLENGE_MINUTES) before it was answered", async () => {
    const { authenticator } = await withPasskey()
    const client = fromNewAddress()
    const options = await signInOptions(client)
    // Five minutes pass: the challenge's end is moved into the past rather than the test waiting for it.
    const db = new pg.Client({ connectionString: databaseUrlOf(shopUrl()) })
    await db.connect()
    try {
      const moved = await db.query(`update passkey_challenge set expires_at = now() - interval '1 second' where challenge = $1`, [
        options.challenge,
      ])
      expect(moved.rowCount).toBe(1)
    } finally {
      await db.end()
    }
    const late = await client.post("/api/login/passkey", { response: authenticator.get(options) })
    expect([late.status, late.body]).toEqual([401, refusal("passkey_challenge_invalid")])
    expect((await client.get("/api/user")).status).toBe(401)
    // A fresh challenge signs in.
    expect((await client.post("/api/login/passkey", { response: authenticator.get(await signInOptions(client)) })).status).toBe(200)
  })

  it("counts refusals like wrong passwords: the fifth from one address locks that account there (423)", async () => {
    const { authenticator } = await withPasskey()
    const client = fromNewAddress()
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) {
      const answer = await client.post("/api/login/passkey", {
        response: authenticator.get(await signInOptions(client), undefined, { origin: "https://evil.example" }),
      })
      statuses.push(answer.status)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 423])
    // Another address is not locked out.
    const elsewhere = fromNewAddress()
    expect((await elsewhere.post("/api/login/passkey", { response: authenticator.get(await signInOptions(elsewhere)) })).status).toBe(200)
  })

  it("refuses bodies that are no WebAuthn answer with 400 naming the field", async () => {
    const client = fromNewAddress()
    for (const body of [{}, { response: {} }, { response: { id: "a", rawId: "a", type: "public-key" } }, { response: null, extra: 1 }]) {
      const answer = await client.post("/api/login/passkey", body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.details.fields, JSON.stringify(body)).toBeTypeOf("object")
    }
  })
})

describe("a passkey as the second step after the password", () => {
  async function passwordStep(customer: Customer) {
    const client = fromNewAddress()
    const login = await client.post("/api/login", { username: customer.details.username, password: customer.details.password })
    expect(login.body).toEqual({ twoFactorRequired: true })
    return client
  }

  it("completes a two-factor sign-in with one of the account's passkeys instead of the code", async () => {
    const { customer, authenticator } = await withPasskey()
    const setup = twoFactorSetupSchema.parse((await customer.post("/api/account/two-factor/setup")).body)
    expect((await customer.post("/api/account/two-factor/enable", { code: totp(setup.secret, timeStep() - 1) })).status).toBe(200)

    // Without the pending sign-in of a right password: nothing.
    const stranger = new ApiClient()
    const noPending = await stranger.post("/api/login/passkey/second-factor/options")
    expect([noPending.status, noPending.body.message]).toEqual([401, TWO_FACTOR_EXPIRED_MESSAGE])

    const client = await passwordStep(customer)
    const asked = await client.post("/api/login/passkey/second-factor/options")
    expect(asked.status).toBe(200)
    const options = passkeyRequestOptionsSchema.parse(asked.body)
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.credentials[0].id])
    // Another account's passkey is refused, and counts like a wrong code.
    const other = await withPasskey()
    const wrong = await client.post("/api/login/passkey/second-factor", { response: other.authenticator.get(options) })
    expect([wrong.status, wrong.body]).toEqual([401, refusal("passkey_unknown")])
    const retry = passkeyRequestOptionsSchema.parse((await client.post("/api/login/passkey/second-factor/options")).body)
    const done = await client.post("/api/login/passkey/second-factor", { response: authenticator.get(retry) })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(userSchema.parse(done.body).id).toBe(customer.user.id)
    expect((await client.get("/api/account")).status).toBe(200)
    // The pending sign-in is spent.
    expect((await client.post("/api/login/passkey/second-factor/options")).status).toBe(401)
  })

  it("answers 409 no_passkeys to an account without one", async () => {
    const customer = await asNewCustomer()
    const setup = twoFactorSetupSchema.parse((await customer.post("/api/account/two-factor/setup")).body)
    expect((await customer.post("/api/account/two-factor/enable", { code: totp(setup.secret, timeStep() - 1) })).status).toBe(200)
    const client = await passwordStep(customer)
    const asked = await client.post("/api/login/passkey/second-factor/options")
    expect([asked.status, asked.body]).toEqual([409, refusal("no_passkeys")])
  })
})

describe("confirming with a passkey", () => {
  it("hands the signed-in account its own passkeys to confirm with, user verification required; none: 409", async () => {
    const { customer, authenticator } = await withPasskey()
    const asked = await customer.post("/api/account/passkeys/confirm/options")
    expect(asked.status).toBe(200)
    const options = passkeyRequestOptionsSchema.parse(asked.body)
    expect(options).toMatchObject({ userVerification: "required", rpId: new URL(shopUrl()).hostname })
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.credentials[0].id])
    // A confirmation's challenge does not sign anyone in.
    const client = fromNewAddress()
    const crossed = await client.post("/api/login/passkey", { response: authenticator.get(options) })
    expect([crossed.status, crossed.body]).toEqual([401, refusal("passkey_challenge_invalid")])
    const none = await (await asNewCustomer()).post("/api/account/passkeys/confirm/options")
    expect([none.status, none.body]).toEqual([409, refusal("no_passkeys")])
  })
})
