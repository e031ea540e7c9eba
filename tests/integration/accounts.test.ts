import { describe, expect, it } from "vitest"
import {
  CHALLENGE_REQUIRED_MESSAGE,
  challengeRequiredSchema,
  SIGN_IN_CHALLENGE_AFTER,
  signInLockedMessage,
  userListSchema,
  userSchema,
} from "@enclave/contract"
import { ApiClient, asAdmin, asNewCustomer, asVisitor, fromNewAddress, newUserDetails, type ApiAnswer } from "../support/api.ts"
import { medusaOfShop } from "../support/races.ts"
import { solveSignInChallenge } from "../support/sign-in-challenge.ts"
import { shopUrl } from "../support/urls.ts"

/** Keys that would carry a secret; `passwordLastChanged` is a date and may be shown. */
const SECRET_KEY =
  /^"(password|passwordHash|password_hash|hash|twoFactorSecret|two_factor_secret|encryptionKey|encryption_key|provider_metadata|securityQuestions)":$/i

function expectNoSecrets(body: unknown) {
  const keys = JSON.stringify(body).match(/"([^"]+)":/g) ?? []
  for (const key of keys) expect(key).not.toMatch(SECRET_KEY)
  // A scrypt hash in base64 starts with "c2NyeXB0" ("scrypt").
  expect(JSON.stringify(body)).not.toContain("c2NyeXB0")
}

describe("POST /api/register", () => {
  it("creates the account, signs it in, and answers the user without any secret", async () => {
    const client = asVisitor()
    const details = newUserDetails({ fullName: "Grace Hopper" })
    const { status, body, headers } = await client.post("/api/register", details)
    expect(status).toBe(201)
    const user = userSchema.parse(body)
    expect(user).toMatchObject({
      username: details.username,
      email: details.email,
      fullName: "Grace Hopper",
      isAdmin: false,
      city: "Berlin",
    })
    expectNoSecrets(body)
    const cookie = headers.getSetCookie().find((c) => c.startsWith("enclave.sid="))!
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).toMatch(/Path=\//)
    expect(cookie).not.toMatch(/Secure/i)
    const me = await client.get("/api/user")
    expect(me.status).toBe(200)
    expect(me.body.username).toBe(details.username)
  })

  it("ignores isAdmin: true: the account stays a customer and the back office stays closed", async () => {
    const customer = await asNewCustomer({ isAdmin: true })
    expect(customer.user).toMatchObject({ isAdmin: false })
    expect((await customer.get("/api/user")).body.isAdmin).toBe(false)
    expect((await customer.get("/api/admin/users")).status).toBe(403)
  })

  it("also refuses the username 'admin' a second time, in any letter case", async () => {
    const { status, body } = await asVisitor().post("/api/register", newUserDetails({ username: "ADMIN", isAdmin: true }))
    expect(status).toBe(409)
    expect(body.message).toBe("Username already taken")
  })

  it("answers 409 for a taken username (any case) or email", async () => {
    const first = await asNewCustomer()
    const sameName = await asVisitor().post("/api/register", newUserDetails({ username: first.details.username.toUpperCase() }))
    expect(sameName.status).toBe(409)
    expect(sameName.body.message).toBe("Username already taken")
    const sameEmail = await asVisitor().post("/api/register", newUserDetails({ email: first.details.email.toUpperCase() }))
    expect(sameEmail.status).toBe(409)
    expect(sameEmail.body.message).toBe("An account with this email address already exists")
  })

  it("registrations racing for one username or one e-mail address: exactly one account, the others a 409 that leaves nothing behind", async () => {
    const base = newUserDetails()
    const losers: Array<{ username: string }> = []
    for (const clash of ["username", "email"] as const) {
      const bodies = Array.from({ length: 8 }, (_, i) =>
        newUserDetails(
          clash === "username"
            ? { username: `${base.username}-name`, email: `name-${i}-${base.email}` }
            : { username: `${base.username}-mail-${i}`, email: `mail-${base.email}` },
        ),
      )
      const answers = await Promise.all(bodies.map((body) => asVisitor().post("/api/register", body)))
      expect(answers.map((answer) => answer.status).sort(), clash).toEqual([201, 409, 409, 409, 409, 409, 409, 409])
      answers.forEach((answer, i) => {
        if (answer.status === 409) {
          expect(answer.body.message, clash).toMatch(/already/)
          if (clash === "email") losers.push(bodies[i]!)
        }
      })
    }
    const users = (await (await asAdmin()).get("/api/admin/users")).body as Array<{ username: string; email: string }>
    expect(users.filter((u) => u.username === `${base.username}-name`)).toHaveLength(1)
    expect(users.filter((u) => u.email === `mail-${base.email}`)).toHaveLength(1)
    // A loser of the e-mail race kept no password identity or customer: its username registers now.
    const again = await asVisitor().post("/api/register", newUserDetails({ username: losers[0]!.username, email: `again-${base.email}` }))
    expect(again.status, JSON.stringify(again.body)).toBe(201)
  })

  it.each([
    [{ email: "not-an-email" }, "email", "Invalid email address"],
    [{ email: "" }, "email", "Email is required"],
    [{ email: "   " }, "email", "Email is required"],
    [{ addressLine1: "" }, "addressLine1", "Street address is required"],
    [{ city: "" }, "city", "City is required"],
    [{ state: " " }, "state", "State/Province is required"],
    [{ postalCode: "" }, "postalCode", "Postal code is required"],
    [{ country: "" }, "country", "Country is required"],
    [{ username: "" }, "username", "Username is required"],
    [{ password: "" }, "password", "Password is required"],
    [{ password: "short" }, "password", "Password must be at least 8 characters"],
    [{ confirmPassword: "something else" }, "confirmPassword", "Passwords don't match"],
    [{ city: 42 }, "city", "City must be a string"],
    [{ username: ["fuzzer"] }, "username", "Username must be a string"],
    [{ email: { address: "a@b.example" } }, "email", "Email must be a string"],
  ])("refuses %j with the docs/product.md §5 message on %s", async (override, field, message) => {
    const { status, body } = await asVisitor().post("/api/register", newUserDetails(override))
    expect(status).toBe(400)
    expect(body.details.fields[field]).toBe(message)
    expect(body.message).toBeTruthy()
  })

  it("names every failing field at once", async () => {
    const { status, body } = await asVisitor().post("/api/register", newUserDetails({ email: "x", city: "", country: "" }))
    expect(status).toBe(400)
    expect(body.details.fields).toMatchObject({ email: "Invalid email address", city: "City is required", country: "Country is required" })
  })

  it("refuses unknown fields, a missing body, malformed JSON and a huge body with 4xx JSON", async () => {
    const unknown = await asVisitor().post("/api/register", newUserDetails({ role: "admin" }))
    expect(unknown.status).toBe(400)
    const empty = await asVisitor().post("/api/register")
    expect(empty.status).toBe(400)
    const malformed = await asVisitor().post("/api/register", undefined, {
      raw: '{"username": ',
      headers: { "content-type": "application/json" },
    })
    expect(malformed.status).toBe(400)
    expect(malformed.body.message).toBe("The request body is not valid JSON")
    const huge = await asVisitor().post("/api/register", newUserDetails({ fullName: "x".repeat(300_000) }))
    expect(huge.status).toBe(413)
    expect(huge.body.message).toMatch(/too large/)
    const text = await asVisitor().post("/api/register", undefined, { raw: "username=x", headers: { "content-type": "text/plain" } })
    expect(text.status).toBe(400)
  })
})

describe("POST /api/login and /api/logout", () => {
  it("signs in by username with a new session id each time, and logout ends the session", async () => {
    const customer = await asNewCustomer()
    const client = new ApiClient()
    const first = await client.post("/api/login", { username: customer.details.username, password: customer.details.password })
    expect(first.status).toBe(200)
    expect(userSchema.parse(first.body).username).toBe(customer.details.username)
    expectNoSecrets(first.body)
    const firstCookie = client.cookie()!
    const second = await client.post("/api/login", { username: customer.details.username, password: customer.details.password })
    expect(second.status).toBe(200)
    expect(client.cookie()).not.toBe(firstCookie)
    const replay = new ApiClient()
    replay.setCookie("enclave.sid", firstCookie)
    expect((await replay.get("/api/user")).status).toBe(401)

    const loggedOut = await client.post("/api/logout")
    expect(loggedOut.status).toBe(200)
    expect(client.cookie()).toBeUndefined()
    const stale = new ApiClient()
    stale.setCookie("enclave.sid", second.headers.getSetCookie()[0].split(";")[0].split("=")[1])
    expect((await stale.get("/api/user")).status).toBe(401)
  })

  it("accepts the username in another letter case", async () => {
    const customer = await asNewCustomer()
    const { status } = await asVisitor().post("/api/login", {
      username: customer.details.username.toUpperCase(),
      password: customer.details.password,
    })
    expect(status).toBe(200)
  })

  it("answers the same 401 for a wrong password and an unknown user", async () => {
    const customer = await asNewCustomer()
    const wrong = await asVisitor().post("/api/login", { username: customer.details.username, password: "not the password" })
    const unknown = await asVisitor().post("/api/login", { username: "nobody-" + customer.details.username, password: "not the password" })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body).toEqual({ message: "Invalid username or password", code: "invalid_credentials" })
    expect(unknown.body).toEqual(wrong.body)
  })

  it("requires a username and a password", async () => {
    const { status, body } = await asVisitor().post("/api/login", {})
    expect(status).toBe(400)
    expect(body.details.fields).toEqual({ username: "Username is required", password: "Password is required" })
  })

  it("says so when the username or password is sent as something other than a string", async () => {
    const { status, body } = await asVisitor().post("/api/login", { username: ["admin"], password: 12345678 })
    expect(status).toBe(400)
    expect(body).toEqual({
      message: "Username must be a string",
      code: "invalid_input",
      details: { fields: { username: "Username must be a string", password: "Password must be a string" } },
    })
  })

  it("locks the username for the address after 5 failed attempts from it, even for the right password, and the admin sees it", async () => {
    const customer = await asNewCustomer()
    const guesser = fromNewAddress()
    const attempt = (password: string) => guesser.post("/api/login", { username: customer.details.username, password })
    for (let i = 1; i <= 4; i++) expect((await attempt("wrong password " + i)).status).toBe(401)
    const fifth = await attempt("wrong password 5")
    expect(fifth.status).toBe(423)
    expect(fifth.body).toEqual({
      message: signInLockedMessage(15),
      code: "account_locked",
      params: { minutes: 15 },
      details: { lock: "username", minutes: 15 },
    })
    expect(fifth.body.message).toMatch(/locked/i)
    const right = await attempt(customer.details.password)
    expect(right.status).toBe(423)
    expect(right.body.message).toMatch(/Try again in 15 minutes/)

    const admin = await asAdmin()
    const users = userListSchema.parse((await admin.get("/api/admin/users")).body)
    const seen = users.find((u) => u.id === customer.user.id)!
    // Six attempts failed: five wrong passwords and the refused right one.
    expect(seen).toMatchObject({ accountLocked: true, loginAttempts: 6 })
    expect(seen.lockedUntil).not.toBeNull()
  })

  it("resets the failure count after a successful sign-in", async () => {
    const customer = await asNewCustomer()
    for (let i = 0; i < 3; i++) await asVisitor().post("/api/login", { username: customer.details.username, password: "wrong" + i })
    const client = new ApiClient()
    expect((await client.post("/api/login", { username: customer.details.username, password: customer.details.password })).status).toBe(200)
    expect((await client.get("/api/user")).body).toMatchObject({ loginAttempts: 0, accountLocked: false })
  })
})

describe("sign-in locks belong to a username and a client address, never to the account (README: Signing in)", () => {
  it("lets the owner in from a fresh address after 50 guesses from 10 addresses: past 20 failures in the hour, with a solved challenge", async () => {
    const customer = await asNewCustomer()
    const username = customer.details.username
    // Ten addresses guess five times each, side by side, as a botnet would.
    const guessers = Array.from({ length: 10 }, () => fromNewAddress())
    const answers = await Promise.all(
      guessers.map(async (guesser) => {
        const seen: ApiAnswer[] = []
        for (let i = 1; i <= 5; i++) seen.push(await guesser.post("/api/login", { username, password: `guess ${i}` }))
        return seen
      }),
    )
    const all = answers.flat()
    // Exactly the first 20 were looked at (401, or 423 for an address's fifth); every later one was asked for the work.
    expect(all.filter((answer) => answer.status === 401 || answer.status === 423)).toHaveLength(SIGN_IN_CHALLENGE_AFTER)
    const challenged = all.filter((answer) => answer.status === 428)
    expect(challenged).toHaveLength(50 - SIGN_IN_CHALLENGE_AFTER)
    for (const answer of challenged) {
      expect(challengeRequiredSchema.parse(answer.body)).toMatchObject({
        message: CHALLENGE_REQUIRED_MESSAGE,
        details: { code: "challenge_required", challenge: { parameters: { algorithm: "SHA-256", data: { username } } } },
      })
    }

    // The owner, from elsewhere, is never locked out: asked for the work, then in.
    const owner = fromNewAddress()
    const asked = await owner.post("/api/login", { username, password: customer.details.password })
    expect(asked.status).toBe(428)
    const altcha = await solveSignInChallenge(asked.body)
    const signedIn = await owner.post("/api/login", { username, password: customer.details.password, altcha })
    expect(signedIn.status).toBe(200)
    expect(signedIn.body).toMatchObject({ username: customer.user.username, accountLocked: false })

    // A solution opens one attempt: sent again it is refused, and nothing is counted.
    const replayed = await fromNewAddress().post("/api/login", { username, password: customer.details.password, altcha })
    expect(replayed.status).toBe(428)
    expect(replayed.body.details.reason).toBe("used")

    // A challenge changed to last longer, and an unreadable solution, are refused alike.
    const forged = JSON.parse(Buffer.from(altcha, "base64").toString("utf8"))
    forged.challenge.parameters.data.username = username
    forged.challenge.parameters.expiresAt += 3600
    const tampered = await fromNewAddress().post("/api/login", {
      username,
      password: customer.details.password,
      altcha: Buffer.from(JSON.stringify(forged)).toString("base64"),
    })
    expect(tampered.body.details).toMatchObject({ code: "challenge_required", reason: "invalid" })
    const garbage = await fromNewAddress().post("/api/login", {
      username,
      password: customer.details.password,
      altcha: "not base64 at all",
    })
    expect(garbage.status).toBe(428)
    expect(garbage.body.details.reason).toBe("invalid")

    // A wrong password with a solved challenge is looked at, and counted.
    const guesser = fromNewAddress()
    const asked2 = await guesser.post("/api/login", { username, password: "still guessing" })
    expect(asked2.status).toBe(428)
    const wrong = await guesser.post("/api/login", {
      username,
      password: "still guessing",
      altcha: await solveSignInChallenge(asked2.body),
    })
    expect(wrong.status).toBe(401)

    // Another account is not affected.
    const other = await asNewCustomer()
    expect((await fromNewAddress().post("/api/login", { username: other.details.username, password: other.details.password })).status).toBe(
      200,
    )
  })

  it("counts wrong passwords only: an account signed in to more than 20 times in the hour is never asked for the work", async () => {
    const customer = await asNewCustomer()
    for (let i = 0; i < SIGN_IN_CHALLENGE_AFTER + 2; i++) {
      const answer = await new ApiClient().post("/api/login", { username: customer.details.username, password: customer.details.password })
      expect(answer.status, `sign-in ${i + 1}`).toBe(200)
    }
  })

  it("answers a username nobody has exactly like an existing one: the same statuses and messages, attempt by attempt", async () => {
    const customer = await asNewCustomer()
    const answersFor = async (username: string) => {
      const client = fromNewAddress()
      const answers: [number, unknown][] = []
      for (let i = 1; i <= 6; i++) {
        const answer = await client.post("/api/login", { username, password: `wrong password ${i}` })
        answers.push([answer.status, answer.body])
      }
      const withRightPassword = await client.post("/api/login", { username, password: customer.details.password })
      answers.push([withRightPassword.status, withRightPassword.body])
      return answers
    }
    const known = await answersFor(customer.details.username)
    const unknown = await answersFor("nobody-" + customer.details.username)
    expect(unknown).toEqual(known)
    const invalid = [401, { message: "Invalid username or password", code: "invalid_credentials" }]
    const locked = [
      423,
      { message: signInLockedMessage(15), code: "account_locked", params: { minutes: 15 }, details: { lock: "username", minutes: 15 } },
    ]
    expect(known).toEqual([invalid, invalid, invalid, invalid, locked, locked, locked])
  })

  it("keeps a guesser locked out when it sends an X-Forwarded-For of its own, and lets the owner in from elsewhere", async () => {
    const customer = await asNewCustomer()
    const guesser = fromNewAddress()
    for (let i = 1; i <= 5; i++) await guesser.post("/api/login", { username: customer.details.username, password: `guess ${i}` })
    for (const forged of ["203.0.113.7", "127.0.0.1", `${guesser.localAddress}, 198.51.100.1`]) {
      const answer = await guesser.post(
        "/api/login",
        { username: customer.details.username, password: customer.details.password },
        { headers: { "x-forwarded-for": forged } },
      )
      expect(answer.status, forged).toBe(423)
    }
    expect(
      (await fromNewAddress().post("/api/login", { username: customer.details.username, password: customer.details.password })).status,
    ).toBe(200)
  })
})

describe("GET /api/user", () => {
  it("answers 401 for a visitor and for a forged cookie", async () => {
    expect((await asVisitor().get("/api/user")).status).toBe(401)
    const forged = new ApiClient()
    forged.setCookie("enclave.sid", "s%3Aforged-session-id.c2lnbmF0dXJl")
    const { status, body } = await forged.get("/api/user")
    expect(status).toBe(401)
    expect(body.message).toBeTruthy()
  })
})

describe("session cookie over HTTPS", () => {
  it("is Secure when the trusted proxy says the shop was reached over HTTPS (its entry of X-Forwarded-Proto)", async () => {
    // Straight to Medusa, as the front door or nginx sends it: their entry is the last one.
    const viaProxy = new ApiClient(medusaOfShop(shopUrl()).url)
    const { status, headers } = await viaProxy.post("/api/register", newUserDetails(), { headers: { "x-forwarded-proto": "http,https" } })
    expect(status).toBe(201)
    expect(headers.getSetCookie().find((c) => c.startsWith("enclave.sid="))).toMatch(/Secure/)
  })

  it("is not Secure when only a client claims HTTPS: its header reaches Medusa with the front door's own entry after it", async () => {
    const { status, headers } = await asVisitor().post("/api/register", newUserDetails(), { headers: { "x-forwarded-proto": "https" } })
    expect(status).toBe(201)
    expect(headers.getSetCookie().find((c) => c.startsWith("enclave.sid="))).not.toMatch(/Secure/)
  })
})

describe("cross-origin requests", () => {
  it("refuses a state-changing call from another origin with 403, and allows the shop's own origin", async () => {
    const customer = await asNewCustomer()
    const evil = await customer.post("/api/logout", undefined, { headers: { origin: "https://evil.example" } })
    expect(evil.status).toBe(403)
    expect(evil.body.message).toBe("Cross-origin requests are not allowed")
    const crossSite = await customer.post("/api/logout", undefined, { headers: { "sec-fetch-site": "cross-site" } })
    expect(crossSite.status).toBe(403)
    expect((await customer.get("/api/user")).status).toBe(200)
    const own = await customer.post("/api/logout", undefined, { headers: { origin: customer.baseUrl, "sec-fetch-site": "same-origin" } })
    expect(own.status).toBe(200)
    expect((await customer.get("/api/user")).status).toBe(401)
  })

  it("refuses a cross-origin login too (login CSRF)", async () => {
    const customer = await asNewCustomer()
    const { status } = await asVisitor().post(
      "/api/login",
      { username: customer.details.username, password: customer.details.password },
      { headers: { origin: "http://attacker.example" } },
    )
    expect(status).toBe(403)
  })
})

describe("admin: users", () => {
  it("GET /api/admin/users: visitor 401, customer 403, admin the list with lock state and no secrets", async () => {
    const customer = await asNewCustomer()
    expect((await asVisitor().get("/api/admin/users")).status).toBe(401)
    expect((await customer.get("/api/admin/users")).status).toBe(403)
    const { status, body } = await (await asAdmin()).get("/api/admin/users")
    expect(status).toBe(200)
    const users = userListSchema.parse(body)
    expect(users.find((u) => u.username === "admin")).toMatchObject({ isAdmin: true })
    expect(users.find((u) => u.id === customer.user.id)).toMatchObject({ username: customer.details.username, accountLocked: false })
    expectNoSecrets(body)
  })

  it("GET /api/admin/order-user/{userId}: the profile, 404 unknown, 400 not a number", async () => {
    const customer = await asNewCustomer()
    const admin = await asAdmin()
    expect((await asVisitor().get(`/api/admin/order-user/${customer.user.id}`)).status).toBe(401)
    expect((await customer.get(`/api/admin/order-user/${customer.user.id}`)).status).toBe(403)
    const found = await admin.get(`/api/admin/order-user/${customer.user.id}`)
    expect(found.status).toBe(200)
    expect(userSchema.parse(found.body)).toMatchObject({ email: customer.details.email, postalCode: "10117" })
    expect((await admin.get("/api/admin/order-user/999999")).status).toBe(404)
    const bad = await admin.get("/api/admin/order-user/abc")
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe("User id must be a whole number")
  })
})

describe("unknown /api paths", () => {
  it("answer 404 JSON, not an HTML page", async () => {
    for (const path of ["/api/nope", "/api/products/1/nope", "/api/a/b/c/d"]) {
      const { status, headers, body } = await asVisitor().get(path)
      expect(status).toBe(404)
      expect(headers.get("content-type")).toMatch(/json/)
      expect(body.message).toMatch(/No API call/)
    }
  })
})
