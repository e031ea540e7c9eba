/**
 * Bank details for payment by invoice and wire transfer: IBAN (ISO 13616, checked with its mod-97
 * check digits and, for the countries the shop's customers bank in most, the country's length) and
 * BIC (ISO 9362, the SWIFT form). Pure functions without zod, so the facade's schema, the admin's
 * form and the storefront report the same problems with the same English messages; `code` lets a
 * screen say it in its own language.
 */

/** IBAN lengths per country (the SWIFT IBAN registry). Other countries: 15–34 characters. */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AT: 20,
  BE: 16,
  CH: 21,
  CZ: 24,
  DE: 22,
  DK: 18,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  IE: 22,
  IT: 27,
  LI: 21,
  LU: 20,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  SE: 24,
}

export const IBAN_MIN_LENGTH = 15
export const IBAN_MAX_LENGTH = 34

export const IBAN_REQUIRED_MESSAGE = "IBAN is required"
export const IBAN_CHARACTERS_MESSAGE = "IBAN may contain only letters, digits and spaces"
export const IBAN_FORMAT_MESSAGE = "IBAN must start with a two-letter country code and two check digits"
export const IBAN_LENGTH_MESSAGE = `IBAN must have ${IBAN_MIN_LENGTH} to ${IBAN_MAX_LENGTH} characters`
export const IBAN_CHECKSUM_MESSAGE = "IBAN check digits do not match: please check it for a typing mistake"
/** "A DE IBAN has 22 characters, this one has 21". */
export function ibanCountryLengthMessage(country: string, expected: number, actual: number): string {
  return `A ${country} IBAN has ${expected} characters, this one has ${actual}`
}

export const BIC_REQUIRED_MESSAGE = "BIC is required"
export const BIC_FORMAT_MESSAGE =
  "BIC must have 8 or 11 characters: 4 letters for the bank, 2 for the country, 2 letters or digits for the place, optionally 3 for the branch"

export type IbanProblemCode = "required" | "characters" | "format" | "length" | "countryLength" | "checksum"
export type BicProblemCode = "required" | "format"

export interface BankProblem<Code extends string> {
  code: Code
  /** The English message, as the /api answers it. */
  message: string
  /** For "countryLength": the country, its length and the length given. */
  country?: string
  expected?: number
  actual?: number
}

/** An IBAN as stored and compared: upper case, without spaces. */
export function normaliseIban(text: string): string {
  return text.replace(/\s+/g, "").toUpperCase()
}

/** An IBAN as people read it: groups of four ("DE89 3704 0044 0532 0130 00"). */
export function formatIban(text: string): string {
  return normaliseIban(text)
    .replace(/(.{4})(?=.)/g, "$1 ")
    .trim()
}

/** ISO 7064 mod 97-10 over an IBAN already known to be letters and digits: the country and check digits moved to the end, letters as 10–35. */
export function ibanChecksumIsValid(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4)
  let remainder = 0
  for (const char of rearranged) {
    const code = char.charCodeAt(0)
    // "0"–"9" stay one digit, "A"–"Z" become two (10–35).
    const digits = code >= 65 ? String(code - 55) : char
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97
  }
  return remainder === 1
}

/** What is wrong with an IBAN (spaces and lower case allowed), or null when it is a valid one. */
export function ibanProblem(text: string): BankProblem<IbanProblemCode> | null {
  const iban = normaliseIban(text)
  if (iban === "") return { code: "required", message: IBAN_REQUIRED_MESSAGE }
  if (!/^[A-Z0-9]+$/.test(iban)) return { code: "characters", message: IBAN_CHARACTERS_MESSAGE }
  if (!/^[A-Z]{2}\d{2}/.test(iban)) return { code: "format", message: IBAN_FORMAT_MESSAGE }
  const country = iban.slice(0, 2)
  const expected = IBAN_LENGTHS[country]
  if (expected !== undefined && iban.length !== expected) {
    return {
      code: "countryLength",
      message: ibanCountryLengthMessage(country, expected, iban.length),
      country,
      expected,
      actual: iban.length,
    }
  }
  if (iban.length < IBAN_MIN_LENGTH || iban.length > IBAN_MAX_LENGTH) return { code: "length", message: IBAN_LENGTH_MESSAGE }
  if (!ibanChecksumIsValid(iban)) return { code: "checksum", message: IBAN_CHECKSUM_MESSAGE }
  return null
}

export function isValidIban(text: string): boolean {
  return ibanProblem(text) === null
}

/** A BIC as stored: upper case, without spaces. */
export function normaliseBic(text: string): string {
  return text.replace(/\s+/g, "").toUpperCase()
}

/** What is wrong with a BIC (spaces and lower case allowed), or null when it has the SWIFT form. */
export function bicProblem(text: string): BankProblem<BicProblemCode> | null {
  const bic = normaliseBic(text)
  if (bic === "") return { code: "required", message: BIC_REQUIRED_MESSAGE }
  if (!/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic)) return { code: "format", message: BIC_FORMAT_MESSAGE }
  return null
}

export function isValidBic(text: string): boolean {
  return bicProblem(text) === null
}
