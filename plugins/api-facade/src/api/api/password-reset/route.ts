import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PASSWORD_RESET_SENT_MESSAGE, passwordResetRequestSchema } from "@enclave/contract"
import { requestPasswordReset } from "../../../accounts/password-reset"
import { validate } from "../../../http/api-error"
import { shopOrigin } from "../../../http/shop-origin"

/** Always 202: the answer never tells whether the address has an account. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const { email } = validate(passwordResetRequestSchema, req.body)
  await requestPasswordReset(req.scope, email, shopOrigin())
  res.status(202).json({ message: PASSWORD_RESET_SENT_MESSAGE })
}
