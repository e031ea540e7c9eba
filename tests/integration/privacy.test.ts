/**
 * The account's privacy (docs/product.md "Your data", "Encrypted mail"): mail encrypted to the
 * customer's OpenPGP key (PGP/MIME, RFC 3156), the data download (GDPR Art. 15, 20), the deletion
 * of the account (Art. 17) with the orders kept, the sessions one can end, and the scheduled job that
 * prunes sign-in records. Against the shared shop; mails are read from its loopback SMTP server.
 */
import fs from "node:fs"
import { simpleParser, type ParsedMail } from "mailparser"
import * as openpgp from "openpgp"
import pg from "pg"
import { beforeAll, describe, expect, it } from "vitest"
import {
  accountDataSchema,
  accountSessionListSchema,
  ADMIN_ACCOUNT_DELETION_CODE,
  orderSchema,
  PGP_KEY_REFUSAL_MESSAGES,
  passkeyCreationOptionsSchema,
  passkeyRequestOptionsSchema,
  pgpKeySavedSchema,
  pgpKeyStateSchema,
} from "@enclave/contract"
import { ApiClient, asAdmin, asNewCustomer, asVisitor, fromNewAddress, type Json } from "../support/api.ts"
import { readMails, waitForMail, type ReceivedMail } from "../support/mailbox.ts"
import { MedusaAdmin } from "../support/medusa-admin.ts"
import { buyWithSandboxCard, createRaceProduct, databaseUrlOf, medusaOfShop } from "../support/races.ts"
import { shopUrl } from "../support/urls.ts"
import { SoftAuthenticator } from "../support/webauthn.ts"

let admin: ApiClient
let databaseUrl: string

beforeAll(async () => {
  admin = await asAdmin()
  databaseUrl = databaseUrlOf(shopUrl())
})

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return (await client.query(text, values)).rows as T[]
  } finally {
    await client.end()
  }
}

/** A key pair whose user ID is `email`; `validForSeconds` makes it expire that long after now. */
async function keyPair(email: string, validForSeconds?: number) {
  const day = 86_400
  const { publicKey, privateKey } = await openpgp.generateKey({
    type: "ecc",
    curve: "curve25519Legacy",
    userIDs: [{ name: "Test Customer", email }],
    format: "armored",
    ...(validForSeconds === undefined ? {} : { date: new Date(Date.now() - day * 1000), keyExpirationTime: day + validForSeconds }),
  })
  return { publicKey, privateKey }
}

/** A key for `email` that can only sign: its primary key and no encryption subkey. */
async function signingOnlyKey(email: string): Promise<string> {
  const { publicKey } = await openpgp.generateKey({
    type: "ecc",
    curve: "curve25519Legacy",
    userIDs: [{ email }],
    subkeys: [],
    format: "armored",
  })
  return publicKey
}

/** A key for `email` that its owner has revoked with the certificate made beside it. */
async function revokedKey(email: string): Promise<string> {
  const { privateKey, revocationCertificate } = await openpgp.generateKey({
    type: "ecc",
    curve: "curve25519Legacy",
    userIDs: [{ email }],
    format: "armored",
  })
  const { publicKey } = await openpgp.revokeKey({
    key: await openpgp.readPrivateKey({ armoredKey: privateKey }),
    revocationCertificate,
    format: "armored",
  })
  return publicKey
}

/** The mail's .eml decrypted with the private key: the outer message and the MIME entity inside it. */
async function decrypt(mail: ReceivedMail, privateKey: string): Promise<{ outer: ParsedMail; inner: ParsedMail }> {
  const outer = await simpleParser(fs.readFileSync(mail.file))
  expect(outer.headers.get("content-type")).toMatchObject({
    value: "multipart/encrypted",
    params: { protocol: "application/pgp-encrypted" },
  })
  const armored = outer.attachments.find((a) => a.contentType === "application/octet-stream")
  expect(armored, "the encrypted part").toBeDefined()
  const { data } = await openpgp.decrypt({
    message: await openpgp.readMessage({ armoredMessage: armored!.content.toString("utf8") }),
    decryptionKeys: await openpgp.readPrivateKey({ armoredKey: privateKey }),
    format: "binary",
  })
  return { outer, inner: await simpleParser(Buffer.from(data as Uint8Array)) }
}

/** Waits past the mailbox's one-second slack, so a mail asked for now is not confused with an earlier one. */
async function freshMoment(): Promise<Date> {
  await new Promise((resolve) => setTimeout(resolve, 1_100))
  return new Date(Date.now() + 1_000)
}

/** Asks for a reset link and waits for the mail it makes (its subject as it arrives: plain or the encrypted one's). */
async function resetMailOf(customer: Awaited<ReturnType<typeof asNewCustomer>>, subject: RegExp) {
  const since = await freshMoment()
  expect((await asVisitor().post("/api/password-reset", { email: customer.details.email })).status).toBe(202)
  return waitForMail({ to: customer.details.email, subject, since })
}

/** A mail's text with what differs between two customers (their names, addresses, links) taken out. */
const normalised = (text: string, customer: { details: { username: string; email: string } }) =>
  text
    .replaceAll(customer.details.username, "<username>")
    .replaceAll(customer.details.email, "<email>")
    .replace(/token=[\w-]+/g, "token=<token>")
    .replace(/\r\n/g, "\n")
    .trim()

describe("encrypted mail (OpenPGP, PGP/MIME)", () => {
  it("takes a key for the account's address, sends an encrypted test mail, and encrypts every mail to the same content as the plain one", async () => {
    const customer = await asNewCustomer()
    const plain = await asNewCustomer()
    const { publicKey, privateKey } = await keyPair(customer.details.email)
    const since = new Date()
    const saved = await customer.put("/api/account/pgp-key", { publicKey })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const { key } = pgpKeySavedSchema.parse(saved.body)
    const expected = (await openpgp.readKey({ armoredKey: publicKey })).getFingerprint().toUpperCase()
    expect(key.fingerprint).toBe(expected)
    expect(key.userIds).toEqual([`Test Customer <${customer.details.email}>`])
    expect(pgpKeyStateSchema.parse((await customer.get("/api/account/pgp-key")).body).key?.fingerprint).toBe(expected)

    const test = await waitForMail({ to: customer.details.email, since })
    expect(test.subject).toBe("Encrypted message from Enclave")
    expect(test.text).not.toContain(expected)
    const opened = await decrypt(test, privateKey)
    expect(opened.inner.subject).toBe("Your encrypted mail from Enclave works")
    expect(opened.inner.text).toContain(expected)
    expect(opened.inner.html).toContain(expected)

    // The same mail (a reset link) to a customer with a key and one without: the same content, once decrypted.
    const encrypted = await resetMailOf(customer, /Encrypted message/)
    const plainReset = await resetMailOf(plain, /Reset your/)
    expect(encrypted.subject).toBe("Encrypted message from Enclave")
    expect(encrypted.text).not.toContain("token=")
    const decrypted = await decrypt(encrypted, privateKey)
    expect(decrypted.inner.subject).toBe(plainReset.subject)
    expect(normalised(decrypted.inner.text ?? "", customer)).toBe(normalised(plainReset.text, plain))
    expect(decrypted.inner.text).toMatch(/token=[\w-]+/)

    // Removed: mails go plain again.
    expect((await customer.delete("/api/account/pgp-key")).status).toBe(200)
    expect(pgpKeyStateSchema.parse((await customer.get("/api/account/pgp-key")).body).key).toBeNull()
    expect((await resetMailOf(customer, /Reset your/)).text).toMatch(/token=/)
  })

  it("refuses what it cannot encrypt to, each with its reason on the field", async () => {
    const customer = await asNewCustomer()
    const other = await keyPair("someone-else@example.org")
    const expired = await keyPair(customer.details.email, -3_600)
    const cases: Array<[string, string, string]> = [
      ["not a key", "hello", "not_a_key"],
      ["a private key", (await keyPair(customer.details.email)).privateKey, "private_key"],
      ["another address", other.publicKey, "email_missing"],
      ["an expired key", expired.publicKey, "expired"],
      ["a key that only signs", await signingOnlyKey(customer.details.email), "no_encryption_key"],
      ["a revoked key", await revokedKey(customer.details.email), "revoked"],
    ]
    for (const [what, publicKey, code] of cases) {
      const answer = await customer.put("/api/account/pgp-key", { publicKey })
      expect(answer.status, what).toBe(400)
      expect(answer.body.details.code, what).toBe(code)
      expect(answer.body.details.fields.publicKey, what).toBe(answer.body.message)
    }
    const missing = await customer.put("/api/account/pgp-key", { publicKey: "" })
    expect(missing.status).toBe(400)
    expect(missing.body.details.fields.publicKey).toBe("Paste your public key")
    expect((await customer.put("/api/account/pgp-key", { publicKey: other.publicKey })).body.message).toBe(
      PGP_KEY_REFUSAL_MESSAGES.email_missing.replace("{email}", customer.details.email),
    )
    expect(pgpKeyStateSchema.parse((await customer.get("/api/account/pgp-key")).body).key).toBeNull()
    expect((await asVisitor().get("/api/account/pgp-key")).status).toBe(401)
  })

  it("encrypts the order's confirmation and the withdrawal's receipt to the buyer's key, and sends them plain to a buyer without one", async () => {
    const product = await createRaceProduct(admin, 10)
    const withKey = await asNewCustomer()
    const withoutKey = await asNewCustomer()
    const { publicKey, privateKey } = await keyPair(withKey.details.email)
    const saved = new Date()
    expect((await withKey.put("/api/account/pgp-key", { publicKey })).status).toBe(200)
    await waitForMail({ to: withKey.details.email, since: saved })

    for (const buyer of [withKey, withoutKey]) {
      const since = await freshMoment()
      expect((await buyer.post("/api/cart", { productId: product.id, quantity: 1 })).status).toBe(201)
      const placed = await buyWithSandboxCard(buyer)
      expect(placed.status, JSON.stringify(placed.body)).toBe(201)
      const order = orderSchema.parse(placed.body)
      const confirmation = new RegExp(`Your Enclave order #${order.id} is confirmed`)
      const receipt = new RegExp(`[Ww]ithdrawal.*#${order.id}`)
      if (buyer === withKey) {
        const mail = await waitForMail({ to: buyer.details.email, subject: /Encrypted message/, since })
        expect(mail.text).not.toContain(product.name)
        const { inner } = await decrypt(mail, privateKey)
        expect(inner.subject).toMatch(confirmation)
        expect(inner.text).toContain(product.name)
      } else {
        const mail = await waitForMail({ to: buyer.details.email, subject: confirmation, since })
        expect(mail.text).toContain(product.name)
      }

      const stated = await freshMoment()
      const withdrawn = await buyer.post("/api/withdrawals", { orderId: order.id, name: "Ada Lovelace", email: buyer.details.email })
      expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(201)
      if (buyer === withKey) {
        const mail = await waitForMail({ to: buyer.details.email, subject: /Encrypted message/, since: stated })
        expect(mail.text).not.toContain("Ada Lovelace")
        const { inner } = await decrypt(mail, privateKey)
        expect(inner.subject).toMatch(receipt)
        expect(inner.text).toContain("Ada Lovelace")
      } else {
        const mail = await waitForMail({ to: buyer.details.email, subject: receipt, since: stated })
        expect(mail.text).toContain("Ada Lovelace")
      }
    }
    // The receipt is the account's own mail: listed in its data download.
    const data = accountDataSchema.parse((await withKey.get("/api/account/data")).body)
    expect(data.mails.map((m) => m.template)).toEqual(expect.arrayContaining(["order-confirmation", "withdrawal-receipt"]))
  })

  it("sends a short plain notice instead of the mail when the key has expired since it was saved", async () => {
    const customer = await asNewCustomer()
    const { publicKey } = await keyPair(customer.details.email, 8)
    const since = new Date()
    expect((await customer.put("/api/account/pgp-key", { publicKey })).status).toBe(200)
    await waitForMail({ to: customer.details.email, since })
    await new Promise((resolve) => setTimeout(resolve, 8_000))
    const notice = await resetMailOf(customer, /could not be sent/)
    expect(notice.text).toContain("the key expired on")
    expect(notice.text).not.toMatch(/token=|reset/i)
    expect(fs.readFileSync(notice.file, "utf8")).not.toContain("multipart/encrypted")
  })
})

describe("GET /api/account/data", () => {
  it("holds every listed part of the customer and nothing of another", async () => {
    const product = await createRaceProduct(admin, 10)
    const customer = await asNewCustomer()
    const other = await asNewCustomer()
    const orders: number[] = []
    for (const buyer of [customer, other]) {
      expect((await buyer.post("/api/cart", { productId: product.id, quantity: 1 })).status).toBe(201)
      const placed = await buyWithSandboxCard(buyer)
      expect(placed.status, JSON.stringify(placed.body)).toBe(201)
      orders.push(orderSchema.parse(placed.body).id)
    }
    const withdrawn = await customer.post("/api/withdrawals", { orderId: orders[0], name: "Ada Lovelace", email: customer.details.email })
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(201)
    await waitForMail({ to: customer.details.email, subject: /order #\d+ is confirmed/ })

    const answer = await customer.get("/api/account/data")
    expect(answer.status).toBe(200)
    expect(answer.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="enclave-data-${customer.details.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    )
    expect(answer.headers.get("cache-control")).toBe("no-store")
    const data = accountDataSchema.parse(answer.body)
    expect(data.account).toMatchObject({ username: customer.details.username, email: customer.details.email })
    expect(data.addresses[0]).toMatchObject({ source: "account", city: customer.details.city })
    expect(data.orders.map((o) => o.id)).toEqual([orders[0]])
    expect((data.orders[0] as Json).items[0]).toMatchObject({ productId: product.id, quantity: 1 })
    expect((data.orders[0] as Json).payments[0]).toMatchObject({
      provider: expect.any(String),
      captured: expect.stringMatching(/^\d+\.\d\d$/),
    })
    expect(data.withdrawals).toHaveLength(1)
    expect(data.withdrawals[0]).toMatchObject({ orderId: orders[0], name: "Ada Lovelace" })
    expect(data.signIns[0]).toMatchObject({ method: "registration", endedAt: null, address: expect.any(String) })
    expect(data.sessions).toHaveLength(1)
    expect(data.passkeys).toEqual([])
    expect(data.pgpKey).toBeNull()
    expect(data.mails.some((m) => m.template === "order-confirmation" && /#\d+/.test(m.subject ?? ""))).toBe(true)
    expect(data.consents).toEqual([])

    const text = JSON.stringify(answer.body)
    for (const foreign of [other.details.username, other.details.email]) expect(text).not.toContain(foreign)
    expect(data.orders.map((o) => o.id)).not.toContain(orders[1])
    expect(data.withdrawals.map((w) => w.orderId)).not.toContain(orders[1])
    for (const secret of [customer.cookie() ?? "no cookie", "two_factor_secret", "password_hash"]) expect(text).not.toContain(secret)
    expect((await asVisitor().get("/api/account/data")).status).toBe(401)
  })
})

describe("POST /api/account/deletion", () => {
  it("needs the password, ends every session at once, frees the username and keeps the orders detached and marked", async () => {
    const product = await createRaceProduct(admin, 10)
    const customer = await asNewCustomer()
    expect((await customer.post("/api/cart", { productId: product.id, quantity: 1 })).status).toBe(201)
    const placed = await buyWithSandboxCard(customer)
    expect(placed.status).toBe(201)
    const order = orderSchema.parse(placed.body)
    expect((await customer.post("/api/cart", { productId: product.id, quantity: 1 })).status).toBe(201)
    const elsewhere = fromNewAddress()
    expect((await elsewhere.post("/api/login", { username: customer.details.username, password: customer.details.password })).status).toBe(
      200,
    )

    const wrong = await customer.post("/api/account/deletion", { password: "not the password" })
    expect(wrong.status).toBe(400)
    expect(wrong.body.details.fields.password).toBe("Password is incorrect")
    expect((await customer.post("/api/account/deletion", {})).status).toBe(400)
    expect((await customer.get("/api/account")).status).toBe(200)
    expect((await elsewhere.get("/api/account")).status).toBe(200)

    const since = new Date()
    const deleted = await customer.post("/api/account/deletion", { password: customer.details.password })
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200)
    expect(deleted.body.message).toBe("Your account has been deleted")
    expect((await customer.get("/api/account")).status).toBe(401)
    expect((await elsewhere.get("/api/account")).status).toBe(401)
    const signIn = await fromNewAddress().post("/api/login", { username: customer.details.username, password: customer.details.password })
    expect(signIn.status).toBe(401)

    const last = await waitForMail({ to: customer.details.email, subject: /deleted/, since })
    expect(last.text).toContain(customer.details.username)
    expect(last.text).toContain("§ 147 AO")

    // The order stays: detached in the shop's admin, marked in Medusa's, its invoice still there.
    const listed = (await admin.get("/api/admin/orders")).body as Json[]
    const kept = orderSchema.parse(listed.find((o) => o.id === order.id))
    expect(kept.userId).toBeNull()
    expect(kept.accountDeletedAt).toMatch(/^\d{4}-/)
    expect(kept.total).toBe(order.total)
    const invoice = await admin.request("GET", `/api/orders/${order.id}/invoice.pdf`)
    expect(invoice.status).toBe(200)
    const [row] = await sql<{ id: string; customer_id: string }>(`select id, customer_id from "order" where display_id = $1`, [order.id])
    const medusa = await MedusaAdmin.signIn(medusaOfShop(shopUrl()).url)
    const medusaOrder = await medusa.get(`/admin/orders/${row!.id}?fields=id,metadata,email`)
    expect(medusaOrder.body.order.metadata.account_deleted_at).toBe(kept.accountDeletedAt)
    expect(medusaOrder.body.order.email).toBe(customer.details.email)
    expect((await medusa.get(`/admin/customers/${row!.customer_id}`)).status).toBe(404)
    const [customerRow] = await sql(
      `select email, first_name, last_name, has_account, deleted_at is not null as deleted from customer where id = $1`,
      [row!.customer_id],
    )
    expect(customerRow).toEqual({ email: null, first_name: null, last_name: null, has_account: false, deleted: true })
    // The open cart (one item, put in after the order) went with the account.
    const carts = await sql<{ open: number; deleted: number }>(
      `select count(*) filter (where deleted_at is null)::int as open, count(*) filter (where deleted_at is not null)::int as deleted
         from cart where customer_id = $1 and completed_at is null`,
      [row!.customer_id],
    )
    expect(carts).toEqual([{ open: 0, deleted: 1 }])
    const [account] = await sql(`select count(*)::int as n from shop_user where username_key = $1`, [
      customer.details.username.toLowerCase(),
    ])
    expect(account).toEqual({ n: 0 })

    // The username is free again.
    const again = await asVisitor().post("/api/register", { ...customer.details, email: `again-${customer.details.email}` })
    expect(again.status, JSON.stringify(again.body)).toBe(201)
  })

  it("deletes once when asked three times at once: one answer says so, the others find no account, one last mail", async () => {
    const customer = await asNewCustomer()
    const since = new Date()
    const answers = await Promise.all([1, 2, 3].map(() => customer.post("/api/account/deletion", { password: customer.details.password })))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401])
    await waitForMail({ to: customer.details.email, subject: /deleted/, since })
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    const mails = (await readMails(process.env.ENCLAVE_MAILBOX!)).filter(
      (m) => m.to.includes(customer.details.email) && /deleted/.test(m.subject),
    )
    expect(mails).toHaveLength(1)
  })

  it("takes one of the account's passkeys instead of the password, lists it in the data download first, and removes it with the account", async () => {
    const customer = await asNewCustomer()
    const authenticator = new SoftAuthenticator(shopUrl())
    const { response: created } = authenticator.create(
      passkeyCreationOptionsSchema.parse((await customer.post("/api/account/passkeys/registration/options")).body),
    )
    expect((await customer.post("/api/account/passkeys", { name: "Test phone", response: created })).status).toBe(201)
    const data = accountDataSchema.parse((await customer.get("/api/account/data")).body)
    expect(data.passkeys).toEqual([expect.objectContaining({ name: "Test phone" })])
    expect(JSON.stringify(data.passkeys)).not.toContain("publicKey")

    // An answer to another ceremony's challenge (a sign-in's) does not delete the account.
    const signInOptions = passkeyRequestOptionsSchema.parse((await asVisitor().post("/api/login/passkey/options")).body)
    const crossed = await customer.post("/api/account/deletion", { passkey: authenticator.get(signInOptions) })
    expect([crossed.status, crossed.body.details?.code]).toEqual([400, "passkey_challenge_invalid"])
    expect((await customer.get("/api/account")).status).toBe(200)

    const options = passkeyRequestOptionsSchema.parse((await customer.post("/api/account/passkeys/confirm/options")).body)
    const deleted = await customer.post("/api/account/deletion", { passkey: authenticator.get(options) })
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200)
    expect((await customer.get("/api/account")).status).toBe(401)
    const [left] = await sql(`select count(*)::int as n from passkey where credential_id = $1`, [authenticator.credentials[0]!.id])
    expect(left).toEqual({ n: 0 })
  })

  it("refuses an administrator's account and a visitor", async () => {
    const refused = await admin.post("/api/account/deletion", { password: "whatever it is" })
    expect(refused.status).toBe(409)
    expect(refused.body.details.code).toBe(ADMIN_ACCOUNT_DELETION_CODE)
    expect((await admin.get("/api/account")).status).toBe(200)
    expect((await asVisitor().post("/api/account/deletion", { password: "x" })).status).toBe(401)
  })
})

describe("sessions and sign-in records", () => {
  it("lists each session with its network and ends one other session by its id", async () => {
    const customer = await asNewCustomer()
    const other = fromNewAddress()
    expect((await other.post("/api/login", { username: customer.details.username, password: customer.details.password })).status).toBe(200)
    const sessions = accountSessionListSchema.parse((await customer.get("/api/account/sessions")).body)
    expect(sessions).toHaveLength(2)
    const [mine, theirs] = sessions
    expect(mine!.current).toBe(true)
    expect(theirs!.network).toMatch(/^127\.\d+\.\d+\.0\/24$/)
    expect((await customer.request("DELETE", `/api/account/sessions/${mine!.id}`)).status).toBe(404)
    expect((await customer.request("DELETE", "/api/account/sessions/0123456789abcdef")).status).toBe(404)
    expect((await other.request("DELETE", `/api/account/sessions/${mine!.id}`)).status).toBe(200)
    expect((await customer.get("/api/account")).status).toBe(401)
    expect((await other.get("/api/account")).status).toBe(200)
  })

  it("the scheduled job deletes ended sessions' records and old client addresses after SIGN_IN_RECORD_DAYS", async () => {
    const customer = await asNewCustomer()
    const later = new ApiClient()
    expect((await later.post("/api/login", { username: customer.details.username, password: customer.details.password })).status).toBe(200)
    expect((await later.post("/api/logout")).status).toBeLessThan(300)
    const [user] = await sql<{ id: string }>(`select id from shop_user where username_key = $1`, [customer.details.username.toLowerCase()])
    const records = () =>
      sql<{ method: string; address: string | null; ended_at: Date | null }>(
        `select method, address, ended_at from sign_in_record where shop_user_id = $1 order by signed_in_at`,
        [user!.id],
      )
    expect((await records()).map((r) => [r.method, r.ended_at === null])).toEqual([
      ["registration", true],
      ["password", false],
    ])
    // Forty days on: the ended one goes, the open one keeps its row but not its address.
    await sql(
      `update sign_in_record set signed_in_at = now() - interval '40 days', ended_at = case when ended_at is null then null else now() - interval '40 days' end where shop_user_id = $1`,
      [user!.id],
    )
    const medusa = await MedusaAdmin.signIn(medusaOfShop(shopUrl()).url)
    const run = await medusa.post("/admin/workflows-executions/job-enclave-prune-sign-in-records/run", { input: {} })
    expect(run.status, JSON.stringify(run.body)).toBe(200)
    await expect.poll(records, { timeout: 10_000 }).toEqual([{ method: "registration", address: null, ended_at: null }])
    expect((await customer.get("/api/account")).status).toBe(200)
  })
})
