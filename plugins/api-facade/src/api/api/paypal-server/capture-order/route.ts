import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { capturePaypalOrderSchema } from "@enclave/contract"
import { validate } from "../../../../http/api-error"
import { requireUser } from "../../../../http/current-user"
import { captureWalletOrder } from "@enclave/orders"

export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const user = requireUser(req, "You must be logged in to pay")
  const request = validate(capturePaypalOrderSchema, req.body ?? {}, { asPaymentError: true })
  res.json(await captureWalletOrder(req.scope, user, request))
}
