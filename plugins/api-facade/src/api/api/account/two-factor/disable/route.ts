import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { twoFactorCodeSchema } from "@enclave/contract"
import { disableTwoFactor } from "@enclave/accounts"
import { validate } from "../../../../../http/api-error"
import { requireUser } from "../../../../../http/current-user"
import { clientAddress } from "../../../../../http/sign-in-limit"

export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const user = requireUser(req)
  const { code } = validate(twoFactorCodeSchema, req.body)
  await disableTwoFactor(req.scope, user, code, clientAddress(req))
  res.json({ message: "Two-factor sign-in is off" })
}
