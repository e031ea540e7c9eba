import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { signInOptions } from "@enclave/accounts"
import { passkeyCeremony } from "../../../../../http/passkey-ceremony"

/** The options of a username-less passkey sign-in, for navigator.credentials.get (also with conditional mediation). */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  res.json(await signInOptions(passkeyCeremony(req)))
}
