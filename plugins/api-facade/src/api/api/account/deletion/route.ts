import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ACCOUNT_DELETED_MESSAGE, accountDeletionByPasskeySchema, accountDeletionSchema } from "@enclave/contract"
import { deleteAccount } from "../../../../privacy/privacy"
import { validate } from "../../../../http/api-error"
import { requireUser } from "../../../../http/current-user"

/**
 * Deletes the account after its password or one of its passkeys (GDPR Art. 17): every session ends,
 * the orders stay as the law's retention requires, detached and marked; a last mail confirms it.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const user = requireUser(req)
  const body = req.body as Record<string, unknown> | undefined
  const confirmation =
    body && typeof body === "object" && "passkey" in body
      ? validate(accountDeletionByPasskeySchema, body)
      : validate(accountDeletionSchema, body)
  await deleteAccount(req, res, user, confirmation)
  res.json({ message: ACCOUNT_DELETED_MESSAGE })
}
