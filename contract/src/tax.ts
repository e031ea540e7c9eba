/**
 * VAT as the shop applies it (Medusa holds the tax; docs/product.md §4 "VAT"): one gross price list, the VAT of the
 * country the goods go to contained in it (Germany's 19 %, another EU state's standard rate under the
 * one-stop-shop), none outside the EU (an export), and the net price for a business in another EU
 * state under the reverse charge. Medusa's tax module holds the rates and every order carries its tax
 * lines; this module is the arithmetic and the rules every part shares to read them the same way: the
 * facade (answers, invoices), the mails and the storefront.
 *
 * It imports only its plain sibling vat.ts (the VAT ID's form): a browser bundle takes it from
 * "@enclave/contract/tax" and ships only what it uses.
 */
import { centsToEuros, eurosToCents } from "./money.js"
import { normaliseVatId, vatIdProblem } from "./vat.js"

/**
 * The EU's 27 member states, as Medusa writes countries (ISO 3166-1, lower case; Greece is "gr",
 * though its VAT IDs start "EL"). Northern Ireland's XI numbers are not among them: its addresses are
 * in the United Kingdom, outside the EU's VAT area for this shop.
 */
export const EU_MEMBER_STATES = [
  "at",
  "be",
  "bg",
  "cy",
  "cz",
  "de",
  "dk",
  "ee",
  "es",
  "fi",
  "fr",
  "gr",
  "hr",
  "hu",
  "ie",
  "it",
  "lt",
  "lu",
  "lv",
  "mt",
  "nl",
  "pl",
  "pt",
  "ro",
  "se",
  "si",
  "sk",
] as const

/** Where the shop is established and its gross prices are made: Germany. */
export const SHOP_COUNTRY = "de"

/** The code of the 0 % tax lines of a reverse-charge order (Medusa's order tax lines). */
export const REVERSE_CHARGE_TAX_CODE = "EU-REVERSE-CHARGE"

/**
 * How an order's price treats VAT: `included`, the VAT of the destination contained in the gross
 * price (Germany, another EU state's consumer); `reverse_charge`, a business in another EU state
 * pays the net price and accounts for the VAT itself; `export`, outside the EU, no VAT.
 */
export const vatTreatments = ["included", "reverse_charge", "export"] as const
export type VatTreatment = (typeof vatTreatments)[number]

export function isEuMemberState(countryCode: string | null | undefined): boolean {
  return (EU_MEMBER_STATES as readonly string[]).includes((countryCode ?? "").toLowerCase())
}

/** The country (Medusa's code) that issued a VAT ID: its prefix, EL as gr. Null when it has no two-letter prefix. */
export function vatIdCountry(vatId: string): string | null {
  const prefix = normaliseVatId(vatId).slice(0, 2)
  if (!/^[A-Z]{2}$/.test(prefix)) return null
  return prefix === "EL" ? "gr" : prefix.toLowerCase()
}

/**
 * Whether a business customer buys at the net price under the reverse charge (§ 4 Nr. 1 b, § 6a
 * UStG; Art. 138 VAT Directive): its VAT ID has a valid form and is from an EU state other than
 * Germany, and the goods go to an EU state other than Germany. Everyone else pays the gross price.
 */
export function reverseChargeApplies(vatId: string | null | undefined, shippingCountry: string): boolean {
  if (!vatId?.trim()) return false
  const normalised = normaliseVatId(vatId)
  if (vatIdProblem(normalised) !== null) return false
  const issuer = vatIdCountry(normalised)
  const destination = shippingCountry.toLowerCase()
  return isEuMemberState(issuer) && issuer !== SHOP_COUNTRY && isEuMemberState(destination) && destination !== SHOP_COUNTRY
}

/** A price of the German gross price list without Germany's VAT (at that line's German rate), to the cent per unit. */
export function netOfGross(grossCents: number, ratePercent: number): number {
  return grossCents - vatOfGross(grossCents, ratePercent)
}

/**
 * VAT = gross × rate / (100 + rate), rounded half up to the cent. Applied ONCE per rate, on the sum
 * of that rate's lines, not per line (vatBreakdown): rounding each line would let the VAT drift from
 * the rate by a cent per line, and a German invoice states the VAT per rate on that rate's total.
 */
export function vatOfGross(grossCents: number, ratePercent: number): number {
  if (ratePercent <= 0) return 0
  // In hundredths of a percent, so a rate such as 25.5 stays exact in the products below.
  const rate = Math.round(ratePercent * 100)
  return Math.round((grossCents * rate) / (10_000 + rate))
}

/** A line of an order (an item or the shipping) as the VAT sees it. */
export interface TaxedAmount {
  /** What the line costs as charged, in cents: VAT included unless the line is reverse charge. */
  grossCents: number
  /** The line's VAT rate in percent (19 for 19 %); null or 0: none. */
  ratePercent: number | null
}

/** The lines of one rate added up. */
export interface VatGroup {
  ratePercent: number
  grossCents: number
  netCents: number
  vatCents: number
}

export interface VatBreakdown {
  /** One group per rate, highest rate first; lines without a rate are the 0 % group. */
  groups: VatGroup[]
  grossCents: number
  netCents: number
  vatCents: number
  /** True when no line carries VAT. */
  noVat: boolean
}

/** The VAT contained in these lines, per rate (net = gross − VAT, so net + VAT is exactly what was charged). */
export function vatBreakdown(lines: readonly TaxedAmount[]): VatBreakdown {
  const grossByRate = new Map<number, number>()
  for (const line of lines) {
    const rate = line.ratePercent ?? 0
    grossByRate.set(rate, (grossByRate.get(rate) ?? 0) + line.grossCents)
  }
  const groups = [...grossByRate]
    .sort(([a], [b]) => b - a)
    .map(([ratePercent, grossCents]) => {
      const vatCents = vatOfGross(grossCents, ratePercent)
      return { ratePercent, grossCents, vatCents, netCents: grossCents - vatCents }
    })
  const sum = (pick: (group: VatGroup) => number) => groups.reduce((total, group) => total + pick(group), 0)
  return {
    groups,
    grossCents: sum((g) => g.grossCents),
    netCents: sum((g) => g.netCents),
    vatCents: sum((g) => g.vatCents),
    noVat: groups.every((g) => g.ratePercent <= 0),
  }
}

/** A tax line as Medusa's order (or the purchase about to become one) carries it. */
export interface TaxLineFact {
  code?: string | null
  rate: number | string
}

/** An order line with its tax lines: an item (unit price × quantity) or a shipping method (quantity 1). */
export interface LineWithTaxLines {
  /** Euros or cents as the caller keeps them: the result is in the same unit. */
  unitAmount: number
  quantity: number
  taxLines?: readonly TaxLineFact[] | null
}

export interface OrderVat extends VatBreakdown {
  treatment: VatTreatment
}

/**
 * An order's VAT from its tax lines: each line's rate is the sum of its tax lines' rates (Medusa adds
 * combinable rates), the VAT per rate on that rate's total (vatBreakdown). A reverse-charge tax line
 * makes the order reverse charge; an order without VAT going outside the EU is an export.
 * `lines` amounts in cents.
 */
export function orderVat(lines: readonly LineWithTaxLines[], shippingCountry: string | null | undefined): OrderVat {
  const reverseCharge = lines.some((line) => (line.taxLines ?? []).some((t) => t.code === REVERSE_CHARGE_TAX_CODE))
  const breakdown = vatBreakdown(
    lines.map((line) => ({
      grossCents: Math.round(line.unitAmount * line.quantity),
      ratePercent: (line.taxLines ?? []).reduce((sum, t) => sum + Number(t.rate), 0),
    })),
  )
  const treatment: VatTreatment = reverseCharge
    ? "reverse_charge"
    : breakdown.noVat && shippingCountry && !isEuMemberState(shippingCountry)
      ? "export"
      : "included"
  return { ...breakdown, treatment }
}

/** What an order's VAT is read from: Medusa's order with its items' and shipping methods' tax lines (euros), and where it went. */
export interface TaxedOrderRow {
  items?: Array<{ unit_price: number | string; quantity: number | string; tax_lines?: TaxLineFact[] | null }> | null
  shipping_methods?: Array<{ amount: number | string; tax_lines?: TaxLineFact[] | null }> | null
  shipping_address?: { country_code?: string | null } | null
}

/** The fields of Medusa's order (query.graph) that vatOfOrder reads, beside the items' prices and quantities. */
export const orderTaxFields = [
  "items.tax_lines.rate",
  "items.tax_lines.code",
  "shipping_methods.amount",
  "shipping_methods.tax_lines.rate",
  "shipping_methods.tax_lines.code",
  "shipping_address.country_code",
]

/**
 * An order's VAT as every screen, mail and invoice shows it, read from the tax lines Medusa's order
 * carries, never worked out again from the tax settings: they may have changed since, and the
 * order's lines are what was charged.
 */
export function vatOfOrder(order: TaxedOrderRow): OrderVat {
  return orderVat(
    [
      ...(order.items ?? []).map((item) => ({
        unitAmount: eurosToCents(item.unit_price),
        quantity: Number(item.quantity),
        taxLines: item.tax_lines,
      })),
      ...(order.shipping_methods ?? []).map((method) => ({
        unitAmount: eurosToCents(method.amount),
        quantity: 1,
        taxLines: method.tax_lines,
      })),
    ],
    order.shipping_address?.country_code,
  )
}

/** Each rate's VAT in euros, the rates without VAT left out (an answer's `vat`, a mail's rate lines). */
export function vatRates(vat: OrderVat): Array<{ rate: number; amount: string }> {
  return vat.groups
    .filter((group) => group.ratePercent > 0)
    .map((group) => ({ rate: group.ratePercent, amount: centsToEuros(group.vatCents) }))
}

/** A rate as people read it: 19 % in German (a space that does not break), 19% in English; 25,5 % / 25.5%. */
export function formatRate(ratePercent: number, language: "en" | "de"): string {
  const number = new Intl.NumberFormat(language === "de" ? "de-DE" : "en-GB", { maximumFractionDigits: 2 }).format(ratePercent)
  return language === "de" ? `${number}\u00a0%` : `${number}%`
}
