import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { listUnfinalisedPayments } from "../../../../payments/records"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await listUnfinalisedPayments(req.scope))
}
