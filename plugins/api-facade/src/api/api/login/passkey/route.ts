import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { passkeyAssertionSchema } from "@enclave/contract"
import { signInWithPasskey, toContractUser } from "@enclave/accounts"
import { validate } from "../../../../http/api-error"
import { startSession } from "../../../../http/session"
import { chosenLanguage } from "../../../../http/shop-origin"
import { clientAddress } from "../../../../http/sign-in-limit"
import { passkeyCeremony } from "../../../../http/passkey-ceremony"

/** A username-less sign-in: the passkey names its account and is two factors in itself (no code follows). */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const body = validate(passkeyAssertionSchema, req.body)
  const user = await signInWithPasskey(passkeyCeremony(req), body, clientAddress(req), chosenLanguage(req))
  await startSession(req, res, user.id, { method: "passkey", twoFactors: true })
  res.json(toContractUser(user))
}
