import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { loginSchema } from "@enclave/contract"
import { signIn, toContractUser } from "@enclave/accounts"
import { validate } from "../../../http/api-error"
import { startPendingSignIn, startSession } from "../../../http/session"
import { chosenLanguage } from "../../../http/shop-origin"
import { clientAddress } from "../../../http/sign-in-limit"

export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const credentials = validate(loginSchema, req.body)
  const { user, secondFactorDue } = await signIn(req.scope, credentials, clientAddress(req), chosenLanguage(req))
  if (secondFactorDue) {
    await startPendingSignIn(req, res, user.id)
    return res.json({ twoFactorRequired: true })
  }
  await startSession(req, res, user.id, { method: "password" })
  res.json(toContractUser(user))
}
