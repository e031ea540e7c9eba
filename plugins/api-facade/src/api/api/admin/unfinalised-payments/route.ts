import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { listUnfinalisedPayments } from "@enclave/orders"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await listUnfinalisedPayments(req.scope))
}
