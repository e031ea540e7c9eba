import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { twoFactorCodeSchema } from "@enclave/contract"
import { enableTwoFactor } from "@enclave/accounts"
import { validate } from "../../../../../http/api-error"
import { requireUser } from "../../../../../http/current-user"

export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const user = requireUser(req)
  const { code } = validate(twoFactorCodeSchema, req.body)
  res.json(await enableTwoFactor(req.scope, user, code))
}
