import { describe, expect, it } from "vitest"
import {
  adminProductCreateSchema,
  adminProductUpdateSchema,
  currentGermanTexts,
  NO_IMAGE_URL,
  PRICE_MESSAGE,
  productName,
  productTextsIn,
  shownImageUrl,
} from "@enclave/contract"

const valid = { name: "Enclave Test Phone", price: "499.99" }

function fieldsOf(schema: typeof adminProductCreateSchema | typeof adminProductUpdateSchema, body: unknown) {
  const result = schema.safeParse(body)
  if (result.success) return null
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]))
}

describe("the admin product form (docs/product.md §5)", () => {
  it("fills in the defaults of docs/product.md §9", () => {
    expect(adminProductCreateSchema.parse(valid)).toEqual({
      name: "Enclave Test Phone",
      description: "",
      price: "499.99",
      category: "phone",
      securityLevel: 3,
      stockQuantity: 0,
      features: [],
      specifications: {},
      nameDe: "",
      descriptionDe: "",
      featuresDe: {},
      specificationsDe: {},
    })
  })

  it.each(["0", "0.00", "-1", "abc", "1.234", "", " ", "1e3", "123456789.00"])("refuses the price %j", (price) => {
    expect(fieldsOf(adminProductCreateSchema, { ...valid, price })).toEqual({ price: PRICE_MESSAGE })
  })

  it.each([499, null, true])("refuses a price that is not a string (%j)", (price) => {
    expect(fieldsOf(adminProductCreateSchema, { ...valid, price })).toEqual({ price: PRICE_MESSAGE })
  })

  it.each(["0.01", "1", "599.9", "12345678.99"])("accepts the price %j", (price) => {
    expect(adminProductCreateSchema.parse({ ...valid, price }).price).toBe(price)
  })

  it("drops blank features and blank specifications, trimming the rest", () => {
    const body = adminProductCreateSchema.parse({
      ...valid,
      features: ["Secure boot", "", "  ", " Tamper detection "],
      specifications: { processor: "Octa-core", "": "orphan", memory: "  ", " display ": " 6.1 inch " },
    })
    expect(body.features).toEqual(["Secure boot", "Tamper detection"])
    expect(body.specifications).toEqual({ processor: "Octa-core", display: "6.1 inch" })
  })

  it("treats an empty image URL or the placeholder as no image", () => {
    expect(adminProductCreateSchema.parse({ ...valid, imageUrl: "" }).imageUrl).toBeNull()
    expect(adminProductCreateSchema.parse({ ...valid, imageUrl: "/images/products/no-image.svg" }).imageUrl).toBeNull()
    expect(adminProductCreateSchema.parse({ ...valid, imageUrl: "/uploads/a.png" }).imageUrl).toBe("/uploads/a.png")
    expect(adminProductCreateSchema.parse({ ...valid, imageUrl: "https://cdn.example.org/a.png" }).imageUrl).toBe(
      "https://cdn.example.org/a.png",
    )
    for (const imageUrl of [
      "javascript:alert(1)",
      "//evil.example/a.png",
      "/\\evil.example/a.png",
      "uploads/a.png",
      "ftp://example.org/a.png",
    ]) {
      expect(fieldsOf(adminProductCreateSchema, { ...valid, imageUrl }), imageUrl).toHaveProperty("imageUrl")
    }
  })

  it("shows only the shop's own images: another site's address (an older shop's) becomes the placeholder", () => {
    expect(shownImageUrl("/uploads/a.png")).toBe("/uploads/a.png")
    expect(shownImageUrl("/images/products/enclave-base.svg")).toBe("/images/products/enclave-base.svg")
    // Browsers read "//host" and "/\\host" as another site.
    for (const imageUrl of [
      "https://tracker.example/p.png",
      "http://tracker.example/p.png",
      "//tracker.example/p.png",
      "/\\tracker.example/p.png",
      "",
      null,
      undefined,
    ]) {
      expect(shownImageUrl(imageUrl), String(imageUrl)).toBe(NO_IMAGE_URL)
    }
  })

  it("names unknown fields and wrong types", () => {
    expect(fieldsOf(adminProductCreateSchema, { ...valid, colour: "red" })).toEqual({ "": "Unknown field: colour" })
    expect(fieldsOf(adminProductCreateSchema, { ...valid, securityLevel: "5" })).toHaveProperty("securityLevel")
    expect(fieldsOf(adminProductCreateSchema, { ...valid, features: "Secure boot" })).toHaveProperty("features")
    expect(fieldsOf(adminProductCreateSchema, { ...valid, specifications: ["a"] })).toHaveProperty("specifications")
  })

  it("changes only what an update sends, without defaults", () => {
    expect(adminProductUpdateSchema.parse({ price: "10" })).toEqual({ price: "10" })
    expect(fieldsOf(adminProductUpdateSchema, {})).toEqual({ "": "Send at least one product field to change" })
  })
})

describe("the German texts of a product", () => {
  const english = {
    name: "Faraday Sleeve",
    description: "A phone",
    features: ["Secure boot", "Tamper detection"],
    specifications: { battery: "4,000 mAh", memory: "8GB RAM" },
  }

  it("takes them with the English limits, dropping blank entries and trimming", () => {
    const parsed = adminProductCreateSchema.parse({
      ...valid,
      descriptionDe: "  Ein Telefon ",
      featuresDe: { "Secure boot": " Sicherer Systemstart ", "Tamper detection": "  " },
      specificationsDe: { battery: "4.000 mAh", " ": "leer" },
    })
    expect(parsed).toMatchObject({
      descriptionDe: "Ein Telefon",
      featuresDe: { "Secure boot": "Sicherer Systemstart" },
      specificationsDe: { battery: "4.000 mAh" },
    })
    expect(fieldsOf(adminProductCreateSchema, { ...valid, descriptionDe: "x".repeat(5001) })).toEqual({
      descriptionDe: "German description must be at most 5000 characters",
    })
    expect(fieldsOf(adminProductUpdateSchema, { featuresDe: ["Sicherer Systemstart"] })).toEqual({
      featuresDe: "German features must be a map of English texts to German ones",
    })
    expect(fieldsOf(adminProductUpdateSchema, { specificationsDe: { battery: "x".repeat(1001) } })).toEqual({
      "specificationsDe.battery": "German specification value must be at most 1000 characters",
    })
    expect(fieldsOf(adminProductUpdateSchema, { descriptionDe: "Ein Telefon" })).toBeNull()
  })

  it("shows German where it exists and English where it does not, keeping the English order", () => {
    const german = {
      descriptionDe: "",
      featuresDe: { "Tamper detection": "Manipulationserkennung" },
      specificationsDe: { memory: "8 GB RAM" },
    }
    expect(productTextsIn("de", english, german)).toEqual({
      name: "Faraday Sleeve",
      description: "A phone",
      features: ["Secure boot", "Manipulationserkennung"],
      specifications: { battery: "4,000 mAh", memory: "8 GB RAM" },
    })
    expect(productTextsIn("en", english, { ...german, descriptionDe: "Ein Telefon" })).toEqual(english)
    expect(productTextsIn("de", english, { descriptionDe: "Ein Telefon" }).description).toBe("Ein Telefon")
  })

  it("names an accessory in German on German pages only, and keeps the English name where it has none", () => {
    expect(productTextsIn("de", english, { nameDe: "Faraday-Hülle" }).name).toBe("Faraday-Hülle")
    expect(productTextsIn("en", english, { nameDe: "Faraday-Hülle" }).name).toBe("Faraday Sleeve")
    expect(productTextsIn("de", english, { nameDe: "  " }).name).toBe("Faraday Sleeve")
    expect(productName({ name: "Faraday Sleeve", nameDe: "Faraday-Hülle" }, "de")).toBe("Faraday-Hülle")
    expect(productName({ name: "Faraday Sleeve", nameDe: "Faraday-Hülle" }, "en")).toBe("Faraday Sleeve")
    expect(productName({ name: "Enclave Base", nameDe: null }, "de")).toBe("Enclave Base")
    expect(fieldsOf(adminProductUpdateSchema, { nameDe: "x".repeat(201) })).toEqual({
      nameDe: "German name must be at most 200 characters",
    })
    expect(adminProductCreateSchema.parse({ name: "Faraday Sleeve", price: "39.00", nameDe: "  Faraday-Hülle " }).nameDe).toBe(
      "Faraday-Hülle",
    )
  })

  it("keeps only the wordings of the current features and specifications", () => {
    expect(
      currentGermanTexts(english, {
        descriptionDe: null,
        featuresDe: { "Secure boot": "Sicherer Systemstart", "Removed feature": "Entfernt" },
        specificationsDe: { weight: "150 g", battery: "4.000 mAh" },
      }),
    ).toEqual({
      nameDe: "",
      descriptionDe: "",
      featuresDe: { "Secure boot": "Sicherer Systemstart" },
      specificationsDe: { battery: "4.000 mAh" },
    })
  })
})
