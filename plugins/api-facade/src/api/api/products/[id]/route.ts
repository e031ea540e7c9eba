import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { productIdSchema } from "@enclave/contract"
import { findProduct } from "../../../../catalogue/products"
import { ApiError, validate } from "../../../../http/api-error"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const id = validate(productIdSchema, req.params.id)
  const product = await findProduct(req.scope, id)
  if (!product) throw new ApiError(404, `Product ${id} not found`)
  res.json(product)
}
