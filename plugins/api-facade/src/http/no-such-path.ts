import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ApiError } from "./api-error"

/**
 * Medusa's file router has no catch-all, so unknown /api paths would get Express's HTML page.
 * Route files of one to four `[segment]` levels re-export this; Medusa registers them after the
 * real routes of the same depth (static before params), so they only see paths nobody serves.
 */
function noSuchPath(req: MedusaRequest, _res: MedusaResponse) {
  throw new ApiError(404, `No API call ${req.method} ${req.originalUrl.split("?")[0]}`)
}

export const GET = noSuchPath
export const POST = noSuchPath
export const PUT = noSuchPath
export const PATCH = noSuchPath
export const DELETE = noSuchPath
