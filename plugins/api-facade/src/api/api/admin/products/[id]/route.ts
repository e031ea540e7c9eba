import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { adminProductUpdateSchema, productIdSchema } from "@enclave/contract"
import { deleteAdminProduct, readAdminProduct, updateAdminProduct } from "@enclave/catalogue"
import { validate } from "../../../../../http/api-error"

/** One product with its texts in both languages (see GET /api/admin/products). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const id = validate(productIdSchema, req.params.id, { param: "id" })
  res.json(await readAdminProduct(req.scope, id))
}

export async function PUT(req: MedusaRequest, res: MedusaResponse) {
  const id = validate(productIdSchema, req.params.id, { param: "id" })
  const body = validate(adminProductUpdateSchema, req.body)
  res.json(await updateAdminProduct(req.scope, id, body))
}

export async function DELETE(req: MedusaRequest, res: MedusaResponse) {
  const id = validate(productIdSchema, req.params.id, { param: "id" })
  res.json(await deleteAdminProduct(req.scope, id))
}
