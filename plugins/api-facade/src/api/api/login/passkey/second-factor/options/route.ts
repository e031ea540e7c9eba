import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { TWO_FACTOR_EXPIRED_MESSAGE } from "@enclave/contract"
import { secondFactorOptions, findUserById } from "@enclave/accounts"
import { ShopError } from "@enclave/contract/shop-error"
import { pendingSignInOf } from "../../../../../../http/session"
import { passkeyCeremony } from "../../../../../../http/passkey-ceremony"

/** The options of the second step with a passkey: the pending sign-in's account's passkeys. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const userId = await pendingSignInOf(req)
  const user = userId ? await findUserById(req.scope, userId) : null
  if (!user) throw new ShopError("two_factor_expired", TWO_FACTOR_EXPIRED_MESSAGE)
  res.json(await secondFactorOptions(passkeyCeremony(req), user))
}
