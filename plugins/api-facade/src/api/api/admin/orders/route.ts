import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { listOrders } from "../../../../orders/read-orders"

/** Every order, newest first, with items and the user id (docs/product.md §7 GET /api/admin/orders). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await listOrders(req.scope))
}
