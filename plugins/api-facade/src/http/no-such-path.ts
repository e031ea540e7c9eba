import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ApiError } from "./api-error"

/** The deepest API call is /api/admin/products/{id}/upload-image: four segments after /api. */
const DEEPEST_PATH = 4
/** The methods the route files export (HEAD is served by GET, OPTIONS by Express itself). */
const ROUTED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])

function noSuchPathError(req: MedusaRequest): ApiError {
  return new ApiError(404, `No API call ${req.method} ${req.originalUrl.split("?")[0]}`)
}

/**
 * Medusa's file router has no catch-all, so unknown /api paths would get Express's HTML page.
 * Route files of one to four `[segment]` levels re-export this; Medusa registers them after the
 * real routes of the same depth (static before params), so they only see paths nobody serves.
 */
function noSuchPath(req: MedusaRequest, _res: MedusaResponse) {
  throw noSuchPathError(req)
}

export const GET = noSuchPath
export const POST = noSuchPath
export const PUT = noSuchPath
export const PATCH = noSuchPath
export const DELETE = noSuchPath

/**
 * Middleware for every /api call: the paths the `[segment]` routes cannot catch (/api itself,
 * empty segments as in /api//products, more than four segments, methods no route exports)
 * get the same JSON 404 here instead of Express's HTML page.
 */
export function refuseUnroutablePath(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const path = req.originalUrl.split("?")[0]
  const segments = path.slice("/api".length).replace(/\/$/, "").split("/").slice(1)
  const unroutable =
    !ROUTED_METHODS.has(req.method) || segments.length === 0 || segments.length > DEEPEST_PATH || segments.some((segment) => segment === "")
  next(unroutable ? noSuchPathError(req) : undefined)
}
