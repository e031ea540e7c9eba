/**
 * Bank details for invoice and wire transfer (contract/src/bank.ts): IBAN mod-97 check digits and lengths per
 * country, BIC form, and how the admin's payment configuration schema reports them on their fields.
 */
import { describe, expect, it } from "vitest"
import {
  BIC_FORMAT_MESSAGE,
  IBAN_CHARACTERS_MESSAGE,
  IBAN_CHECKSUM_MESSAGE,
  IBAN_FORMAT_MESSAGE,
  IBAN_LENGTH_MESSAGE,
  INVOICE_MINIMUM_TOTAL_MESSAGE,
  INVOICE_PAYMENT_TERM_MESSAGE,
  bicProblem,
  formatIban,
  ibanChecksumIsValid,
  ibanProblem,
  invoiceDetailRequiredMessages,
  isValidBic,
  isValidIban,
  normaliseIban,
  paymentConfigUpdateSchema,
} from "@enclave/contract"

/** Published example IBANs (the banks' and registries' own), one per country the shop checks the length of. */
const validIbans = [
  "DE89370400440532013000",
  "GB82WEST12345698765432",
  "AT611904300234573201",
  "CH9300762011623852957",
  "FR1420041010050500013M02606",
  "NL91ABNA0417164300",
  "BE68539007547034",
  "IT60X0542811101000000123456",
  "ES9121000418450200051332",
  "LU280019400644750000",
  "NO9386011117947",
  // A country without a listed length: 15–34 characters and the check digits.
  "MT84MALT011000012345MTLCAST001S",
]

describe("IBAN", () => {
  it.each(validIbans)("accepts %s", (iban) => {
    expect(ibanProblem(iban)).toBeNull()
    expect(isValidIban(iban)).toBe(true)
  })

  it("accepts spaces and lower case, and normalises them away", () => {
    expect(isValidIban("de89 3704 0044 0532 0130 00")).toBe(true)
    expect(isValidIban(" DE89 3704\t0044 0532 0130 00 ")).toBe(true)
    expect(normaliseIban("de89 3704 0044 0532 0130 00")).toBe("DE89370400440532013000")
  })

  it("groups an IBAN in fours for reading", () => {
    expect(formatIban("DE89370400440532013000")).toBe("DE89 3704 0044 0532 0130 00")
    expect(formatIban("be68 5390 0754 7034")).toBe("BE68 5390 0754 7034")
    expect(formatIban("")).toBe("")
  })

  it.each([
    ["DE88370400440532013000", "a wrong check digit"],
    ["DE89370400440532013001", "a wrong last digit"],
    ["DE89370400440532031000", "two digits swapped"],
    ["GB82WEST12345698765433", "a wrong account number"],
    ["FR1420041010050500013M02607", "a wrong French one"],
  ])("refuses %s (%s) for its check digits", (iban) => {
    expect(ibanProblem(iban)).toEqual({ code: "checksum", message: IBAN_CHECKSUM_MESSAGE })
    expect(ibanChecksumIsValid(iban)).toBe(false)
  })

  it("refuses a known country's IBAN of the wrong length, naming both lengths", () => {
    expect(ibanProblem("DE8937040044053201300")).toMatchObject({
      code: "countryLength",
      message: "A DE IBAN has 22 characters, this one has 21",
      country: "DE",
      expected: 22,
      actual: 21,
    })
    expect(ibanProblem("AT6119043002345732012")?.code).toBe("countryLength")
    expect(ibanProblem("CH93007620116238529")?.code).toBe("countryLength")
    expect(ibanProblem("NL91ABNA04171643000")?.code).toBe("countryLength")
  })

  it("refuses other countries outside 15–34 characters", () => {
    expect(ibanProblem("XK051212012345678906")).toBeNull()
    expect(ibanProblem("SA0380000000608010167519")).toBeNull()
    expect(ibanProblem("XX1212345678901")?.code).toBe("checksum")
    expect(ibanProblem("XX12123456789")).toEqual({ code: "length", message: IBAN_LENGTH_MESSAGE })
    expect(ibanProblem("XX12" + "1".repeat(31))).toEqual({ code: "length", message: IBAN_LENGTH_MESSAGE })
  })

  it("refuses text that is no IBAN at all", () => {
    expect(ibanProblem("")?.code).toBe("required")
    expect(ibanProblem("   ")?.code).toBe("required")
    expect(ibanProblem("DE89-3704-0044-0532-0130-00")).toEqual({ code: "characters", message: IBAN_CHARACTERS_MESSAGE })
    expect(ibanProblem("DE89 3704 0044 0532 0130 0Ö")?.code).toBe("characters")
    expect(ibanProblem("8937040044053201300022")).toEqual({ code: "format", message: IBAN_FORMAT_MESSAGE })
    expect(ibanProblem("DEXX370400440532013000")?.code).toBe("format")
  })
})

describe("BIC", () => {
  it.each(["DEUTDEFF", "DEUTDEFF500", "COBADEFFXXX", "cobadeffxxx", "BNPA FRPP", "UBSWCHZH80A"])("accepts %s", (bic) => {
    expect(bicProblem(bic)).toBeNull()
    expect(isValidBic(bic)).toBe(true)
  })

  it.each(["DEUTDEF", "DEUTDEFF5", "DEUTDEFF50", "DEUTDEFF5000", "DEU1DEFF", "DEUTD3FF", "DEUT-DEFF"])("refuses %s", (bic) => {
    expect(bicProblem(bic)).toEqual({ code: "format", message: BIC_FORMAT_MESSAGE })
  })

  it("calls an empty one missing", () => {
    expect(bicProblem(" ")?.code).toBe("required")
  })
})

describe("the admin's invoice settings in paymentConfigUpdateSchema", () => {
  const fieldError = (body: Record<string, unknown>) => {
    const result = paymentConfigUpdateSchema.safeParse(body)
    expect(result.success).toBe(false)
    return result.error!.issues.map((issue) => [issue.path.join("."), issue.message])
  }

  it("stores the IBAN and BIC normalised, the minimum total with two decimals, and clears with empty text", () => {
    expect(
      paymentConfigUpdateSchema.parse({
        invoiceAccountHolder: "  Enclave GmbH ",
        invoiceIban: "de89 3704 0044 0532 0130 00",
        invoiceBic: "cobadeff xxx",
        invoicePaymentTermDays: 30,
        invoiceMinimumTotal: "250",
      }),
    ).toEqual({
      invoiceAccountHolder: "Enclave GmbH",
      invoiceIban: "DE89370400440532013000",
      invoiceBic: "COBADEFFXXX",
      invoicePaymentTermDays: 30,
      invoiceMinimumTotal: "250.00",
    })
    expect(paymentConfigUpdateSchema.parse({ invoiceAccountHolder: "", invoiceIban: "", invoiceBic: null })).toEqual({
      invoiceAccountHolder: null,
      invoiceIban: null,
      invoiceBic: null,
    })
  })

  it("names the field of each problem", () => {
    expect(fieldError({ invoiceIban: "DE88370400440532013000" })).toEqual([["invoiceIban", IBAN_CHECKSUM_MESSAGE]])
    expect(fieldError({ invoiceBic: "DEUTDE" })).toEqual([["invoiceBic", BIC_FORMAT_MESSAGE]])
    for (const days of [0, 366, 14.5, "14", null]) {
      expect(fieldError({ invoicePaymentTermDays: days })).toEqual([["invoicePaymentTermDays", INVOICE_PAYMENT_TERM_MESSAGE]])
    }
    for (const total of ["-1", "1.234", "ten", ""]) {
      expect(fieldError({ invoiceMinimumTotal: total })).toEqual([["invoiceMinimumTotal", INVOICE_MINIMUM_TOTAL_MESSAGE]])
    }
    expect(fieldError({ invoiceAccountHolder: "x".repeat(71) })).toEqual([
      ["invoiceAccountHolder", "Account holder must be at most 70 characters"],
    ])
    expect(fieldError({ invoiceEnabled: "yes" })).toEqual([["invoiceEnabled", "invoiceEnabled must be true or false"]])
  })

  it("refuses enabling while clearing a detail in the same body", () => {
    expect(fieldError({ invoiceEnabled: true, invoiceAccountHolder: " ", invoiceIban: "" })).toEqual([
      ["invoiceAccountHolder", invoiceDetailRequiredMessages.invoiceAccountHolder],
      ["invoiceIban", invoiceDetailRequiredMessages.invoiceIban],
    ])
    expect(paymentConfigUpdateSchema.parse({ invoiceEnabled: false, invoiceIban: "" })).toEqual({
      invoiceEnabled: false,
      invoiceIban: null,
    })
  })
})
