import type { HttpError } from "@refinedev/core"
import { readFailedAnswer } from "@enclave/contract/http-errors"

/**
 * The admin's only HTTP layer. The front door serves the admin and the /api facade on one
 * origin, so every call is a relative URL sent with the session cookie.
 */
export const API_URL = "/api"

export function httpError(statusCode: number, message: string, extra: Record<string, unknown> = {}): HttpError {
  return { ...extra, message, statusCode }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

/**
 * docs/product.md §8: a JSON error body gives the message (or the status text), details ('' if absent)
 * and all its other fields; any other body gives its text (or the status text). The reading is
 * the storefront's too (@enclave/contract/http-errors).
 */
export async function errorFromResponse(response: Response): Promise<HttpError> {
  const failed = readFailedAnswer(await response.text().catch(() => ""), response.statusText, response.status)
  return httpError(response.status, failed.message, { ...failed.fields, details: failed.details, code: failed.code, params: failed.params })
}

async function call(method: string, path: string, init: RequestInit & { signal?: AbortSignal }): Promise<Response> {
  try {
    return await fetch(`${API_URL}${path}`, { credentials: "include", ...init, method })
  } catch (cause) {
    // An aborted query (page left, refetch) is react-query's business, not an error to show.
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause
    throw httpError(0, "Could not reach the server. Check your connection and try again.")
  }
}

async function jsonOf(response: Response, method: string, path: string): Promise<unknown> {
  if (!response.ok) throw await errorFromResponse(response)
  const text = await response.text()
  if (text === "") return null
  try {
    return JSON.parse(text)
  } catch {
    throw httpError(502, `${method} ${API_URL}${path} did not answer JSON`)
  }
}

export async function getJson(path: string, signal?: AbortSignal): Promise<unknown> {
  const response = await call("GET", path, { headers: { Accept: "application/json" }, signal })
  return jsonOf(response, "GET", path)
}

/** A state-changing call: a JSON body only when there is one (docs/product.md §7). */
export async function sendJson(
  method: "POST" | "PUT" | "DELETE",
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<unknown> {
  const headers: Record<string, string> = { Accept: "application/json", ...extraHeaders }
  if (body !== undefined) headers["Content-Type"] = "application/json"
  const response = await call(method, path, { headers, body: body === undefined ? undefined : JSON.stringify(body) })
  return jsonOf(response, method, path)
}

export type ParseResult<T> =
  { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } }

/** The contract is the answer's shape: anything else is a server fault, reported as a 502. */
export function validated<T>(result: ParseResult<T>, path: string): T {
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join(".")}: ` : ""
  throw httpError(502, `${API_URL}${path} answered data outside the contract (${where}${issue?.message ?? "invalid"})`)
}

/** Refine puts react-query's abort signal into meta. */
export function signalOf(meta: Record<string, unknown> | undefined): AbortSignal | undefined {
  const signal: unknown = meta?.signal
  return signal instanceof AbortSignal ? signal : undefined
}
