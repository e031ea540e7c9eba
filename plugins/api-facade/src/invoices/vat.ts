/**
 * The VAT an invoice shows. The shop's prices are gross (VAT included, docs/product.md §1), so the
 * VAT is taken out of the gross amount, never added on top: what the customer paid is the total.
 * Pure arithmetic in whole cents, without Medusa, so it is tested on its own.
 */

/** A line of the invoice (an item or the shipping) as the VAT sees it. */
export interface TaxedAmount {
  /** What the line costs, VAT included, in cents. */
  grossCents: number
  /** The VAT rate in percent Medusa's tax settings give the line (19 for 19 %); null: no rate applies. */
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
  /** True when no line carries VAT: the invoice says that no VAT is charged instead of a VAT line. */
  noVat: boolean
}

/**
 * VAT = gross × rate / (100 + rate), rounded half up to the cent ONCE per rate, on the sum of that
 * rate's lines, not per line: rounding each line would let the VAT drift from the rate by a cent per
 * line, and a German invoice states the VAT per rate on the total of that rate. Net = gross − VAT,
 * so net + VAT is exactly the gross the customer paid.
 */
export function vatOfGross(grossCents: number, ratePercent: number): number {
  if (ratePercent <= 0) return 0
  // In hundredths of a percent, so a rate such as 5.5 stays exact in the products below.
  const rate = Math.round(ratePercent * 100)
  return Math.round((grossCents * rate) / (10_000 + rate))
}

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
