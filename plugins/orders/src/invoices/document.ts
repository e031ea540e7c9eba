import { fill, messageText, type Language, type MessageParams } from "@enclave/contract/i18n"
import { centsToEuros, formatEuro, formatIban, invoiceReference, type OrderInvoice, type OrderStatus } from "@enclave/contract"
import { formatRate, vatBreakdown, type VatBreakdown, type VatTreatment } from "@enclave/contract/tax"
import messages from "./messages"
import type { InvoiceSeller } from "./seller"

/** One line of the invoice: an item, or the shipping. */
export interface InvoiceLine {
  kind: "item" | "shipping"
  /** The product's name, or the shipping method's (null when the order names none). */
  name: string | null
  quantity: number
  unitCents: number
  /** The VAT rate of this line's tax lines on the order, in percent; null: none. */
  ratePercent: number | null
}

export interface InvoiceBuyer {
  companyName: string | null
  vatId: string | null
  /** The order's address: the shop bills to where it ships. */
  address: {
    fullName: string
    addressLine1: string
    addressLine2?: string | null
    city: string
    state?: string | null
    postalCode: string
    country: string
  } | null
}

/** Everything an invoice states, as facts: document() words it in a language. */
export interface InvoiceData {
  orderNumber: number
  placedAt: Date
  status: OrderStatus
  seller: InvoiceSeller
  buyer: InvoiceBuyer
  lines: InvoiceLine[]
  /** How the order's price treats VAT, as its tax lines say (reverse charge, export, or VAT included). */
  vatTreatment: VatTreatment
  /** How it was paid: the order's payment provider ("invoice", "stripe", "paypal", "sandbox") and method name. */
  payment: { provider: string | null; method: string; invoice: OrderInvoice | null }
  /** The shop's time zone (its settings): the invoice's dates are calendar days there. */
  timeZone: string
}

/** The invoice in words, in the order the page shows them: render.ts only lays it out. */
export interface InvoiceDocument {
  language: Language
  title: string
  reference: string
  seller: string[]
  buyerHeading: string
  buyer: string[]
  facts: Array<[label: string, value: string]>
  table: { headings: [item: string, quantity: string, unitPrice: string, amount: string]; rows: Array<[string, string, string, string]> }
  totals: Array<[label: string, value: string]>
  notes: string[]
  paymentHeading: string
  payment: string
  bankAccount: Array<[label: string, value: string]>
  footer: string
  vat: VatBreakdown
}

const dateFormats: Record<Language, string> = { en: "en-GB", de: "de-DE" }

/** A moment's calendar day in the shop's time zone, written out: 26 November 2026 / 26. November 2026. */
export function formatShopDate(moment: Date, language: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(dateFormats[language], { day: "numeric", month: "long", year: "numeric", timeZone }).format(moment)
}

/** A calendar day (YYYY-MM-DD, already the shop's) written out the same way. */
export function formatDay(day: string, language: Language): string {
  return new Intl.DateTimeFormat(dateFormats[language], { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  )
}

export function formatMoney(cents: number, language: Language): string {
  return formatEuro(centsToEuros(cents), language)
}

/** The words of an invoice for this order in this language. */
export function invoiceDocument(data: InvoiceData, language: Language): InvoiceDocument {
  const t = (key: keyof typeof messages.en, params?: MessageParams) => fill(messageText(messages, language, key), params)
  const money = (cents: number) => formatMoney(cents, language)
  const reference = invoiceReference(data.orderNumber)
  const lineCents = data.lines.map((line) => line.unitCents * line.quantity)
  const vat = vatBreakdown(data.lines.map((line, i) => ({ grossCents: lineCents[i], ratePercent: line.ratePercent })))

  const seller = [data.seller.name]
  if (data.seller.shopName !== data.seller.name) seller.push(data.seller.shopName)
  seller.push(...data.seller.address)
  if (data.seller.vatId) seller.push(t("vatId", { vatId: data.seller.vatId }))
  seller.push(data.seller.webAddress)

  const buyer: string[] = []
  const address = data.buyer.address
  if (data.buyer.companyName) buyer.push(data.buyer.companyName)
  if (address) {
    buyer.push(address.fullName, address.addressLine1)
    if (address.addressLine2) buyer.push(address.addressLine2)
    buyer.push(`${address.postalCode} ${address.city}`)
    if (address.state && address.state !== address.city) buyer.push(address.state)
    buyer.push(address.country)
  }
  if (data.buyer.vatId) buyer.push(t("vatId", { vatId: data.buyer.vatId }))

  const rows = data.lines.map((line, i): [string, string, string, string] => [
    line.kind === "shipping" ? (line.name ? t("shipping", { method: line.name }) : t("shippingWithoutMethod")) : (line.name ?? ""),
    String(line.quantity),
    money(line.unitCents),
    money(lineCents[i]),
  ])

  const totals: Array<[string, string]> = []
  const notes: string[] = []
  if (data.vatTreatment === "reverse_charge") {
    // § 14a Abs. 1 and 3 UStG: the tax-free intra-community supply, the reverse charge, both VAT IDs.
    totals.push([t("net"), money(vat.netCents)])
    notes.push(t("intraCommunitySupply"), t("reverseCharge"))
    notes.push(
      data.seller.vatId
        ? t("bothVatIds", { seller: data.seller.vatId, buyer: data.buyer.vatId ?? "" })
        : t("buyerVatIdOnly", { buyer: data.buyer.vatId ?? "" }),
    )
  } else if (data.vatTreatment === "export") notes.push(t("exportDelivery"), t("noVatExport"))
  else if (vat.noVat) notes.push(t("noVat"))
  else {
    totals.push([t("net"), money(vat.netCents)])
    // With one rate the net above is its base; with several, each VAT line names its own.
    const taxed = vat.groups.filter((group) => group.ratePercent > 0)
    const several = vat.groups.length > 1
    for (const group of taxed) {
      const rate = formatRate(group.ratePercent, language)
      totals.push([several ? t("vatOfNet", { rate, net: money(group.netCents) }) : t("vat", { rate }), money(group.vatCents)])
    }
    notes.push(t("pricesIncludeVat"))
  }
  totals.push([t("total"), money(vat.grossCents)])
  notes.push(t("supplyDate"))
  const cancelled = data.status === "cancelled"
  if (cancelled) notes.push(t("cancelled"))

  const invoice = data.payment.invoice
  let payment: string
  let bankAccount: Array<[string, string]> = []
  if (invoice) {
    const dueDate = formatDay(invoice.dueDate, language)
    const total = money(vat.grossCents)
    if (invoice.paidAt) payment = t("paidOn", { date: formatShopDate(new Date(invoice.paidAt), language, data.timeZone) })
    else if (cancelled) payment = t("transferCancelled")
    else payment = t(invoice.state === "overdue" ? "transferOverdue" : "transfer", { total, dueDate, reference: invoice.reference })
    bankAccount = [
      [t("accountHolder"), invoice.bankAccount.accountHolder],
      [t("iban"), formatIban(invoice.bankAccount.iban)],
      [t("bic"), invoice.bankAccount.bic],
      [t("reference"), invoice.reference],
      [t("dueDate"), dueDate],
    ]
  } else if (data.payment.provider === "sandbox") payment = t("paidBySandboxCard")
  else if (data.payment.provider === "stripe") payment = t("paidByCard")
  else if (data.payment.provider === "paypal") payment = t("paidWithPaypal")
  else payment = t("paidBy", { method: data.payment.method })

  return {
    language,
    title: t("title"),
    reference,
    seller,
    buyerHeading: t("billTo"),
    buyer,
    facts: [
      [t("invoiceNumber"), reference],
      [t("invoiceDate"), formatShopDate(data.placedAt, language, data.timeZone)],
      [t("order"), t("orderNumber", { number: data.orderNumber })],
    ],
    table: { headings: [t("item"), t("quantity"), t("unitPrice"), t("amount")], rows },
    totals,
    notes,
    paymentHeading: t("payment"),
    payment,
    bankAccount,
    footer: `${data.seller.shopName} · ${data.seller.webAddress} · ${t("thanks")}`,
    vat,
  }
}
