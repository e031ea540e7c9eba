import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { createCardPaymentSchema } from "@enclave/contract"
import { validate } from "../../../http/api-error"
import { requireUser } from "../../../http/current-user"
import { startCardPayment } from "@enclave/orders"

export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const user = requireUser(req, "You must be logged in to pay")
  const request = validate(createCardPaymentSchema, req.body, { asPaymentError: true })
  res.status(201).json(await startCardPayment(req.scope, user, request))
}
