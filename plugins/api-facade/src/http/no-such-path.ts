import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { apiOperations } from "@enclave/contract"
import { ApiError } from "./api-error"

/** One path of the API: its segments (null where the path has a `{param}`) and the methods it serves. */
interface ApiPath {
  segments: (string | null)[]
  methods: Set<string>
}

/**
 * The paths and methods of the contract's operations: the one list the route files are checked
 * against (tests/unit/openapi.test.ts), so Allow headers cannot drift from what is served.
 * Sorted like Medusa's file router ranks routes: at the first segment where two paths differ,
 * a fixed segment wins over a `{param}`.
 */
const apiPaths: ApiPath[] = (() => {
  const byTemplate = new Map<string, ApiPath>()
  for (const op of apiOperations) {
    const path = byTemplate.get(op.path) ?? {
      // Lower case: Express matches routes regardless of case.
      segments: op.path
        .split("/")
        .slice(2)
        .map((segment) => (/^\{\w+\}$/.test(segment) ? null : segment.toLowerCase())),
      methods: new Set<string>(),
    }
    path.methods.add(op.method.toUpperCase())
    byTemplate.set(op.path, path)
  }
  const rank = (path: ApiPath) => path.segments.map((segment) => (segment === null ? "1" : "0")).join("")
  return [...byTemplate.values()].sort((a, b) => rank(a).localeCompare(rank(b)))
})()

function apiPathOf(segments: string[]): ApiPath | undefined {
  return apiPaths.find(
    (path) =>
      path.segments.length === segments.length && path.segments.every((fixed, i) => fixed === null || fixed === segments[i].toLowerCase()),
  )
}

const METHOD_ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

/** What a path answers to: its operations' methods, HEAD wherever GET is (Express serves it), and OPTIONS. */
function allowedMethods(path: ApiPath): string[] {
  const allowed = new Set([...path.methods, "OPTIONS"])
  if (allowed.has("GET")) allowed.add("HEAD")
  return METHOD_ORDER.filter((method) => allowed.has(method))
}

function noSuchPathError(req: MedusaRequest): ApiError {
  return new ApiError(404, `No API call ${req.method} ${req.originalUrl.split("?")[0]}`)
}

/**
 * Runs before every /api route: Medusa's file router has no catch-all, so a path no operation
 * has (including /api itself, empty segments as in /api//products, and paths too deep) gets the
 * JSON 404 here instead of Express's HTML page. A path that exists answers OPTIONS with its
 * Allow list, and a method it does not serve with 405 and the same list (RFC 9110 §15.5.6),
 * instead of Express's OPTIONS answer, which would list methods of routes that do not exist.
 */
export function refuseUnroutablePath(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const path = req.originalUrl.split("?")[0]
  const segments = path.slice("/api".length).replace(/\/$/, "").split("/").slice(1)
  const apiPath = segments.length > 0 && !segments.includes("") ? apiPathOf(segments) : undefined
  if (!apiPath) return next(noSuchPathError(req))
  const served = apiPath.methods.has(req.method) || (req.method === "HEAD" && apiPath.methods.has("GET"))
  if (served) return next()
  const allowed = allowedMethods(apiPath)
  res.setHeader("Allow", allowed.join(", "))
  if (req.method === "OPTIONS") return void res.status(204).end()
  next(new ApiError(405, `${req.method} is not allowed on ${path}: use ${allowed.join(", ")}`, { allowed }))
}
