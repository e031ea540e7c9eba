/**
 * Reading a failed /api answer in a browser (docs/product.md §8), one way for the storefront and the admin.
 * The facade answers every error as JSON `{ message, details? }` (errors.ts, apiErrorSchema), some
 * with more fields (`error`, `paymentReceived`); a proxy in front may answer plain text or HTML.
 *
 * This module imports nothing but the codes (no zod): browser bundles take it from "@enclave/contract/http-errors".
 */
import { errorCodeForStatus, isErrorCode, type ErrorCode } from "./error-codes.js"

export * from "./error-codes.js"

/** What a failed answer says, whatever its body. */
export interface FailedAnswer {
  /** The body's message, else its text (a body that is not a JSON object), else the status text. */
  message: string
  /** The body's details, "" when it has none. */
  details: unknown
  /** The body's code, else the one its status has (a proxy's page, an older shop). */
  code: ErrorCode
  /** The body's params, {} when it has none. */
  params: Record<string, unknown>
  /** The JSON body's other fields (without message, details, code and params); {} for any other body. */
  fields: Record<string, unknown>
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

/** The message of an error body: a JSON object's non-empty string `message`, else undefined. */
export function errorMessageOf(body: unknown): string | undefined {
  return isRecord(body) && typeof body.message === "string" && body.message !== "" ? body.message : undefined
}

/**
 * docs/product.md §8: a JSON object body gives the message (or the status text), details ("" if absent), its code
 * and params, and all its other fields; any other body gives its text (or the status text, or "Request failed").
 */
export function readFailedAnswer(text: string, statusText: string, status: number): FailedAnswer {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  const fallbackCode = errorCodeForStatus(status)
  if (isRecord(body)) {
    const { message: _message, details, code, params, ...fields } = body
    return {
      message: errorMessageOf(body) ?? statusText,
      details: details ?? "",
      code: isErrorCode(code) ? code : fallbackCode,
      params: isRecord(params) ? params : {},
      fields,
    }
  }
  return { message: text.trim() || statusText || "Request failed", details: "", code: fallbackCode, params: {}, fields: {} }
}
