import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { COUNTRY_ALIASES, shippingCountryCode } from "@enclave/contract"
import { ShopError } from "@enclave/contract/shop-error"

export interface ShopContext {
  salesChannelId: string
  defaultRegionId: string
  /** ISO 3166-1 alpha-2 code (lower case) → the region that sells there. */
  regionByCountry: Map<string, string>
  /** Anything people type for a country (code, English name, German name) → its alpha-2 code. */
  countryCodes: Map<string, string>
  /** Alpha-2 code (lower case) → the country's English name, as Medusa displays it. */
  countryNames: Map<string, string>
}

let cached: Promise<ShopContext> | undefined

async function load(container: MedusaContainer): Promise<ShopContext> {
  const [store] = await container.resolve(Modules.STORE).listStores({}, { take: 1 })
  if (!store?.default_sales_channel_id) throw new Error("The store has no default sales channel: run the seed")
  const regionModule = container.resolve(Modules.REGION)
  const regions = await regionModule.listRegions({ currency_code: "eur" }, { relations: ["countries"] })
  if (regions.length === 0) throw new Error("The shop has no euro region: run the seed")
  const regionByCountry = new Map<string, string>()
  for (const region of regions) for (const country of region.countries ?? []) regionByCountry.set(country.iso_2.toLowerCase(), region.id)
  const countries = await regionModule.listCountries({}, { take: 1000 })
  const countryCodes = new Map<string, string>(Object.entries(COUNTRY_ALIASES))
  const countryNames = new Map(countries.map((c) => [c.iso_2.toLowerCase(), c.display_name || c.name || c.iso_2.toUpperCase()]))
  for (const c of countries) {
    for (const name of [c.iso_2, c.iso_3, c.name, c.display_name]) if (name) countryCodes.set(name.toLowerCase(), c.iso_2.toLowerCase())
  }
  const germany = regionByCountry.get("de")
  return {
    salesChannelId: store.default_sales_channel_id,
    defaultRegionId: germany ?? regions[0].id,
    regionByCountry,
    countryCodes,
    countryNames,
  }
}

/** The store's sales channel, regions and country names: read once, they change only with the seed. */
export function shopContext(container: MedusaContainer): Promise<ShopContext> {
  cached ??= load(container).catch((error) => {
    cached = undefined
    throw error
  })
  return cached
}

/** The alpha-2 code for what a person typed as their country, or null when the shop cannot tell. */
export function countryCodeOf(context: ShopContext, country: string): string | null {
  // Medusa's names and ISO 3166 alpha-3 codes, then the English and German names the storefront's select sends.
  return context.countryCodes.get(country.trim().toLowerCase()) ?? shippingCountryCode(country)
}

/**
 * Where an address goes: its country's code and the region that sells there, or a 400 on the
 * address's country field when the shop cannot tell.
 */
export function destinationOf(context: ShopContext, country: string): { countryCode: string; regionId: string } {
  const countryCode = countryCodeOf(context, country)
  const regionId = countryCode ? context.regionByCountry.get(countryCode) : undefined
  if (!countryCode || !regionId) {
    throw new ShopError("unknown_country", `We cannot ship to "${country}": enter the country's name or its two-letter code`, {
      fields: { "shippingAddress.country": "Unknown country" },
    })
  }
  return { countryCode, regionId }
}
