import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/** 200 only when Medusa answers (it is answering this) and the database answers a query. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const pg = req.scope.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  try {
    await pg.raw("select 1")
    res.json({ status: "ok" })
  } catch {
    res.status(503).json({ status: "unavailable", message: "The database does not answer" })
  }
}
