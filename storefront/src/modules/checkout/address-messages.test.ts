import { describe, expect, it } from "vitest"
import { shippingAddressSchema } from "@enclave/contract"
import checkout from "../../i18n/messages/checkout"
import { translator } from "../../i18n"
import { addressMessageKey } from "./address-messages"

describe("checkout messages", () => {
  it("the German catalogue has exactly the English keys, none empty, with the same placeholders", () => {
    expect(Object.keys(checkout.de).sort()).toEqual(Object.keys(checkout.en).sort())
    for (const [key, english] of Object.entries(checkout.en)) {
      const german = checkout.de[key as keyof typeof checkout.de]
      expect(german.trim(), key).not.toBe("")
      const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort()
      expect(placeholders(german), key).toEqual(placeholders(english))
    }
  })

  it("every message the address schema gives for an empty field is translated, in English word for word", () => {
    const empty = { fullName: "", addressLine1: "", city: "", state: "", postalCode: "", country: "" }
    const result = shippingAddressSchema.safeParse(empty)
    expect(result.success).toBe(false)
    const messages = result.error!.issues.map((issue) => issue.message)
    expect(messages).toHaveLength(6)
    for (const message of messages) {
      const key = addressMessageKey(message)
      expect(key, message).not.toBeNull()
      expect(translator("en")(key!)).toBe(message)
      expect(translator("de")(key!)).not.toBe(message)
    }
    const tooLong = shippingAddressSchema.safeParse({ ...empty, fullName: "x".repeat(201) })
    const longMessage = tooLong.error!.issues.find((issue) => issue.path[0] === "fullName")!.message
    expect(translator("de")(addressMessageKey(longMessage)!)).toBe("Diese Angabe ist zu lang")
  })

  it("every field's 'too long' message has its translation: a reworded one fails here, not on the page", () => {
    const full = { fullName: "A", addressLine1: "B", addressLine2: "C", city: "D", state: "E", postalCode: "F", country: "Germany" }
    for (const field of Object.keys(full)) {
      const result = shippingAddressSchema.safeParse({ ...full, [field]: "x".repeat(1001) })
      const issue = result.error!.issues.find((i) => i.path[0] === field)!
      expect(addressMessageKey(issue.message), issue.message).toBe("checkout.validation.tooLong")
    }
  })

  it("a direction control is named in both languages", () => {
    const address = {
      fullName: "Ada\u202Enimda",
      addressLine1: "Unter den Linden 1",
      city: "Berlin",
      state: "Berlin",
      postalCode: "10117",
      country: "Germany",
    }
    const [issue] = shippingAddressSchema.safeParse(address).error!.issues
    const key = addressMessageKey(issue.message)
    expect(key).toBe("checkout.validation.directionControls")
    expect(translator("en")(key!)).toMatch(/direction control/)
    expect(translator("de")(key!)).toMatch(/Schreibrichtung/)
  })
})
