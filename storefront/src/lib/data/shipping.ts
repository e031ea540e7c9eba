/**
 * The shop's shipping methods as checkout offers them: GET /api/shipping-methods, the facade's public catalogue
 * answer. Checkout's picker, the shipping page, the FAQ and the hero read this one list, so a method the admin
 * changes shows everywhere on the next request (the page cache revalidates the answer's ETag).
 */
import { shippingMethodListSchema, withOneDefaultPerZone, type ShippingMethod } from "@enclave/contract"
import { getCatalogueJson } from "./products"

export const SHIPPING_METHODS_PATH = "/api/shipping-methods"

/** Active methods in the shop's order, exactly one marked default per zone; throws FacadeApiError when unavailable. */
export async function listShippingMethods(): Promise<ShippingMethod[]> {
  const methods = (await getCatalogueJson(SHIPPING_METHODS_PATH, shippingMethodListSchema, false))!
  return withOneDefaultPerZone(methods.filter((method) => method.isActive))
}
