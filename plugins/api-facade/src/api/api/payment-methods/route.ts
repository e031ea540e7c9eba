import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { publicPaymentMethods } from "../../../payment-settings/payment-settings"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await publicPaymentMethods(req.scope))
}
