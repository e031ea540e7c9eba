/**
 * The shop's shipping methods as checkout offers them: GET /api/shipping-methods, the facade's public catalogue
 * answer. Checkout's picker, the shipping page, the FAQ and the hero read this one list, so a method the admin
 * changes shows everywhere on the next request (the page cache revalidates the answer's ETag).
 */
import { shippingMethodListSchema, withOneDefaultPerZone, type ShippingMethod } from "@enclave/contract"
import { apiRoutes, routePath } from "../api-routes"
import { getCatalogueJson } from "./http"

export const SHIPPING_METHODS_PATH = routePath(apiRoutes.shippingMethods)

/** Active methods in the shop's order, exactly one marked default per zone; throws FacadeApiError when unavailable. */
export async function listShippingMethods(): Promise<ShippingMethod[]> {
  const methods = (await getCatalogueJson(SHIPPING_METHODS_PATH, shippingMethodListSchema, false))!
  return withOneDefaultPerZone(methods.filter((method) => method.isActive))
}

/**
 * Checkout's methods (docs/product.md §4: the default, else the first; checkout offers one zone's methods for an
 * address). null when they could not be loaded: the page then loads them in the browser.
 */
export async function shippingMethodsForCheckout(): Promise<ShippingMethod[] | null> {
  try {
    return await listShippingMethods()
  } catch (error) {
    console.error(`[storefront] checkout: shipping methods unavailable: ${(error as Error).message}`)
    return null
  }
}
