import { Module } from "@medusajs/framework/utils"
import ShippingMethodsModuleService from "./service"

export const SHIPPING_METHODS_MODULE = "shippingMethods"

/**
 * Where the shop's shipping methods live: one fulfillment set with a service zone per shipping
 * zone of the contract. "Germany" has the one geo zone "de"; "Worldwide" has a geo zone for every
 * other country the shop sells to (Medusa's geo zones have no "everywhere else"). A method is a
 * shipping option of one of these zones, so Medusa itself knows which addresses it serves. The
 * seed creates them; the admin's new methods go into the zone it picks, with the same provider.
 */
export const SHIPPING_FULFILLMENT_SET_NAME = "Enclave delivery"
export const SHIPPING_SERVICE_ZONE_NAMES = { germany: "Germany", worldwide: "Worldwide" } as const
/** The countries of the Germany zone (and region); every other country is Worldwide's. */
export const GERMANY_COUNTRIES = ["de"]
/** The one zone over every country that shops seeded before the zones had (see migration-scripts). */
export const LEGACY_SERVICE_ZONE_NAME = "Everywhere"
export const SHIPPING_FULFILLMENT_PROVIDER_ID = "manual_manual"

export default Module(SHIPPING_METHODS_MODULE, { service: ShippingMethodsModuleService })
