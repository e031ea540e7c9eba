import { describe, expect, it } from "vitest"
import {
  EU_MEMBER_STATES,
  formatRate,
  isEuMemberState,
  netOfGross,
  orderVat,
  REVERSE_CHARGE_TAX_CODE,
  reverseChargeApplies,
  vatIdCountry,
} from "@enclave/contract/tax"
import { shopTaxRegions } from "../../medusa-backend/src/scripts/eu-vat-rates.ts"

describe("the EU's VAT area", () => {
  it("has the 27 member states, Greece as gr; the tax regions set up are exactly those, with 2026's standard rates", () => {
    expect(EU_MEMBER_STATES).toHaveLength(27)
    expect(isEuMemberState("GR")).toBe(true)
    expect(isEuMemberState("gb")).toBe(false)
    expect(isEuMemberState("ch")).toBe(false)
    expect(shopTaxRegions.map((r) => r.countryCode).sort()).toEqual([...EU_MEMBER_STATES].sort())
    const rate = (code: string) => shopTaxRegions.find((r) => r.countryCode === code)!.rate
    expect([rate("de"), rate("fr"), rate("fi"), rate("ee"), rate("ro"), rate("sk"), rate("hu"), rate("lu")]).toEqual([
      19, 20, 25.5, 24, 21, 23, 27, 17,
    ])
  })

  it("reads a VAT ID's country from its prefix, EL as Greece", () => {
    expect(vatIdCountry("FR40303265045")).toBe("fr")
    expect(vatIdCountry("el 094 259 216")).toBe("gr")
    expect(vatIdCountry("ATU12345678")).toBe("at")
    expect(vatIdCountry("12345")).toBeNull()
  })
})

describe("the reverse charge", () => {
  it.each([
    // VAT ID, destination, reverse charge?
    ["FR40303265045", "fr", true],
    ["FR40303265045", "at", true], // another EU state than the VAT ID's: still an intra-community supply
    ["EL094259216", "at", true],
    ["fr 40 303 265 045", "FR", true], // as typed: normalised first
    ["FR40303265045", "de", false], // received in Germany: a German supply, German VAT
    ["DE811907980", "fr", false], // a German VAT ID: German VAT, no intra-community supply
    ["FR40303265045", "ch", false], // outside the EU: an export
    ["XI123456789", "gb", false], // Northern Ireland's numbers, addresses in the UK: no EU member state
    ["CHE123456789", "fr", false], // a Swiss VAT ID
    ["FR4030326504", "fr", false], // not a valid French form
    [null, "fr", false],
    ["", "fr", false],
  ] as const)("%s shipping to %s: %s", (vatId, destination, expected) => {
    expect(reverseChargeApplies(vatId, destination)).toBe(expected)
  })

  it("takes Germany's VAT out of each gross price, to the cent", () => {
    expect(netOfGross(599_00, 19)).toBe(503_36)
    expect(netOfGross(50_00, 19)).toBe(42_02)
    expect(netOfGross(15_00, 19)).toBe(12_61)
    expect(netOfGross(10_70, 7)).toBe(10_00)
    expect(netOfGross(10_00, 0)).toBe(10_00)
  })
})

describe("an order's VAT from its tax lines", () => {
  const line = (unitAmount: number, quantity: number, ...rates: Array<number | [string, number]>) => ({
    unitAmount,
    quantity,
    taxLines: rates.map((r) => (Array.isArray(r) ? { code: r[0], rate: r[1] } : { code: `X-${r}`, rate: String(r) })),
  })

  it("gross lines with rates: the VAT contained per rate, rounded once on the rate's total; combinable rates of a line add up", () => {
    const germany = orderVat([line(599_00, 1, 19), line(15_00, 1, 19)], "de")
    expect(germany).toMatchObject({ treatment: "included", vatCents: 98_03, grossCents: 614_00, netCents: 515_97 })
    // Four lines of 0.05 at 19 %: 0.798 cents each would round to 4; on their total 0.20, 3.
    expect(orderVat([line(5, 4, 19)], "de").vatCents).toBe(3)
    const combined = orderVat([line(113_00, 1, 10, 3)], "ca")
    expect(combined.groups).toEqual([{ ratePercent: 13, grossCents: 113_00, vatCents: 13_00, netCents: 100_00 }])
    expect(combined.treatment).toBe("included")
  })

  it("reverse charge when a line carries the reverse-charge code; export when nothing is taxed and it goes outside the EU", () => {
    const reverse = orderVat([line(503_36, 1, [REVERSE_CHARGE_TAX_CODE, 0]), line(42_02, 1, [REVERSE_CHARGE_TAX_CODE, 0])], "fr")
    expect(reverse).toMatchObject({ treatment: "reverse_charge", vatCents: 0, grossCents: 545_38, noVat: true })
    expect(orderVat([line(599_00, 1), line(50_00, 1)], "ch")).toMatchObject({ treatment: "export", vatCents: 0 })
    // An EU state whose tax region staff removed: no VAT on the order, but no export either.
    expect(orderVat([line(599_00, 1)], "fr")).toMatchObject({ treatment: "included", noVat: true })
  })

  it("writes rates as each language does", () => {
    expect([formatRate(19, "en"), formatRate(19, "de"), formatRate(25.5, "en"), formatRate(25.5, "de")]).toEqual([
      "19%",
      "19\u00a0%",
      "25.5%",
      "25,5\u00a0%",
    ])
  })
})
