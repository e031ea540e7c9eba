import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { accountDataOf } from "../../../../privacy/privacy"
import { requireUser } from "../../../../http/current-user"

/** Everything the shop holds about the signed-in customer, as one JSON file to download (GDPR Art. 15, 20). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const user = requireUser(req)
  const data = await accountDataOf(req, user)
  // The day is in the file's name, not in the answer: the same data answers the same ETag (a 304 when unchanged).
  const day = new Date().toISOString().slice(0, 10)
  res.setHeader("Content-Disposition", `attachment; filename="enclave-data-${user.username}-${day}.json"`)
  res.setHeader("Cache-Control", "no-store")
  res.json(data)
}
