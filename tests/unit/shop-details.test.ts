import { describe, expect, it } from "vitest"
import {
  canonicalTimeZone,
  DEFAULT_SHOP_TIME_ZONE,
  imprintFieldLengthMessage,
  imprintFields,
  missingImprintFields,
  SHOP_EMAIL_MESSAGE,
  SHOP_PHONE_MESSAGE,
  shopDetailsUpdateSchema,
  TIME_ZONE_MESSAGE,
  TIME_ZONE_REQUIRED_MESSAGE,
  VAT_ID_MESSAGE,
} from "@enclave/contract"
import { sampleShopDetails } from "../support/shop-details.ts"

/** Every required field; no register entry. */
const complete = { ...sampleShopDetails, registerCourt: null, registerNumber: null }

/** The first message the update schema gives for this body, by field. */
function problem(body: unknown): Record<string, string> | null {
  const result = shopDetailsUpdateSchema.safeParse(body)
  if (result.success) return null
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]))
}

describe("the imprint's missing fields", () => {
  it("names every required field while nothing is saved, in the imprint's order, the register entry not among them", () => {
    expect(missingImprintFields({})).toEqual(imprintFields.filter((f) => f !== "registerCourt" && f !== "registerNumber"))
  })

  it("is empty once the required fields are saved; blank text counts as missing", () => {
    expect(missingImprintFields(complete)).toEqual([])
    expect(missingImprintFields({ ...complete, city: "   " })).toEqual(["city"])
  })

  it("asks for the other half of a register entry once one half is saved", () => {
    expect(missingImprintFields({ ...complete, registerCourt: "Amtsgericht Charlottenburg" })).toEqual(["registerNumber"])
    expect(missingImprintFields({ ...complete, registerNumber: "HRB 1" })).toEqual(["registerCourt"])
    expect(missingImprintFields({ ...complete, registerCourt: "Amtsgericht Charlottenburg", registerNumber: "HRB 1" })).toEqual([])
  })
})

describe("time zones", () => {
  it("defaults to Europe/Berlin", () => {
    expect(DEFAULT_SHOP_TIME_ZONE).toBe("Europe/Berlin")
  })

  it("knows IANA zones in their canonical spelling and refuses the rest", () => {
    expect(canonicalTimeZone("Europe/Berlin")).toBe("Europe/Berlin")
    expect(canonicalTimeZone("europe/berlin")).toBe("Europe/Berlin")
    // Three-part names and aliases are known too, spelled as the runtime's zone data spells them.
    expect(canonicalTimeZone("America/Argentina/Buenos_Aires")).toMatch(/^America\/(Argentina\/)?Buenos_Aires$/)
    expect(canonicalTimeZone("utc")).toBe("UTC")
    expect(canonicalTimeZone("UTC")).toBe("UTC")
    for (const name of ["Mars/Olympus_Mons", "Berlin", "+01:00", "", "Europe/Berlin; DROP TABLE", "../etc/passwd"]) {
      expect(canonicalTimeZone(name), name).toBeNull()
    }
  })
})

describe("the update schema", () => {
  it("trims, clears empty fields, normalises the VAT ID and the zone's spelling", () => {
    expect(shopDetailsUpdateSchema.parse({ companyName: "  Enclave GmbH ", city: "", vatId: "de 123.456.789", timeZone: "utc" })).toEqual({
      companyName: "Enclave GmbH",
      city: null,
      vatId: "DE123456789",
      timeZone: "UTC",
    })
  })

  it("names each malformed field with a clear message", () => {
    expect(problem({ companyName: "x".repeat(201) })).toEqual({ companyName: imprintFieldLengthMessage("companyName") })
    expect(imprintFieldLengthMessage("companyName")).toBe("Company name must be at most 200 characters")
    expect(problem({ email: "nobody" })).toEqual({ email: SHOP_EMAIL_MESSAGE })
    expect(problem({ phone: "ring ring" })).toEqual({ phone: SHOP_PHONE_MESSAGE })
    expect(problem({ vatId: "123" })).toEqual({ vatId: VAT_ID_MESSAGE })
    expect(problem({ street: "Main\u2066 St" })).toEqual({ street: expect.stringContaining("direction control") })
    expect(problem({ timeZone: "Atlantis/Capital" })).toEqual({ timeZone: TIME_ZONE_MESSAGE })
    expect(problem({ timeZone: " " })).toEqual({ timeZone: TIME_ZONE_REQUIRED_MESSAGE })
    expect(problem({ postalCode: 10119 })).toEqual({ postalCode: "Postal code must be a text" })
    expect(problem({ legalForm: "GmbH" })).toEqual({ "": "Unknown field: legalForm" })
  })
})
