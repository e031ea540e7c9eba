import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { emailChangeConfirmSchema } from "@enclave/contract"
import { confirmEmailChange, toContractUser } from "@enclave/accounts"
import { validate } from "../../../../../http/api-error"

/** The link mailed to a new address: no session needed, the token proves the mailbox. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const body = validate(emailChangeConfirmSchema, req.body)
  res.json(toContractUser(await confirmEmailChange(req.scope, body)))
}
