import type { MedusaResponse } from "@medusajs/framework/http"
import type { ZodError } from "zod"

/** Every facade error is `{ message }` (plus `details` when a caller can act on them). */
export function sendError(res: MedusaResponse, status: number, message: string, details?: unknown) {
  res.status(status).json(details === undefined ? { message } : { message, details })
}

export function firstIssueMessage(error: ZodError): string {
  return error.issues[0]?.message ?? "Invalid input"
}
