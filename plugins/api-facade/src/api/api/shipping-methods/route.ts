import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { sendCatalogueAnswer } from "../../../catalogue/cache"
import { listActiveShippingMethods } from "../../../shipping/shipping-methods"

/** Takes no query parameters (any are ignored), so every caller shares the one cached answer. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  await sendCatalogueAnswer(req, res, "shipping-methods", () => listActiveShippingMethods(req.scope))
}
