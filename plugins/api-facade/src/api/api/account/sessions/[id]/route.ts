import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { SESSION_ENDED_MESSAGE, SESSION_NOT_FOUND_MESSAGE } from "@enclave/contract"
import { ShopError } from "@enclave/contract/shop-error"
import { requireUser } from "../../../../../http/current-user"
import { endOtherSession } from "../../../../../http/session"

/** Signs out one other session of the account, named by the id GET /api/account/sessions lists (this one: POST /api/logout). */
export async function DELETE(req: MedusaRequest, res: MedusaResponse) {
  const user = requireUser(req)
  const id = String(req.params.id ?? "")
  if (!/^[0-9a-f]{16}$/.test(id) || !(await endOtherSession(req, user.id, id)))
    throw new ShopError("session_not_found", SESSION_NOT_FOUND_MESSAGE)
  res.json({ message: SESSION_ENDED_MESSAGE })
}
