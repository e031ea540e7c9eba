import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { EMAIL_CHANGE_SENT_MESSAGE, profileUpdateSchema } from "@enclave/contract"
import { requestEmailChange, updateProfile, toContractUser } from "@enclave/accounts"
import { validate } from "../../../http/api-error"
import { requireUser } from "../../../http/current-user"
import { shopOrigin } from "../../../http/shop-origin"

/** The signed-in customer's account (docs/product.md §2 account page). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(toContractUser(requireUser(req)))
}

/**
 * Name and address change at once. A new e-mail is answered the same whether or not another account
 * has it, and before anything looks that up: the mails are made after the answer, as for a password
 * reset, so neither words nor time tell which addresses have accounts.
 */
export async function PUT(req: MedusaRequest, res: MedusaResponse) {
  const user = requireUser(req)
  const profile = validate(profileUpdateSchema, req.body)
  const { user: updated, pendingEmail } = await updateProfile(req.scope, user, profile)
  if (!pendingEmail) return res.json(toContractUser(updated))
  res.json({ ...toContractUser(updated), pendingEmail, message: EMAIL_CHANGE_SENT_MESSAGE })
  requestEmailChange(req.scope, user.id, pendingEmail, shopOrigin()).catch((error: unknown) => {
    req.scope.resolve(ContainerRegistrationKeys.LOGGER).error(`An e-mail change request failed: ${(error as Error).message}`)
  })
}
