import { describe, expect, it } from "vitest"
import type { ShippingMethod } from "@enclave/contract"
import { methodsForCountry, shippingCountryOf } from "./shipping-countries"

const method = (id: number, name: string, zone: ShippingMethod["zone"], countries: string[], isDefault: boolean): ShippingMethod => ({
  id,
  name,
  description: name,
  price: "1.00",
  estimated_delivery: null,
  isDefault,
  isActive: true,
  sortOrder: id,
  updatedAt: "2026-01-01T00:00:00.000Z",
  zone,
  countries,
})

const methods = [
  method(1, "Germany Standard", "germany", ["DE"], true),
  method(2, "Germany Express", "germany", ["DE"], false),
  method(3, "Worldwide", "worldwide", ["AT", "FR", "GB", "US"], true),
]

describe("the checkout's country", () => {
  it("is read as the server reads it: a code, an English or German name, an alias, any case", () => {
    for (const typed of ["DE", "de", "Germany", " deutschland "]) expect(shippingCountryOf(methods, typed), typed).toBe("DE")
    for (const typed of ["France", "Frankreich", "fr"]) expect(shippingCountryOf(methods, typed), typed).toBe("FR")
    expect(shippingCountryOf(methods, "UK")).toBe("GB")
    expect(shippingCountryOf(methods, "Österreich")).toBe("AT")
    expect(shippingCountryOf(methods, "Atlantis")).toBeNull()
    expect(shippingCountryOf(methods, "")).toBeNull()
  })

  it("offers only the methods of the country's zone, with that zone's default", () => {
    expect(methodsForCountry(methods, "FR").map((m) => [m.name, m.isDefault])).toEqual([["Worldwide", true]])
    expect(methodsForCountry(methods, "DE").map((m) => [m.name, m.isDefault])).toEqual([
      ["Germany Standard", true],
      ["Germany Express", false],
    ])
  })

  it("offers nothing for a country it does not know or none ('Atlantis' was offered Germany's methods)", () => {
    expect(methodsForCountry(methods, shippingCountryOf(methods, "Atlantis"))).toEqual([])
    expect(methodsForCountry(methods, null)).toEqual([])
  })
})
