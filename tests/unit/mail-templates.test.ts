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

const account = { name: "Ada Lovelace", email: "ada@example.org", username: "ada", at: "2026-11-20T10:15:00.000Z" }

function dataFor(template: (typeof MAIL_TEMPLATES)[number], language: "en" | "de"): MailTemplates[typeof template] {
  if (template.startsWith("order-")) return { language, name: "Ada Lovelace", email: "ada@example.org", order }
  if (template === "password-reset") return { language, ...account, resetUrl: "https://shop.example/auth/reset?token=abc123" }
  return { language, ...account }
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
      // The German mail is German, the English one English.
      if (language === "de") expect(mail.text).toMatch(/Guten Tag Ada Lovelace,/)
      else expect(mail.text).toMatch(/Hello Ada Lovelace,/)
    },
  )

  it("the subjects differ per template and language", () => {
    const subjects = MAIL_TEMPLATES.flatMap((t) => (["en", "de"] as const).map((l) => renderMail(t, dataFor(t, l)).subject))
    expect(new Set(subjects).size).toBe(subjects.length)
  })

  it("an order confirmation lists the items, totals in euros, shipping method and address, payment method", () => {
    const en = renderMail("order-confirmation", { language: "en", name: "Ada", email: "ada@example.org", order })
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
    const de = renderMail("order-confirmation", { language: "de", name: "Ada", email: "ada@example.org", order })
    expect(de.subject).toBe("Ihre Enclave-Bestellung #1042 ist bestätigt")
    expect(de.text).toContain("1.262,00\u00a0€")
    expect(de.text).toContain("Bestellt am 20. November 2026")
  })

  it("marks a sandbox order as a TEST PAYMENT in subject, text and HTML", () => {
    const test = { ...order, isTestPayment: true, paymentMethod: "Card (Sandbox)" }
    const en = renderMail("order-confirmation", { language: "en", name: null, email: "ada@example.org", order: test })
    expect(en.subject).toBe("[TEST] Your Enclave order #1042 is confirmed")
    expect(en.text).toContain("*** TEST PAYMENT ***")
    expect(en.html).toContain("<strong>TEST PAYMENT</strong>")
    expect(en.text).toMatch(/^Hello,$/m)
    const de = renderMail("order-cancelled", { language: "de", name: null, email: "ada@example.org", order: test })
    expect(de.subject).toBe("[TEST] Ihre Enclave-Bestellung #1042 wurde storniert")
    expect(de.text).toContain("*** TESTZAHLUNG ***")
    expect(de.text).toContain("keine Zahlung eingezogen")
  })

  it("escapes HTML in names, addresses and product names; the plain text keeps them as typed", () => {
    const evil = `<script>alert("x")</script> & 'Bobby'`
    const mail = renderMail("order-shipped", {
      language: "en",
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
    const mail = renderMail("password-reset", { language: "en", ...account, resetUrl: url })
    expect(mail.text).toContain(url)
    expect(mail.html).toContain(`href="${url}"`)
    expect(mail.text).toContain("expires in one hour")
    expect(() => renderMail("password-reset", { language: "en", ...account, resetUrl: "javascript:alert(1)" })).toThrow(/http/)
  })

  it("escapeHtml and html: values are escaped, nested html is not escaped twice", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
    const inner = html`<b>${"<i>"}</b>`
    expect(html`<p>${inner}${["<", html`<br />`]}${null}${false}${3}</p>`.value).toBe("<p><b>&lt;i&gt;</b>&lt;<br />3</p>")
  })

  it("falls back to English for a language it does not know", () => {
    const mail = renderMail("two-factor-enabled", { ...account, language: "fr" as "en" })
    expect(mail.subject).toBe("Two-factor sign-in is on for your Enclave account")
  })
})
