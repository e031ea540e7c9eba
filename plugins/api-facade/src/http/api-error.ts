import { fieldMessages } from "@enclave/contract/http-errors"
import { ShopError } from "@enclave/contract/shop-error"
import { NUL_CHARACTER_MESSAGE } from "@enclave/contract/values"
import { z } from "zod"
// Core types: the contract's form schemas are zod/mini, the others classic zod.
import type { $ZodError as ZodError, $ZodType as ZodType } from "zod/v4/core"

/** A validation failure: 400, the first message as the headline, every failing field in details. */
export function validationError(error: ZodError, at: PropertyKey[] = []): ShopError {
  const fields = fieldMessages(error, at)
  return new ShopError("invalid_input", error.issues[0]?.message ?? "Invalid input", { fields })
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
  throw new ShopError(error.code, error.message, error.details, {
    status: error.status,
    params: error.params,
    extra: { error: error.message },
  })
}

/**
 * PostgreSQL cannot store U+0000 in text, so a NUL that passed the schema would end as a
 * database error (a 500) in whatever query first sees it: refused here, by field, instead.
 */
function nulCharacterError(value: unknown, at: string[]): ShopError | null {
  const path = pathToNul(value, at)
  if (!path) return null
  return new ShopError("invalid_input", NUL_CHARACTER_MESSAGE, { fields: { [path.join(".")]: NUL_CHARACTER_MESSAGE } })
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
