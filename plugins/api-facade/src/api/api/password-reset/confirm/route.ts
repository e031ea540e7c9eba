import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { passwordResetConfirmSchema } from "@enclave/contract"
import { confirmPasswordReset } from "@enclave/accounts"
import { validate } from "../../../../http/api-error"

export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const body = validate(passwordResetConfirmSchema, req.body)
  await confirmPasswordReset(req.scope, body)
  res.json({ message: "Your password has been changed. Sign in with the new one." })
}
