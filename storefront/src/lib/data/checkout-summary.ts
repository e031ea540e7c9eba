/**
 * The checkout's first summary, asked on the server with the customer's cookies: the cart priced for
 * the customer's own address and that country's default shipping method, as the island preselects them, so the
 * first paint shows the VAT the order will contain (or the reverse charge's net prices). The island asks again
 * when the country, state or method changes (useCheckoutSummary).
 */
import { checkoutSummarySchema, type ShippingMethod, type User } from "@enclave/contract"
import { apiRoutes, routePath } from "../api-routes"
import { userAddress } from "../user-address"
import { methodsForCountry, shippingCountryOf } from "../../modules/checkout/shipping-countries"
import { summaryKey, type PricedSummary } from "../../modules/checkout/summary-key"
import { forwardedHeaders, getJson } from "./http"

/**
 * Null when the address's country is not one the shop ships to, or the summary could not be had. `posted`: the
 * address and method of a checkout form sent without JavaScript, instead of the customer's own and the default.
 */
export async function checkoutSummaryFor(
  request: Request,
  user: User,
  methods: ShippingMethod[] | null,
  posted?: { country: string; state: string; methodId: number | null },
): Promise<PricedSummary | null> {
  if (!methods) return null
  const { country, state } = posted ?? userAddress(user)
  const countryCode = shippingCountryOf(methods, country)
  const offered = methodsForCountry(methods, countryCode)
  const methodId = offered.find((m) => m.id === posted?.methodId)?.id ?? (offered.find((m) => m.isDefault) ?? offered[0])?.id ?? null
  const key = summaryKey(countryCode, state, methodId)
  if (!key || !countryCode) return null
  const query = new URLSearchParams({ country: countryCode })
  if (state.trim()) query.set("state", state.trim())
  if (methodId !== null) query.set("shippingMethod", String(methodId))
  try {
    const summary = await getJson(
      `${routePath(apiRoutes.checkoutSummary)}?${query}`,
      checkoutSummarySchema,
      false,
      forwardedHeaders(request),
    )
    return { key, summary }
  } catch (error) {
    console.error(`[storefront] checkout: summary unavailable: ${(error as Error).message}`)
    return null
  }
}
