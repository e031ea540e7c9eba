/**
 * Two-factor sign-in: set-up, enable, the login's second step, recovery codes, replay,
 * the lock, disable. The codes come from tests/support/totp.ts, an RFC 6238 implementation of
 * the tests' own, not from the library the shop uses.
 */
import { describe, expect, it } from "vitest"
import {
  INVALID_TWO_FACTOR_CODE_MESSAGE,
  MAX_LOGIN_ATTEMPTS,
  recoveryCodesSchema,
  TWO_FACTOR_EXPIRED_MESSAGE,
  twoFactorSetupSchema,
  userSchema,
} from "@enclave/contract"
import { ApiClient, asAdmin, asNewCustomer, fromNewAddress } from "../support/api.ts"
import { base32Decode, STEP_SECONDS, timeStep, totp } from "../support/totp.ts"

/**
 * The code of the step `steps` away from now, computed where no step boundary is near: the shop
 * accepts one step either side of its clock, and a boundary between computing and checking would
 * move that window. -1, 0 and +1 give three fresh codes without waiting for time to pass.
 */
async function freshTotpCode(secret: string, steps = 0): Promise<string> {
  const intoStep = Date.now() % (STEP_SECONDS * 1000)
  if (intoStep > STEP_SECONDS * 1000 - 3000) await new Promise((resolve) => setTimeout(resolve, STEP_SECONDS * 1000 - intoStep + 100))
  return totp(secret, timeStep() + steps)
}

type Customer = Awaited<ReturnType<typeof asNewCustomer>>

/** A customer with two-factor sign-in on: its secret and recovery codes. The enabling code was of the step before now. */
async function withTwoFactor(): Promise<{ customer: Customer; secret: string; recoveryCodes: string[] }> {
  const customer = await asNewCustomer()
  const setup = await customer.post("/api/account/two-factor/setup")
  expect(setup.status).toBe(200)
  const { secret } = twoFactorSetupSchema.parse(setup.body)
  const enabled = await customer.post("/api/account/two-factor/enable", { code: await freshTotpCode(secret, -1) })
  expect(enabled.status).toBe(200)
  return { customer, secret, recoveryCodes: recoveryCodesSchema.parse(enabled.body).recoveryCodes }
}

/** The password step from a client of its own; answers the client, now holding a pending sign-in. */
async function passwordStep(customer: Customer, client: ApiClient = fromNewAddress()) {
  const login = await client.post("/api/login", { username: customer.details.username, password: customer.details.password })
  expect(login.status).toBe(200)
  expect(login.body).toEqual({ twoFactorRequired: true })
  return client
}

describe("setting two-factor sign-in up", () => {
  it("answers a new secret, its otpauth address and QR code, and changes nothing at sign-in until a code confirms it", async () => {
    const customer = await asNewCustomer()
    const { status, body } = await customer.post("/api/account/two-factor/setup")
    expect(status).toBe(200)
    const setup = twoFactorSetupSchema.parse(body)
    expect(base32Decode(setup.secret)).toHaveLength(20)
    const url = new URL(setup.otpauthUrl)
    expect(url.protocol).toBe("otpauth:")
    expect(url.searchParams.get("secret")).toBe(setup.secret)
    expect(url.searchParams.get("issuer")).toBe("Enclave")
    expect(url.searchParams.get("period")).toBe("30")
    expect(setup.qrCodeSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/)
    // Not on yet: the password alone still signs in.
    const login = await fromNewAddress().post("/api/login", { username: customer.details.username, password: customer.details.password })
    expect(userSchema.parse(login.body).twoFactorEnabled).toBe(false)
  })

  it("turns on only with a code of the secret: a wrong one is 400 on the field, and enabling before set-up is 409", async () => {
    const customer = await asNewCustomer()
    expect((await customer.post("/api/account/two-factor/enable", { code: "123456" })).status).toBe(409)
    const { secret } = twoFactorSetupSchema.parse((await customer.post("/api/account/two-factor/setup")).body)
    const right = await freshTotpCode(secret)
    const wrong = right === "000000" ? "000001" : "000000"
    const refused = await customer.post("/api/account/two-factor/enable", { code: wrong })
    expect(refused.status).toBe(400)
    expect(refused.body.details.fields.code).toBe(INVALID_TWO_FACTOR_CODE_MESSAGE)
    expect((await customer.get("/api/account")).body.twoFactorEnabled).toBe(false)
    for (const code of ["", "12345", "abcdef", "1234567"]) {
      expect((await customer.post("/api/account/two-factor/enable", { code })).status, code).toBe(400)
    }
    const enabled = await customer.post("/api/account/two-factor/enable", { code: right })
    expect(enabled.status).toBe(200)
    const { recoveryCodes } = recoveryCodesSchema.parse(enabled.body)
    expect(new Set(recoveryCodes).size).toBe(10)
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
    expect((await customer.get("/api/account")).body.twoFactorEnabled).toBe(true)
    // On: a second set-up is refused rather than replacing the secret behind the customer's back.
    expect((await customer.post("/api/account/two-factor/setup")).status).toBe(409)
    // The secret and the codes are answered nowhere else.
    const everywhere = JSON.stringify([(await customer.get("/api/account")).body, (await (await asAdmin()).get("/api/admin/users")).body])
    expect(everywhere).not.toContain(secret)
    for (const code of recoveryCodes) expect(everywhere).not.toContain(code)
    expect((await (await asAdmin()).get("/api/admin/users")).body.find((u: { id: number }) => u.id === customer.user.id)).toMatchObject({
      twoFactorEnabled: true,
    })
  })
})

describe("signing in with two-factor on", () => {
  it("needs the code after the password: the password alone signs nobody in", async () => {
    const { customer, secret } = await withTwoFactor()
    const client = await passwordStep(customer)
    expect((await client.get("/api/user")).status).toBe(401)
    expect(client.cookie()).toBeUndefined()
    const done = await client.post("/api/login/two-factor", { code: await freshTotpCode(secret) })
    expect(done.status).toBe(200)
    expect(userSchema.parse(done.body)).toMatchObject({ username: customer.details.username, twoFactorEnabled: true })
    expect((await client.get("/api/user")).body.username).toBe(customer.details.username)
    // The pending sign-in is gone with its use.
    expect((await client.post("/api/login/two-factor", { code: await freshTotpCode(secret, 1) })).body.message).toBe(
      TWO_FACTOR_EXPIRED_MESSAGE,
    )
  })

  it("takes a code once: the same code, or one of an earlier step, is refused after it was used", async () => {
    const { customer, secret } = await withTwoFactor()
    const code = await freshTotpCode(secret)
    expect((await (await passwordStep(customer)).post("/api/login/two-factor", { code })).status).toBe(200)
    const replay = await (await passwordStep(customer)).post("/api/login/two-factor", { code })
    expect(replay.status).toBe(401)
    expect(replay.body.message).toBe(INVALID_TWO_FACTOR_CODE_MESSAGE)
    // The code that turned it on (the step before) is used up too.
    expect((await (await passwordStep(customer)).post("/api/login/two-factor", { code: await freshTotpCode(secret, -1) })).status).toBe(401)
    expect((await (await passwordStep(customer)).post("/api/login/two-factor", { code: await freshTotpCode(secret, 1) })).status).toBe(200)
  })

  it("takes a code once even when two sign-ins send it at the same moment", async () => {
    const { customer, secret } = await withTwoFactor()
    const clients = await Promise.all([passwordStep(customer), passwordStep(customer), passwordStep(customer)])
    const code = await freshTotpCode(secret)
    const answers = await Promise.all(clients.map((client) => client.post("/api/login/two-factor", { code })))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401])
  })

  it("takes each recovery code once, with or without its dash and in any case", async () => {
    const { customer, recoveryCodes } = await withTwoFactor()
    const [first, second] = recoveryCodes
    expect((await (await passwordStep(customer)).post("/api/login/two-factor", { code: first })).status).toBe(200)
    expect((await (await passwordStep(customer)).post("/api/login/two-factor", { code: first })).status).toBe(401)
    const typed = second.replace("-", "").toUpperCase()
    expect((await (await passwordStep(customer)).post("/api/login/two-factor", { code: typed })).status).toBe(200)
  })

  it("counts wrong codes toward the sign-in lock: after the limit even the right code is refused from that address", async () => {
    const { customer, secret } = await withTwoFactor()
    const client = await passwordStep(customer)
    const right = await freshTotpCode(secret)
    const wrong = right === "111111" ? "222222" : "111111"
    const statuses: number[] = []
    for (let i = 0; i < MAX_LOGIN_ATTEMPTS && !statuses.includes(423); i++) {
      statuses.push((await client.post("/api/login/two-factor", { code: wrong })).status)
    }
    expect(statuses.at(-1)).toBe(423)
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true)
    const locked = await client.post("/api/login/two-factor", { code: right })
    expect(locked.status).toBe(423)
    expect(locked.body.details).toMatchObject({ lock: "username" })
    // Another address is not locked out.
    expect((await (await passwordStep(customer)).post("/api/login/two-factor", { code: right })).status).toBe(200)
  })

  it("refuses the second step without a password step before it, and a pending sign-in carried as a session cookie", async () => {
    const { customer, secret } = await withTwoFactor()
    const none = await fromNewAddress().post("/api/login/two-factor", { code: await freshTotpCode(secret) })
    expect(none.status).toBe(401)
    expect(none.body.message).toBe(TWO_FACTOR_EXPIRED_MESSAGE)
    const client = await passwordStep(customer)
    const pending = client.cookie("enclave.2fa")
    expect(pending).toBeDefined()
    const forger = new ApiClient()
    forger.setCookie("enclave.sid", pending!)
    expect((await forger.get("/api/user")).status).toBe(401)
  })
})

describe("turning two-factor sign-in off", () => {
  it("needs a current code or a recovery code; afterwards the password alone signs in again", async () => {
    const { customer, secret, recoveryCodes } = await withTwoFactor()
    const wrong = await customer.post("/api/account/two-factor/disable", {
      code: "000000" === (await freshTotpCode(secret)) ? "000001" : "000000",
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.details.fields.code).toBe(INVALID_TWO_FACTOR_CODE_MESSAGE)
    expect((await customer.get("/api/account")).body.twoFactorEnabled).toBe(true)
    const off = await customer.post("/api/account/two-factor/disable", { code: recoveryCodes[3] })
    expect(off.status).toBe(200)
    expect((await customer.get("/api/account")).body.twoFactorEnabled).toBe(false)
    expect((await customer.post("/api/account/two-factor/disable", { code: await freshTotpCode(secret) })).status).toBe(409)
    const login = await fromNewAddress().post("/api/login", { username: customer.details.username, password: customer.details.password })
    expect(userSchema.parse(login.body).twoFactorEnabled).toBe(false)
  })

  it("is for the signed-in customer only", async () => {
    for (const path of ["/api/account/two-factor/setup", "/api/account/two-factor/enable", "/api/account/two-factor/disable"]) {
      expect((await new ApiClient().post(path, { code: "123456" })).status, path).toBe(401)
    }
  })
})
