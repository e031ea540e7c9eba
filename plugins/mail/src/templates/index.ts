/**
 * The shop's mails: each template turns its data into a subject, an HTML body and a plain-text
 * body, in the customer's language. Everything a customer or an admin typed (names, addresses,
 * product titles) is escaped in the HTML (./html.ts); the plain text carries it as it is.
 */
import { formatIban } from "@enclave/contract/bank"
import { fill, messageText, type Language, type MessageParams } from "@enclave/contract/i18n"
import { centsToEuros, eurosToCents, formatEuro } from "@enclave/contract/money"
import { formatRate, type VatTreatment } from "@enclave/contract/tax"
import { html, type SafeHtml } from "./html"
import messages from "./messages"

export { escapeHtml, html, SafeHtml } from "./html"

export type MessageKey = keyof typeof messages.en & string

/** The shop's name, as every mail signs it. */
export const SHOP_NAME = "Enclave"

export interface MailAddress {
  fullName?: string | null
  addressLine1?: string | null
  addressLine2?: string | null
  city?: string | null
  state?: string | null
  postalCode?: string | null
  country?: string | null
}

export interface OrderMailItem {
  name: string
  quantity: number
  /** Euros, e.g. "599.00". */
  unitPrice: string
}

/** An order as its mails show it; amounts are euros as the API writes them ("1262.00"). */
export interface OrderMailOrder {
  number: number
  /** ISO date-time. */
  placedAt: string
  items: OrderMailItem[]
  subtotal: string
  shipping: string
  total: string
  shippingMethod: string | null
  shippingAddress: MailAddress | null
  paymentMethod: string
  isTestPayment: boolean
  /** Paid by invoice: what to transfer where; null or absent for every other payment. */
  invoice?: OrderMailInvoice | null
  /** The parcel once shipped: the carrier the admin named and its tracking number; null or absent before. */
  shipment?: OrderMailShipment | null
  /** The VAT as the order's tax lines give it; absent: the mail only says prices include VAT. */
  vat?: OrderMailVat | null
}

/** How the parcel travels (Medusa's fulfilment). The tracking link is the carrier's page in the mail's language. */
export interface OrderMailShipment {
  /** The carrier's name, e.g. DHL; null when the admin named none. */
  carrier: string | null
  trackingNumber: string | null
  /** The carrier's tracking page (http or https); null for a carrier without one. */
  trackingUrl: string | null
}

/** An order's VAT: how its price treats it, and the VAT it contains per rate (euros, e.g. "98.03"). */
export interface OrderMailVat {
  treatment: VatTreatment
  rates: Array<{ rate: number; amount: string }>
}

/** An invoice order's transfer details, as the order fixed them when it was placed. */
export interface OrderMailInvoice {
  /** The transfer reference, e.g. ENC-001042. */
  reference: string
  /** YYYY-MM-DD, a day of the shop's calendar. */
  dueDate: string
  accountHolder: string
  /** Without spaces; the mail shows it in groups of four. */
  iban: string
  bic: string
  /** When the shop recorded the money as received (ISO), null while it is owed. */
  paidAt: string | null
}

export interface MailBase {
  language: Language
  /** The shop's time zone (its shop details): the mail's dates are days there. */
  timeZone: string
  /** Who the mail greets; null greets without a name. */
  name: string | null
  /** The recipient, named in the footer. */
  email: string
}

export interface OrderMailData extends MailBase {
  order: OrderMailOrder
}

export interface AccountMailData extends MailBase {
  username: string
  /** When it happened, ISO date-time. */
  at: string
}

export interface PasswordResetMailData extends AccountMailData {
  /** The one-time link to the reset page (http or https). */
  resetUrl: string
}

export interface EmailChangeMailData extends AccountMailData {
  /** The one-time link to the confirm page (http or https). */
  confirmUrl: string
}

export interface EmailChangeRequestedMailData extends AccountMailData {
  /** The address asked for, as the old address's mail may show it (masked: see the subscriber). */
  newEmail: string
}

/** A withdrawal's receipt (§ 356a BGB): the statement as received, with the moment, and what happens next. */
export interface WithdrawalMailData extends MailBase {
  orderNumber: number
  withdrawal: {
    /** ISO date-time: the moment the shop received it. */
    receivedAt: string
    name: string
    email: string
    items: Array<{ name: string; quantity: number }>
    wholeOrder: boolean
    /** YYYY-MM-DD: the refund's latest day. */
    refundDeadline: string
    returnAddress: string[]
    /** Whether the goods had left (a return is expected) or are stopped before dispatch. */
    returnRequested: boolean
  }
}

export interface ReturnReceivedMailData extends MailBase {
  orderNumber: number
  receivedAt: string
  items: Array<{ name: string; quantity: number }>
}

export interface RefundMailData extends MailBase {
  orderNumber: number
  /** Euros, "12.50". */
  amount: string
  method: "card" | "paypal" | "test" | "bank_transfer"
  /** The account an invoice order's refund went to. */
  iban?: string | null
}

/** The encrypted test mail sent when a key is saved. */
export interface PgpKeyTestMailData extends AccountMailData {
  fingerprint: string
}

/** Sent in place of a mail that could not be encrypted to the customer's key: why, never the mail's content. */
export interface PgpKeyFailedMailData extends AccountMailData {
  fingerprint: string
  reason: "expired" | "revoked" | "no_encryption_key" | "other"
  /** When the key expired, ISO date-time. */
  reasonDate?: string | null
}

export interface MailTemplates {
  "order-confirmation": OrderMailData
  "order-shipped": OrderMailData
  "order-delivered": OrderMailData
  "order-cancelled": OrderMailData
  "password-changed": AccountMailData
  "password-reset": PasswordResetMailData
  "email-change-confirm": EmailChangeMailData
  "email-change-taken": MailBase
  "email-change-requested": EmailChangeRequestedMailData
  "two-factor-enabled": AccountMailData
  "two-factor-disabled": AccountMailData
  "withdrawal-receipt": WithdrawalMailData
  "return-received": ReturnReceivedMailData
  "refund-made": RefundMailData
  "pgp-key-test": PgpKeyTestMailData
  "pgp-key-failed": PgpKeyFailedMailData
  "account-deleted": AccountMailData
}

export type MailTemplate = keyof MailTemplates

export const MAIL_TEMPLATES = [
  "order-confirmation",
  "order-shipped",
  "order-delivered",
  "order-cancelled",
  "password-changed",
  "password-reset",
  "email-change-confirm",
  "email-change-taken",
  "email-change-requested",
  "two-factor-enabled",
  "two-factor-disabled",
  "withdrawal-receipt",
  "return-received",
  "refund-made",
  "pgp-key-test",
  "pgp-key-failed",
  "account-deleted",
] as const satisfies readonly MailTemplate[]

export interface RenderedMail {
  subject: string
  text: string
  html: string
}

/** The subject an encrypted mail shows outside its encryption (the real one is inside, as a protected header). */
export function encryptedMailSubject(language: Language): string {
  return translator(language)("pgp.outerSubject")
}

export function isMailTemplate(value: unknown): value is MailTemplate {
  return typeof value === "string" && (MAIL_TEMPLATES as readonly string[]).includes(value)
}

// ---------------------------------------------------------------------------------------------

function translator(language: Language) {
  return (key: MessageKey, params?: MessageParams) => fill(messageText(messages, language, key), params)
}
type T = ReturnType<typeof translator>

function formatDate(iso: string, language: Language, timeZone: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return new Intl.DateTimeFormat(language === "de" ? "de-DE" : "en-GB", { dateStyle: "long", timeZone }).format(date)
}

/** The time of day (24 h in German, as the law's receipt needs the moment) in the shop's time zone. */
function formatTime(iso: string, language: Language, timeZone: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return new Intl.DateTimeFormat(language === "de" ? "de-DE" : "en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(date)
}

/** A calendar day (YYYY-MM-DD) as the language writes it; UTC both ways, so no time zone moves it. */
function formatDay(day: string, language: Language): string {
  const [year, month, date] = day.split("-").map(Number)
  if (!year || !month || !date) return day
  return new Intl.DateTimeFormat(language === "de" ? "de-DE" : "en-GB", { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, date)),
  )
}

function greeting(t: T, name: string | null): string {
  return name?.trim() ? t("mail.greeting", { name: name.trim() }) : t("mail.greeting.anonymous")
}

function addressLines(address: MailAddress | null): string[] {
  if (!address) return []
  const trim = (value: string | null | undefined) => value?.trim() ?? ""
  const cityLine = [trim(address.postalCode), trim(address.city)].filter(Boolean).join(" ")
  // Berlin, Berlin: a state that repeats the city is said once.
  const state = trim(address.state) === trim(address.city) ? "" : trim(address.state)
  return [trim(address.fullName), trim(address.addressLine1), trim(address.addressLine2), cityLine, state, trim(address.country)].filter(
    Boolean,
  )
}

/** The mail as a whole document: the shop's name on top, the body, the footer with the recipient. */
function layout(language: Language, subject: string, email: string, body: SafeHtml, t: T): string {
  return html`<!doctype html>
    <html lang="${language}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${subject}</title>
      </head>
      <body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827;">
        <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;">
          <tr>
            <td align="center" style="padding:24px 12px;">
              <table
                role="presentation"
                width="600"
                cellpadding="0"
                cellspacing="0"
                style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;"
              >
                <tr>
                  <td style="padding:20px 28px;background:#111827;color:#ffffff;font-size:22px;font-weight:bold;border-radius:8px 8px 0 0;">
                    ${SHOP_NAME}
                  </td>
                </tr>
                <tr>
                  <td style="padding:28px;font-size:15px;line-height:1.5;">
                    ${body}
                    <p style="margin:24px 0 0;">${t("mail.signoff")}<br />${t("mail.team")}</p>
                  </td>
                </tr>
                <tr>
                  <td style="padding:16px 28px;font-size:12px;color:#6b7280;border-top:1px solid #e5e7eb;">
                    ${t("mail.footer", { email })}
                  </td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html> `.value
}

function textMail(paragraphs: Array<string | null | false>, email: string, t: T): string {
  const body = paragraphs.filter((p): p is string => typeof p === "string").join("\n\n")
  return `${body}\n\n${t("mail.signoff")}\n${t("mail.team")}\n\n--\n${t("mail.footer", { email })}\n`
}

// ---------------------------------------------------------------------------------------------
// Orders

/** The payment method as the mail names it: an invoice in the customer's language, the others as the order has them. */
function paymentMethodName(order: OrderMailOrder, t: T): string {
  return order.invoice ? t("order.paymentMethod.invoice") : order.paymentMethod
}

/** What the mail says of VAT under the totals: each rate's VAT contained, or the reverse charge, or the export. */
function vatNotes(order: OrderMailOrder, language: Language, t: T): string[] {
  const vat = order.vat
  if (!vat) return [t("order.taxIncluded")]
  if (vat.treatment === "reverse_charge") return [t("order.vat.reverseCharge")]
  if (vat.treatment === "export") return [t("order.vat.export")]
  if (vat.rates.length === 0) return [t("order.vat.none")]
  return vat.rates.map((r) => t("order.vat.included", { rate: formatRate(r.rate, language), amount: formatEuro(r.amount, language) }))
}

function orderSummary(order: OrderMailOrder, language: Language, timeZone: string, t: T): { html: SafeHtml; text: string } {
  const euro = (euros: string | number) => formatEuro(euros, language)
  const lines = order.items.map((item) => ({
    ...item,
    lineTotal: centsToEuros(eurosToCents(item.unitPrice) * item.quantity),
  }))
  const address = addressLines(order.shippingAddress)
  const vat = vatNotes(order, language, t)
  const cell = "padding:6px 8px;border-bottom:1px solid #e5e7eb;"
  const num = `${cell}text-align:right;white-space:nowrap;`
  const testBanner = order.isTestPayment
    ? html`<p style="margin:0 0 16px;padding:10px 14px;background:#fef3c7;border:2px solid #d97706;border-radius:6px;color:#92400e;">
        <strong>${t("order.testPayment")}</strong>: ${t("order.testPaymentNote")}
      </p>`
    : null
  const htmlPart = html`${testBanner}
    <h2 style="margin:0 0 4px;font-size:18px;">${t("order.heading", { number: order.number })}</h2>
    <p style="margin:0 0 12px;color:#6b7280;">${t("order.placedOn", { date: formatDate(order.placedAt, language, timeZone) })}</p>
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;font-size:14px;">
      <tr>
        <th align="left" style="${cell}">${t("order.item")}</th>
        <th style="${num}">${t("order.qty")}</th>
        <th style="${num}">${t("order.price")}</th>
        <th style="${num}">${t("order.lineTotal")}</th>
      </tr>
      ${lines.map(
        (line) =>
          html`<tr>
            <td style="${cell}">${line.name}</td>
            <td style="${num}">${line.quantity}</td>
            <td style="${num}">${euro(line.unitPrice)}</td>
            <td style="${num}">${euro(line.lineTotal)}</td>
          </tr> `,
      )}
      <tr>
        <td colspan="3" style="${num}">${t("order.subtotal")}</td>
        <td style="${num}">${euro(order.subtotal)}</td>
      </tr>
      <tr>
        <td colspan="3" style="${num}">${t("order.shipping")}</td>
        <td style="${num}">${euro(order.shipping)}</td>
      </tr>
      <tr>
        <td colspan="3" style="${num}font-weight:bold;">${t("order.total")}</td>
        <td style="${num}font-weight:bold;">${euro(order.total)}</td>
      </tr>
    </table>
    <p style="margin:4px 0 16px;font-size:12px;color:#6b7280;">${vat.map((note, i) => html`${i > 0 ? html`<br />` : null}${note}`)}</p>
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px;">
      ${
        order.shippingMethod
          ? html`<tr>
              <td style="padding:4px 0;color:#6b7280;width:40%;vertical-align:top;">${t("order.shippingMethod")}</td>
              <td style="padding:4px 0;">${order.shippingMethod}</td>
            </tr> `
          : null
      }${
        address.length
          ? html`<tr>
              <td style="padding:4px 0;color:#6b7280;vertical-align:top;">${t("order.shippingAddress")}</td>
              <td style="padding:4px 0;">${address.map((line, i) => html`${i > 0 ? html`<br />` : null}${line}`)}</td>
            </tr> `
          : null
      }
      <tr>
        <td style="padding:4px 0;color:#6b7280;vertical-align:top;">${t("order.paymentMethod")}</td>
        <td style="padding:4px 0;">
          ${paymentMethodName(order, t)}${order.isTestPayment ? html` <strong style="color:#92400e;">(${t("order.testPayment")})</strong>` : null}
        </td>
      </tr>
    </table>`

  const width = Math.max(...lines.map((line) => `${line.quantity} × ${line.name}`.length), 20)
  const textLines = [
    ...(order.isTestPayment ? [`*** ${t("order.testPayment")} *** ${t("order.testPaymentNote")}`, ""] : []),
    t("order.heading", { number: order.number }),
    t("order.placedOn", { date: formatDate(order.placedAt, language, timeZone) }),
    "",
    ...lines.map((line) => `${`${line.quantity} × ${line.name}`.padEnd(width)}  ${euro(line.unitPrice)} = ${euro(line.lineTotal)}`),
    "",
    `${t("order.subtotal")}: ${euro(order.subtotal)}`,
    `${t("order.shipping")}: ${euro(order.shipping)}`,
    `${t("order.total")}: ${euro(order.total)}`,
    ...vat,
    "",
    ...(order.shippingMethod ? [`${t("order.shippingMethod")}: ${order.shippingMethod}`] : []),
    ...(address.length ? [`${t("order.shippingAddress")}:`, ...address.map((line) => `  ${line}`)] : []),
    `${t("order.paymentMethod")}: ${paymentMethodName(order, t)}${order.isTestPayment ? ` (${t("order.testPayment")})` : ""}`,
  ]
  return { html: htmlPart, text: textLines.join("\n") }
}

/**
 * The confirmation of an invoice order asks for the money: the amount, by when, the
 * reference to quote and the shop's bank account; null for other orders and once it is paid.
 */
function transferRequest(order: OrderMailOrder, language: Language, t: T): { html: SafeHtml; text: string } | null {
  const invoice = order.invoice
  if (!invoice || invoice.paidAt) return null
  const amount = formatEuro(order.total, language)
  const dueDate = formatDay(invoice.dueDate, language)
  const sentence = t("order.invoice.text", { amount, dueDate, reference: invoice.reference })
  const rows: Array<[string, string]> = [
    [t("order.invoice.accountHolder"), invoice.accountHolder],
    [t("order.invoice.iban"), formatIban(invoice.iban)],
    [t("order.invoice.bic"), invoice.bic],
    [t("order.invoice.amount"), amount],
    [t("order.invoice.reference"), invoice.reference],
    [t("order.invoice.dueDate"), dueDate],
  ]
  const label = Math.max(...rows.map(([name]) => name.length)) + 1
  return {
    html: html`<div style="margin:0 0 20px;padding:14px 16px;border:2px solid #0f766e;border-radius:6px;">
      <h2 style="margin:0 0 8px;font-size:17px;">${t("order.invoice.title")}</h2>
      <p style="margin:0 0 10px;">${sentence}</p>
      <table role="presentation" cellpadding="0" cellspacing="0" style="font-size:14px;">
        ${rows.map(
          ([name, value]) =>
            html`<tr>
              <td style="padding:3px 16px 3px 0;color:#4b5563;vertical-align:top;">${name}</td>
              <td style="padding:3px 0;font-weight:bold;">${value}</td>
            </tr> `,
        )}
      </table>
    </div>`,
    text: [t("order.invoice.title"), sentence, "", ...rows.map(([name, value]) => `${`${name}:`.padEnd(label + 1)}${value}`)].join("\n"),
  }
}

type OrderKind = "confirmation" | "shipped" | "delivered" | "cancelled"

/** What a cancellation says about the money: nothing was taken for a test, an unpaid invoice is not to be paid, else the refund. */
function cancelledMoneyKey(order: OrderMailOrder): MessageKey {
  if (order.isTestPayment) return "order.cancelled.noMoney"
  if (order.invoice && !order.invoice.paidAt) return "order.cancelled.invoiceUnpaid"
  return "order.cancelled.money"
}

function orderMail(kind: OrderKind, data: OrderMailData): RenderedMail {
  const t = translator(data.language)
  const number = data.order.number
  const plainSubject = t(`order.${kind}.subject`, { number })
  const subject = data.order.isTestPayment ? t("order.testSubject", { subject: plainSubject }) : plainSubject
  // An invoice order is prepared once its money has arrived, so its mail says that instead.
  const introKey: MessageKey =
    kind === "confirmation" && data.order.invoice && !data.order.invoice.paidAt ? "order.confirmation.introInvoice" : `order.${kind}.intro`
  const introText = t(introKey, { number })
  const intro = `${greeting(t, data.name)}\n\n${introText}`
  const after = kind === "cancelled" ? t(cancelledMoneyKey(data.order)) : null
  const transfer = kind === "confirmation" ? transferRequest(data.order, data.language, t) : null
  const tracking = kind === "shipped" ? trackingParagraph(data.order.shipment ?? null, t) : null
  const summary = orderSummary(data.order, data.language, data.timeZone, t)
  const body = html`<p style="margin:0 0 12px;">${greeting(t, data.name)}</p>
    <p style="margin:0 0 20px;">${introText}${after ? html` ${after}` : null}</p>
    ${tracking?.html ?? null}${transfer?.html ?? null}${summary.html}`
  return {
    subject,
    html: layout(data.language, subject, data.email, body, t),
    text: textMail([after ? `${intro} ${after}` : intro, tracking?.text ?? null, transfer?.text ?? null, summary.text], data.email, t),
  }
}

/** The shipped mail's line on the parcel: the carrier, the tracking number and a link to the carrier's tracking page. */
function trackingParagraph(shipment: OrderMailShipment | null, t: T): { html: SafeHtml; text: string } | null {
  if (!shipment?.trackingNumber) return null
  const carrier = shipment.carrier ?? t("order.shipped.carrierUnknown")
  const line = t("order.shipped.tracking", { carrier, number: shipment.trackingNumber })
  // Only a web address becomes a link (as for the reset link): anything else stays text.
  const url = shipment.trackingUrl && /^https?:\/\/[^\s]+$/i.test(shipment.trackingUrl) ? shipment.trackingUrl : null
  return {
    html: html`<p style="margin:0 0 20px;">
      ${line}${
        url
          ? html`<br /><a href="${url}" style="color:#1d4ed8;word-break:break-all;" data-tracking-link>${t("order.shipped.trackLink")}</a>`
          : null
      }
    </p>`,
    text: url ? `${line}\n${t("order.shipped.trackLink")}: ${url}` : line,
  }
}

// ---------------------------------------------------------------------------------------------
// Accounts

function accountMail(data: AccountMailData, subjectKey: MessageKey, paragraphKeys: MessageKey[], extra: MessageParams = {}): RenderedMail {
  const t = translator(data.language)
  const params = { username: data.username, date: formatDate(data.at, data.language, data.timeZone), ...extra }
  const subject = t(subjectKey)
  const paragraphs = paragraphKeys.map((key) => t(key, params))
  const body = html`<p style="margin:0 0 12px;">${greeting(t, data.name)}</p>
    ${paragraphs.map((p) => html`<p style="margin:0 0 12px;">${p}</p> `)}`
  return {
    subject,
    html: layout(data.language, subject, data.email, body, t),
    text: textMail([greeting(t, data.name), ...paragraphs], data.email, t),
  }
}

/** A mail whose point is one link (reset a password, confirm an address): a button, the link written out, then notes. */
function linkMail(
  data: MailBase,
  url: string,
  keys: { subject: MessageKey; intro: MessageKey; button: MessageKey; link: MessageKey; notes: MessageKey[] },
  params: MessageParams,
): RenderedMail {
  // Only a web address becomes a link: anything else (javascript:, data:) is refused outright.
  if (!/^https?:\/\/[^\s]+$/i.test(url)) throw new Error("A mail's link must be an http(s) address")
  const t = translator(data.language)
  const subject = t(keys.subject)
  const intro = t(keys.intro, params)
  const notes = keys.notes.map((key) => t(key, params))
  const body = html`<p style="margin:0 0 12px;">${greeting(t, data.name)}</p>
    <p style="margin:0 0 20px;">${intro}</p>
    <p style="margin:0 0 20px;">
      <a
        href="${url}"
        style="display:inline-block;padding:12px 20px;background:#111827;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;"
        >${t(keys.button)}</a
      >
    </p>
    <p style="margin:0 0 12px;font-size:13px;color:#6b7280;">
      ${t(keys.link)}<br /><a href="${url}" style="color:#1d4ed8;word-break:break-all;">${url}</a>
    </p>
    ${notes.map((note) => html`<p style="margin:0 0 12px;">${note}</p> `)}`
  return {
    subject,
    html: layout(data.language, subject, data.email, body, t),
    text: textMail([greeting(t, data.name), intro, `${t(keys.link)}\n${url}`, ...notes], data.email, t),
  }
}

function passwordResetMail(data: PasswordResetMailData): RenderedMail {
  return linkMail(
    data,
    data.resetUrl,
    {
      subject: "password.reset.subject",
      intro: "password.reset.intro",
      button: "password.reset.button",
      link: "password.reset.link",
      notes: ["password.reset.validity", "password.reset.ignore"],
    },
    { username: data.username },
  )
}

function emailChangeMail(data: EmailChangeMailData): RenderedMail {
  return linkMail(
    data,
    data.confirmUrl,
    {
      subject: "email.change.subject",
      intro: "email.change.intro",
      button: "email.change.button",
      link: "email.change.link",
      notes: ["email.change.validity", "email.change.ignore"],
    },
    { username: data.username },
  )
}

/** To an address another account has: no name (the greeting is the address's, not the asking account's), no link. */
function emailTakenMail(data: MailBase): RenderedMail {
  const t = translator(data.language)
  const subject = t("email.taken.subject")
  const paragraphs = [t("email.taken.intro"), t("email.taken.forgot"), t("email.taken.ignore")]
  const body = html`<p style="margin:0 0 12px;">${greeting(t, null)}</p>
    ${paragraphs.map((p) => html`<p style="margin:0 0 12px;">${p}</p> `)}`
  return {
    subject,
    html: layout(data.language, subject, data.email, body, t),
    text: textMail([greeting(t, null), ...paragraphs], data.email, t),
  }
}

function emailChangeRequestedMail(data: EmailChangeRequestedMailData): RenderedMail {
  const t = translator(data.language)
  const params = { username: data.username, newEmail: data.newEmail, date: formatDate(data.at, data.language, data.timeZone) }
  const subject = t("email.requested.subject")
  const paragraphs = (["email.requested.intro", "email.requested.pending", "email.requested.notYou"] as const).map((key) => t(key, params))
  const body = html`<p style="margin:0 0 12px;">${greeting(t, data.name)}</p>
    ${paragraphs.map((p) => html`<p style="margin:0 0 12px;">${p}</p> `)}`
  return {
    subject,
    html: layout(data.language, subject, data.email, body, t),
    text: textMail([greeting(t, data.name), ...paragraphs], data.email, t),
  }
}

// ---------------------------------------------------------------------------------------------
// After the sale: the withdrawal's receipt, a return received, a refund made

function withdrawalMail(data: WithdrawalMailData): RenderedMail {
  const t = translator(data.language)
  const w = data.withdrawal
  const number = data.orderNumber
  const subject = t("withdrawal.subject", { number })
  const date = formatDate(w.receivedAt, data.language, data.timeZone)
  const time = formatTime(w.receivedAt, data.language, data.timeZone)
  const intro = t("withdrawal.intro", { number, date, time })
  const rows: Array<[string, string]> = [
    [t("withdrawal.name"), w.name],
    [t("withdrawal.email"), w.email],
    [t("withdrawal.order"), `#${number}`],
    [t("withdrawal.received"), `${date}, ${time}`],
  ]
  const items = w.items.map((item) => `${item.quantity} × ${item.name}`)
  const deadline = formatDay(w.refundDeadline, data.language)
  const next = [
    t(w.returnRequested ? "withdrawal.nextReturn" : "withdrawal.nextNotShipped", { deadline }),
    ...(w.wholeOrder ? [t("withdrawal.wholeOrder")] : []),
  ]
  const address = w.returnAddress.length > 0 ? w.returnAddress : null
  const body = html`<p style="margin:0 0 12px;">${greeting(t, data.name)}</p>
    <p style="margin:0 0 20px;">${intro}</p>
    <h2 style="margin:0 0 8px;font-size:17px;">${t("withdrawal.statement")}</h2>
    <p style="margin:0 0 10px;">${t("withdrawal.statementText", { number })}</p>
    <table role="presentation" cellpadding="0" cellspacing="0" style="font-size:14px;margin:0 0 12px;">
      ${rows.map(
        ([name, value]) =>
          html`<tr>
            <td style="padding:3px 16px 3px 0;color:#4b5563;vertical-align:top;">${name}</td>
            <td style="padding:3px 0;">${value}</td>
          </tr> `,
      )}
      <tr>
        <td style="padding:3px 16px 3px 0;color:#4b5563;vertical-align:top;">${t("withdrawal.items")}</td>
        <td style="padding:3px 0;">${items.map((line, i) => html`${i > 0 ? html`<br />` : null}${line}`)}</td>
      </tr>
    </table>
    <h2 style="margin:16px 0 8px;font-size:17px;">${t("withdrawal.next")}</h2>
    ${next.map((p) => html`<p style="margin:0 0 12px;">${p}</p> `)}
    <p style="margin:0 0 12px;">
      <strong>${t("withdrawal.returnAddress")}</strong><br />${
        address ? address.map((line, i) => html`${i > 0 ? html`<br />` : null}${line}`) : t("withdrawal.returnAddressMissing")
      }
    </p>`
  const label = Math.max(...[...rows.map(([n]) => n), t("withdrawal.items")].map((n) => n.length)) + 2
  const text = [
    greeting(t, data.name),
    intro,
    [
      t("withdrawal.statement"),
      t("withdrawal.statementText", { number }),
      ...rows.map(([n, v]) => `${`${n}:`.padEnd(label)}${v}`),
      `${t("withdrawal.items")}:`,
      ...items.map((l) => `  ${l}`),
    ].join("\n"),
    [t("withdrawal.next"), ...next].join("\n"),
    [`${t("withdrawal.returnAddress")}:`, ...(address ?? [t("withdrawal.returnAddressMissing")])].join("\n"),
  ]
  return { subject, html: layout(data.language, subject, data.email, body, t), text: textMail(text, data.email, t) }
}

function returnReceivedMail(data: ReturnReceivedMailData): RenderedMail {
  const t = translator(data.language)
  const subject = t("returnReceived.subject", { number: data.orderNumber })
  const intro = t("returnReceived.intro", { number: data.orderNumber, date: formatDate(data.receivedAt, data.language, data.timeZone) })
  const items = data.items.map((item) => `${item.quantity} × ${item.name}`)
  const body = html`<p style="margin:0 0 12px;">${greeting(t, data.name)}</p>
    <p style="margin:0 0 12px;">${intro}</p>
    <p style="margin:0 0 12px;">${items.map((line, i) => html`${i > 0 ? html`<br />` : null}${line}`)}</p>`
  return {
    subject,
    html: layout(data.language, subject, data.email, body, t),
    text: textMail([greeting(t, data.name), intro, items.join("\n")], data.email, t),
  }
}

const REFUND_KEYS = { card: "refund.card", paypal: "refund.paypal", test: "refund.test", bank_transfer: "refund.bankTransfer" } as const

function refundMail(data: RefundMailData): RenderedMail {
  const t = translator(data.language)
  const amount = formatEuro(data.amount, data.language)
  const subject = t("refund.subject", { amount, number: data.orderNumber })
  const line = t(REFUND_KEYS[data.method], { amount, number: data.orderNumber, iban: data.iban ? formatIban(data.iban) : "" })
  const body = html`<p style="margin:0 0 12px;">${greeting(t, data.name)}</p>
    <p style="margin:0 0 12px;">${line}</p>`
  return {
    subject,
    html: layout(data.language, subject, data.email, body, t),
    text: textMail([greeting(t, data.name), line], data.email, t),
  }
}

const renderers: { [K in MailTemplate]: (data: MailTemplates[K]) => RenderedMail } = {
  "order-confirmation": (data) => orderMail("confirmation", data),
  "order-shipped": (data) => orderMail("shipped", data),
  "order-delivered": (data) => orderMail("delivered", data),
  "order-cancelled": (data) => orderMail("cancelled", data),
  "password-changed": (data) =>
    accountMail(data, "password.changed.subject", [
      "password.changed.intro",
      "password.changed.sessions",
      "password.changed.you",
      "password.changed.notYou",
    ]),
  "password-reset": passwordResetMail,
  "email-change-confirm": emailChangeMail,
  "email-change-taken": emailTakenMail,
  "email-change-requested": emailChangeRequestedMail,
  "two-factor-enabled": (data) =>
    accountMail(data, "twoFactor.enabled.subject", ["twoFactor.enabled.intro", "twoFactor.enabled.detail", "mail.notYou"]),
  "pgp-key-test": (data) => accountMail(data, "pgp.test.subject", ["pgp.test.intro", "pgp.test.detail"], { fingerprint: data.fingerprint }),
  "pgp-key-failed": (data) => {
    const t = translator(data.language)
    const reasonDate = data.reasonDate ? formatDate(data.reasonDate, data.language, data.timeZone) : ""
    const reason = t(`pgp.reason.${data.reason}` as MessageKey, { reasonDate })
    return accountMail(data, "pgp.failed.subject", ["pgp.failed.intro", "pgp.failed.detail"], { fingerprint: data.fingerprint, reason })
  },
  "account-deleted": (data) => accountMail(data, "deleted.subject", ["deleted.intro", "deleted.detail"]),
  "two-factor-disabled": (data) =>
    accountMail(data, "twoFactor.disabled.subject", ["twoFactor.disabled.intro", "twoFactor.disabled.detail", "mail.notYou"]),
  "withdrawal-receipt": withdrawalMail,
  "return-received": returnReceivedMail,
  "refund-made": refundMail,
}

/** One mail, rendered: subject, HTML and plain text in `data.language` (anything but "de" is English). */
export function renderMail<K extends MailTemplate>(template: K, data: MailTemplates[K]): RenderedMail {
  const render = renderers[template] as (data: MailTemplates[K]) => RenderedMail | undefined
  if (!render) throw new Error(`Unknown mail template "${String(template)}"`)
  return render({ ...data, language: data.language === "de" ? "de" : "en" })!
}
