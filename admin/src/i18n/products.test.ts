import { adminProductCreateSchema, NUL_CHARACTER_MESSAGE, productFieldMessages } from "@enclave/contract"
import { describe, expect, it } from "vitest"
import { translator } from "./index"
import { productMessages } from "./products"

/**
 * The product dialog translates a contract or server message by its English text (tm in ./products.ts).
 * A message the catalogue lacks reaches a German admin in English, silently: these tests name every one a
 * person can meet by typing into the form, English and German fields alike, as the contract words it today.
 */
const german = translator(productMessages, "de")
const over = (max: number) => "x".repeat(max + 1)
const entries = (count: number, value = "x") => Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, value]))

const invalidForms: Record<string, Record<string, unknown>> = {
  "blank name": { name: " " },
  "long name": { name: over(200) },
  "long description": { description: over(5000) },
  "long German description": { descriptionDe: over(5000) },
  "German description with a direction control": { descriptionDe: "Ein \u202Eeil" },
  price: { price: "0" },
  "security level": { securityLevel: 6 },
  "stock below 0": { stockQuantity: -1 },
  "stock too large": { stockQuantity: 1_000_000_001 },
  category: { category: "tablet" },
  "image URL": { imageUrl: "ftp://example.com/a.png" },
  "long image URL": { imageUrl: `/${over(2000)}` },
  "long feature": { features: [over(200)] },
  "too many features": { features: Array.from({ length: 51 }, (_, i) => `Feature ${i}`) },
  "long German feature": { featuresDe: { "Secure boot": over(200) } },
  "German feature of a long feature": { featuresDe: { [over(200)]: "Sicher" } },
  "too many German features": { featuresDe: entries(51) },
  "long specification name": { specifications: { [over(100)]: "4,000 mAh" } },
  "long specification value": { specifications: { battery: over(1000) } },
  "too many specifications": { specifications: entries(51) },
  "long German specification value": { specificationsDe: { battery: over(1000) } },
  "German value of a long specification name": { specificationsDe: { [over(100)]: "4.000 mAh" } },
  "too many German specifications": { specificationsDe: entries(51) },
}

describe("the product form's messages in German", () => {
  it.each(Object.entries(invalidForms))("%s: the contract's message has a German text", (_case, fields) => {
    const result = adminProductCreateSchema.safeParse({ name: "Enclave Test", price: "10.00", ...fields })
    expect(result.success).toBe(false)
    for (const { message } of result.error?.issues ?? []) {
      expect(Object.keys(productMessages.en), message).toContain(message)
      expect(german(message as keyof typeof productMessages.en)).not.toBe(message)
    }
  })

  it("has a German text for every message the contract names for the form, and for the server's NUL refusal", () => {
    for (const message of [...Object.values(productFieldMessages), NUL_CHARACTER_MESSAGE]) {
      expect(Object.keys(productMessages.en), message).toContain(message)
      expect(german(message as keyof typeof productMessages.en), message).not.toBe(message)
    }
    expect(german(productFieldMessages.descriptionDeTooLong)).toBe("Die deutsche Beschreibung darf höchstens 5000 Zeichen lang sein")
  })
})
