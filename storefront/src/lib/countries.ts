import { countryName, countryOptions, shippingCountryCode } from "@enclave/contract/values"

/**
 * The address forms' country select: the countries the shop ships to, named in the page's
 * language, each sent as its English name (as addresses are written). A stored country the shop no longer knows
 * stays choosable as it is, so the form shows what is stored and the server's answer says what is wrong with it.
 */
export function countrySelectOptions(language: string, current: string | null | undefined): Array<{ value: string; label: string }> {
  const options = countryOptions(language)
  const stored = current?.trim()
  if (stored && shippingCountryCode(stored) === null) options.unshift({ value: stored, label: stored })
  return options
}

/** What the select starts on for a stored country: the English name of a known one ("Deutschland", "DE" → "Germany"). */
export function countrySelectValue(stored: string | null | undefined): string {
  const code = stored ? shippingCountryCode(stored) : null
  return code ? countryName(code, "en") : (stored ?? "")
}
