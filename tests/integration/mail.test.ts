/**
 * The shop's e-mails end to end: the shop sends through SMTP (SMTP_URL) to the test suite's
 * loopback mail server (tests/support/mailbox.ts), whose folder the tests read (ENCLAVE_MAILBOX).
 * A sandbox purchase brings the order confirmation, in English or in German after the customer
 * used the German shop; the admin's status changes bring the shipped, delivered and cancelled
 * mails; a mail server that refuses a message for now gets it again.
 */
import { randomBytes } from "node:crypto"
import { describe, expect, it } from "vitest"
import { eurosToCents, formatEuro, orderSchema, type Order } from "@enclave/contract"
import { ApiClient, asAdmin, newUserDetails } from "../support/api.ts"
import { testAddress } from "../support/address.ts"
import { readMails, waitForMail } from "../support/mailbox.ts"
import { medusaStoreOf } from "../support/medusa-store.ts"
import { databaseUrlOf } from "../support/races.ts"
import { shopUrl } from "../support/urls.ts"
import { TEST_MAIL_FROM } from "../support/shop.ts"

const BASE = 1 // Enclave Base, 599.00
const SLEEVE = 4 // Faraday Sleeve, 49.00
const GERMANY_STANDARD = 1 // 15.00

/** A new customer who registered in the storefront in this language (its `language` cookie). */
async function customerIn(language: "en" | "de", overrides: Record<string, unknown> = {}) {
  const client = new ApiClient()
  client.setCookie("language", language)
  const details = newUserDetails(overrides)
  const answer = await client.post("/api/register", details)
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return Object.assign(client, { details })
}

/** Two Enclave Base and a Faraday Sleeve, shipped Germany Standard, paid with the sandbox card. */
async function sandboxPurchase(customer: ApiClient): Promise<Order> {
  expect((await customer.post("/api/cart", { productId: BASE, quantity: 2 })).status).toBe(201)
  expect((await customer.post("/api/cart", { productId: SLEEVE, quantity: 1 })).status).toBe(201)
  const placed = await customer.post("/api/orders", {
    shippingAddress: testAddress,
    shippingMethod: GERMANY_STANDARD,
    paymentMethod: "stripe",
    paymentId: `str-${randomBytes(6).toString("hex")}`,
  })
  expect(placed.status, JSON.stringify(placed.body)).toBe(201)
  const order = orderSchema.parse(placed.body)
  expect(order.isTestPayment).toBe(true)
  return order
}

describe("order e-mails (SMTP)", () => {
  it("an English customer's sandbox purchase brings the order confirmation in English", async () => {
    const since = new Date()
    const customer = await customerIn("en", { fullName: "Ada <b>Lovelace</b>" })
    const order = await sandboxPurchase(customer)
    const mail = await waitForMail({ to: customer.details.email, subject: new RegExp(`order #${order.id} is confirmed`), since })
    expect(mail.subject).toBe(`[TEST] Your Enclave order #${order.id} is confirmed`)
    expect(mail.from).toBe(TEST_MAIL_FROM)
    expect(mail.to).toEqual([customer.details.email])
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("TEST PAYMENT")
      expect(part).toContain(`Order #${order.id}`)
      expect(part).toContain("Enclave Base")
      expect(part).toContain("Faraday Sleeve")
      expect(part).toContain("€1,198.00")
      expect(part).toContain("€1,247.00")
      expect(part).toContain("€15.00")
      expect(part).toContain("€1,262.00")
      expect(part).toContain("Germany Standard")
      expect(part).toContain("Unter den Linden 1")
      expect(part).toContain("10117 Berlin")
      expect(part).toContain(order.paymentMethod)
    }
    expect(mail.text).toMatch(/2 × Enclave Base\s+€599\.00 = €1,198\.00/)
    // The VAT Medusa's order holds (its tax lines: 19 % contained in 1,262.00), as the order's answer states it.
    const medusa = await (await medusaStoreOf()).order(order.id, databaseUrlOf(shopUrl()))
    expect(order.taxTotal).toBe("201.50")
    expect(Math.round(medusa.tax_total * 100)).toBe(eurosToCents(order.taxTotal!))
    for (const part of [mail.text, mail.html]) expect(part).toContain(`incl. 19% VAT ${formatEuro(order.taxTotal!, "en")}`)
    expect(mail.text).toContain("Hello Ada <b>Lovelace</b>,")
    expect(mail.html).toContain("Hello Ada &lt;b&gt;Lovelace&lt;/b&gt;,")
    expect(mail.html).not.toContain("<b>Lovelace")
  })

  it("a customer who used the German shop gets it in German", async () => {
    const since = new Date()
    const customer = await customerIn("de")
    const order = await sandboxPurchase(customer)
    const mail = await waitForMail({ to: customer.details.email, subject: new RegExp(`#${order.id}`), since })
    expect(mail.subject).toBe(`[TEST] Ihre Enclave-Bestellung #${order.id} ist bestätigt`)
    expect(mail.text).toContain(`Guten Tag ${testAddress.fullName},`)
    expect(mail.text).toContain("TESTZAHLUNG")
    expect(mail.text).toContain("1.262,00\u00a0€")
    expect(mail.text).toContain("inkl. 19\u00a0% MwSt. 201,50\u00a0€")
    // The names the order was sold under in German: the method's and the accessory's; the phone keeps its brand name.
    expect(mail.text).toContain("Versandart: Deutschland Standard")
    expect(mail.text).toMatch(/1 × Faraday-Hülle\s/)
    expect(mail.text).toMatch(/2 × Enclave Base\s/)
    expect(mail.text).not.toContain("Germany Standard")
    expect(mail.text).not.toContain("Faraday Sleeve")
    expect(mail.html).toContain('<html lang="de">')
    // The order keeps them for every German page: its answer carries both names.
    expect(order.shippingMethod).toMatchObject({ name: "Germany Standard", name_de: "Deutschland Standard" })
    expect(order.items.map((item) => item.product)).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "Faraday Sleeve", nameDe: "Faraday-Hülle" })]),
    )
  })

  it("the admin's status changes bring the shipped and delivered mails, each once; cancelling brings the cancelled mail", async () => {
    const since = new Date()
    const customer = await customerIn("en")
    const order = await sandboxPurchase(customer)
    const to = customer.details.email
    await waitForMail({ to, subject: /is confirmed/, since })
    const admin = await asAdmin()
    const setStatus = async (status: string) => {
      const answer = await admin.put(`/api/admin/orders/${order.id}/status`, { status })
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    }

    await setStatus("shipped")
    const shipped = await waitForMail({ to, subject: /is on its way/, since })
    expect(shipped.subject).toBe(`[TEST] Your Enclave order #${order.id} is on its way`)
    expect(shipped.text).toContain(`order #${order.id} has left our warehouse`)
    expect(shipped.text).toContain("Unter den Linden 1")

    await setStatus("delivered")
    const delivered = await waitForMail({ to, subject: /has been delivered/, since })
    expect(delivered.text).toContain(`order #${order.id} has been delivered`)

    // A slip of the admin's (back to shipped) does not tell the customer twice.
    await setStatus("shipped")
    await setStatus("cancelled")
    const cancelled = await waitForMail({ to, subject: /has been cancelled/, since })
    expect(cancelled.subject).toBe(`[TEST] Your Enclave order #${order.id} has been cancelled`)
    expect(cancelled.text).toContain("No payment was taken for this test order.")
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    const subjects = (await readMails(process.env.ENCLAVE_MAILBOX!)).filter((m) => m.to.includes(to)).map((m) => m.subject)
    expect(subjects.sort()).toEqual(
      [
        `[TEST] Your Enclave order #${order.id} is confirmed`,
        `[TEST] Your Enclave order #${order.id} is on its way`,
        `[TEST] Your Enclave order #${order.id} has been delivered`,
        `[TEST] Your Enclave order #${order.id} has been cancelled`,
      ].sort(),
    )
  })

  it("a mail the mail server refuses for now is sent again, and the purchase is not held up by it", async () => {
    const since = new Date()
    // The loopback server answers 451 to the first message for this address.
    const customer = await customerIn("en", { email: `retry-${randomBytes(4).toString("hex")}+fail1@example.org` })
    const order = await sandboxPurchase(customer)
    const mail = await waitForMail({ to: customer.details.email, subject: new RegExp(`#${order.id} is confirmed`), since })
    expect(mail.text).toContain(`Order #${order.id}`)
    // Once, not again at the later attempts (the first retry comes 2 s after the refusal, the next 10 s later).
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, since.getTime() + 14_000 - Date.now())))
    const mails = (await readMails(process.env.ENCLAVE_MAILBOX!)).filter((m) => m.to.includes(customer.details.email))
    expect(mails.map((m) => m.subject)).toEqual([`[TEST] Your Enclave order #${order.id} is confirmed`])
  })
})
