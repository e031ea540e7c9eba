/**
 * A forgotten password: the request answers the same whether or not the address has an
 * account, the mail arrives at the loopback SMTP server with a link that works once and for an
 * hour, the new password signs in and every older session ends.
 */
import { describe, expect, it } from "vitest"
import { PASSWORD_RESET_SENT_MESSAGE, RESET_LINK_INVALID_MESSAGE } from "@enclave/contract"
import { asNewCustomer, asVisitor, fromNewAddress } from "../support/api.ts"
import { readMails, waitForMail } from "../support/mailbox.ts"
import { databaseUrlOf } from "../support/races.ts"
import { shopUrl } from "../support/urls.ts"
import pg from "pg"

/** Asks for a reset of the customer's address and answers the token of the link in the mail that arrives. */
async function mailedToken(email: string): Promise<{ token: string; link: URL }> {
  const since = new Date()
  const answer = await asVisitor().post("/api/password-reset", { email: email.toUpperCase() })
  expect(answer.status).toBe(202)
  const mail = await waitForMail({ to: email, since, subject: /password|passwort/i })
  const href = mail.text.match(/https?:\/\/\S+\/auth\/reset\?token=[A-Za-z0-9_%-]+/)?.[0]
  expect(href, mail.text).toBeDefined()
  expect(mail.html).toContain(href!.replace(/&/g, "&amp;"))
  const link = new URL(href!)
  return { token: link.searchParams.get("token")!, link }
}

describe("POST /api/password-reset", () => {
  it("answers 202 with the same message for an address with and without an account", async () => {
    const customer = await asNewCustomer()
    const known = await asVisitor().post("/api/password-reset", { email: customer.details.email })
    const unknown = await asVisitor().post("/api/password-reset", { email: `nobody-${customer.details.username}@example.org` })
    expect(known.status).toBe(202)
    expect(unknown.status).toBe(202)
    expect(known.body).toEqual({ message: PASSWORD_RESET_SENT_MESSAGE })
    expect(unknown.body).toEqual(known.body)
  })

  it("answers before it looks the address up, so its time cannot tell whether an account exists", async () => {
    const customer = await asNewCustomer()
    // The accounts' table is held locked: a request that looked the address up before answering would
    // wait for the lock, one that answers first does not (an order of events, not a measured time).
    const lock = new pg.Client({ connectionString: databaseUrlOf(shopUrl()) })
    await lock.connect()
    const since = new Date()
    try {
      await lock.query("begin")
      await lock.query("lock table shop_user in access exclusive mode")
      const answers = Promise.all(
        [customer.details.email, `nobody-${customer.details.username}@example.org`].map((email) =>
          asVisitor().post("/api/password-reset", { email }),
        ),
      )
      const outcome = await Promise.race([answers, new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), 20_000))])
      expect(outcome, "the answer waited for the account lookup").not.toBe("waited")
      const [known, unknown] = outcome as Awaited<typeof answers>
      expect(known.status).toBe(202)
      expect(unknown.body).toEqual(known.body)
      // …and the lookups answered for are still waiting behind the lock.
      await expect
        .poll(async () => {
          const { rows } = await lock.query(
            "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%shop_user%'",
          )
          return rows[0].n
        })
        .toBeGreaterThan(0)
    } finally {
      await lock.query("rollback")
      await lock.end()
    }
    // The work went on after the answer: the link still arrives.
    await waitForMail({ to: customer.details.email, since, subject: /password|passwort/i })
  })

  it("refuses what is not an e-mail address with 400 on the field", async () => {
    for (const body of [{}, { email: "not-an-address" }, { email: 42 }, { email: "a@b.c", extra: 1 }]) {
      const { status } = await asVisitor().post("/api/password-reset", body)
      expect(status, JSON.stringify(body)).toBe(400)
    }
  })
})

describe("the reset link", () => {
  it("sets a new password once: the old password and every older session stop working, the link then is refused", async () => {
    const customer = await asNewCustomer()
    const { token, link } = await mailedToken(customer.details.email)
    expect(link.pathname).toBe("/auth/reset")
    const confirmed = await asVisitor().post("/api/password-reset/confirm", { token, password: "a brand new passphrase" })
    expect(confirmed.status).toBe(200)
    // The session of before the reset (a stolen cookie among them) has ended.
    expect((await customer.get("/api/user")).status).toBe(401)
    const old = await fromNewAddress().post("/api/login", { username: customer.details.username, password: customer.details.password })
    expect(old.status).toBe(401)
    const fresh = await fromNewAddress().post("/api/login", { username: customer.details.username, password: "a brand new passphrase" })
    expect(fresh.status).toBe(200)
    const again = await asVisitor().post("/api/password-reset/confirm", { token, password: "yet another passphrase" })
    expect(again.status).toBe(400)
    expect(again.body.details.fields.token).toBe(RESET_LINK_INVALID_MESSAGE)
    // The customer is told by mail that the password changed.
    await waitForMail({ to: customer.details.email, subject: /changed|geändert/i })
  })

  it("works once even when two requests use it at the same moment", async () => {
    const customer = await asNewCustomer()
    const { token } = await mailedToken(customer.details.email)
    const answers = await Promise.all(
      ["first racing passphrase", "second racing passphrase"].map((password) =>
        asVisitor().post("/api/password-reset/confirm", { token, password }),
      ),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400])
  })

  it("ends with a newer link: only the link used first counts, the others of the account stop working", async () => {
    const customer = await asNewCustomer()
    const first = await mailedToken(customer.details.email)
    // The mailbox tells mails apart by their arrival, to the second.
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    const second = await mailedToken(customer.details.email)
    expect(first.token).not.toBe(second.token)
    expect((await asVisitor().post("/api/password-reset/confirm", { token: second.token, password: "the second passphrase" })).status).toBe(
      200,
    )
    expect((await asVisitor().post("/api/password-reset/confirm", { token: first.token, password: "the first passphrase" })).status).toBe(
      400,
    )
  })

  it("a new link ends the older ones: of five links asked for, only the newest works", async () => {
    const customer = await asNewCustomer()
    /** The tokens of every reset mail the customer got so far, oldest first. */
    const mailedTokens = async () =>
      (await readMails(process.env.ENCLAVE_MAILBOX!))
        .filter((mail) => mail.to.includes(customer.details.email) && /password|passwort/i.test(mail.subject))
        .sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime())
        .map((mail) => new URL(mail.text.match(/https?:\/\/\S+\/auth\/reset\?token=[A-Za-z0-9_%-]+/)![0]).searchParams.get("token")!)
    for (let i = 1; i <= 5; i++) {
      expect((await asVisitor().post("/api/password-reset", { email: customer.details.email })).status).toBe(202)
      await expect.poll(async () => (await mailedTokens()).length, { timeout: 30_000 }).toBe(i)
    }
    const links = await mailedTokens()
    expect(new Set(links).size).toBe(5)
    for (const token of links.slice(0, 4)) {
      const old = await asVisitor().post("/api/password-reset/confirm", { token, password: "an older link's passphrase" })
      expect(old.status).toBe(400)
      expect(old.body.details.fields.token).toBe(RESET_LINK_INVALID_MESSAGE)
    }
    expect(
      (await asVisitor().post("/api/password-reset/confirm", { token: links[4], password: "the newest link's passphrase" })).status,
    ).toBe(200)
  })

  it("refuses an unknown token, and a password that breaks the rules without using the link up", async () => {
    const unknown = await asVisitor().post("/api/password-reset/confirm", { token: "x".repeat(43), password: "long enough passphrase" })
    expect(unknown.status).toBe(400)
    expect(unknown.body.message).toBe(RESET_LINK_INVALID_MESSAGE)
    const customer = await asNewCustomer()
    const { token } = await mailedToken(customer.details.email)
    const short = await asVisitor().post("/api/password-reset/confirm", { token, password: "short" })
    expect(short.status).toBe(400)
    expect(short.body.details.fields.password).toBe("Password must be at least 8 characters")
    expect((await asVisitor().post("/api/password-reset/confirm", { token, password: "long enough passphrase" })).status).toBe(200)
  })
})
