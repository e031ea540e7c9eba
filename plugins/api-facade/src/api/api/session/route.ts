import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { SessionState } from "@enclave/contract"
import { toContractUser } from "@enclave/accounts"
import { currentUser } from "../../../http/current-user"

/** Who is signed in, null for a visitor: a visitor is an answer here, not a 401. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const user = currentUser(req)
  const state: SessionState = { user: user ? toContractUser(user) : null }
  res.json(state)
}
