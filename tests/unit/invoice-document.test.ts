import { describe, expect, it } from "vitest"
import { extractText } from "unpdf"
import { invoiceState, type OrderInvoice } from "@enclave/contract"
import { invoiceDocument, type InvoiceData } from "../../plugins/orders/src/invoices/document.ts"
import { renderInvoicePdf, winAnsi } from "../../plugins/orders/src/invoices/render.ts"
import { vatBreakdown, vatOfGross } from "@enclave/contract/tax"

describe("the VAT in gross prices", () => {
  it.each([
    // gross, rate, VAT: gross × rate / (100 + rate), to the cent
    [119_00, 19, 19_00],
    [599_00, 19, 95_64], // 95.6386…
    [1_00, 19, 16], // 15.966…
    [107_00, 7, 7_00],
    [105_50, 5.5, 5_50],
    [10_00, 0, 0],
    [0, 19, 0],
  ])("%i cents at %f %% hold %i cents of VAT", (gross, rate, vat) => {
    expect(vatOfGross(gross, rate)).toBe(vat)
  })

  it("rounds once per rate on the rate's total, so net + VAT is the gross to the cent", () => {
    // Four lines of 0.05 at 19 %: 0.798 cents each, 1 per line rounded (4 in all); on the total 3.19, so 3.
    const lines = Array.from({ length: 4 }, () => ({ grossCents: 5, ratePercent: 19 }))
    const breakdown = vatBreakdown(lines)
    expect(breakdown.vatCents).toBe(3)
    expect(breakdown.netCents + breakdown.vatCents).toBe(breakdown.grossCents)
    expect(breakdown.grossCents).toBe(20)
  })

  it("groups the lines by rate, highest first; lines without a rate are 0 % and carry no VAT", () => {
    const breakdown = vatBreakdown([
      { grossCents: 119_00, ratePercent: 19 },
      { grossCents: 10_70, ratePercent: 7 },
      { grossCents: 238_00, ratePercent: 19 },
      { grossCents: 5_00, ratePercent: null },
    ])
    expect(breakdown.groups).toEqual([
      { ratePercent: 19, grossCents: 357_00, vatCents: 57_00, netCents: 300_00 },
      { ratePercent: 7, grossCents: 10_70, vatCents: 70, netCents: 10_00 },
      { ratePercent: 0, grossCents: 5_00, vatCents: 0, netCents: 5_00 },
    ])
    expect(breakdown).toMatchObject({ grossCents: 372_70, vatCents: 57_70, netCents: 315_00, noVat: false })
    expect(vatBreakdown([{ grossCents: 10_00, ratePercent: null }]).noVat).toBe(true)
  })
})

describe("text for Helvetica (WinAnsi)", () => {
  it("keeps German, French and the euro sign, strips accents WinAnsi lacks, and marks the rest", () => {
    expect(winAnsi("Größe: 1.234,56\u00a0€ – «Café» œuvre")).toBe("Größe: 1.234,56\u00a0€ – «Café» œuvre")
    expect(winAnsi("Łódź Dvořák Ő")).toBe("?ódz Dvorák O")
    expect(winAnsi("Москва 東京")).toBe("?????? ??")
    expect(winAnsi("1\u202f234")).toBe("1\u00a0234")
    expect(winAnsi("a\u0000b\tc")).toBe("a?b c")
  })
})

const invoiceTerms = (dueDate: string, paidAt: string | null = null): OrderInvoice => ({
  reference: "ENC-000042",
  dueDate,
  paidAt,
  state: invoiceState({ dueDate, paidAt }, "Europe/Berlin", new Date("2026-11-27T12:00:00Z")),
  bankAccount: { accountHolder: "Enclave Devices GmbH", iban: "DE89370400440532013000", bic: "COBADEFFXXX" },
})

function order(overrides: Partial<InvoiceData> = {}): InvoiceData {
  return {
    orderNumber: 42,
    // 23:30 in UTC is already the next day in Berlin: the invoice's date is the shop's day.
    placedAt: new Date("2026-11-25T23:30:00Z"),
    status: "pending",
    seller: { name: "Enclave Devices GmbH", shopName: "Enclave", webAddress: "https://enclave.example", address: [], vatId: null },
    buyer: {
      companyName: "Müller & Söhne GmbH",
      vatId: "DE123456789",
      address: {
        fullName: "Jörg Müller",
        addressLine1: "Hauptstraße 5",
        addressLine2: null,
        city: "Köln",
        state: "NRW",
        postalCode: "50667",
        country: "Germany",
      },
    },
    lines: [
      { kind: "item", name: "Enclave Premium", quantity: 2, unitCents: 599_00, ratePercent: 19 },
      { kind: "item", name: "Privacy screen", quantity: 1, unitCents: 36_99, ratePercent: 19 },
      { kind: "shipping", name: "Germany Express", quantity: 1, unitCents: 15_00, ratePercent: 19 },
    ],
    vatTreatment: "included",
    payment: { provider: "invoice", method: "Invoice", invoice: invoiceTerms("2026-12-10") },
    timeZone: "Europe/Berlin",
    ...overrides,
  }
}

describe("the invoice's words", () => {
  it("in English: number, shop's date, buyer with company and VAT ID, net/VAT/gross, and how to pay", () => {
    const document = invoiceDocument(order(), "en")
    expect(document.title).toBe("Invoice")
    expect(document.facts).toEqual([
      ["Invoice number", "ENC-000042"],
      ["Invoice date", "26 November 2026"],
      ["Order", "#42"],
    ])
    expect(document.seller).toEqual(["Enclave Devices GmbH", "Enclave", "https://enclave.example"])
    expect(document.buyer).toEqual([
      "Müller & Söhne GmbH",
      "Jörg Müller",
      "Hauptstraße 5",
      "50667 Köln",
      "NRW",
      "Germany",
      "VAT ID: DE123456789",
    ])
    expect(document.table.rows).toEqual([
      ["Enclave Premium", "2", "€599.00", "€1,198.00"],
      ["Privacy screen", "1", "€36.99", "€36.99"],
      ["Shipping: Germany Express", "1", "€15.00", "€15.00"],
    ])
    // 1,249.99 gross at 19 %: VAT 199.58 (199.578…), net 1,050.41.
    expect(document.totals).toEqual([
      ["Net amount", "€1,050.41"],
      ["VAT 19%", "€199.58"],
      ["Total", "€1,249.99"],
    ])
    expect(document.notes).toContain("All prices include VAT.")
    expect(document.payment).toBe("Please transfer €1,249.99 by 10 December 2026 to the account below, quoting the reference ENC-000042.")
    expect(document.bankAccount).toEqual([
      ["Account holder", "Enclave Devices GmbH"],
      ["IBAN", "DE89 3704 0044 0532 0130 00"],
      ["BIC", "COBADEFFXXX"],
      ["Reference", "ENC-000042"],
      ["Due date", "10 December 2026"],
    ])
  })

  it("in German: German labels, dates and money", () => {
    const document = invoiceDocument(order(), "de")
    expect(document.title).toBe("Rechnung")
    expect(document.facts).toEqual([
      ["Rechnungsnummer", "ENC-000042"],
      ["Rechnungsdatum", "26. November 2026"],
      ["Bestellung", "Nr. 42"],
    ])
    expect(document.buyer.at(-1)).toBe("USt-IdNr.: DE123456789")
    expect(document.totals).toEqual([
      ["Nettobetrag", "1.050,41\u00a0€"],
      ["USt. 19\u00a0%", "199,58\u00a0€"],
      ["Gesamtbetrag", "1.249,99\u00a0€"],
    ])
    expect(document.payment).toBe(
      "Bitte überweisen Sie 1.249,99\u00a0€ bis zum 10. Dezember 2026 unter Angabe des Verwendungszwecks ENC-000042 auf das unten genannte Konto.",
    )
    expect(document.bankAccount.map(([label]) => label)).toEqual(["Kontoinhaber", "IBAN", "BIC", "Verwendungszweck", "Fällig am"])
  })

  it("a paid, an overdue and a cancelled invoice say so; card, PayPal and the sandbox card say how it was paid, without a bank account", () => {
    expect(
      invoiceDocument(
        order({ payment: { provider: "invoice", method: "Invoice", invoice: invoiceTerms("2026-12-10", "2026-11-28T09:00:00Z") } }),
        "en",
      ).payment,
    ).toBe("Paid on 28 November 2026 by bank transfer. Thank you.")
    expect(
      invoiceDocument(order({ payment: { provider: "invoice", method: "Invoice", invoice: invoiceTerms("2026-11-20") } }), "en").payment,
    ).toMatch(/^The payment was due on 20 November 2026: please transfer €1,249.99/)
    const cancelled = invoiceDocument(order({ status: "cancelled" }), "de")
    expect(cancelled.payment).toBe("Es ist keine Zahlung fällig.")
    expect(cancelled.notes).toContain("Diese Bestellung wurde storniert.")
    for (const [provider, method, en, de] of [
      ["stripe", "stripe", "Paid by card.", "Bezahlt per Karte."],
      ["paypal", "paypal", "Paid with PayPal.", "Bezahlt mit PayPal."],
      [
        "sandbox",
        "Card (Sandbox)",
        "Paid by card (a test payment: no money was taken).",
        "Bezahlt per Karte (eine Testzahlung: es wurde kein Geld abgebucht).",
      ],
    ] as const) {
      const paid = { payment: { provider, method, invoice: null } }
      expect(invoiceDocument(order(paid), "en")).toMatchObject({ payment: en, bankAccount: [] })
      expect(invoiceDocument(order(paid), "de")).toMatchObject({ payment: de, bankAccount: [] })
    }
  })

  it("a country without VAT rate: no net or VAT line, a sentence instead; several rates each name their base", () => {
    const untaxed = invoiceDocument(order({ lines: order().lines.map((line) => ({ ...line, ratePercent: null })) }), "en")
    expect(untaxed.totals).toEqual([["Total", "€1,249.99"]])
    expect(untaxed.notes).toContain("No VAT charged.")
    expect(untaxed.notes).not.toContain("All prices include VAT.")
    const mixed = invoiceDocument(
      order({
        lines: [
          { kind: "item", name: "Phone", quantity: 1, unitCents: 119_00, ratePercent: 19 },
          { kind: "item", name: "Book", quantity: 1, unitCents: 10_70, ratePercent: 7 },
        ],
      }),
      "de",
    )
    expect(mixed.totals).toEqual([
      ["Nettobetrag", "110,00\u00a0€"],
      ["USt. 19\u00a0% auf 100,00\u00a0€", "19,00\u00a0€"],
      ["USt. 7\u00a0% auf 10,00\u00a0€", "0,70\u00a0€"],
      ["Gesamtbetrag", "129,70\u00a0€"],
    ])
  })
})

describe("the invoice of a reverse-charge order and of an export", () => {
  const net = [
    { kind: "item" as const, name: "Enclave Base", quantity: 1, unitCents: 503_36, ratePercent: 0 },
    { kind: "shipping" as const, name: "Worldwide", quantity: 1, unitCents: 42_02, ratePercent: 0 },
  ]
  const reverseCharge = (sellerVatId: string | null) =>
    order({
      seller: { ...order().seller, vatId: sellerVatId },
      buyer: { ...order().buyer, vatId: "FR40303265045" },
      lines: net,
      vatTreatment: "reverse_charge",
    })

  it("reverse charge: the net total without a VAT line, the tax-free intra-community supply, the reverse charge and both VAT IDs (§ 14a UStG)", () => {
    const en = invoiceDocument(reverseCharge("DE123456789"), "en")
    expect(en.totals).toEqual([
      ["Net amount", "€545.38"],
      ["Total", "€545.38"],
    ])
    expect(en.notes).toEqual(
      expect.arrayContaining([
        "Tax-free intra-community supply (§ 4 No. 1 b, § 6a UStG; Art. 138 VAT Directive).",
        "Reverse charge: the customer is liable for the VAT (Steuerschuldnerschaft des Leistungsempfängers).",
        "Seller's VAT ID: DE123456789. Customer's VAT ID: FR40303265045.",
      ]),
    )
    expect(en.notes).not.toContain("All prices include VAT.")
    expect(en.notes).not.toContain("No VAT charged.")
    const de = invoiceDocument(reverseCharge("DE123456789"), "de")
    expect(de.notes).toEqual(
      expect.arrayContaining([
        "Steuerfreie innergemeinschaftliche Lieferung (§ 4 Nr. 1 b, § 6a UStG; Art. 138 MwStSystRL).",
        "Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge).",
        "USt-IdNr. des Lieferers: DE123456789. USt-IdNr. des Leistungsempfängers: FR40303265045.",
      ]),
    )
    // Until the shop saves its own VAT ID, the customer's is the one to state.
    expect(invoiceDocument(reverseCharge(null), "en").notes).toContain("Customer's VAT ID: FR40303265045.")
  })

  it("export: no VAT line, the tax-free export delivery and what the destination may charge", () => {
    const exported = order({ lines: net.map((line) => ({ ...line, ratePercent: null })), vatTreatment: "export" })
    const en = invoiceDocument(exported, "en")
    expect(en.totals).toEqual([["Total", "€545.38"]])
    expect(en.notes).toEqual(
      expect.arrayContaining([
        "Tax-free export delivery (§ 4 No. 1 a, § 6 UStG).",
        "No VAT: export outside the EU; import duties and taxes of the destination country may apply.",
      ]),
    )
    expect(invoiceDocument(exported, "de").notes).toContain(
      "Keine Umsatzsteuer: Ausfuhr aus der EU; Einfuhrabgaben und Steuern des Bestimmungslandes können anfallen.",
    )
  })
})

describe("the PDF", () => {
  it("is a PDF whose text, read back, holds the invoice's words", async () => {
    const pdf = await renderInvoicePdf(invoiceDocument(order(), "de"))
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-")
    const { text } = await extractText(new Uint8Array(pdf), { mergePages: true })
    const flat = text.replace(/\s+/g, " ")
    for (const expected of [
      "Rechnung",
      "ENC-000042",
      "Müller & Söhne GmbH",
      "USt-IdNr.: DE123456789",
      "Hauptstraße 5",
      "1.249,99 €",
      "199,58 €",
      "DE89 3704 0044 0532 0130 00",
      "10. Dezember 2026",
      "Fällig am",
    ])
      expect(flat).toContain(expected)
  })

  it("with more lines than a page holds, runs on to further pages, each with the footer, every line and the total in it", async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({
      kind: "item" as const,
      name: `Phone case ${i + 1}`,
      quantity: 1,
      unitCents: 10_00,
      ratePercent: 19,
    }))
    const pdf = await renderInvoicePdf(invoiceDocument(order({ lines }), "en"))
    const { totalPages, text } = await extractText(new Uint8Array(pdf), { mergePages: false })
    expect(totalPages).toBeGreaterThan(1)
    for (const page of text) expect(page).toContain("Thank you for your order.")
    // The table's headings again at the top of the page the lines run on to.
    expect(text[1].replace(/\s+/g, " ")).toMatch(/^Item Qty Unit price Amount Phone case/)
    const all = text.join(" ").replace(/\s+/g, " ")
    for (let i = 1; i <= 60; i++) expect(all).toContain(`Phone case ${i} 1 €10.00 €10.00`)
    expect(all).toContain("Total €600.00")
  })
})

describe("the invoice's seller and time zone (the shop details)", () => {
  it("the letterhead shows the saved company's address and VAT ID, in the invoice's language", () => {
    const seller = {
      name: "Enclave Devices GmbH",
      shopName: "Enclave",
      webAddress: "https://enclave.example",
      address: ["Torstraße 1", "10119 Berlin", "Germany"],
      vatId: "DE123456789",
    }
    expect(invoiceDocument(order({ seller }), "en").seller).toEqual([
      "Enclave Devices GmbH",
      "Enclave",
      "Torstraße 1",
      "10119 Berlin",
      "Germany",
      "VAT ID: DE123456789",
      "https://enclave.example",
    ])
    expect(invoiceDocument(order({ seller }), "de").seller).toContain("USt-IdNr.: DE123456789")
  })

  it("dates the invoice on the shop's day in the shop's time zone", () => {
    // 23:30 UTC on 25 November: 26 November in Berlin, still 25 November in New York.
    expect(invoiceDocument(order(), "en").facts[1]).toEqual(["Invoice date", "26 November 2026"])
    expect(invoiceDocument(order({ timeZone: "America/New_York" }), "en").facts[1]).toEqual(["Invoice date", "25 November 2026"])
  })
})
