/**
 * What other parts of the shop may use of the shipping-methods plugin (its package's "." export), with
 * its link to Medusa's shipping option (to read an order's method from the option Medusa's order names).
 */
export { default as ShippingOptionDetailsLink } from "./links/shipping-option-details"
export {
  GERMANY_COUNTRIES,
  LEGACY_SERVICE_ZONE_NAME,
  SHIPPING_FULFILLMENT_PROVIDER_ID,
  SHIPPING_FULFILLMENT_SET_NAME,
  SHIPPING_METHODS_MODULE,
  SHIPPING_SERVICE_ZONE_NAMES,
} from "./modules/shipping-methods"
export type { default as ShippingMethodsModuleService } from "./modules/shipping-methods/service"
export {
  createShippingMethod,
  deleteShippingMethod,
  findShippingMethod,
  listActiveShippingMethods,
  listAllShippingMethods,
  shippingCountryOf,
  updateShippingMethod,
} from "./shipping-methods"
