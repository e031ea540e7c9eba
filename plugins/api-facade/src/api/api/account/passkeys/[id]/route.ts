import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { passkeyIdSchema, passkeyRenameSchema } from "@enclave/contract"
import { removePasskey, renamePasskey } from "@enclave/accounts"
import { validate } from "../../../../../http/api-error"
import { requireUser } from "../../../../../http/current-user"

export async function PUT(req: MedusaRequest, res: MedusaResponse) {
  const user = requireUser(req)
  const id = validate(passkeyIdSchema, req.params.id, { param: "id" })
  const { name } = validate(passkeyRenameSchema, req.body)
  res.json(await renamePasskey(req.scope, user, id, name))
}

export async function DELETE(req: MedusaRequest, res: MedusaResponse) {
  const user = requireUser(req)
  const id = validate(passkeyIdSchema, req.params.id, { param: "id" })
  await removePasskey(req.scope, user, id)
  res.json({ message: "Passkey removed" })
}
