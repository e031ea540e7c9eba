import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { passwordChangeSchema } from "@enclave/contract"
import { changePassword } from "@enclave/accounts"
import { validate } from "../../../../http/api-error"
import { requireUser, signedInWithTwoFactors } from "../../../../http/current-user"
import { startSession } from "../../../../http/session"
import { clientAddress } from "../../../../http/sign-in-limit"

/** A new password; every other session of the account ends, this one continues under a new id. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const user = requireUser(req)
  const body = validate(passwordChangeSchema, req.body)
  await changePassword(req.scope, user, body, clientAddress(req))
  // The session goes on as it was signed in: a new password is no second factor, nor does it take one away.
  await startSession(req, res, user.id, { method: "password_change", twoFactors: signedInWithTwoFactors(req) })
  res.json({ message: "Password changed" })
}
