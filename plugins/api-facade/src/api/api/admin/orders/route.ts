import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { listAllOrders } from "@enclave/orders"

/** Every order Medusa holds, newest first, with items and the user id (docs/product.md §7 GET /api/admin/orders). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await listAllOrders(req.scope))
}
