import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { toContractUser } from "@enclave/accounts"
import { requireUser } from "../../../http/current-user"

/** The signed-in user; 401 means a visitor (docs/product.md §7: the storefront reads 401 as "no user"). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(toContractUser(requireUser(req, "Not signed in")))
}
