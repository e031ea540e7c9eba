import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { SessionsEnded } from "@enclave/contract"
import { requireUser } from "../../../../http/current-user"
import { endOtherSessions, sessionsOf } from "../../../../http/session"

/** The account's signed-in sessions, this one first (docs/product.md §2 account page). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await sessionsOf(req, requireUser(req).id))
}

/** Sign out everywhere else: this session stays. */
export async function DELETE(req: MedusaRequest, res: MedusaResponse) {
  const user = requireUser(req)
  const ended = await endOtherSessions(req, user.id)
  const answer: SessionsEnded = { message: ended === 1 ? "1 other session signed out" : `${ended} other sessions signed out`, ended }
  res.json(answer)
}
