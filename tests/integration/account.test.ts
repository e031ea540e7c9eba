/**
 * A customer's own account (docs/product.md §2 account page, §5 rules): the profile and the password,
 * against the shared shop.
 */
import { describe, expect, it } from "vitest"
import {
  accountSessionListSchema,
  DIRECTION_CONTROL_MESSAGE,
  EMAIL_CHANGE_LINK_INVALID_MESSAGE,
  EMAIL_CHANGE_SENT_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  profileUpdateAnswerSchema,
  MAX_LOGIN_ATTEMPTS,
  userSchema,
  VAT_ID_PATTERN_MESSAGE,
} from "@enclave/contract"
import { ApiClient, asAdmin, asNewCustomer, asVisitor, fromNewAddress, newUserDetails } from "../support/api.ts"
import { readMails, waitForMail } from "../support/mailbox.ts"

const profileOf = (details: ReturnType<typeof newUserDetails>) => ({
  email: details.email,
  fullName: "Ada Lovelace",
  addressLine1: details.addressLine1,
  addressLine2: null,
  city: details.city,
  state: details.state,
  postalCode: details.postalCode,
  country: details.country,
})

describe("business details (company name and VAT ID)", () => {
  it("are taken at registration, kept normalised, changed and cleared on the profile; a malformed VAT ID is 400 on its field", async () => {
    const customer = await asNewCustomer({ companyName: "Acme Sicherheit GmbH", vatId: "de 123.456.789" })
    expect(userSchema.parse(customer.user)).toMatchObject({ companyName: "Acme Sicherheit GmbH", vatId: "DE123456789" })
    const refused = await asVisitor().post("/api/register", newUserDetails({ vatId: "DE12345" }))
    expect(refused.status).toBe(400)
    expect(refused.body.details.fields.vatId).toBe(VAT_ID_PATTERN_MESSAGE)
    const base = { ...profileOf(customer.details), companyName: "Acme AG", vatId: "ATU12345678" }
    expect((await customer.put("/api/account", base)).body).toMatchObject({ companyName: "Acme AG", vatId: "ATU12345678" })
    const wrong = await customer.put("/api/account", { ...base, vatId: "ATU1234" })
    expect(wrong.status).toBe(400)
    expect(wrong.body.details.fields.vatId).toBe(VAT_ID_PATTERN_MESSAGE)
    // Left out, they stay; empty, they are cleared.
    expect((await customer.put("/api/account", profileOf(customer.details))).body).toMatchObject({ companyName: "Acme AG" })
    expect((await customer.put("/api/account", { ...base, companyName: "", vatId: "" })).body).toMatchObject({
      companyName: null,
      vatId: null,
    })
    const listed = (await (await asAdmin()).get("/api/admin/users")).body.find((u: { id: number }) => u.id === customer.user.id)
    expect(listed).toMatchObject({ companyName: null, vatId: null })
  })
})

describe("GET and PUT /api/account", () => {
  it("answers the signed-in customer's account, and 401 to a visitor", async () => {
    const customer = await asNewCustomer()
    const { status, body } = await customer.get("/api/account")
    expect(status).toBe(200)
    expect(userSchema.parse(body)).toMatchObject({ username: customer.details.username, email: customer.details.email })
    expect((await asVisitor().get("/api/account")).status).toBe(401)
    expect((await asVisitor().put("/api/account", profileOf(customer.details))).status).toBe(401)
  })

  it("changes name and address at once; the username stays; the admin's list and the next sign-in see it", async () => {
    const customer = await asNewCustomer()
    const profile = { ...profileOf(customer.details), city: "Hamburg", addressLine2: "Hinterhaus" }
    const { status, body } = await customer.put("/api/account", profile)
    expect(status).toBe(200)
    expect(profileUpdateAnswerSchema.parse(body)).toMatchObject({
      username: customer.details.username,
      email: customer.details.email,
      fullName: "Ada Lovelace",
      city: "Hamburg",
      addressLine2: "Hinterhaus",
    })
    expect(body.pendingEmail).toBeUndefined()
    expect((await customer.get("/api/user")).body.city).toBe("Hamburg")
    const listed = (await (await asAdmin()).get("/api/admin/users")).body.find((u: { id: number }) => u.id === customer.user.id)
    expect(listed).toMatchObject({ email: customer.details.email, city: "Hamburg" })
  })
})

/** The link of the confirmation mail to `to`, once it has arrived. */
async function confirmLink(to: string, since: Date): Promise<URL> {
  const mail = await waitForMail({ to, since, subject: /confirm|bestätigen/i })
  const href = mail.text.match(/https?:\/\/\S+\/account\/email\/confirm\?token=[A-Za-z0-9_%-]+/)?.[0]
  expect(href, mail.text).toBeDefined()
  expect(mail.html).toContain(`href="${href}"`)
  return new URL(href!)
}

describe("a new e-mail address (confirmed through a link, without telling which addresses have accounts)", () => {
  it("answers a free and a taken address alike, and changes neither until a link is used", async () => {
    const other = await asNewCustomer()
    const customer = await asNewCustomer()
    const since = new Date()
    const free = `free-${customer.details.username}@example.net`
    const answers = []
    for (const email of [free, other.details.email]) {
      const { status, body } = await customer.put("/api/account", { ...profileOf(customer.details), email: email.toUpperCase() })
      expect(status, JSON.stringify(body)).toBe(200)
      answers.push(body)
    }
    const [forFree, forTaken] = answers.map((body) => profileUpdateAnswerSchema.parse(body))
    expect(forFree).toMatchObject({ email: customer.details.email, pendingEmail: free, message: EMAIL_CHANGE_SENT_MESSAGE })
    // The same answer but for the address asked for.
    expect({ ...forTaken, pendingEmail: free }).toEqual(forFree)
    expect(forTaken.pendingEmail).toBe(other.details.email)
    expect((await customer.get("/api/account")).body.email).toBe(customer.details.email)

    // The free address gets the link; the taken one is told it has an account, with no link and no name of the asker.
    await confirmLink(free, since)
    const taken = await waitForMail({ to: other.details.email, since, subject: /e-mail address and Enclave/ })
    expect(taken.text).toMatch(/already belongs to an Enclave account/)
    expect(taken.text + taken.html).not.toMatch(/account\/email\/confirm/)
    expect(taken.text).not.toContain(customer.details.username)
    // The old address hears of both requests in the same words, the new address masked.
    await expect
      .poll(async () =>
        (await readMails(process.env.ENCLAVE_MAILBOX!)).filter(
          (mail) => mail.to.includes(customer.details.email) && /new e-mail address was requested/.test(mail.subject),
        ),
      )
      .toHaveLength(2)
    const told = (await readMails(process.env.ENCLAVE_MAILBOX!)).filter(
      (mail) => mail.to.includes(customer.details.email) && /new e-mail address was requested/.test(mail.subject),
    )
    const masked = (email: string) => `${email[0]}•••${email.slice(email.indexOf("@"))}`
    expect(told.map((mail) => mail.text.includes(masked(free)) || mail.text.includes(masked(other.details.email)))).toEqual([true, true])
    for (const mail of told) {
      expect(mail.text).toContain(customer.details.username)
      expect(mail.text).not.toContain(free)
      expect(mail.text).not.toContain(other.details.email)
    }
    // Neither account changed: the taken address still signs its owner in, the free one is nobody's.
    expect((await other.get("/api/account")).body.email).toBe(other.details.email)
    expect((await asVisitor().post("/api/register", newUserDetails({ email: free }))).status).toBe(201)
  })

  it("the link changes the address once (account, admin's list, Medusa's customer); a newer request ends older links", async () => {
    const customer = await asNewCustomer()
    const first = `first-${customer.details.username}@example.net`
    const second = `second-${customer.details.username}@example.net`
    const since = new Date()
    await customer.put("/api/account", { ...profileOf(customer.details), email: first })
    const firstLink = await confirmLink(first, since)
    expect(firstLink.pathname).toBe("/account/email/confirm")
    await customer.put("/api/account", { ...profileOf(customer.details), email: second })
    const secondLink = await confirmLink(second, since)
    const token = secondLink.searchParams.get("token")
    // The older link ended with the newer request.
    const old = await asVisitor().post("/api/account/email/confirm", { token: firstLink.searchParams.get("token") })
    expect(old.status).toBe(400)
    expect(old.body.details.fields.token).toBe(EMAIL_CHANGE_LINK_INVALID_MESSAGE)
    // No session needed: the token proves the mailbox.
    const confirmed = await asVisitor().post("/api/account/email/confirm", { token })
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
    expect(userSchema.parse(confirmed.body)).toMatchObject({ username: customer.details.username, email: second })
    expect((await customer.get("/api/account")).body.email).toBe(second)
    const listed = (await (await asAdmin()).get("/api/admin/users")).body.find((u: { id: number }) => u.id === customer.user.id)
    expect(listed).toMatchObject({ email: second })
    const again = await asVisitor().post("/api/account/email/confirm", { token })
    expect(again.status).toBe(400)
    expect(again.body.message).toBe(EMAIL_CHANGE_LINK_INVALID_MESSAGE)
    // The old address is free again, the new one is taken; a reset mail goes to the new one.
    expect((await asVisitor().post("/api/register", newUserDetails({ email: customer.details.email }))).status).toBe(201)
    expect((await asVisitor().post("/api/register", newUserDetails({ email: second }))).status).toBe(409)
    const resetSince = new Date()
    await asVisitor().post("/api/password-reset", { email: second })
    await waitForMail({ to: second, since: resetSince, subject: /password/i })
  })

  it("a link whose address another account took meanwhile: 409 to its holder, and neither account changes", async () => {
    const customer = await asNewCustomer()
    const wanted = `wanted-${customer.details.username}@example.net`
    const since = new Date()
    await customer.put("/api/account", { ...profileOf(customer.details), email: wanted })
    const token = (await confirmLink(wanted, since)).searchParams.get("token")
    const taker = await asNewCustomer({ email: wanted })
    const refused = await asVisitor().post("/api/account/email/confirm", { token })
    expect(refused.status).toBe(409)
    expect(refused.body.details.fields.email).toBe(EMAIL_TAKEN_MESSAGE)
    expect((await customer.get("/api/account")).body.email).toBe(customer.details.email)
    expect((await taker.get("/api/account")).body.email).toBe(wanted)
  })

  it("refuses a token that is empty, too long or unknown with 400 on the field", async () => {
    for (const token of ["", "x".repeat(201), "x".repeat(43)]) {
      const { status, body } = await asVisitor().post("/api/account/email/confirm", { token })
      expect(status, token).toBe(400)
      expect(body.details.fields.token).toBe(EMAIL_CHANGE_LINK_INVALID_MESSAGE)
    }
  })
  it("checks each field with the register form's messages, and refuses the username and unknown fields", async () => {
    const customer = await asNewCustomer()
    const base = profileOf(customer.details)
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...base, email: "not-an-address" }, "email", "Invalid email address"],
      [{ ...base, addressLine1: "  " }, "addressLine1", "Street address is required"],
      [{ ...base, city: "" }, "city", "City is required"],
      [{ ...base, postalCode: "1".repeat(21) }, "postalCode", "Postal code is too long"],
      [{ ...base, country: undefined }, "country", "Country is required"],
      [{ ...base, fullName: "a\u202Eb" }, "fullName", DIRECTION_CONTROL_MESSAGE],
    ]
    for (const [profile, field, message] of cases) {
      const { status, body } = await customer.put("/api/account", profile)
      expect(status, field).toBe(400)
      expect(body.details.fields[field], field).toBe(message)
    }
    expect((await customer.put("/api/account", { ...base, username: "someone-else" })).status).toBe(400)
    expect((await customer.put("/api/account", { ...base, isAdmin: true })).status).toBe(400)
    expect((await customer.get("/api/account")).body).toMatchObject({ username: customer.details.username, isAdmin: false })
  })
})

describe("POST /api/account/password", () => {
  it("changes the password: the old one stops working, the new one signs in, this session goes on", async () => {
    const customer = await asNewCustomer()
    const before = (await customer.get("/api/account")).body.passwordLastChanged
    const { status, body } = await customer.post("/api/account/password", {
      currentPassword: customer.details.password,
      newPassword: "a much better passphrase",
    })
    expect(status).toBe(200)
    expect(body.message).toBe("Password changed")
    const after = (await customer.get("/api/account")).body
    expect(Date.parse(after.passwordLastChanged)).toBeGreaterThan(Date.parse(before))

    const old = await fromNewAddress().post("/api/login", { username: customer.details.username, password: customer.details.password })
    expect(old.status).toBe(401)
    const fresh = await fromNewAddress().post("/api/login", { username: customer.details.username, password: "a much better passphrase" })
    expect(fresh.status).toBe(200)
  })

  it("ends every other session of the account, a copied cookie among them", async () => {
    const customer = await asNewCustomer()
    const elsewhere = new ApiClient()
    expect((await elsewhere.post("/api/login", { username: customer.details.username, password: customer.details.password })).status).toBe(
      200,
    )
    // Someone who copied this session's cookie before the change.
    const thief = new ApiClient()
    thief.setCookie("enclave.sid", customer.cookie()!)
    expect((await thief.get("/api/account")).status).toBe(200)

    const changed = await customer.post("/api/account/password", {
      currentPassword: customer.details.password,
      newPassword: "another passphrase!",
    })
    expect(changed.status).toBe(200)
    expect((await customer.get("/api/account")).status).toBe(200)
    expect((await elsewhere.get("/api/account")).status).toBe(401)
    expect((await thief.get("/api/account")).status).toBe(401)
    expect((await thief.get("/api/cart")).status).toBe(401)
  })

  it("a wrong current password is a 400 on the field and counts toward the sign-in lock", async () => {
    const customer = await asNewCustomer()
    const client = fromNewAddress()
    expect((await client.post("/api/login", { username: customer.details.username, password: customer.details.password })).status).toBe(200)
    for (let i = 1; i < MAX_LOGIN_ATTEMPTS; i++) {
      const { status, body } = await client.post("/api/account/password", {
        currentPassword: "not my password",
        newPassword: "whatever it is 1",
      })
      expect(status).toBe(400)
      expect(body.details.fields.currentPassword).toBe("Current password is incorrect")
    }
    const locked = await client.post("/api/account/password", { currentPassword: "not my password", newPassword: "whatever it is 1" })
    expect(locked.status).toBe(423)
    // Locked for this address even with the right password, as a sign-in is.
    const right = await client.post("/api/account/password", {
      currentPassword: customer.details.password,
      newPassword: "whatever it is 1",
    })
    expect(right.status).toBe(423)
    const login = await fromNewAddress().post("/api/login", { username: customer.details.username, password: customer.details.password })
    expect(login.status).toBe(200)
  })

  it("checks the new password with the register form's rules, and needs a signed-in customer", async () => {
    const customer = await asNewCustomer()
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ currentPassword: customer.details.password, newPassword: "short" }, "newPassword", "Password must be at least 8 characters"],
      [
        { currentPassword: customer.details.password, newPassword: customer.details.password },
        "newPassword",
        "The new password must differ from the current one",
      ],
      [{ currentPassword: "", newPassword: "long enough now" }, "currentPassword", "Current password is required"],
    ]
    for (const [body, field, message] of cases) {
      const answer = await customer.post("/api/account/password", body)
      expect(answer.status, field).toBe(400)
      expect(answer.body.details.fields[field], field).toBe(message)
    }
    expect((await asVisitor().post("/api/account/password", { currentPassword: "x", newPassword: "long enough now" })).status).toBe(401)
  })
})

describe("GET and DELETE /api/account/sessions", () => {
  const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"

  it("lists the account's sessions with browser and times, this one first and marked, never a session id", async () => {
    const customer = await asNewCustomer()
    const phone = new ApiClient()
    const login = await phone.post(
      "/api/login",
      { username: customer.details.username, password: customer.details.password },
      { headers: { "user-agent": FIREFOX } },
    )
    expect(login.status).toBe(200)
    // Someone else's sessions are not listed.
    await asNewCustomer()

    const { status, body } = await customer.get("/api/account/sessions")
    expect(status).toBe(200)
    const sessions = accountSessionListSchema.parse(body)
    expect(sessions).toHaveLength(2)
    expect(sessions[0]!.current).toBe(true)
    expect(sessions[1]).toMatchObject({ current: false, userAgent: FIREFOX })
    for (const session of sessions) {
      expect(Date.parse(session.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(session.signedInAt))
      expect(Date.now() - Date.parse(session.signedInAt)).toBeLessThan(5 * 60_000)
    }
    // The ids are digests: neither cookie's value appears in the answer.
    const text = JSON.stringify(body)
    for (const cookie of [customer.cookie()!, phone.cookie()!]) {
      expect(text).not.toContain(decodeURIComponent(cookie).slice(2, 34))
    }
    expect((await phone.get("/api/account/sessions")).body[0]).toMatchObject({ current: true, userAgent: FIREFOX })
  })

  it("signs out everywhere else: the other sessions end, this one stays", async () => {
    const customer = await asNewCustomer()
    const others = [new ApiClient(), new ApiClient()]
    for (const other of others) {
      expect((await other.post("/api/login", { username: customer.details.username, password: customer.details.password })).status).toBe(
        200,
      )
    }
    const { status, body } = await customer.delete("/api/account/sessions")
    expect(status).toBe(200)
    expect(body).toEqual({ message: "2 other sessions signed out", ended: 2 })
    for (const other of others) expect((await other.get("/api/account")).status).toBe(401)
    expect((await customer.get("/api/account")).status).toBe(200)
    const left = (await customer.get("/api/account/sessions")).body
    expect(left).toHaveLength(1)
    expect(left[0].current).toBe(true)
    expect((await customer.delete("/api/account/sessions")).body).toEqual({ message: "0 other sessions signed out", ended: 0 })
  })

  it("answers 401 to a visitor", async () => {
    expect((await asVisitor().get("/api/account/sessions")).status).toBe(401)
    expect((await asVisitor().delete("/api/account/sessions")).status).toBe(401)
  })
})
