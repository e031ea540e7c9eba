import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { profileUpdateSchema } from "@enclave/contract"
import { updateProfile } from "../../../accounts/account"
import { toContractUser } from "../../../accounts/users"
import { validate } from "../../../http/api-error"
import { requireUser } from "../../../http/current-user"

/** The signed-in customer's account (docs/product.md §2 account page). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(toContractUser(requireUser(req)))
}

export async function PUT(req: MedusaRequest, res: MedusaResponse) {
  const user = requireUser(req)
  const profile = validate(profileUpdateSchema, req.body)
  res.json(toContractUser(await updateProfile(req.scope, user, profile)))
}
