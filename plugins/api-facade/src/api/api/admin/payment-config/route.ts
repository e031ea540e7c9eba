import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { paymentConfigUpdateSchema } from "@enclave/contract"
import { validate } from "../../../../http/api-error"
import { paymentConfig, savePaymentConfig } from "@enclave/payments"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  // Masked, but still nothing a shared cache should keep.
  res.json(await paymentConfig(req.scope))
}

export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const update = validate(paymentConfigUpdateSchema, req.body)
  res.json(await savePaymentConfig(req.scope, update))
}
