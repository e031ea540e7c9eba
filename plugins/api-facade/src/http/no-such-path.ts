import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { apiPathOf } from "@enclave/contract"
import { ShopError } from "@enclave/contract/shop-error"

const METHOD_ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

/** What a path answers to: its operations' methods, HEAD wherever GET is (Express serves it), and OPTIONS. */
function allowedMethods(methods: string[]): string[] {
  const allowed = new Set([...methods, "OPTIONS"])
  if (allowed.has("GET")) allowed.add("HEAD")
  return METHOD_ORDER.filter((method) => allowed.has(method))
}

function noSuchPathError(req: MedusaRequest): ShopError {
  return new ShopError("not_found", `No API call ${req.method} ${req.originalUrl.split("?")[0]}`)
}

/**
 * Runs before every /api route: Medusa's file router has no catch-all, so a path no operation
 * has (including /api itself, empty segments as in /api//products, and paths too deep) gets the
 * JSON 404 here instead of Express's HTML page. A path that exists answers OPTIONS with its
 * Allow list, and a method it does not serve with 405 and the same list (RFC 9110 §15.5.6),
 * instead of Express's OPTIONS answer, which would list methods of routes that do not exist.
 * The paths and methods are the contract's operations (apiPathOf), the one list the route files are
 * checked against (tests/unit/openapi.test.ts), so Allow headers cannot drift from what is served.
 */
export function refuseUnroutablePath(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const path = req.originalUrl.split("?")[0]
  const apiPath = apiPathOf(path)
  if (!apiPath) return next(noSuchPathError(req))
  const methods = apiPath.methods.map((method) => method.toUpperCase())
  const served = methods.includes(req.method) || (req.method === "HEAD" && methods.includes("GET"))
  if (served) return next()
  const allowed = allowedMethods(methods)
  res.setHeader("Allow", allowed.join(", "))
  if (req.method === "OPTIONS") return void res.status(204).end()
  next(new ShopError("method_not_allowed", `${req.method} is not allowed on ${path}: use ${allowed.join(", ")}`, { allowed }))
}
