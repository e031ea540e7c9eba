import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { pgpKeySaveSchema } from "@enclave/contract"
import { pgpKeyOf, removePgpKey, savePgpKey } from "@enclave/accounts"
import { validate } from "../../../../http/api-error"
import { requireUser } from "../../../../http/current-user"

/** The key the account's mails are encrypted to, null when none (docs/product.md "Encrypted mail"). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json({ key: await pgpKeyOf(requireUser(req)) })
}

/** Takes an ASCII-armoured public key (checked for the account's address) and sends an encrypted test mail. */
export async function PUT(req: MedusaRequest, res: MedusaResponse) {
  const user = requireUser(req)
  res.json(await savePgpKey(req.scope, user, validate(pgpKeySaveSchema, req.body)))
}

export async function DELETE(req: MedusaRequest, res: MedusaResponse) {
  res.json(await removePgpKey(req.scope, requireUser(req)))
}
