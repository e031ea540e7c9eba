import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { registerSchema } from "@enclave/contract"
import { register, toContractUser } from "@enclave/accounts"
import { validate } from "../../../http/api-error"
import { startSession } from "../../../http/session"
import { chosenLanguage } from "../../../http/shop-origin"

/** Creates the account and signs it in, as the storefront expects (docs/product.md §4: register sets the user). */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const body = validate(registerSchema, req.body)
  const user = await register(req.scope, body, chosenLanguage(req))
  await startSession(req, res, user.id, { method: "registration" })
  res.status(201).json(toContractUser(user))
}
