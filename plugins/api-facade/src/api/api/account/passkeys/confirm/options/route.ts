import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { confirmationOptions } from "@enclave/accounts"
import { requireUser } from "../../../../../../http/current-user"
import { passkeyCeremony } from "../../../../../../http/passkey-ceremony"

/**
 * The options for confirming a grave change with one of one's passkeys instead of the password; the
 * browser's answer goes to the route of that change, which checks it with verifyPasskeyConfirmation.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  res.json(await confirmationOptions(passkeyCeremony(req), requireUser(req)))
}
