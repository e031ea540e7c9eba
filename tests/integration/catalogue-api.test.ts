import { describe, expect, it } from "vitest"
import { apiErrorSchema, healthSchema, productListSchema, productSchema, stockState } from "@enclave/contract"
import { shopUrl } from "../support/urls.ts"

/**
 * Other files (admin products) add and delete products in the same shop while this one runs:
 * checks that go through every product look only at the nine seeded ones.
 */
const isSeeded = (p: { id: number }) => p.id <= 9

async function getJson(path: string) {
  const res = await fetch(shopUrl() + path)
  return { status: res.status, type: res.headers.get("content-type") ?? "", body: await res.json() }
}

describe("GET /api/products", () => {
  it("answers every seeded product in the contract's shape, phones first as Base, Medium, Premium", async () => {
    const { status, body } = await getJson("/api/products")
    expect(status).toBe(200)
    const products = productListSchema.parse(body)
    expect(products.length).toBeGreaterThanOrEqual(9)
    expect(products.slice(0, 3).map((p) => p.name)).toEqual(["Enclave Base", "Enclave Medium", "Enclave Premium Fold"])
    expect(products.slice(0, 3).map((p) => p.securityLevel)).toEqual([3, 4, 5])
    expect(new Set(products.map((p) => p.category))).toEqual(new Set(["phone", "accessory", "service"]))
    expect(products.filter((p) => p.category === "accessory").length).toBeGreaterThanOrEqual(3)
    expect(products.filter((p) => p.category === "service").length).toBeGreaterThanOrEqual(2)
  })

  it("shows each tier's facts from the spec: RAM, storage and water resistance", async () => {
    const products = productListSchema.parse((await getJson("/api/products")).body)
    const [base, medium, premium] = products
    expect(base.specifications).toMatchObject({ memory: "8GB RAM", storage: "128GB / 256GB", "water resistance": "IP67" })
    expect(medium.specifications).toMatchObject({ memory: "12GB RAM", storage: "128GB / 256GB", "water resistance": "IP68" })
    expect(premium.specifications).toMatchObject({ memory: "16GB RAM", storage: "256GB / 512GB", "water resistance": "IPX8" })
    expect(base.features).toContain("12 months of security updates")
    expect(medium.features).toContain("24 months of security updates")
    expect(premium.features).toContain("36 months of security updates")
    for (const phone of [base, medium, premium]) {
      expect(Object.keys(phone.specifications).sort()).toEqual(
        ["battery", "camera", "charging", "display", "memory", "processor", "security", "storage", "water resistance"].sort(),
      )
    }
  })

  it("has products in stock, low on stock and out of stock, with prices as two-decimal strings", async () => {
    const products = productListSchema.parse((await getJson("/api/products")).body)
    const states = new Set(products.map((p) => stockState(p.stockQuantity)))
    expect(states).toEqual(new Set(["in_stock", "low_stock", "out_of_stock"]))
    expect(products[0].price).toBe("599.00")
    for (const p of products) expect(p.price).toMatch(/^\d+\.\d{2}$/)
  })

  it("serves each product's image from the shop itself", async () => {
    const products = productListSchema.parse((await getJson("/api/products")).body)
    for (const p of products.filter(isSeeded)) {
      expect(p.imageUrl).toMatch(/^\/images\/products\/[a-z0-9-]+\.svg$/)
      const res = await fetch(shopUrl() + p.imageUrl)
      expect(res.status, p.imageUrl).toBe(200)
      expect(res.headers.get("content-type")).toContain("image/svg+xml")
    }
  })
})

describe("GET /api/products/{id}", () => {
  it("answers the same product as the list", async () => {
    const list = productListSchema.parse((await getJson("/api/products")).body)
    for (const listed of list.filter(isSeeded)) {
      const { status, body } = await getJson(`/api/products/${listed.id}`)
      expect(status).toBe(200)
      // Other suites buy and cancel on this shop at the same time: the stock may move between the two
      // reads (the catalogue-cache suites check that it is fresh); everything else is the same.
      const { stockQuantity: _stock, ...product } = productSchema.parse(body)
      const { stockQuantity: _listedStock, ...same } = listed
      expect(product).toEqual(same)
    }
  })

  it("answers 404 with a message for an unknown id", async () => {
    const { status, type, body } = await getJson("/api/products/99999")
    expect(status).toBe(404)
    expect(type).toContain("application/json")
    expect(apiErrorSchema.parse(body).message).toMatch(/not found/i)
  })

  it.each(["abc", "-1", "0", "1.5", "1e3", "99999999999999999999"])("answers 400 for the id %s", async (id) => {
    const { status, body } = await getJson(`/api/products/${encodeURIComponent(id)}`)
    expect(status).toBe(400)
    expect(apiErrorSchema.parse(body).message).toBe("Product id must be a whole number")
  })
})

describe("GET /api/health", () => {
  it("answers ok while the database and Medusa answer", async () => {
    const { status, body } = await getJson("/api/health")
    expect(status).toBe(200)
    expect(healthSchema.parse(body)).toEqual({ status: "ok" })
  })
})
