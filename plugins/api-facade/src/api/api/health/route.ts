import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/** A health check that waits for the pool's own timeout (a minute) is no health check. */
const DATABASE_TIMEOUT_MS = 2000

/** 200 only when Medusa answers (it is answering this) and the database answers a query. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const pg = req.scope.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  let timer: NodeJS.Timeout | undefined
  try {
    await Promise.race([
      pg.raw("select 1"),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("timeout")), DATABASE_TIMEOUT_MS))),
    ])
    res.json({ status: "ok" })
  } catch {
    res.status(503).json({ status: "unavailable", message: "The database does not answer", code: "unavailable" })
  } finally {
    clearTimeout(timer)
  }
}
