/** VAT IDs checked for form (a business customer's VAT ID): the country's pattern, typing noise forgiven. */
import { describe, expect, it } from "vitest"
import { normaliseVatId, registerSchema, VAT_ID_MESSAGE, VAT_ID_PATTERN_MESSAGE, vatIdProblem } from "@enclave/contract"
import { testAddress } from "../support/address.ts"

describe("vatIdProblem", () => {
  it("accepts the forms of the EU states, the UK, Switzerland and Norway", () => {
    for (const vatId of [
      "DE123456789",
      "ATU12345678",
      "BE0123456789",
      "FR40303265045",
      "FRK7399859412",
      "NL123456789B01",
      "IT12345678901",
      "ESX1234567Y",
      "ES12345678Z",
      "IE1234567T",
      "IE1234567WA",
      "SE123456789701",
      "EL123456789",
      "GB123456789",
      "CHE123456789MWST",
      "NO123456789MVA",
      "XI123456789",
    ]) {
      expect(vatIdProblem(vatId), vatId).toBeNull()
    }
  })

  it("refuses a number that breaks its country's pattern, and text without a country prefix", () => {
    for (const vatId of ["DE12345678", "DE1234567890", "ATU1234567", "NL123456789A01", "SE123456789702", "BE2123456789", "FRIO303265045"]) {
      expect(vatIdProblem(vatId), vatId).toBe(VAT_ID_PATTERN_MESSAGE)
    }
    for (const vatId of ["123456789", "D1", "DE", "DE 123", "de123456789"]) {
      expect(vatIdProblem(vatId), vatId).toBe(VAT_ID_MESSAGE)
    }
  })

  it("normalises what people type: spaces, dots, dashes and lower case", () => {
    expect(normaliseVatId(" de 123.456-789 ")).toBe("DE123456789")
  })
})

describe("the register call's business fields", () => {
  const body = { username: "business", email: "b@example.org", password: "correct horse battery", ...testAddress }
  it("keeps the VAT ID normalised, takes an empty one as none, and names the field of a wrong one", () => {
    expect(registerSchema.parse({ ...body, companyName: "Acme GmbH", vatId: "de 123 456 789" })).toMatchObject({
      companyName: "Acme GmbH",
      vatId: "DE123456789",
    })
    expect(registerSchema.parse({ ...body, vatId: "" }).vatId).toBeNull()
    const wrong = registerSchema.safeParse({ ...body, vatId: "DE12" })
    expect(wrong.success).toBe(false)
    expect(wrong.error!.issues[0]).toMatchObject({ path: ["vatId"], message: VAT_ID_PATTERN_MESSAGE })
  })
})
