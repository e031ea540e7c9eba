import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { adminProductCreateSchema } from "@enclave/contract"
import { createAdminProduct } from "../../../../admin-products/products"
import { validate } from "../../../../http/api-error"

export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const body = validate(adminProductCreateSchema, req.body)
  res.status(201).json(await createAdminProduct(req.scope, body))
}
