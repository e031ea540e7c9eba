import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { listReturns } from "@enclave/orders"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await listReturns(req.scope))
}
