import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  compareShippingMethods,
  shippingZones,
  withOneDefaultPerZone,
  type ShippingMethod,
  type ShippingMethodData,
  type ShippingMethodUpdate,
  type ShippingZone,
} from "@enclave/contract"
import { SHIPPING_FULFILLMENT_PROVIDER_ID, SHIPPING_SERVICE_ZONE_NAMES } from "./modules/shipping-methods"
import { countryCodeOf, shopContext } from "@enclave/catalogue"
import { ShopError } from "@enclave/contract/shop-error"
import {
  createShippingMethodWorkflow,
  deleteShippingMethodWorkflow,
  updateShippingMethodWorkflow,
  type DetailsData,
} from "./workflows/shipping-methods"

/** Shipping is charged in euros, the currency of both regions. */
const CURRENCY = "eur"

/** A shipping method is our details row (docs/product.md §3 fields) read with its linked Medusa shipping option. */
const fields = [
  "id",
  "method_number",
  "description",
  "name_de",
  "description_de",
  "estimated_delivery",
  "estimated_delivery_de",
  "is_default",
  "is_active",
  "sort_order",
  "updated_at",
  "shipping_option.id",
  "shipping_option.name",
  "shipping_option.updated_at",
  "shipping_option.prices.amount",
  "shipping_option.prices.currency_code",
  "shipping_option.prices.rules_count",
  "shipping_option.prices.updated_at",
  "shipping_option.service_zone.id",
  "shipping_option.service_zone.name",
  "shipping_option.service_zone.geo_zones.country_code",
]

interface DetailsRow {
  id: string
  method_number: number
  description: string
  name_de: string | null
  description_de: string | null
  estimated_delivery: string | null
  estimated_delivery_de: string | null
  is_default: boolean
  is_active: boolean
  sort_order: number
  updated_at: string | Date
  shipping_option?: {
    id: string
    name: string
    updated_at: string | Date
    prices?: Array<{ amount: number | string; currency_code: string; rules_count?: number; updated_at?: string | Date }>
    service_zone?: { id: string; name: string; geo_zones?: Array<{ country_code?: string | null }> } | null
  } | null
}

/** The contract's zone of a Medusa service zone, by the name the seed gave it. */
function zoneOf(row: DetailsRow): ShippingZone {
  const name = row.shipping_option?.service_zone?.name
  // Only a zone made outside the shop has another name; what it serves is still in `countries`.
  return shippingZones.find((zone) => SHIPPING_SERVICE_ZONE_NAMES[zone] === name) ?? "worldwide"
}

function countriesOf(row: DetailsRow): string[] {
  const codes = (row.shipping_option?.service_zone?.geo_zones ?? [])
    .map((g) => g.country_code?.toUpperCase())
    .filter((c): c is string => !!c)
  return [...new Set(codes)].sort()
}

/** The euro price every address pays: the one without region rules (older shops also had region prices). */
function euroPrice(row: DetailsRow): string {
  const prices = (row.shipping_option?.prices ?? []).filter((p) => p.currency_code === CURRENCY)
  prices.sort((a, b) => (a.rules_count ?? 0) - (b.rules_count ?? 0))
  return Number(prices[0]?.amount ?? 0).toFixed(2)
}

/** A change of name, price or details all count as an update of the method. */
function lastUpdate(row: DetailsRow): string {
  const times = [row.updated_at, row.shipping_option?.updated_at, ...(row.shipping_option?.prices ?? []).map((p) => p.updated_at)]
    .filter((t): t is string | Date => !!t)
    .map((t) => new Date(t).getTime())
  return new Date(Math.max(...times)).toISOString()
}

function toShippingMethod(row: DetailsRow): ShippingMethod {
  return {
    id: row.method_number,
    name: row.shipping_option!.name,
    description: row.description,
    price: euroPrice(row),
    estimated_delivery: row.estimated_delivery || null,
    estimated_delivery_de: row.estimated_delivery_de || null,
    name_de: row.name_de || null,
    description_de: row.description_de || null,
    isDefault: row.is_default,
    isActive: row.is_active,
    sortOrder: row.sort_order,
    updatedAt: lastUpdate(row),
    zone: zoneOf(row),
    countries: countriesOf(row),
  }
}

async function readRows(container: MedusaContainer, filters: Record<string, unknown>): Promise<DetailsRow[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "shipping_method_details", fields, filters })
  // A details row whose option is gone is not a method anyone can choose.
  return (data as DetailsRow[]).filter((row) => row.shipping_option)
}

/**
 * The alpha-2 code (lower case) of `?country=`, which may be a code or a name as people type it;
 * a 400 naming the parameter when the shop does not know the country.
 */
export async function shippingCountryOf(container: MedusaContainer, country: string): Promise<string> {
  const code = countryCodeOf(await shopContext(container), country)
  if (!code)
    throw new ShopError("unknown_country", `Unknown country "${country}": use its two-letter code`, {
      fields: { country: "Unknown country" },
    })
  return code
}

/**
 * GET /api/shipping-methods: what checkout offers, in order, with exactly one preselected per zone
 * (docs/product.md §4). With a country, only the methods whose zone covers it, as Medusa's fulfillment module
 * matches an address to the geo zones of its shipping options.
 */
export async function listActiveShippingMethods(container: MedusaContainer, countryCode?: string): Promise<ShippingMethod[]> {
  let rows = await readRows(container, { is_active: true })
  if (countryCode && rows.length > 0) {
    const serving = await container
      .resolve(Modules.FULFILLMENT)
      .listShippingOptionsForContext(
        { id: rows.map((row) => row.shipping_option!.id), address: { country_code: countryCode } },
        { select: ["id"] },
      )
    const ids = new Set(serving.map((option) => option.id))
    rows = rows.filter((row) => ids.has(row.shipping_option!.id))
  }
  return withOneDefaultPerZone(rows.map(toShippingMethod))
}

/** GET /api/admin/shipping-methods: every method, inactive ones too, with the marks as saved. */
export async function listAllShippingMethods(container: MedusaContainer): Promise<ShippingMethod[]> {
  return (await readRows(container, {})).map(toShippingMethod).sort(compareShippingMethods)
}

async function findRow(container: MedusaContainer, id: number): Promise<DetailsRow> {
  const [row] = await readRows(container, { method_number: id })
  if (!row) throw new ShopError("not_found", `Shipping method ${id} not found`)
  return row
}

export async function findShippingMethod(container: MedusaContainer, id: number): Promise<ShippingMethod> {
  return toShippingMethod(await findRow(container, id))
}

/** The Medusa service zone of one of the contract's zones (the seed makes both). */
async function serviceZoneId(container: MedusaContainer, zone: ShippingZone): Promise<string> {
  const name = SHIPPING_SERVICE_ZONE_NAMES[zone]
  const [found] = await container.resolve(Modules.FULFILLMENT).listServiceZones({ name }, { select: ["id"] })
  // Only a shop that was never seeded (or migrated) lacks it; that is a setup fault, not the caller's.
  if (!found) throw new Error(`The "${name}" service zone is missing: run the seed`)
  return found.id
}

/** Where new methods go: the zone's service zone, and the default shipping profile. */
async function shippingPlace(container: MedusaContainer, zone: ShippingZone) {
  const fulfillment = container.resolve(Modules.FULFILLMENT)
  const [profile] = await fulfillment.listShippingProfiles({ type: "default" }, { select: ["id"] })
  if (!profile) throw new Error("The default shipping profile is missing: run the seed")
  return { serviceZoneId: await serviceZoneId(container, zone), shippingProfileId: profile.id }
}

/**
 * An inactive method is also switched off in Medusa's own rules, so a cart cannot be given a
 * method that checkout no longer offers (Medusa lists options whose enabled_in_store is "true").
 */
function storeRules(isActive: boolean) {
  return [
    { attribute: "enabled_in_store", value: isActive ? "true" : "false", operator: "eq" as const },
    { attribute: "is_return", value: "false", operator: "eq" as const },
  ]
}

function detailsOf(data: Partial<ShippingMethodData>): DetailsData {
  const details: DetailsData = {}
  if (data.description !== undefined) details.description = data.description
  if (data.estimated_delivery !== undefined) details.estimated_delivery = data.estimated_delivery
  if (data.estimated_delivery_de !== undefined) details.estimated_delivery_de = data.estimated_delivery_de
  if (data.name_de !== undefined) details.name_de = data.name_de
  if (data.description_de !== undefined) details.description_de = data.description_de
  if (data.isDefault !== undefined) details.is_default = data.isDefault
  if (data.isActive !== undefined) details.is_active = data.isActive
  if (data.sortOrder !== undefined) details.sort_order = data.sortOrder
  return details
}

export async function createShippingMethod(container: MedusaContainer, data: ShippingMethodData): Promise<ShippingMethod> {
  const { serviceZoneId, shippingProfileId } = await shippingPlace(container, data.zone)
  const { result } = await createShippingMethodWorkflow(container).run({
    input: {
      option: {
        name: data.name,
        price_type: "flat",
        provider_id: SHIPPING_FULFILLMENT_PROVIDER_ID,
        service_zone_id: serviceZoneId,
        shipping_profile_id: shippingProfileId,
        // Medusa wants a type per option; the method's own name serves, with a code no other method has.
        type: {
          label: data.name,
          description: data.description,
          code: `method-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
        },
        prices: [{ currency_code: CURRENCY, amount: data.price }],
        rules: storeRules(data.isActive),
      },
      details: detailsOf(data),
    },
  })
  const [row] = await readRows(container, { id: result.id })
  return toShippingMethod(row)
}

export async function updateShippingMethod(container: MedusaContainer, id: number, patch: ShippingMethodUpdate): Promise<ShippingMethod> {
  const row = await findRow(container, id)
  const option = row.shipping_option!
  const optionChanges: {
    name?: string
    service_zone_id?: string
    prices?: Array<{ currency_code: string; amount: number }>
    rules?: ReturnType<typeof storeRules>
  } = {}
  if (patch.name !== undefined && patch.name !== option.name) optionChanges.name = patch.name
  if (patch.price !== undefined && patch.price.toFixed(2) !== euroPrice(row)) {
    optionChanges.prices = [{ currency_code: CURRENCY, amount: patch.price }]
  }
  if (patch.isActive !== undefined && patch.isActive !== row.is_active) optionChanges.rules = storeRules(patch.isActive)
  let zoneId = option.service_zone?.id
  if (patch.zone !== undefined && SHIPPING_SERVICE_ZONE_NAMES[patch.zone] !== option.service_zone?.name) {
    zoneId = await serviceZoneId(container, patch.zone)
    optionChanges.service_zone_id = zoneId
  }
  await updateShippingMethodWorkflow(container).run({
    input: {
      detailsId: row.id,
      serviceZoneId: zoneId!,
      option: Object.keys(optionChanges).length > 0 ? { id: option.id, ...optionChanges } : undefined,
      details: detailsOf(patch),
    },
  })
  return findShippingMethod(container, id)
}

export async function deleteShippingMethod(container: MedusaContainer, id: number): Promise<void> {
  const row = await findRow(container, id)
  await deleteShippingMethodWorkflow(container).run({
    input: { detailsId: row.id, shippingOptionId: row.shipping_option!.id },
  })
}
