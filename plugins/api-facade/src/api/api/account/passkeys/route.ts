import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { passkeyRegistrationSchema } from "@enclave/contract"
import { listPasskeys, registerPasskey } from "@enclave/accounts"
import { validate } from "../../../../http/api-error"
import { requireUser } from "../../../../http/current-user"
import { passkeyCeremony } from "../../../../http/passkey-ceremony"

/** The account's passkeys, oldest first (public parts only). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await listPasskeys(req.scope, requireUser(req)))
}

/** A new passkey: its name and the browser's answer to POST /api/account/passkeys/registration/options. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const user = requireUser(req)
  const body = validate(passkeyRegistrationSchema, req.body)
  res.status(201).json(await registerPasskey(passkeyCeremony(req), user, body))
}
