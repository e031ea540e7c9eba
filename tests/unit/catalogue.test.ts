import { describe, expect, it } from "vitest"
import { formatEuro, productIdSchema, queryCatalogue, stockState, type Product } from "@enclave/contract"

function product(id: number, name: string, price: string, securityLevel: number, category: Product["category"] = "phone"): Product {
  return {
    id,
    name,
    description: `${name} description`,
    price,
    imageUrl: "/images/products/no-image.svg",
    category,
    securityLevel,
    stockQuantity: 5,
    features: [],
    specifications: {},
    createdAt: new Date(0).toISOString(),
  }
}

const catalogue = [
  product(7, "Faraday Sleeve", "49.00", 4, "accessory"),
  product(3, "Enclave Premium Fold", "1499.00", 5),
  product(1, "Enclave Base", "599.00", 3),
  product(2, "Enclave Medium", "899.00", 4),
]

describe("queryCatalogue", () => {
  it("orders Base, Medium, Premium first by default", () => {
    expect(queryCatalogue(catalogue, {}).map((p) => p.id)).toEqual([1, 2, 3, 7])
  })

  it("searches name and description, ignoring case", () => {
    expect(queryCatalogue(catalogue, { search: "FOLD" }).map((p) => p.id)).toEqual([3])
    expect(queryCatalogue(catalogue, { search: "sleeve desc" }).map((p) => p.id)).toEqual([7])
  })

  it("maps the level filter low/medium/high to levels 3/4/5", () => {
    expect(queryCatalogue(catalogue, { level: "low" }).map((p) => p.id)).toEqual([1])
    expect(queryCatalogue(catalogue, { level: "medium" }).map((p) => p.id)).toEqual([2, 7])
    expect(queryCatalogue(catalogue, { level: "high" }).map((p) => p.id)).toEqual([3])
  })

  it("sorts by name and by price both ways", () => {
    expect(queryCatalogue(catalogue, { sort: "name-asc" }).map((p) => p.id)).toEqual([1, 2, 3, 7])
    expect(queryCatalogue(catalogue, { sort: "name-desc" }).map((p) => p.id)).toEqual([7, 3, 2, 1])
    expect(queryCatalogue(catalogue, { sort: "price-asc" }).map((p) => p.id)).toEqual([7, 1, 2, 3])
    expect(queryCatalogue(catalogue, { sort: "price-desc" }).map((p) => p.id)).toEqual([3, 2, 1, 7])
  })
})

describe("stockState", () => {
  it.each([
    [0, "out_of_stock"],
    [1, "low_stock"],
    [10, "low_stock"],
    [11, "in_stock"],
  ])("%i units is %s", (n, state) => expect(stockState(n)).toBe(state))
})

describe("productIdSchema", () => {
  it("accepts whole numbers and refuses everything else", () => {
    expect(productIdSchema.parse("42")).toBe(42)
    for (const bad of ["0", "-1", "abc", "1.5", "", "1e3"]) expect(productIdSchema.safeParse(bad).success).toBe(false)
  })
})

describe("formatEuro", () => {
  it("shows euros in both languages", () => {
    expect(formatEuro("899.00")).toBe("€899.00")
    expect(formatEuro("899.00", "de").replace(/\s/g, " ")).toBe("899,00 €")
  })
})
