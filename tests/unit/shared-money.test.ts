/**
 * @enclave/contract/money: the one pair of euro/cent conversions and the one euro formatting that
 * the facade, the storefront, the admin and the tests share ("Shared code once").
 */
import { describe, expect, it } from "vitest"
import * as contract from "@enclave/contract"
import * as money from "@enclave/contract/money"
import * as values from "@enclave/contract/values"
import { cartTotal, cartTotalCents, centsToEuros, eurosToCents, formatEuro } from "@enclave/contract/money"

describe("eurosToCents", () => {
  it("takes numbers and the API's decimal strings to whole cents", () => {
    expect(eurosToCents("599.00")).toBe(59900)
    expect(eurosToCents("599.99")).toBe(59999)
    expect(eurosToCents(599.99)).toBe(59999)
    expect(eurosToCents("0.10")).toBe(10)
    expect(eurosToCents(0)).toBe(0)
    expect(eurosToCents("10")).toBe(1000)
    expect(eurosToCents(" 12.5 ")).toBe(1250)
  })

  it("rounds what floats cannot hold exactly to the nearest cent (Math.round, half up)", () => {
    // 1.005 * 100 is 100.49999999999999 as a float: one cent, as it always was.
    expect(eurosToCents(1.005)).toBe(100)
    expect(eurosToCents("19.999")).toBe(2000)
    expect(eurosToCents(0.125)).toBe(13)
    expect(eurosToCents(0.1 + 0.2)).toBe(30)
    expect(eurosToCents(-1.5)).toBe(-150)
  })

  it("is NaN for what is not a number, so a comparison with it never matches", () => {
    expect(eurosToCents("abc")).toBeNaN()
  })
})

describe("centsToEuros", () => {
  it("writes euros the way the API does: a decimal string with two places", () => {
    expect(centsToEuros(59999)).toBe("599.99")
    expect(centsToEuros(1000)).toBe("10.00")
    expect(centsToEuros(5)).toBe("0.05")
    expect(centsToEuros(0)).toBe("0.00")
    expect(centsToEuros(149900)).toBe("1499.00")
  })

  it("round-trips every price of two decimals", () => {
    for (let cents = 0; cents <= 200_000; cents += 7) expect(eurosToCents(centsToEuros(cents))).toBe(cents)
    for (const price of ["0.01", "19.99", "599.00", "1499.95", "99999.99"]) expect(centsToEuros(eurosToCents(price))).toBe(price)
  })
})

describe("cart totals", () => {
  const items = [
    { quantity: 3, product: { price: "19.99" } },
    { quantity: 1, product: { price: "0.10" } },
    { quantity: 2, product: { price: 0.2 } },
  ]

  it("add price times quantity in whole cents, so float sums do not leak", () => {
    expect(cartTotalCents(items)).toBe(6047)
    expect(cartTotal(items)).toBe(60.47)
    // The float sum would not be: 19.99 * 3 + 0.1 + 0.2 + 0.2 is 60.470000000000006.
    expect(19.99 * 3 + 0.1 + 0.2 + 0.2).not.toBe(60.47)
    expect(
      cartTotal([
        { quantity: 1, product: { price: "0.1" } },
        { quantity: 1, product: { price: "0.2" } },
      ]),
    ).toBe(0.3)
    expect(cartTotalCents([])).toBe(0)
    expect(cartTotal([])).toBe(0)
  })
})

describe("formatEuro", () => {
  it("writes euros the way each language does (€599.00 / 599,00 €)", () => {
    expect(formatEuro("1499.00")).toBe("€1,499.00")
    expect(formatEuro("1499.00", "en")).toBe("€1,499.00")
    expect(formatEuro("1499.00", "de")).toBe("1.499,00\u00a0€")
    expect(formatEuro(0.1, "en")).toBe("€0.10")
    expect(formatEuro(centsToEuros(59999), "de")).toBe("599,99\u00a0€")
    expect(formatEuro(59999 / 100)).toBe(formatEuro(centsToEuros(59999)))
  })
})

describe("one definition", () => {
  it("/values and the root re-export the money helpers as the same bindings", () => {
    for (const name of Object.keys(money)) {
      expect(values[name as keyof typeof values], name).toBe(money[name as keyof typeof money])
      expect(contract[name as keyof typeof contract], name).toBe(money[name as keyof typeof money])
    }
  })
})
