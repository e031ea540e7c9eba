import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { loginSchema } from "@enclave/contract"
import { signIn } from "../../../accounts/sign-in"
import { toContractUser } from "../../../accounts/users"
import { validate } from "../../../http/api-error"
import { startSession } from "../../../http/session"
import { clientAddress } from "../../../http/sign-in-limit"

export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const credentials = validate(loginSchema, req.body)
  const user = await signIn(req.scope, credentials, clientAddress(req))
  await startSession(req, res, user.id)
  res.json(toContractUser(user))
}
