import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { productIdSchema } from "@enclave/contract"
import { findProduct } from "../../../../catalogue/products"
import { firstIssueMessage, sendError } from "../../../../http/errors"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const id = productIdSchema.safeParse(req.params.id)
  if (!id.success) return sendError(res, 400, firstIssueMessage(id.error))
  const product = await findProduct(req.scope, id.data)
  if (!product) return sendError(res, 404, `Product ${id.data} not found`)
  res.json(product)
}
