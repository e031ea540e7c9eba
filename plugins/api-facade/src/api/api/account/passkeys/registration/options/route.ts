import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { registrationOptions } from "../../../../../../accounts/passkeys"
import { requireUser } from "../../../../../../http/current-user"

/** The options of a new passkey's registration, for the browser's navigator.credentials.create. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  res.json(await registrationOptions(req, requireUser(req)))
}
