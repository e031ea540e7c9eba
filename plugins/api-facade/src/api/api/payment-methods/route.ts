import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { currentUser } from "../../../http/current-user"
import { publicPaymentMethods } from "../../../payment-settings/payment-settings"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  // The invoice flag depends on who asks (business customers only): no shared cache may keep the answer.
  res.setHeader("Cache-Control", "private, no-cache")
  res.vary("Cookie")
  res.json(await publicPaymentMethods(req.scope, currentUser(req)))
}
