import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { adminProductCreateSchema } from "@enclave/contract"
import { createAdminProduct, listAdminProducts } from "@enclave/catalogue"
import { validate } from "../../../../http/api-error"

/**
 * The back office's product list: English texts with the German ones beside them, whatever language the
 * admin's browser asks in (the public list answers in that language, and an edit form filled from it would
 * save German text as the English one).
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await listAdminProducts(req.scope))
}

export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const body = validate(adminProductCreateSchema, req.body)
  res.status(201).json(await createAdminProduct(req.scope, body))
}
