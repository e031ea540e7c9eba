import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  createApiKeysWorkflow,
  createInventoryLevelsWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
  updateStoresWorkflow,
} from "@medusajs/medusa/core-flows"
import { PAYMENT_SETTINGS_MODULE, SHOP_PAYMENT_PROVIDERS as PAYMENT_PROVIDERS, type PaymentSettingsModuleService } from "@enclave/payments"
import { SECURITY_LEVELS_MODULE, type SecurityProfiles } from "@enclave/security-levels"
import {
  GERMANY_COUNTRIES as germany,
  SHIPPING_FULFILLMENT_PROVIDER_ID as FULFILLMENT_PROVIDER_ID,
  SHIPPING_FULFILLMENT_SET_NAME as FULFILLMENT_SET_NAME,
  SHIPPING_METHODS_MODULE,
  type ShippingMethodsModuleService,
  SHIPPING_SERVICE_ZONE_NAMES as SERVICE_ZONE_NAMES,
} from "@enclave/shipping-methods"
import { germanTextsOf, imageUrlOf, products, shippingMethods } from "./seed/catalogue"

/**
 * Seeds the shop on its first start. It is safe to run again: a database that already has the
 * catalogue is left as it is, so a restart never duplicates anything.
 */
export default async function seed({ container }: ExecArgs) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  const securityLevels = container.resolve<SecurityProfiles>(SECURITY_LEVELS_MODULE)
  const shippingDetails = container.resolve<ShippingMethodsModuleService>(SHIPPING_METHODS_MODULE)

  const [, seededProfiles] = await securityLevels.listAndCountSecurityProfiles({}, { take: 1 })
  if (seededProfiles > 0) {
    const translated = await addGermanTexts(container, securityLevels)
    logger.info(
      translated > 0
        ? `Enclave seed: the catalogue is already there; German texts added to ${translated} seeded products`
        : "Enclave seed: the catalogue is already there, nothing to do",
    )
    return
  }
  logger.info("Enclave seed: creating the catalogue, regions and shipping methods")

  // Store, currency and sales channel.
  const salesChannelModule = container.resolve(Modules.SALES_CHANNEL)
  let [salesChannel] = await salesChannelModule.listSalesChannels({ name: "Default Sales Channel" })
  if (!salesChannel) {
    const { result } = await createSalesChannelsWorkflow(container).run({
      input: { salesChannelsData: [{ name: "Default Sales Channel" }] },
    })
    salesChannel = result[0]
  }
  const [store] = await container.resolve(Modules.STORE).listStores()
  await updateStoresWorkflow(container).run({
    input: {
      selector: { id: store.id },
      update: {
        name: "Enclave",
        // The shop's prices include VAT (docs/product.md §4 VAT): Medusa's pricing marks them so, and its
        // carts and orders take the VAT out of them instead of adding it on top.
        supported_currencies: [{ currency_code: "eur", is_default: true, is_tax_inclusive: true }],
        default_sales_channel_id: salesChannel.id,
      },
    },
  })

  // Regions: Germany and the rest of the world (every other country Medusa knows), both in euros.
  const knownCountries = await container.resolve(Modules.REGION).listCountries({}, { select: ["iso_2"], take: 1000 })
  const worldwide = knownCountries
    .map((c) => c.iso_2.toLowerCase())
    .filter((code) => !germany.includes(code))
    .sort()
  await createRegionsWorkflow(container).run({
    input: {
      regions: [
        { name: "Germany", currency_code: "eur", countries: germany, payment_providers: PAYMENT_PROVIDERS, is_tax_inclusive: true },
        { name: "Worldwide", currency_code: "eur", countries: worldwide, payment_providers: PAYMENT_PROVIDERS, is_tax_inclusive: true },
      ],
    },
  })

  // Warehouse, fulfillment and shipping options.
  const { result: locations } = await createStockLocationsWorkflow(container).run({
    input: {
      locations: [
        {
          name: "Enclave Warehouse Berlin",
          address: { address_1: "Friedrichstraße 123", city: "Berlin", postal_code: "10117", country_code: "DE" },
        },
      ],
    },
  })
  const warehouse = locations[0]
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: warehouse.id },
    [Modules.FULFILLMENT]: { fulfillment_provider_id: FULFILLMENT_PROVIDER_ID },
  })
  await linkSalesChannelsToStockLocationWorkflow(container).run({
    input: { id: warehouse.id, add: [salesChannel.id] },
  })

  const fulfillment = container.resolve(Modules.FULFILLMENT)
  let [shippingProfile] = await fulfillment.listShippingProfiles({ type: "default" })
  if (!shippingProfile) {
    const { result } = await createShippingProfilesWorkflow(container).run({
      input: { data: [{ name: "Default Shipping Profile", type: "default" }] },
    })
    shippingProfile = result[0]
  }
  // A service zone per region: a method serves the countries of its zone, and Medusa refuses a
  // cart whose address lies outside it (a French address cannot be sent Germany Standard).
  const countriesOfZone = { germany, worldwide }
  const fulfillmentSet = await fulfillment.createFulfillmentSets({
    name: FULFILLMENT_SET_NAME,
    type: "shipping",
    service_zones: (["germany", "worldwide"] as const).map((zone) => ({
      name: SERVICE_ZONE_NAMES[zone],
      geo_zones: countriesOfZone[zone].map((country_code) => ({ type: "country" as const, country_code })),
    })),
  })
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: warehouse.id },
    [Modules.FULFILLMENT]: { fulfillment_set_id: fulfillmentSet.id },
  })
  const zoneIdByName = new Map(fulfillmentSet.service_zones.map((zone) => [zone.name, zone.id]))

  // One at a time, so the shop's method numbers follow the sort order.
  for (const method of shippingMethods) {
    const { result } = await createShippingOptionsWorkflow(container).run({
      input: [
        {
          name: method.name,
          price_type: "flat",
          provider_id: FULFILLMENT_PROVIDER_ID,
          service_zone_id: zoneIdByName.get(SERVICE_ZONE_NAMES[method.zone])!,
          shipping_profile_id: shippingProfile.id,
          type: { label: method.name, description: method.description, code: method.code },
          // Both regions sell in euros, so one euro price serves every address.
          prices: [{ currency_code: "eur", amount: method.price }],
          rules: [
            { attribute: "enabled_in_store", value: "true", operator: "eq" },
            { attribute: "is_return", value: "false", operator: "eq" },
          ],
        },
      ],
    })
    const details = await shippingDetails.createShippingMethodDetails({
      description: method.description,
      name_de: method.nameDe,
      description_de: method.descriptionDe,
      estimated_delivery: method.estimatedDelivery,
      estimated_delivery_de: method.estimatedDeliveryDe,
      is_default: method.isDefault,
      is_active: true,
      sort_order: method.sortOrder,
    })
    await link.create({
      [Modules.FULFILLMENT]: { shipping_option_id: result[0].id },
      [SHIPPING_METHODS_MODULE]: { shipping_method_details_id: details.id },
    })
  }

  // Products, each with one sellable variant priced in euros and tracked in the warehouse.
  const { result: created } = await createProductsWorkflow(container).run({
    input: {
      products: products.map((p) => ({
        title: p.title,
        handle: p.handle,
        description: p.description,
        status: "published" as const,
        thumbnail: imageUrlOf(p.handle),
        images: [{ url: imageUrlOf(p.handle) }],
        shipping_profile_id: shippingProfile.id,
        options: [{ title: "Edition", values: ["Standard"] }],
        variants: [
          {
            title: "Standard",
            sku: p.handle.toUpperCase(),
            options: { Edition: "Standard" },
            manage_inventory: true,
            prices: [{ currency_code: "eur", amount: p.price }],
          },
        ],
        sales_channels: [{ id: salesChannel.id }],
      })),
    },
  })
  const productIdByHandle = new Map(created.map((p) => [p.handle, p.id]))

  // Security profiles one at a time, so catalogue numbers are 1, 2, 3 for Base, Medium, Premium.
  for (const p of products) {
    const profile = await securityLevels.createSecurityProfiles({
      level: p.securityLevel,
      category: p.category,
      features: p.features,
      specifications: p.specifications,
      ...germanTextsOf(p),
    })
    await link.create({
      [Modules.PRODUCT]: { product_id: productIdByHandle.get(p.handle) },
      [SECURITY_LEVELS_MODULE]: { security_profile_id: profile.id },
    })
  }

  const inventory = container.resolve(Modules.INVENTORY)
  const items = await inventory.listInventoryItems({ sku: products.map((p) => p.handle.toUpperCase()) })
  const stockBySku = new Map(products.map((p) => [p.handle.toUpperCase(), p.stock]))
  await createInventoryLevelsWorkflow(container).run({
    input: {
      inventory_levels: items.map((item) => ({
        location_id: warehouse.id,
        inventory_item_id: item.id,
        stocked_quantity: stockBySku.get(item.sku!) ?? 0,
      })),
    },
  })

  // The storefront key for Medusa's own /store API (used by benchmarks and Medusa clients).
  const { result: apiKeys } = await createApiKeysWorkflow(container).run({
    input: { api_keys: [{ title: "Enclave storefront", type: "publishable", created_by: "" }] },
  })
  await linkSalesChannelsToApiKeyWorkflow(container).run({
    input: { id: apiKeys[0].id, add: [salesChannel.id] },
  })

  // `npm start` is a demo: its new shop takes test payments (the simulated card) until an admin turns
  // them off. A deployment's set-up never passes this, so it starts taking real payments only.
  if (process.env.TEST_PAYMENTS === "on") {
    await container.resolve<PaymentSettingsModuleService>(PAYMENT_SETTINGS_MODULE).saveSettings({ testPaymentsEnabled: true })
  }

  logger.info(`Enclave seed: ${products.length} products, ${shippingMethods.length} shipping methods, 2 regions`)
}

/**
 * A shop seeded before the German texts existed gets them for the seeded products it still has
 * unchanged: the description, features and specifications where it has no German description yet and the
 * English one is as seeded; an accessory's or service's German name where it has none and the English name
 * is as seeded (a product the admin rewrote keeps whatever the admin gives it). Returns how many products got any.
 */
async function addGermanTexts(container: ExecArgs["container"], securityLevels: SecurityProfiles): Promise<number> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "security_profile",
    fields: ["id", "name_de", "description_de", "product.handle", "product.title", "product.description"],
  })
  const seeded = new Map(products.map((p) => [p.handle, p]))
  let translated = 0
  for (const row of data as Array<{
    id: string
    name_de: string | null
    description_de: string | null
    product?: { handle: string; title: string; description: string | null }
  }>) {
    const product = row.product ? seeded.get(row.product.handle) : undefined
    if (!product) continue
    const { name_de, ...texts } = germanTextsOf(product)
    const update = {
      ...(!row.description_de && row.product?.description === product.description ? texts : {}),
      ...(!row.name_de && name_de && row.product?.title === product.title ? { name_de } : {}),
    }
    if (Object.keys(update).length === 0) continue
    await securityLevels.updateSecurityProfiles({ id: row.id, ...update })
    translated++
  }
  return translated
}
