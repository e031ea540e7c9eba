import { Module } from "@medusajs/framework/utils"
import ShippingMethodsModuleService from "./service"

export const SHIPPING_METHODS_MODULE = "shippingMethods"

/**
 * Where every shipping method of the shop lives: one fulfillment set whose one service zone
 * covers every country the shop sells to, so any method can be chosen for any address. The seed
 * creates it; the admin's new methods go into the same zone, with the same provider.
 */
export const SHIPPING_FULFILLMENT_SET_NAME = "Enclave delivery"
export const SHIPPING_SERVICE_ZONE_NAME = "Everywhere"
export const SHIPPING_FULFILLMENT_PROVIDER_ID = "manual_manual"

export default Module(SHIPPING_METHODS_MODULE, { service: ShippingMethodsModuleService })
