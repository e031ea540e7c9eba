import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { createPaypalOrderSchema } from "@enclave/contract"
import { validate } from "../../../../http/api-error"
import { requireUser } from "../../../../http/current-user"
import { shopLanguage, shopOrigin } from "../../../../http/shop-origin"
import { createWalletOrder } from "@enclave/orders"

export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const user = requireUser(req, "You must be logged in to pay")
  const request = validate(createPaypalOrderSchema, req.body, { asPaymentError: true })
  res.status(201).json(await createWalletOrder(req.scope, user, request, shopOrigin(), shopLanguage(req)))
}
