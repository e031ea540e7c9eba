import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { registrationOptions } from "@enclave/accounts"
import { requireUser } from "../../../../../../http/current-user"
import { passkeyCeremony } from "../../../../../../http/passkey-ceremony"

/** The options of a new passkey's registration, for the browser's navigator.credentials.create. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  res.json(await registrationOptions(passkeyCeremony(req), requireUser(req)))
}
