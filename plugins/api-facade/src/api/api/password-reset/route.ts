import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { PASSWORD_RESET_SENT_MESSAGE, passwordResetRequestSchema } from "@enclave/contract"
import { requestPasswordReset } from "@enclave/accounts"
import { validate } from "../../../http/api-error"
import { shopOrigin } from "../../../http/shop-origin"

/**
 * Always 202, and before any work: the answer tells neither by its words nor by its time whether the
 * address has an account (looking one up and making its link took longer than finding none). The
 * work runs after the answer; a failure there is logged, the mail is the customer's only news anyway.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const { email } = validate(passwordResetRequestSchema, req.body)
  res.status(202).json({ message: PASSWORD_RESET_SENT_MESSAGE })
  requestPasswordReset(req.scope, email, shopOrigin()).catch((error: unknown) => {
    req.scope
      .resolve(ContainerRegistrationKeys.LOGGER)
      .error(`A password reset for a requested address failed: ${(error as Error).message}`)
  })
}
