/**
 * Reading a failed /api answer in a browser (docs/product.md §8), one way for the storefront and the admin.
 * The facade answers every error as JSON `{ message, details? }` (errors.ts, apiErrorSchema), some
 * with more fields (`error`, `paymentReceived`); a proxy in front may answer plain text or HTML.
 *
 * This module imports nothing (no zod): browser bundles take it from "@enclave/contract/http-errors".
 */

/**
 * Every refusal's stable `code` (docs/product.md §8), with the status it is usually answered with. The
 * storefront and the admin choose what to show by the code and its `params`, never by the English
 * message, which may be reworded at any time. A few codes are answered with another status where the
 * spec says so (a wrong one-time code is a 400 while setting up and a 401 at sign-in).
 */
export const ERROR_CODE_STATUS = {
  // Whatever has no code of its own, by its status.
  invalid_input: 400,
  not_signed_in: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  too_large: 413,
  unsupported_media_type: 415,
  headers_too_large: 431,
  internal_error: 500,
  provider_failed: 502,
  unavailable: 503,

  // The request itself.
  invalid_json: 400,
  json_required: 400,
  unknown_host: 400,
  cross_origin: 403,
  origin_required: 403,

  // Signing in and the account.
  invalid_credentials: 401,
  two_factor_expired: 401,
  invalid_two_factor_code: 401,
  two_factor_already_on: 409,
  two_factor_not_set_up: 409,
  two_factor_not_on: 409,
  account_locked: 423,
  network_locked: 429,
  sign_in_limited: 429,
  challenge_required: 428,
  not_an_admin: 403,
  medusa_admin_gone: 401,
  medusa_second_factor_required: 401,
  username_taken: 409,
  email_taken: 409,
  wrong_password: 400,
  reset_link_invalid: 400,
  email_change_link_invalid: 400,
  session_not_found: 404,
  passkey_not_found: 404,
  passkey_challenge_invalid: 400,
  passkey_unknown: 401,
  passkey_invalid: 400,
  passkey_already_registered: 409,
  too_many_passkeys: 409,
  no_passkeys: 409,
  last_second_factor: 409,
  staff_second_factor_required: 403,
  own_second_factor_required: 409,
  admin_account: 409,
  pgp_key_refused: 400,

  // The cart and the checkout.
  cart_empty: 400,
  cart_busy: 409,
  sold_out: 409,
  stock_short: 409,
  stock_contended: 503,
  product_not_sold: 409,
  unknown_country: 400,
  shipping_address_missing: 400,
  shipping_method_unknown: 400,
  shipping_method_unavailable: 400,
  shipping_not_to_country: 400,
  shipping_cost_differs: 409,
  total_differs: 409,

  // Paying.
  payment_refused: 402,
  payment_not_approved: 409,
  payment_method_off: 400,
  payment_unknown: 400,
  payment_not_found: 404,
  payment_id_used: 409,
  payment_amount_differs: 409,
  payment_received_not_finalised: 409,
  paypal_capture_only: 400,
  test_payments_off: 400,
  invalid_signature: 400,
  invoice_not_available: 400,
  invoice_business_only: 400,
  invoice_below_minimum: 400,
  not_your_cart: 403,

  // Orders after the sale.
  order_busy: 409,
  has_return: 409,
  country_locked: 409,
  not_an_invoice_order: 409,
  invoice_already_paid: 409,
  cancelled_order_not_payable: 409,
  medusa_refused: 409,
  not_paid: 409,
  more_than_refundable: 409,
  cancelled: 409,
  nothing_returnable: 409,
  received: 409,
  withdrawal_not_found: 404,
  period_ended: 409,
  business: 409,
  nothing_left: 409,

  // The back office.
  setting_conflict: 400,
  provider_keys_missing: 400,
  invoice_details_missing: 400,
  product_stock_untracked: 409,
  product_unpriceable: 409,
  product_stock_reserved: 409,
  image_missing: 400,
  image_too_large: 413,
  image_type: 415,
  image_url: 400,
  upload_invalid: 400,
} as const

export type ErrorCode = keyof typeof ERROR_CODE_STATUS
export const ERROR_CODES = Object.keys(ERROR_CODE_STATUS) as ErrorCode[]

/** The code of an answer that has none of its own (or came from something in front of the shop), by status. */
export function errorCodeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return "not_signed_in"
    case 403:
      return "forbidden"
    case 404:
      return "not_found"
    case 405:
      return "method_not_allowed"
    case 409:
      return "conflict"
    case 413:
      return "too_large"
    case 415:
      return "unsupported_media_type"
    case 502:
      return "provider_failed"
    case 503:
      return "unavailable"
  }
  if (status >= 500) return "internal_error"
  return "invalid_input"
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_CODE_STATUS, value)
}

/**
 * The typed `params` of the codes that have any: what a page needs to say the refusal in its own
 * language (the amounts, names and counts the English message has in it).
 */
export interface ErrorParams {
  sold_out: { productId: number; productName: string; productNameDe: string | null }
  stock_short: { productId: number; available: number; wanted?: number; productName: string; productNameDe: string | null }
  invoice_below_minimum: { minimumTotal: string }
  account_locked: { minutes: number }
  network_locked: { minutes: number }
  more_than_refundable: { refundable: string }
  shipping_not_to_country: { methodName: string; methodNameDe: string | null; countryCode: string }
  shipping_cost_differs: { shippingCost: string; methodName: string; methodNameDe: string | null }
  total_differs: { total: string }
  pgp_key_refused: { reason: string }
}

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

/** A failed parse's issues, as zod (classic and mini) reports them: this module imports no zod. */
export interface ParseIssues {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>
}

/**
 * Field path → the first docs/product.md §5 message for that field ("" for a problem with the whole body), as the
 * facade answers them in `details.fields` and the storefront's forms show them after a round trip.
 * `at` is where the parsed value sits: a path parameter's name, so its errors are named too.
 */
export function fieldMessages(error: ParseIssues, at: PropertyKey[] = []): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = [...at, ...issue.path].map(String).join(".")
    if (!(key in fields)) fields[key] = issue.message
  }
  return fields
}
