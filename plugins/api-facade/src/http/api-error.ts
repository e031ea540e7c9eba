import { ERROR_CODE_STATUS, isErrorCode, type ErrorCode } from "@enclave/contract/http-errors"
import { NUL_CHARACTER_MESSAGE } from "@enclave/contract/values"
import { z } from "zod"
// Core types: the contract's form schemas are zod/mini, the others classic zod.
import type { $ZodError as ZodError, $ZodType as ZodType } from "zod/v4/core"

/** What an ApiError says besides its code, message and details. */
export interface ApiErrorOptions {
  /** The values the message has in it, by name, for a page to say it in its own language. */
  params?: Record<string, unknown>
  /** More top-level fields of the answer (the payment calls' `error`, `paymentReceived`, ...). */
  extra?: Record<string, unknown>
  /** Where the spec answers this code with another status than its usual one (http-errors.ts). */
  status?: number
}

/**
 * An answer the caller can act on: a stable code (the contract's http-errors.ts, which gives its
 * status), a message a person can read, and optional details. Routes and steps throw it; the facade's
 * error handler (http/error-handler.ts) writes it as `{ message, code, params?, details? }` plus any extra fields.
 */
export class ApiError extends Error {
  readonly status: number
  readonly params?: Record<string, unknown>
  readonly extra?: Record<string, unknown>
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    options: ApiErrorOptions = {},
  ) {
    super(message)
    this.name = "ApiError"
    this.status = options.status ?? ERROR_CODE_STATUS[code]
    if (options.params) this.params = options.params
    if (options.extra) this.extra = options.extra
  }
}

/**
 * A step's error reaches the caller serialised (a plain object): the shop's refusals are rebuilt by
 * their type and code, Medusa's keep their type for the error handler.
 */
export function workflowError(error: unknown): unknown {
  const e = error as {
    name?: unknown
    code?: unknown
    status?: unknown
    message?: unknown
    details?: unknown
    params?: unknown
    extra?: unknown
  } | null
  if (e && e.name === "ApiError" && isErrorCode(e.code) && typeof e.status === "number" && typeof e.message === "string") {
    return new ApiError(e.code, e.message, e.details, {
      status: e.status,
      params: (e.params as Record<string, unknown> | undefined) ?? undefined,
      extra: (e.extra as Record<string, unknown> | undefined) ?? undefined,
    })
  }
  return error
}

/**
 * Field path → the first docs/product.md §5 message for that field ("" for a problem with the whole body).
 * `at` is where the parsed value sits: a path parameter's name, so its errors are named too.
 */
export function fieldMessages(error: ZodError, at: PropertyKey[] = []): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = [...at, ...issue.path].map(String).join(".")
    if (!(key in fields)) fields[key] = issue.message
  }
  return fields
}

/** A validation failure: 400, the first message as the headline, every failing field in details. */
export function validationError(error: ZodError, at: PropertyKey[] = []): ApiError {
  const fields = fieldMessages(error, at)
  return new ApiError("invalid_input", error.issues[0]?.message ?? "Invalid input", { fields })
}

/**
 * Parses with the shared contract or throws a 400 that names each failing field. The payment
 * calls also repeat the message as `error` (docs/product.md §3 wallet responses: error and details).
 * `param` names the path parameter the value comes from (`details.fields.id`).
 */
export function validate<T extends ZodType>(
  schema: T,
  value: unknown,
  options: { asPaymentError?: boolean; param?: string } = {},
): z.output<T> {
  const at = options.param === undefined ? [] : [options.param]
  const result = z.safeParse(schema, value)
  const error = result.success ? nulCharacterError(value, at) : validationError(result.error, at)
  if (!error) return result.data as z.output<T>
  if (!options.asPaymentError) throw error
  throw new ApiError(error.code, error.message, error.details, {
    status: error.status,
    params: error.params,
    extra: { error: error.message },
  })
}

/**
 * PostgreSQL cannot store U+0000 in text, so a NUL that passed the schema would end as a
 * database error (a 500) in whatever query first sees it: refused here, by field, instead.
 */
function nulCharacterError(value: unknown, at: string[]): ApiError | null {
  const path = pathToNul(value, at)
  if (!path) return null
  return new ApiError("invalid_input", NUL_CHARACTER_MESSAGE, { fields: { [path.join(".")]: NUL_CHARACTER_MESSAGE } })
}

function pathToNul(value: unknown, path: string[]): string[] | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null
  if (!value || typeof value !== "object") return null
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes("\u0000")) return [...path, key]
    const found = pathToNul(inner, [...path, key])
    if (found) return found
  }
  return null
}
