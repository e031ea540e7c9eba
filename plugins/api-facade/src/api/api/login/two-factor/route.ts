import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { TWO_FACTOR_EXPIRED_MESSAGE, twoFactorCodeSchema } from "@enclave/contract"
import { completeSecondFactor, toContractUser } from "@enclave/accounts"
import { ShopError } from "@enclave/contract/shop-error"
import { validate } from "../../../../http/api-error"
import { endPendingSignIn, pendingSignInOf, startSession } from "../../../../http/session"
import { chosenLanguage } from "../../../../http/shop-origin"
import { clientAddress } from "../../../../http/sign-in-limit"

/** The code of a sign-in whose password was right: the pending sign-in becomes a session. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const { code } = validate(twoFactorCodeSchema, req.body)
  const userId = await pendingSignInOf(req)
  if (!userId) throw new ShopError("two_factor_expired", TWO_FACTOR_EXPIRED_MESSAGE)
  const user = await completeSecondFactor(req.scope, userId, code, clientAddress(req), chosenLanguage(req))
  await endPendingSignIn(req, res)
  await startSession(req, res, user.id, { method: "two_factor", twoFactors: true })
  res.json(toContractUser(user))
}
