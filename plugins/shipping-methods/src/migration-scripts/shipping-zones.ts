import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  GERMANY_COUNTRIES,
  LEGACY_SERVICE_ZONE_NAME,
  SHIPPING_METHODS_MODULE,
  SHIPPING_SERVICE_ZONE_NAMES,
} from "../modules/shipping-methods"

/** The seed's German methods (their Medusa shipping option type codes). */
const GERMAN_METHOD_CODES = ["germany-standard", "germany-express"]
/** The seed's Worldwide method, the new zone's default unless the admin marked another there. */
const WORLDWIDE_METHOD_CODE = "worldwide"

interface DetailsRow {
  id: string
  is_default: boolean
  sort_order: number
  shipping_option?: { service_zone_id?: string; type?: { code?: string } | null } | null
}
const WORLDWIDE_REGION_NAME = "Worldwide"

/**
 * Shops seeded before the shipping zones had one service zone, "Everywhere", over every country,
 * so any method could be chosen for any address. `medusa db:migrate` runs this once (Medusa keeps
 * a record of finished scripts); each step checks what is already done, so a run that was cut off
 * finishes on the next start. A new shop has no "Everywhere" zone: the seed makes the zones.
 *
 * It moves the seed's German methods into a "Germany" zone (geo zone de), turns "Everywhere" into
 * "Worldwide" (every other country, which keeps the admin's own methods) and gives the Worldwide
 * region every country no region had, so an address anywhere finds its region and its zone.
 */
export default async function migrateShippingZones({ container }: ExecArgs) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const fulfillment = container.resolve(Modules.FULFILLMENT)
  const regionModule = container.resolve(Modules.REGION)

  const [legacy] = await fulfillment.listServiceZones({ name: LEGACY_SERVICE_ZONE_NAME }, { relations: ["geo_zones"] })
  if (!legacy) return
  logger.info("Enclave: splitting the shipping methods into the Germany and Worldwide zones")

  const countries = await regionModule.listCountries({}, { take: 1000 })
  const worldwide = countries.map((c) => c.iso_2.toLowerCase()).filter((code) => !GERMANY_COUNTRIES.includes(code))

  const regions = await regionModule.listRegions({}, { relations: ["countries"] })
  const sold = new Set(regions.flatMap((r) => (r.countries ?? []).map((c) => c.iso_2.toLowerCase())))
  const worldwideRegion = regions.find((r) => r.name === WORLDWIDE_REGION_NAME)
  const unsold = worldwide.filter((code) => !sold.has(code))
  if (worldwideRegion && unsold.length > 0) {
    const current = (worldwideRegion.countries ?? []).map((c) => c.iso_2.toLowerCase())
    await regionModule.updateRegions(worldwideRegion.id, { countries: [...current, ...unsold] })
  }

  let [germany] = await fulfillment.listServiceZones({ name: SHIPPING_SERVICE_ZONE_NAMES.germany })
  if (!germany) {
    germany = await fulfillment.createServiceZones({
      name: SHIPPING_SERVICE_ZONE_NAMES.germany,
      fulfillment_set_id: legacy.fulfillment_set_id,
      geo_zones: GERMANY_COUNTRIES.map((country_code) => ({ type: "country" as const, country_code })),
    })
  }

  const options = await fulfillment.listShippingOptions({ service_zone: { id: legacy.id } }, { relations: ["type"] })
  for (const option of options.filter((o) => GERMAN_METHOD_CODES.includes(o.type?.code ?? ""))) {
    await fulfillment.updateShippingOptions(option.id, { service_zone_id: germany.id })
  }

  const geoZones = legacy.geo_zones ?? []
  const german = geoZones.filter((g) => GERMANY_COUNTRIES.includes((g.country_code ?? "").toLowerCase()))
  if (german.length > 0) await fulfillment.deleteGeoZones(german.map((g) => g.id))
  const covered = new Set(geoZones.map((g) => (g.country_code ?? "").toLowerCase()))
  const missing = worldwide.filter((code) => !covered.has(code))
  if (missing.length > 0) {
    await fulfillment.createGeoZones(
      missing.map((country_code) => ({ type: "country" as const, country_code, service_zone_id: legacy.id })),
    )
  }

  // One default per zone: the old single default stays in its zone; the other zone gets one.
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "shipping_method_details",
    fields: ["id", "is_default", "sort_order", "shipping_option.service_zone_id", "shipping_option.type.code"],
  })
  const details = container.resolve(SHIPPING_METHODS_MODULE) as {
    updateShippingMethodDetails(data: { id: string; is_default: boolean }): Promise<unknown>
  }
  for (const zoneId of [germany.id, legacy.id]) {
    const inZone = (data as DetailsRow[]).filter((row) => row.shipping_option?.service_zone_id === zoneId)
    if (inZone.length === 0 || inZone.some((row) => row.is_default)) continue
    const chosen =
      inZone.find((row) => row.shipping_option?.type?.code === WORLDWIDE_METHOD_CODE) ??
      [...inZone].sort((a, b) => a.sort_order - b.sort_order)[0]
    await details.updateShippingMethodDetails({ id: chosen.id, is_default: true })
  }

  // Last: the name is what marks this shop as done.
  await fulfillment.updateServiceZones(legacy.id, { name: SHIPPING_SERVICE_ZONE_NAMES.worldwide })
}
