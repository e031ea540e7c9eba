/**
 * The shop's details: what the imprint states about the business, and the time zone the shop
 * shows times in. Asked on every render that needs them, never cached here: a change the admin saves
 * shows on the next request (GET /api/shop-details is no-store too).
 */
import { DEFAULT_SHOP_TIME_ZONE, shopDetailsSchema, type ShopDetails } from "@enclave/contract"
import { apiRoutes, routePath } from "../api-routes"
import { FacadeApiError, getJson } from "./http"

export function fetchShopDetails(): Promise<ShopDetails> {
  return getJson(routePath(apiRoutes.shopDetails), shopDetailsSchema)
}

/**
 * The shop's time zone for pages that show times (the orders screen). When the facade cannot answer, the
 * default zone (logged): the dates are then right for the default, and the page still helps.
 */
export async function shopTimeZone(): Promise<string> {
  try {
    return (await fetchShopDetails()).timeZone
  } catch (error) {
    if (!(error instanceof FacadeApiError)) throw error
    console.error(`[storefront] shop time zone unknown, showing ${DEFAULT_SHOP_TIME_ZONE}: ${error.message}`)
    return DEFAULT_SHOP_TIME_ZONE
  }
}
