import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { endSession } from "../../../http/session"

export async function POST(req: MedusaRequest, res: MedusaResponse) {
  await endSession(req, res)
  res.json({ message: "You have been signed out successfully." })
}
