import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { listReturns } from "../../../../after-sale/admin-returns"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await listReturns(req.scope))
}
