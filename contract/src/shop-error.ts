import { ERROR_CODE_STATUS, isErrorCode, type ErrorCode } from "./http-errors.js"

/** What a ShopError says besides its code, message and details. */
export interface ShopErrorOptions {
  /** The values the message has in it, by name, for a page to say it in its own language. */
  params?: Record<string, unknown>
  /** More top-level fields of the answer (the payment calls' `error`, `paymentReceived`, ...). */
  extra?: Record<string, unknown>
  /** Where the spec answers this code with another status than its usual one (http-errors.ts). */
  status?: number
}

/**
 * A refusal of the shop's domain that the caller can act on: a stable code (http-errors.ts, which
 * gives its status), a message a person can read, and optional details. The domain plugins' steps and
 * services throw it; the facade's error handler writes it as `{ message, code, params?, details? }`
 * plus any extra fields. Server only (the browsers read the answer, not this class).
 */
export class ShopError extends Error {
  readonly status: number
  readonly params?: Record<string, unknown>
  readonly extra?: Record<string, unknown>
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    options: ShopErrorOptions = {},
  ) {
    super(message)
    this.name = "ShopError"
    this.status = options.status ?? ERROR_CODE_STATUS[code]
    if (options.params) this.params = options.params
    if (options.extra) this.extra = options.extra
  }
}

/**
 * A step's error reaches the workflow's caller serialised (a plain object): the shop's refusals are
 * rebuilt by their name and code, Medusa's keep their type for the error handler.
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
  if (e && e.name === "ShopError" && isErrorCode(e.code) && typeof e.status === "number" && typeof e.message === "string") {
    return new ShopError(e.code, e.message, e.details, {
      status: e.status,
      params: (e.params as Record<string, unknown> | undefined) ?? undefined,
      extra: (e.extra as Record<string, unknown> | undefined) ?? undefined,
    })
  }
  return error
}
