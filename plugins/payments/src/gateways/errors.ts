/**
 * What went wrong at a payment provider, in words a customer can be shown (docs/product.md §5/§8 texts for
 * the wallet provider) plus what the provider itself said. `code` lets the facade choose the
 * answer's status: the provider failing is a 502, the customer's payment being refused a 402.
 */
export type GatewayFailure =
  | "invalid_response"
  | "not_ok"
  | "no_order_id"
  | "no_approval_url"
  | "no_payment_id"
  | "declined"
  | "not_approved"
  | "switched_off"
  | "unreachable"
  | "invalid_signature"

export class PaymentGatewayError extends Error {
  readonly code: GatewayFailure
  readonly details: string | undefined
  readonly providerStatus: number | undefined

  constructor(code: GatewayFailure, message: string, details?: string, providerStatus?: number) {
    super(message)
    this.name = "PaymentGatewayError"
    this.code = code
    this.details = details
    this.providerStatus = providerStatus
  }
}

/** Medusa's payment module may hand an error on as a plain object; the code survives either way. */
export function asGatewayError(error: unknown): PaymentGatewayError | null {
  if (error instanceof PaymentGatewayError) return error
  const e = error as { name?: string; code?: unknown; message?: unknown; details?: unknown; providerStatus?: unknown } | null
  if (e && e.name === "PaymentGatewayError" && typeof e.code === "string" && typeof e.message === "string") {
    return new PaymentGatewayError(
      e.code as GatewayFailure,
      e.message,
      typeof e.details === "string" ? e.details : undefined,
      typeof e.providerStatus === "number" ? e.providerStatus : undefined,
    )
  }
  return null
}
