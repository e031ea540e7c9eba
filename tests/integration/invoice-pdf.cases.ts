/**
 * The invoice document: GET /api/orders/{id}/invoice.pdf renders a PDF for the order's
 * owner and the admin, and answers 404 to any other customer, as for an order that does not exist.
 * The PDF's text is read back with a PDF text extractor (unpdf, PDF.js), so what is checked is what
 * a person opening the file reads: reference, total, IBAN, buyer, due date, net + VAT = gross.
 *
 * Registered by invoice.test.ts on its shop of its own (payment settings are shop-wide, and
 * payment-settings.test.ts on the shared shop compares them whole): invoice payment is enabled only for
 * as long as placing the invoice order takes, and put back as it was found right after. Not a test file
 * of its own (`.cases.ts`), so it runs once, after the file's own hooks have started that shop.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { extractText } from "unpdf"
import { eurosToCents, formatEuro, formatIban, invoiceReference, orderSchema, type Order, type PaymentConfig } from "@enclave/contract"
import { asAdmin, asNewCustomer, asVisitor, type ApiClient } from "../support/api.ts"
import { testAddress } from "../support/address.ts"
import { paymentConfigCalls } from "../support/payment-config.ts"
import { servedDocument, type ServedDocument } from "../support/openapi-check.ts"
import { threadsNamed } from "../support/process-tree.ts"
import { databaseUrlOf, medusaOfShop } from "../support/races.ts"
import { medusaStoreOf } from "../support/medusa-store.ts"

const bank = { invoiceAccountHolder: "Enclave PDF Test GmbH", invoiceIban: "DE89370400440532013000", invoiceBic: "COBADEFFXXX" }
const business = { companyName: "Müller & Söhne Sicherheitstechnik GmbH", vatId: "DE811907980" }
/** A business of another EU state: shipping to France, it buys under the reverse charge. */
const frenchBusiness = { companyName: "Sécurité Mobile SARL", vatId: "FR40303265045" }
const sellerVatId = "DE123456789"
const paris = { ...testAddress, city: "Paris", state: "Île-de-France", postalCode: "75001", country: "France" }

/** The invoice as a client downloads it: status, headers and the bytes (ApiClient reads answers as text). */
async function download(client: ApiClient, path: string) {
  const res = await fetch(client.baseUrl + path, { headers: { cookie: client.cookieHeader() } })
  const bytes = new Uint8Array(await res.arrayBuffer())
  return { status: res.status, headers: res.headers, bytes, json: () => JSON.parse(new TextDecoder().decode(bytes)) }
}

/** The PDF's text, spaces (no-break ones too) made plain, so phrases can be looked for across line breaks. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(bytes, { mergePages: true })
  return text.replace(/\s+/g, " ")
}

/** Money as the PDF writes it (the shop's one euro format), its no-break space made plain as pdfText() does. */
const euros = (amount: string, language: "en" | "de") => formatEuro(amount, language).replace(/\s/g, " ")

const longDate = (day: string, language: "en" | "de") =>
  new Intl.DateTimeFormat(language === "de" ? "de-DE" : "en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`))

async function placeOrder(customer: ApiClient, productId: number, body: Record<string, unknown>): Promise<Order> {
  expect((await customer.post("/api/cart", { productId, quantity: 1 })).status).toBe(201)
  const answer = await customer.post("/api/orders", { shippingAddress: testAddress, shippingMethod: 1, ...body })
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return orderSchema.parse(answer.body)
}

export function describeInvoicePdf() {
  let admin: ApiClient
  let owner: Awaited<ReturnType<typeof asNewCustomer>>
  let invoiceOrder: Order
  let cardOrder: Order
  let exportOrder: Order
  let frenchOrder: Order
  let reverseChargeOrder: Order
  let served: ServedDocument
  let originalSellerVatId: string | null

  const { config, saveOk } = paymentConfigCalls(() => admin)

  beforeAll(async () => {
    admin = await asAdmin()
    served = await servedDocument()
    // A product of this file's own: its price has a thousands separator, and no other file counts its stock.
    const product = await admin.post("/api/admin/products", {
      name: "Invoice PDF test phone",
      price: "1234.56",
      stockQuantity: 10,
      category: "accessory",
    })
    expect(product.status).toBe(201)
    owner = await asNewCustomer(business)

    const original: PaymentConfig = await config()
    try {
      await saveOk(bank)
      await saveOk({ invoiceEnabled: true })
      invoiceOrder = await placeOrder(owner, product.body.id, { paymentMethod: "Invoice" })
    } finally {
      // Disabled first: the bank details of an enabled invoice payment cannot be removed.
      await saveOk({ invoiceEnabled: false })
      await saveOk({
        invoiceAccountHolder: original.invoiceAccountHolder,
        invoiceIban: original.invoiceIban,
        invoiceBic: original.invoiceBic,
      })
      if (original.invoiceEnabled) await saveOk({ invoiceEnabled: true })
    }
    cardOrder = await placeOrder(owner, product.body.id, { paymentMethod: "stripe", paymentId: `str-invoice-pdf-${Date.now()}` })
    exportOrder = await placeOrder(owner, product.body.id, {
      shippingAddress: { ...testAddress, city: "Zürich", state: "Zürich", postalCode: "8001", country: "Switzerland" },
      shippingMethod: 3,
      paymentMethod: "stripe",
      paymentId: `str-invoice-pdf-ch-${Date.now()}`,
    })
    frenchOrder = await placeOrder(owner, product.body.id, {
      shippingAddress: paris,
      shippingMethod: 3,
      paymentMethod: "stripe",
      paymentId: `str-invoice-pdf-fr-${Date.now()}`,
    })
    const french = await asNewCustomer(frenchBusiness)
    reverseChargeOrder = await placeOrder(french, product.body.id, {
      shippingAddress: paris,
      shippingMethod: 3,
      paymentMethod: "stripe",
      paymentId: `str-invoice-pdf-rc-${Date.now()}`,
    })
    // The seller's own VAT ID (the shop details), which a reverse-charge invoice states beside the customer's.
    originalSellerVatId = (await admin.get("/api/admin/shop-details")).body.vatId ?? null
    expect((await admin.post("/api/admin/shop-details", { vatId: sellerVatId })).status).toBe(200)
  })

  afterAll(async () => {
    await admin.post("/api/admin/shop-details", { vatId: originalSellerVatId })
  })

  describe("GET /api/orders/{id}/invoice.pdf", () => {
    it("a business customer's invoice order: a PDF download for the owner with reference, total, IBAN, buyer, due date and VAT that adds up", async () => {
      // Priced as ever: Germany's tax region takes VAT out of the gross prices, it adds none on top.
      expect([invoiceOrder.subtotal, invoiceOrder.shippingCost, invoiceOrder.total]).toEqual(["1234.56", "15.00", "1249.56"])
      expect(invoiceOrder.invoice).toMatchObject({ reference: invoiceReference(invoiceOrder.id), bankAccount: { iban: bank.invoiceIban } })
      const answer = await download(owner, `/api/orders/${invoiceOrder.id}/invoice.pdf`)
      expect(answer.status).toBe(200)
      expect(answer.headers.get("content-type")).toBe("application/pdf")
      expect(answer.headers.get("content-disposition")).toBe(`attachment; filename="invoice-${invoiceReference(invoiceOrder.id)}.pdf"`)
      expect(answer.headers.get("cache-control")).toBe("private, no-store")
      // The facade's security headers stay on a file too.
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff")
      expect(new TextDecoder().decode(answer.bytes.subarray(0, 5))).toBe("%PDF-")

      const text = await pdfText(answer.bytes)
      const { reference, dueDate } = invoiceOrder.invoice!
      for (const expected of [
        "Invoice",
        `Invoice number ${reference}`,
        business.companyName,
        `VAT ID: ${business.vatId}`,
        testAddress.fullName,
        bank.invoiceAccountHolder,
        `IBAN ${formatIban(bank.invoiceIban)}`,
        `BIC ${bank.invoiceBic}`,
        `Reference ${reference}`,
        `Due date ${longDate(dueDate, "en")}`,
        `Please transfer ${euros(invoiceOrder.total, "en")} by ${longDate(dueDate, "en")}`,
        `Total ${euros(invoiceOrder.total, "en")}`,
        "Invoice PDF test phone",
      ])
        expect(text).toContain(expected)

      // Germany's 19 % from Medusa's tax settings, taken out of the gross total: net + VAT = gross.
      const net = /Net amount €([\d,]+\.\d\d)/.exec(text)?.[1]
      const vat = /VAT 19% €([\d,]+\.\d\d)/.exec(text)?.[1]
      expect(net, text).toBeDefined()
      expect(vat, text).toBeDefined()
      const cents = (amount: string) => eurosToCents(amount.replace(/,/g, ""))
      const gross = cents(invoiceOrder.total)
      expect(cents(net!) + cents(vat!)).toBe(gross)
      expect(cents(vat!)).toBe(Math.round((gross * 19) / 119))
    })

    it("the admin gets any order's invoice; ?language=de is German, with German money and dates", async () => {
      const answer = await download(admin, `/api/orders/${invoiceOrder.id}/invoice.pdf?language=de`)
      expect(answer.status).toBe(200)
      const text = await pdfText(answer.bytes)
      const { reference, dueDate } = invoiceOrder.invoice!
      for (const expected of [
        "Rechnung",
        `Rechnungsnummer ${reference}`,
        `USt-IdNr.: ${business.vatId}`,
        `Gesamtbetrag ${euros(invoiceOrder.total, "de")}`,
        "USt. 19 %",
        `Fällig am ${longDate(dueDate, "de")}`,
        `Verwendungszweck ${reference}`,
        formatIban(bank.invoiceIban),
      ])
        expect(text).toContain(expected)
      // 1.234,56 € and more: the German thousands separator and decimal comma.
      expect(euros(invoiceOrder.total, "de")).toMatch(/^\d\.\d{3},\d\d €$/)
      expect(text).not.toContain("Invoice number")
      // The shipping line names the method as the order was sold under it in German.
      expect(text).toContain("Deutschland Standard")
      expect(text).not.toContain("Germany Standard")
      expect(await pdfText((await download(admin, `/api/orders/${invoiceOrder.id}/invoice.pdf?language=en`)).bytes)).toContain(
        "Germany Standard",
      )
    })

    it("is made on a thread of the Medusa server's own, one for invoices asked at once, which ends once none is asked for", async () => {
      // PDFKit's code and fonts stay in memory only while that thread runs (render-thread.ts).
      const pdfThreads = () => threadsNamed(medusaOfShop(owner.baseUrl).pid, "invoice-pdf")
      const orders = [invoiceOrder, cardOrder, exportOrder]
      const answers = await Promise.all(orders.map((order) => download(owner, `/api/orders/${order.id}/invoice.pdf`)))
      expect(pdfThreads()).toBe(1)
      // Each answer is its own order's invoice, whichever the thread finished first.
      for (const [i, answer] of answers.entries()) {
        expect(answer.status).toBe(200)
        expect(await pdfText(answer.bytes)).toContain(`Invoice number ${invoiceReference(orders[i]!.id)}`)
      }
      await expect.poll(pdfThreads, { timeout: 15_000 }).toBe(0)
      // The next invoice starts a thread again.
      const again = await download(owner, `/api/orders/${cardOrder.id}/invoice.pdf`)
      expect(again.status).toBe(200)
      expect(await pdfText(again.bytes)).toContain(`Invoice number ${invoiceReference(cardOrder.id)}`)
    })

    it("without ?language, the storefront's language cookie decides", async () => {
      const res = await fetch(`${owner.baseUrl}/api/orders/${invoiceOrder.id}/invoice.pdf`, {
        headers: { cookie: `${owner.cookieHeader()}; language=de` },
      })
      expect(res.status).toBe(200)
      expect(await pdfText(new Uint8Array(await res.arrayBuffer()))).toContain("Rechnungsnummer")
    })

    it("a card order's invoice says it was paid, and names no bank account", async () => {
      expect(cardOrder.invoice).toBeNull()
      const answer = await download(owner, `/api/orders/${cardOrder.id}/invoice.pdf`)
      expect(answer.status).toBe(200)
      const text = await pdfText(answer.bytes)
      expect(text).toContain(`Invoice number ${invoiceReference(cardOrder.id)}`)
      expect(text).toContain("Paid by card")
      expect(text).toContain("VAT 19%")
      expect(text).toContain(`Total ${euros(cardOrder.total, "en")}`)
      for (const absent of ["IBAN", formatIban(bank.invoiceIban), "Please transfer", "Due date"]) expect(text).not.toContain(absent)
    })

    it("states the VAT Medusa's order holds: its tax lines' rate, the amount equal to Medusa's tax_total and the order's taxTotal", async () => {
      const store = await medusaStoreOf(owner.baseUrl)
      for (const [order, rate] of [
        [cardOrder, 19],
        [frenchOrder, 20],
      ] as const) {
        const medusa = await store.order(order.id, databaseUrlOf(owner.baseUrl))
        expect(medusa.items[0]!.tax_lines.map((line) => Number(line.rate))).toEqual([rate])
        const text = await pdfText((await download(owner, `/api/orders/${order.id}/invoice.pdf`)).bytes)
        const vat = new RegExp(`VAT ${rate}% €([\\d,]+\\.\\d\\d)`).exec(text)?.[1]
        expect(vat, text).toBe(order.taxTotal)
        expect(eurosToCents(order.taxTotal!)).toBe(Math.round(medusa.tax_total * 100))
        expect(text).toContain(`Total ${euros(order.total, "en")}`)
      }
    })

    it("an export (outside the EU) has no VAT line, and says it is a tax-free export delivery and what the destination may charge", async () => {
      expect(exportOrder).toMatchObject({ vatTreatment: "export", taxTotal: "0.00" })
      const text = await pdfText((await download(owner, `/api/orders/${exportOrder.id}/invoice.pdf`)).bytes)
      expect(text).toContain("No VAT: export outside the EU; import duties and taxes of the destination country may apply.")
      expect(text).toContain("Tax-free export delivery (§ 4 No. 1 a, § 6 UStG).")
      expect(text).toContain(`Total ${euros(exportOrder.total, "en")}`)
      expect(text).not.toContain("Net amount")
      expect(text).not.toMatch(/VAT \d/)
      const german = await pdfText((await download(owner, `/api/orders/${exportOrder.id}/invoice.pdf?language=de`)).bytes)
      expect(german).toContain("Keine Umsatzsteuer: Ausfuhr aus der EU; Einfuhrabgaben und Steuern des Bestimmungslandes können anfallen.")
    })

    it("a reverse-charge order's invoice: net prices, no VAT line, the reverse charge and both VAT IDs (§ 14a UStG)", async () => {
      expect(reverseChargeOrder).toMatchObject({ vatTreatment: "reverse_charge", total: "1079.47", taxTotal: "0.00" })
      const de = await pdfText((await download(admin, `/api/orders/${reverseChargeOrder.id}/invoice.pdf?language=de`)).bytes)
      for (const expected of [
        "Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge).",
        "Steuerfreie innergemeinschaftliche Lieferung (§ 4 Nr. 1 b, § 6a UStG; Art. 138 MwStSystRL).",
        `USt-IdNr. des Lieferers: ${sellerVatId}. USt-IdNr. des Leistungsempfängers: ${frenchBusiness.vatId}.`,
        `USt-IdNr.: ${frenchBusiness.vatId}`,
        frenchBusiness.companyName,
        `Nettobetrag ${euros("1079.47", "de")}`,
        `Gesamtbetrag ${euros("1079.47", "de")}`,
      ])
        expect(de).toContain(expected)
      expect(de).not.toMatch(/USt\. \d/)
      const en = await pdfText((await download(admin, `/api/orders/${reverseChargeOrder.id}/invoice.pdf`)).bytes)
      expect(en).toContain("Reverse charge: the customer is liable for the VAT (Steuerschuldnerschaft des Leistungsempfängers).")
      expect(en).toContain(`Seller's VAT ID: ${sellerVatId}. Customer's VAT ID: ${frenchBusiness.vatId}.`)
    })

    it("another customer gets 404 as for an order that does not exist; a visitor 401; a bad id or language 400", async () => {
      const other = await asNewCustomer()
      const theirs = await download(other, `/api/orders/${invoiceOrder.id}/invoice.pdf`)
      const unknown = await download(other, `/api/orders/999999999/invoice.pdf`)
      expect([theirs.status, theirs.json()]).toEqual([404, { message: `Order ${invoiceOrder.id} not found`, code: "not_found" }])
      expect([unknown.status, unknown.json()]).toEqual([404, { message: "Order 999999999 not found", code: "not_found" }])
      // The owner and the admin are told the same of an order that does not exist.
      for (const client of [owner, admin]) expect((await download(client, "/api/orders/999999999/invoice.pdf")).status).toBe(404)

      const visitor = await download(asVisitor(), `/api/orders/${invoiceOrder.id}/invoice.pdf`)
      expect([visitor.status, visitor.json().message]).toEqual([401, "You must be logged in to see your invoices"])
      const badId = await download(owner, "/api/orders/abc/invoice.pdf")
      expect([badId.status, badId.json().details]).toEqual([400, { fields: { id: "Order id must be a whole number" } }])
      const badLanguage = await download(owner, `/api/orders/${invoiceOrder.id}/invoice.pdf?language=fr`)
      expect([badLanguage.status, badLanguage.json().details]).toEqual([400, { fields: { language: "Language must be en or de" } }])

      // Each refusal is the JSON error the OpenAPI document declares for it.
      for (const [answer, path] of [
        [theirs, `/api/orders/${invoiceOrder.id}/invoice.pdf`],
        [visitor, `/api/orders/${invoiceOrder.id}/invoice.pdf`],
        [badId, "/api/orders/abc/invoice.pdf"],
      ] as const)
        expect(served.problemsWith("GET", "/api/orders/{id}/invoice.pdf", { status: answer.status, body: answer.json() }), path).toEqual([])
    })
  })
}
