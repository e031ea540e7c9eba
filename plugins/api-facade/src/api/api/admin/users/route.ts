import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { listUsers } from "@enclave/accounts"

/** Every account, for the back office's view-only user list (with lock state). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await listUsers(req.scope))
}
