import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { listActiveShippingMethods } from "../../../shipping/shipping-methods"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await listActiveShippingMethods(req.scope))
}
