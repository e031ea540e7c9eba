import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { listProducts } from "../../../catalogue/products"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await listProducts(req.scope))
}
