import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ShopError } from "@enclave/contract/shop-error"

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i
const MULTIPART_TYPE = /^multipart\/form-data\s*;/i
/** The one call that takes a file: a multipart body (docs/product.md §7 upload-image). */
const UPLOAD_PATH = /^\/api\/admin\/products\/[^/]+\/upload-image\/?$/

/**
 * Middleware for every /api call: a body the JSON parser does not read would reach the route as
 * an empty body, and an empty body is a valid "change nothing" for some calls (payment settings).
 * So a body sent as anything but JSON is refused (400, as a body that is no JSON) rather than
 * silently ignored.
 */
export function requireJsonBody(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const hasBody = Number(req.get("content-length") ?? 0) > 0 || req.get("transfer-encoding") !== undefined
  if (!hasBody) return next()
  const type = req.get("content-type") ?? ""
  if (JSON_TYPE.test(type)) return next()
  const path = req.originalUrl.split("?")[0]
  if (MULTIPART_TYPE.test(type) && UPLOAD_PATH.test(path)) return next()
  next(
    new ShopError(
      "json_required",
      UPLOAD_PATH.test(path) ? "Send the image as multipart/form-data" : "Send the request body as JSON (Content-Type: application/json)",
    ),
  )
}
