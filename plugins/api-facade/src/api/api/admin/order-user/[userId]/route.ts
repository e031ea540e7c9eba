import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { wholeNumberIdSchema } from "@enclave/contract"
import { findUserByNumber, toContractUser } from "@enclave/accounts"
import { ShopError } from "@enclave/contract/shop-error"
import { validate } from "../../../../../http/api-error"

/** The customer profile behind an order (docs/product.md §7: GET /api/admin/order-user/{userId}). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const userNumber = validate(wholeNumberIdSchema("User"), req.params.userId, { param: "userId" })
  const user = await findUserByNumber(req.scope, userNumber)
  if (!user) throw new ShopError("not_found", `User ${userNumber} not found`)
  res.json(toContractUser(user))
}
