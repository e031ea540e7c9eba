/**
 * The mail templates (plugins/mail/src/templates) on their own: every template in both languages,
 * what an order confirmation says, and that nothing a customer typed can become markup.
 */
import { describe, expect, it } from "vitest"
import {
  escapeHtml,
  html,
  MAIL_TEMPLATES,
  renderMail,
  type MailTemplates,
  type OrderMailOrder,
} from "../../plugins/mail/src/templates/index.ts"

const BERLIN = "Europe/Berlin"

const order: OrderMailOrder = {
  number: 1042,
  placedAt: "2026-11-20T10:15:00.000Z",
  items: [
    { name: "Enclave Base", quantity: 2, unitPrice: "599.00" },
    { name: "Faraday Sleeve", quantity: 1, unitPrice: "49.00" },
  ],
  subtotal: "1247.00",
  shipping: "15.00",
  total: "1262.00",
  shippingMethod: "Germany Standard",
  shippingAddress: {
    fullName: "Ada Lovelace",
    addressLine1: "Unter den Linden 1",
    addressLine2: null,
    city: "Berlin",
    state: "Berlin",
    postalCode: "10117",
    country: "Germany",
  },
  paymentMethod: "Card",
  isTestPayment: false,
}

/** A withdrawal received at 23:30 UTC on 20 November: 00:30 on 21 November in Berlin. */
const withdrawal = {
  receivedAt: "2026-11-20T23:30:00.000Z",
  name: "Ada Lovelace",
  email: "ada@example.org",
  items: [{ name: "Enclave Base", quantity: 2 }],
  wholeOrder: true,
  refundDeadline: "2026-12-05",
  returnAddress: ["Enclave Devices GmbH", "Friedrichstraße 1", "10117 Berlin", "Germany"],
  returnRequested: true,
}

const account = { name: "Ada Lovelace", email: "ada@example.org", username: "ada", at: "2026-11-20T10:15:00.000Z" }

function dataFor(template: (typeof MAIL_TEMPLATES)[number], language: "en" | "de"): MailTemplates[typeof template] {
  if (template.startsWith("order-")) return { language, timeZone: BERLIN, name: "Ada Lovelace", email: "ada@example.org", order }
  if (template === "password-reset")
    return { language, timeZone: BERLIN, ...account, resetUrl: "https://shop.example/auth/reset?token=abc123" }
  if (template === "email-change-confirm")
    return { language, timeZone: BERLIN, ...account, confirmUrl: "https://shop.example/account/email/confirm?token=abc123" }
  if (template === "email-change-taken") return { language, timeZone: BERLIN, name: null, email: account.email }
  if (template === "email-change-requested") return { language, timeZone: BERLIN, ...account, newEmail: "n•••@example.net" }
  const base = { language, timeZone: BERLIN, name: "Ada Lovelace", email: "ada@example.org", orderNumber: 1042 }
  if (template === "withdrawal-receipt") return { ...base, withdrawal }
  if (template === "return-received")
    return { ...base, receivedAt: "2026-11-25T09:00:00.000Z", items: [{ name: "Enclave Base", quantity: 1 }] }
  if (template === "refund-made") return { ...base, amount: "614.00", method: "bank_transfer", iban: "DE02120300000000202051" }
  return { language, timeZone: BERLIN, ...account }
}

describe("mail templates", () => {
  it.each(MAIL_TEMPLATES.flatMap((template) => (["en", "de"] as const).map((language) => [template, language] as const)))(
    "%s renders in %s: subject, HTML document in that language, plain text, the shop's name",
    (template, language) => {
      const mail = renderMail(template, dataFor(template, language))
      expect(mail.subject).toMatch(/Enclave/)
      expect(mail.html).toMatch(new RegExp(`^<!doctype html>\\s*<html lang="${language}">`))
      expect(mail.html).toMatch(/>\s*Enclave\s*<\/td>/)
      expect(mail.text).toContain(language === "de" ? "Ihr Enclave-Team" : "Your Enclave team")
      expect(mail.text).not.toMatch(/<[a-z]/i)
      expect(mail.text).toContain("ada@example.org")
      // Every placeholder was filled.
      expect(mail.subject + mail.text + mail.html).not.toMatch(/\{[a-z]+\}/i)
      // The German mail is German, the English one English; a mail to an address another account has names nobody.
      const name = template === "email-change-taken" ? "" : " Ada Lovelace"
      if (language === "de") expect(mail.text).toContain(`Guten Tag${name},`)
      else expect(mail.text).toContain(`Hello${name},`)
    },
  )

  it("the subjects differ per template and language", () => {
    const subjects = MAIL_TEMPLATES.flatMap((t) => (["en", "de"] as const).map((l) => renderMail(t, dataFor(t, l)).subject))
    expect(new Set(subjects).size).toBe(subjects.length)
  })

  it("writes the order's day in the shop's time zone (its shop details)", () => {
    // 23:30 UTC on 20 November: 21 November in Berlin, still 20 November in New York.
    const late = { ...order, placedAt: "2026-11-20T23:30:00.000Z" }
    const mail = (timeZone: string) =>
      renderMail("order-confirmation", { language: "en", timeZone, name: "Ada", email: "ada@example.org", order: late })
    expect(mail(BERLIN).text).toContain("21 November 2026")
    expect(mail("America/New_York").text).toContain("20 November 2026")
  })

  it("an order confirmation lists the items, totals in euros, shipping method and address, payment method", () => {
    const en = renderMail("order-confirmation", { language: "en", timeZone: BERLIN, name: "Ada", email: "ada@example.org", order })
    expect(en.subject).toBe("Your Enclave order #1042 is confirmed")
    for (const part of [en.text, en.html]) {
      expect(part).toContain("Order #1042")
      expect(part).toContain("Enclave Base")
      expect(part).toContain("€599.00")
      expect(part).toContain("€1,198.00")
      expect(part).toContain("€1,247.00")
      expect(part).toContain("€15.00")
      expect(part).toContain("€1,262.00")
      expect(part).toContain("Germany Standard")
      expect(part).toContain("Unter den Linden 1")
      expect(part).toContain("10117 Berlin")
      expect(part).toContain("Card")
      expect(part).not.toContain("TEST PAYMENT")
    }
    expect(en.text).toMatch(/2 × Enclave Base\s+€599\.00 = €1,198\.00/)
    const de = renderMail("order-confirmation", { language: "de", timeZone: BERLIN, name: "Ada", email: "ada@example.org", order })
    expect(de.subject).toBe("Ihre Enclave-Bestellung #1042 ist bestätigt")
    expect(de.text).toContain("1.262,00\u00a0€")
    expect(de.text).toContain("Bestellt am 20. November 2026")
  })

  it("states the VAT of the order's tax lines: each rate's VAT contained, the reverse charge, the export", () => {
    const mail = (language: "en" | "de", vat: OrderMailOrder["vat"]) =>
      renderMail("order-confirmation", { language, timeZone: BERLIN, name: "Ada", email: "ada@example.org", order: { ...order, vat } })
    const included = { treatment: "included" as const, rates: [{ rate: 19, amount: "201.50" }] }
    for (const part of [mail("en", included).text, mail("en", included).html]) expect(part).toContain("incl. 19% VAT €201.50")
    expect(mail("de", included).text).toContain("inkl. 19\u00a0% MwSt. 201,50\u00a0€")
    expect(mail("en", included).text).not.toContain("All prices include VAT.")
    const finnish = mail("de", { treatment: "included", rates: [{ rate: 25.5, amount: "256.49" }] })
    expect(finnish.text).toContain("inkl. 25,5\u00a0% MwSt. 256,49\u00a0€")
    expect(mail("en", { treatment: "reverse_charge", rates: [] }).text).toContain("Reverse charge: net prices without VAT")
    expect(mail("de", { treatment: "reverse_charge", rates: [] }).html).toContain(
      "Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge)",
    )
    expect(mail("en", { treatment: "export", rates: [] }).text).toContain(
      "No VAT: export outside the EU; import duties and taxes of the destination country may apply.",
    )
    expect(mail("de", { treatment: "export", rates: [] }).text).toContain("Keine MwSt.: Ausfuhr aus der EU")
  })

  it("marks a sandbox order as a TEST PAYMENT in subject, text and HTML", () => {
    const test = { ...order, isTestPayment: true, paymentMethod: "Card (Sandbox)" }
    const en = renderMail("order-confirmation", { language: "en", timeZone: BERLIN, name: null, email: "ada@example.org", order: test })
    expect(en.subject).toBe("[TEST] Your Enclave order #1042 is confirmed")
    expect(en.text).toContain("*** TEST PAYMENT ***")
    expect(en.html).toContain("<strong>TEST PAYMENT</strong>")
    expect(en.text).toMatch(/^Hello,$/m)
    const de = renderMail("order-cancelled", { language: "de", timeZone: BERLIN, name: null, email: "ada@example.org", order: test })
    expect(de.subject).toBe("[TEST] Ihre Enclave-Bestellung #1042 wurde storniert")
    expect(de.text).toContain("*** TESTZAHLUNG ***")
    expect(de.text).toContain("keine Zahlung eingezogen")
  })

  describe("an invoice order", () => {
    const invoiceOrder: OrderMailOrder = {
      ...order,
      paymentMethod: "Invoice",
      invoice: {
        reference: "ENC-001042",
        dueDate: "2026-12-04",
        accountHolder: "Enclave GmbH",
        iban: "DE89370400440532013000",
        bic: "COBADEFFXXX",
        paidAt: null,
      },
    }

    it("the confirmation asks for the transfer: amount, due date, reference, bank account, in HTML and plain text", () => {
      const en = renderMail("order-confirmation", {
        language: "en",
        timeZone: BERLIN,
        name: "Ada",
        email: "ada@example.org",
        order: invoiceOrder,
      })
      expect(en.subject).toBe("Your Enclave order #1042 is confirmed")
      for (const part of [en.text, en.html]) {
        expect(part).toContain("Bank details for your transfer")
        expect(part).toContain(
          "Please transfer €1,262.00 to the account below by 4 December 2026, quoting the reference ENC-001042, so that we can match your payment to your order.",
        )
        expect(part).toContain("Enclave GmbH")
        expect(part).toContain("DE89 3704 0044 0532 0130 00")
        expect(part).toContain("COBADEFFXXX")
        expect(part).toContain("Invoice (wire transfer)")
        expect(part).toContain("as soon as your transfer has arrived")
        expect(part).not.toContain("next business day")
        expect(part).not.toContain("TEST PAYMENT")
        expect(part).not.toMatch(/\[TEST\]/)
      }
      expect(en.text).toMatch(/^IBAN:\s+DE89 3704 0044 0532 0130 00$/m)
      expect(en.text).toMatch(/^Reference:\s+ENC-001042$/m)
      expect(en.text).toMatch(/^Due date:\s+4 December 2026$/m)
      expect(en.text).toMatch(/^Amount:\s+€1,262\.00$/m)
      expect(en.text).not.toMatch(/<[a-z]/i)
    })

    it("says it in German, with the date and amount written the German way", () => {
      const de = renderMail("order-confirmation", {
        language: "de",
        timeZone: BERLIN,
        name: "Ada",
        email: "ada@example.org",
        order: invoiceOrder,
      })
      for (const part of [de.text, de.html]) {
        expect(part).toContain("Bankverbindung für Ihre Überweisung")
        expect(part).toContain("Bitte überweisen Sie 1.262,00\u00a0€ bis zum 4. Dezember 2026")
        expect(part).toContain("Verwendungszweck ENC-001042 an")
        expect(part).toContain("Kontoinhaber")
        expect(part).toContain("DE89 3704 0044 0532 0130 00")
        expect(part).toContain("Rechnung (Überweisung)")
        expect(part).not.toContain("TESTZAHLUNG")
      }
      expect(de.text).toMatch(/^Fällig am:\s+4\. Dezember 2026$/m)
    })

    it("escapes the bank account's holder in the HTML", () => {
      const evil = { ...invoiceOrder, invoice: { ...invoiceOrder.invoice!, accountHolder: "<b>Enclave</b> & Co" } }
      const mail = renderMail("order-confirmation", { language: "en", timeZone: BERLIN, name: null, email: "ada@example.org", order: evil })
      expect(mail.html).not.toContain("<b>Enclave</b>")
      expect(mail.html).toContain("&lt;b&gt;Enclave&lt;/b&gt; &amp; Co")
      expect(mail.text).toContain("<b>Enclave</b> & Co")
    })

    it("a paid invoice asks for nothing; other mails never show the bank details", () => {
      const paid = { ...invoiceOrder, invoice: { ...invoiceOrder.invoice!, paidAt: "2026-11-25T09:00:00.000Z" } }
      const confirmation = renderMail("order-confirmation", {
        language: "en",
        timeZone: BERLIN,
        name: null,
        email: "ada@example.org",
        order: paid,
      })
      expect(confirmation.text).not.toContain("Please transfer")
      expect(confirmation.text).toContain("will write to you again when it ships")
      // Delivery times are the shipping methods' own: the mail promises no day of its own.
      expect(confirmation.text).not.toContain("business day")
      const shipped = renderMail("order-shipped", {
        language: "en",
        timeZone: BERLIN,
        name: null,
        email: "ada@example.org",
        order: invoiceOrder,
      })
      expect(shipped.text).not.toContain("DE89")
      expect(shipped.text).toContain("Invoice (wire transfer)")
    })

    it("cancelling an unpaid invoice order tells the customer not to transfer; a paid one is refunded", () => {
      const en = renderMail("order-cancelled", {
        language: "en",
        timeZone: BERLIN,
        name: null,
        email: "ada@example.org",
        order: invoiceOrder,
      })
      expect(en.text).toContain("No payment is due for this order: please do not transfer the invoice amount.")
      expect(en.text).not.toContain("If you were charged")
      const de = renderMail("order-cancelled", {
        language: "de",
        timeZone: BERLIN,
        name: null,
        email: "ada@example.org",
        order: invoiceOrder,
      })
      expect(de.text).toContain("Bitte überweisen Sie den Rechnungsbetrag nicht.")
      const paid = { ...invoiceOrder, invoice: { ...invoiceOrder.invoice!, paidAt: "2026-11-25T09:00:00.000Z" } }
      const refunded = renderMail("order-cancelled", {
        language: "en",
        timeZone: BERLIN,
        name: null,
        email: "ada@example.org",
        order: paid,
      })
      expect(refunded.text).toContain("If you were charged")
    })
  })

  it("escapes HTML in names, addresses and product names; the plain text keeps them as typed", () => {
    const evil = `<script>alert("x")</script> & 'Bobby'`
    const mail = renderMail("order-shipped", {
      language: "en",
      timeZone: BERLIN,
      name: evil,
      email: "bobby@example.org",
      order: {
        ...order,
        items: [{ name: `<img src=x onerror=alert(1)>`, quantity: 1, unitPrice: "1.00" }],
        shippingMethod: "<b>fast</b>",
        shippingAddress: { ...order.shippingAddress, fullName: evil, addressLine1: `"><iframe src=//evil>` },
        paymentMethod: "<u>Card</u>",
      },
    })
    expect(mail.html).not.toMatch(/<script|<img|<iframe|<b>fast|<u>Card/i)
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Bobby&#39;")
    expect(mail.html).toContain("&lt;img src=x onerror=alert(1)&gt;")
    expect(mail.html).toContain("&quot;&gt;&lt;iframe src=//evil&gt;")
    expect(mail.text).toContain(`Hello ${evil},`)
    const reset = renderMail("password-reset", {
      language: "de",
      timeZone: BERLIN,
      ...account,
      name: evil,
      username: "<i>ada</i>",
      resetUrl: "https://x/r?a=1&b=2",
    })
    expect(reset.html).not.toMatch(/<script|<i>ada/)
    expect(reset.html).toContain('href="https://x/r?a=1&amp;b=2"')
    expect(reset.text).toContain("https://x/r?a=1&b=2")
  })

  it("puts the reset link in both parts and refuses a link that is not a web address", () => {
    const url = "http://localhost:8000/auth/reset?token=0123456789abcdef"
    const mail = renderMail("password-reset", { language: "en", timeZone: BERLIN, ...account, resetUrl: url })
    expect(mail.text).toContain(url)
    expect(mail.html).toContain(`href="${url}"`)
    expect(mail.text).toContain("expires in one hour")
    expect(() => renderMail("password-reset", { language: "en", timeZone: BERLIN, ...account, resetUrl: "javascript:alert(1)" })).toThrow(
      /http/,
    )
  })

  it("an e-mail change: the link to the new address, a note without link or name to a taken one, the old address told", () => {
    const url = "http://localhost:8000/account/email/confirm?token=0123456789abcdef"
    for (const language of ["en", "de"] as const) {
      const confirm = renderMail("email-change-confirm", { language, timeZone: BERLIN, ...account, confirmUrl: url })
      expect(confirm.text).toContain(url)
      expect(confirm.html).toContain(`href="${url}"`)
      expect(confirm.text).toContain(language === "de" ? "24 Stunden" : "24 hours")
      const taken = renderMail("email-change-taken", { language, timeZone: BERLIN, name: null, email: "taken@example.net" })
      expect(taken.text).toMatch(language === "de" ? /bereits zu einem Enclave-Konto/ : /already belongs to an Enclave account/)
      expect(taken.text + taken.html).not.toMatch(/https?:\/\/|ada/i)
      const told = renderMail("email-change-requested", { language, timeZone: BERLIN, ...account, newEmail: "n•••@example.net" })
      expect(told.text).toContain("n•••@example.net")
      expect(told.text).toContain("ada")
      expect(told.text).toMatch(language === "de" ? /am 20\. November 2026/ : /on (November 20, 2026|20 November 2026)/)
    }
    expect(() =>
      renderMail("email-change-confirm", { language: "en", timeZone: BERLIN, ...account, confirmUrl: "javascript:alert(1)" }),
    ).toThrow(/http/)
  })

  it("escapeHtml and html: values are escaped, nested html is not escaped twice", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
    const inner = html`<b>${"<i>"}</b>`
    expect(html`<p>${inner}${["<", html`<br />`]}${null}${false}${3}</p>`.value).toBe("<p><b>&lt;i&gt;</b>&lt;<br />3</p>")
  })

  it("falls back to English for a language it does not know", () => {
    const mail = renderMail("two-factor-enabled", { ...account, timeZone: BERLIN, language: "fr" as "en" })
    expect(mail.subject).toBe("Two-factor sign-in is on for your Enclave account")
  })

  it("the withdrawal receipt states the statement, the moment received in the shop's time zone, the deadline and the return address (§ 356a BGB)", () => {
    const en = renderMail("withdrawal-receipt", dataFor("withdrawal-receipt", "en") as never)
    expect(en.subject).toBe("Receipt of your withdrawal from Enclave order #1042")
    expect(en.text).toContain("on 21 November 2026 at 00:30 CET")
    expect(en.text).toContain("I hereby withdraw from my contract of sale of the following goods (order #1042).")
    expect(en.text).toContain("2 × Enclave Base")
    expect(en.text).toContain("by 5 December 2026 at the latest")
    expect(en.text).toContain("the standard delivery cost is refunded too")
    expect(en.text).toContain("Friedrichstraße 1\n10117 Berlin")
    const de = renderMail("withdrawal-receipt", dataFor("withdrawal-receipt", "de") as never)
    expect(de.text).toContain("am 21. November 2026 um 00:30 MEZ Uhr")
    expect(de.text).toContain("spätestens bis zum 5. Dezember 2026")
    const noAddress = renderMail("withdrawal-receipt", {
      ...(dataFor("withdrawal-receipt", "en") as object),
      withdrawal: { ...withdrawal, returnAddress: [], returnRequested: false },
    } as never)
    expect(noAddress.text).toContain("We will send you the return address separately.")
    expect(noAddress.text).toContain("The goods have not left our warehouse yet")
    const refund = renderMail("refund-made", dataFor("refund-made", "de") as never)
    expect(refund.text).toContain("DE02 1203 0000 0000 2020 51")
  })
})
