import type { ZodError, ZodType } from "zod"

/**
 * An answer the caller can act on: a 4xx status, a message a person can read, and optional
 * details. Routes throw it; the facade's error handler (api/middlewares.ts) writes it as
 * `{ "message": ..., "details": ... }` (plus any extra fields).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
    /** More top-level fields of the answer (the payment calls' `error`, `paymentReceived`, ...). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message)
    this.name = "ApiError"
  }
}

/** Field path → the first SPEC §5 message for that field ("" for a problem with the whole body). */
export function fieldMessages(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".")
    if (!(key in fields)) fields[key] = issue.message
  }
  return fields
}

/** A validation failure: 400, the first message as the headline, every failing field in details. */
export function validationError(error: ZodError): ApiError {
  const fields = fieldMessages(error)
  return new ApiError(400, error.issues[0]?.message ?? "Invalid input", { fields })
}

/**
 * Parses with the shared contract or throws a 400 that names each failing field. The payment
 * calls also repeat the message as `error` (SPEC §3 wallet responses: error and details).
 */
export function validate<T extends ZodType>(schema: T, value: unknown, options: { asPaymentError?: boolean } = {}): ReturnType<T["parse"]> {
  const result = schema.safeParse(value)
  if (!result.success) {
    const error = validationError(result.error)
    if (!options.asPaymentError) throw error
    throw new ApiError(error.status, error.message, error.details, { error: error.message })
  }
  return result.data as ReturnType<T["parse"]>
}
