import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { shippingSettings } from "@enclave/payments"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await shippingSettings(req.scope))
}
