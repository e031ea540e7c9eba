import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { shippingCountryQuerySchema } from "@enclave/contract"
import { sendCatalogueAnswer } from "@enclave/catalogue"
import { ShopError } from "@enclave/contract/shop-error"
import { listActiveShippingMethods, shippingCountryOf } from "@enclave/shipping-methods"

/**
 * `?country=` (a code or a name) narrows the list to the methods that ship there; any other
 * parameter is ignored. The answer is cached per country code, so callers still share it.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const raw = req.query.country
  if (raw === undefined || raw === "") {
    await sendCatalogueAnswer(req, res, "shipping-methods", () => listActiveShippingMethods(req.scope))
    return
  }
  const parsed = shippingCountryQuerySchema.safeParse(raw)
  if (!parsed.success)
    throw new ShopError("unknown_country", "country must be a country's two-letter code or name", {
      fields: { country: "Unknown country" },
    })
  const code = await shippingCountryOf(req.scope, parsed.data)
  await sendCatalogueAnswer(req, res, `shipping-methods:${code}`, () => listActiveShippingMethods(req.scope, code))
}
