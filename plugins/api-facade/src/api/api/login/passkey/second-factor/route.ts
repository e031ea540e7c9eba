import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { passkeyAssertionSchema, TWO_FACTOR_EXPIRED_MESSAGE } from "@enclave/contract"
import { completeSecondFactorWithPasskey, findUserById, toContractUser } from "@enclave/accounts"
import { ShopError } from "@enclave/contract/shop-error"
import { validate } from "../../../../../http/api-error"
import { endPendingSignIn, pendingSignInOf, startSession } from "../../../../../http/session"
import { chosenLanguage } from "../../../../../http/shop-origin"
import { clientAddress } from "../../../../../http/sign-in-limit"
import { passkeyCeremony } from "../../../../../http/passkey-ceremony"

/** The second step of a sign-in whose password was right, with a passkey instead of a code: the pending sign-in becomes a session. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const body = validate(passkeyAssertionSchema, req.body)
  const userId = await pendingSignInOf(req)
  const user = userId ? await findUserById(req.scope, userId) : null
  if (!user) throw new ShopError("two_factor_expired", TWO_FACTOR_EXPIRED_MESSAGE)
  const signedIn = await completeSecondFactorWithPasskey(passkeyCeremony(req), user, body, clientAddress(req), chosenLanguage(req))
  await endPendingSignIn(req, res)
  await startSession(req, res, signedIn.id, { method: "two_factor", twoFactors: true })
  res.json(toContractUser(signedIn))
}
