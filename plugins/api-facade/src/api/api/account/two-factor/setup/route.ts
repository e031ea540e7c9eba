import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { setUpTwoFactor } from "@enclave/accounts"
import { requireUser } from "../../../../../http/current-user"

/** A new secret and its QR code; sign-in does not change until a code of it is confirmed. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  res.json(await setUpTwoFactor(req.scope, requireUser(req)))
}
