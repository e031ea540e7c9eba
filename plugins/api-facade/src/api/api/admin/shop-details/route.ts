import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { shopDetailsUpdateSchema } from "@enclave/contract"
import { validate } from "../../../../http/api-error"
import { adminShopDetails, saveShopDetails } from "../../../../shop-details/shop-details"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await adminShopDetails(req.scope))
}

export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const update = validate(shopDetailsUpdateSchema, req.body)
  res.json(await saveShopDetails(req.scope, update))
}
