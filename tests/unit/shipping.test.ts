/** The contract's shipping method rules shared by the facade, the storefront and the admin (docs/product.md §4, §5). */
import { describe, expect, it } from "vitest"
import {
  deliveryEstimate,
  shippingMethodDescription,
  shippingMethodInputSchema,
  shippingMethodName,
  shippingMethodUpdateSchema,
  withOneDefault,
  withOneDefaultPerZone,
} from "@enclave/contract"

const method = (id: number, name: string, sortOrder: number, isDefault = false) => ({ id, name, sortOrder, isDefault })

describe("withOneDefault", () => {
  it("sorts by sortOrder, then name, and keeps the marked default", () => {
    const sorted = withOneDefault([method(1, "Zeta", 1), method(2, "Alpha", 1, true), method(3, "Omega", 0)])
    expect(sorted.map((m) => [m.id, m.isDefault])).toEqual([
      [3, false],
      [2, true],
      [1, false],
    ])
  })

  it("preselects the first method when none is marked", () => {
    expect(withOneDefault([method(1, "B", 2), method(2, "A", 2)]).map((m) => [m.name, m.isDefault])).toEqual([
      ["A", true],
      ["B", false],
    ])
  })

  it("keeps only the first of several marks, and copes with an empty list", () => {
    expect(
      withOneDefault([method(1, "A", 0, true), method(2, "B", 1, true)])
        .filter((m) => m.isDefault)
        .map((m) => m.id),
    ).toEqual([1])
    expect(withOneDefault([])).toEqual([])
  })
})

describe("withOneDefaultPerZone", () => {
  const zoned = (id: number, name: string, sortOrder: number, zone: string, isDefault = false) => ({
    ...method(id, name, sortOrder, isDefault),
    zone,
  })

  it("keeps one default in each zone, the marked one or the zone's first, and sorts the whole list", () => {
    const list = withOneDefaultPerZone([
      zoned(1, "Germany Standard", 0, "germany", true),
      zoned(2, "Germany Express", 1, "germany", true),
      zoned(3, "Worldwide", 2, "worldwide"),
      zoned(4, "Economy", 3, "worldwide"),
    ])
    expect(list.map((m) => [m.id, m.isDefault])).toEqual([
      [1, true],
      [2, false],
      [3, true],
      [4, false],
    ])
  })
})

describe("a method's delivery estimate in a page's language", () => {
  const method = { estimated_delivery: "1-2 business days", estimated_delivery_de: "1-2 Werktage" }
  it("is the German wording on German pages and the English one on English pages", () => {
    expect(deliveryEstimate(method, "de")).toBe("1-2 Werktage")
    expect(deliveryEstimate(method, "en")).toBe("1-2 business days")
  })
  it("falls back to the English wording where there is no German one, and is null where there is none", () => {
    expect(deliveryEstimate({ ...method, estimated_delivery_de: null }, "de")).toBe("1-2 business days")
    expect(deliveryEstimate({ estimated_delivery: "7-30 days" }, "de")).toBe("7-30 days")
    expect(deliveryEstimate({ estimated_delivery: " ", estimated_delivery_de: " " }, "de")).toBeNull()
    expect(deliveryEstimate({ estimated_delivery: null, estimated_delivery_de: "2 Tage" }, "en")).toBeNull()
  })
})

describe("a method's name and description in a page's language", () => {
  const worldwide = {
    name: "Worldwide",
    name_de: "Weltweit",
    description: "Tracked delivery worldwide",
    description_de: "Weltweit verfolgt",
  }
  it("are the German ones on German pages, never the English name in a German sentence", () => {
    expect(shippingMethodName(worldwide, "de")).toBe("Weltweit")
    expect(shippingMethodDescription(worldwide, "de")).toBe("Weltweit verfolgt")
    expect(shippingMethodName(worldwide, "en")).toBe("Worldwide")
    expect(shippingMethodDescription(worldwide, "en")).toBe("Tracked delivery worldwide")
  })
  it("fall back to the English ones where the admin gave no German ones", () => {
    expect(shippingMethodName({ name: "Courier" }, "de")).toBe("Courier")
    expect(shippingMethodName({ name: "Courier", name_de: " " }, "de")).toBe("Courier")
    expect(shippingMethodDescription({ description: "By bike", description_de: null }, "de")).toBe("By bike")
  })
})

describe("shipping method form", () => {
  it("fills the product docs' defaults and turns the price into euros", () => {
    expect(shippingMethodInputSchema.parse({ name: " Express ", description: "Fast", price: "25" })).toEqual({
      name: "Express",
      description: "Fast",
      price: 25,
      estimated_delivery: null,
      estimated_delivery_de: null,
      name_de: null,
      description_de: null,
      isDefault: false,
      isActive: true,
      sortOrder: 0,
      zone: "worldwide",
    })
    expect(shippingMethodInputSchema.parse({ name: "Express", description: "Fast", price: 1, zone: "germany" }).zone).toBe("germany")
    expect(
      shippingMethodInputSchema.safeParse({ name: "Express", description: "Fast", price: 1, zone: "mars" }).error?.issues[0]?.message,
    ).toBe("Zone must be germany or worldwide")
  })

  it("leaves out of an update what the body leaves out", () => {
    expect(shippingMethodUpdateSchema.parse({ price: 0.1 })).toEqual({ price: 0.1 })
    expect(shippingMethodUpdateSchema.parse({ estimated_delivery: "" })).toEqual({ estimated_delivery: null })
    expect(shippingMethodUpdateSchema.parse({ estimated_delivery_de: " 1-2 Werktage " })).toEqual({ estimated_delivery_de: "1-2 Werktage" })
    expect(shippingMethodUpdateSchema.parse({ name_de: " Weltweit ", description_de: "" })).toEqual({
      name_de: "Weltweit",
      description_de: null,
    })
    expect(shippingMethodUpdateSchema.safeParse({ name_de: "x".repeat(101) }).error?.issues[0]?.message).toBe(
      "German name must be at most 100 characters",
    )
  })
})
