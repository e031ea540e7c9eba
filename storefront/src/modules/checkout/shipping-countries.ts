import { COUNTRY_ALIASES, withOneDefault } from "@enclave/contract/values"
import type { ShippingMethod } from "@enclave/contract"

/**
 * The address's country (the select's English name, or a stored address's name in English or German, or a
 * two-letter code, as the server reads it): the checkout offers only the shipping methods whose zone covers the
 * country, and none while it does not know the country ("Atlantis" was offered Germany's).
 */
const names = ["en", "de"].map((language) => new Intl.DisplayNames([language], { type: "region", fallback: "none" }))

const normalise = (text: string) => text.trim().toLowerCase()

/** Every way to write each of these countries (upper-case alpha-2 codes) → its code. */
function countryIndex(codes: Iterable<string>): Map<string, string> {
  const index = new Map<string, string>()
  for (const code of codes) {
    index.set(code.toLowerCase(), code)
    for (const display of names) {
      const name = display.of(code)
      if (name) index.set(normalise(name), code)
    }
  }
  for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) {
    if (index.has(code)) index.set(alias, code.toUpperCase())
  }
  return index
}

let cached: { methods: readonly ShippingMethod[]; index: Map<string, string> } | null = null

/** The code of the country typed, among the countries some method ships to; null when unknown. */
export function shippingCountryOf(methods: readonly ShippingMethod[], country: string): string | null {
  if (cached?.methods !== methods) cached = { methods, index: countryIndex(new Set(methods.flatMap((m) => m.countries))) }
  return cached.index.get(normalise(country)) ?? null
}

/**
 * The methods that ship to the country (its code, from shippingCountryOf), with its zone's default
 * marked; none while the country is unknown or not chosen.
 */
export function methodsForCountry(methods: readonly ShippingMethod[], code: string | null): ShippingMethod[] {
  return code ? withOneDefault(methods.filter((m) => m.countries.includes(code))) : []
}
