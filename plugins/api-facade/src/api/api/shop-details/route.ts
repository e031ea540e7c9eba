import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { readShopDetails } from "@enclave/catalogue"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  // The imprint must show a change the admin saved on the next request: nothing may keep this answer.
  res.setHeader("Cache-Control", "no-store")
  res.json(await readShopDetails(req.scope))
}
