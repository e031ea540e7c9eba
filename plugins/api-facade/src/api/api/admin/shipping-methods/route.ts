import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { shippingMethodInputSchema } from "@enclave/contract"
import { validate } from "../../../../http/api-error"
import { createShippingMethod, listAllShippingMethods } from "@enclave/shipping-methods"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await listAllShippingMethods(req.scope))
}

export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const data = validate(shippingMethodInputSchema, req.body)
  res.status(201).json(await createShippingMethod(req.scope, data))
}
