import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { errorHandler as medusaErrorHandler } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
// The core class: parse errors of classic and of zod/mini schemas (the contract's forms) both are one.
import { $ZodError } from "zod/v4/core"
import { asGatewayError, type PaymentGatewayError } from "@enclave/payments"
import { errorCodeForStatus, type ErrorCode } from "@enclave/contract/http-errors"
import { ShopError } from "@enclave/contract/shop-error"
import { validationError } from "./api-error"

const medusaDefault = medusaErrorHandler()

/** Medusa's error types, as the facade's codes. */
const medusaCode: Record<string, ErrorCode> = {
  [MedusaError.Types.NOT_FOUND]: "not_found",
  [MedusaError.Types.INVALID_DATA]: "invalid_input",
  [MedusaError.Types.NOT_ALLOWED]: "conflict",
  [MedusaError.Types.DUPLICATE_ERROR]: "conflict",
  [MedusaError.Types.CONFLICT]: "conflict",
  [MedusaError.Types.UNAUTHORIZED]: "not_signed_in",
  [MedusaError.Types.FORBIDDEN]: "forbidden",
}

/**
 * A payment provider's failure: its words for the customer as message and error (docs/product.md §3 wallet
 * responses), what the provider said as details. The provider failing is a 502; a refused or
 * unapproved payment, or a provider switched off, is the caller's to fix (4xx).
 */
const gatewayCode: Record<PaymentGatewayError["code"], ErrorCode> = {
  invalid_response: "provider_failed",
  not_ok: "provider_failed",
  no_order_id: "provider_failed",
  no_approval_url: "provider_failed",
  no_payment_id: "provider_failed",
  unreachable: "provider_failed",
  declined: "payment_refused",
  not_approved: "payment_not_approved",
  switched_off: "payment_method_off",
  invalid_signature: "invalid_signature",
}

export function gatewayAnswer(error: PaymentGatewayError): ShopError {
  return new ShopError(gatewayCode[error.code] ?? "provider_failed", error.message, error.details ?? "", {
    params: { reason: error.code },
    extra: { error: error.message },
  })
}

/** body-parser's own errors carry a status and a type. */
function bodyParserAnswer(error: { status?: number; type?: string; message?: string }): ShopError | null {
  switch (error.type) {
    case "entity.parse.failed":
      return new ShopError("invalid_json", "The request body is not valid JSON")
    case "entity.too.large":
      return new ShopError("too_large", "The request body is too large")
    case "encoding.unsupported":
    case "charset.unsupported":
      return new ShopError("unsupported_media_type", "The request body's encoding is not supported")
    case "request.aborted":
      return new ShopError("invalid_input", "The request was aborted")
  }
  if (typeof error.status === "number" && error.status >= 400 && error.status < 500) {
    return new ShopError(errorCodeForStatus(error.status), error.message || "Bad request", undefined, { status: error.status })
  }
  return null
}

/**
 * Every /api answer that is not a success is `{ message, code, params?, details? }` with the code's status
 * (docs/product.md §8). Anything unexpected is logged and answered as a 500 without internals.
 * Medusa's own routes (/store, /admin, /auth) keep Medusa's error format, but for the facade's refusals.
 */
export function facadeErrorHandler(error: unknown, req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  // The shop's own refusals on Medusa's routes (the sign-in rules on /auth/user/emailpass) are answered as everywhere.
  if (!req.originalUrl?.startsWith("/api") && !(error instanceof ShopError)) return medusaDefault(error, req, res, next)
  if (res.headersSent) return next(error)
  let answer: ShopError | null = null
  const gatewayError = asGatewayError(error)
  if (error instanceof ShopError) answer = error
  else if (gatewayError) answer = gatewayAnswer(gatewayError)
  else if (error instanceof $ZodError) answer = validationError(error)
  else if (error && typeof error === "object" && "type" in error && typeof (error as MedusaError).type === "string") {
    const type = (error as MedusaError).type
    const code = medusaCode[type]
    answer = code ? new ShopError(code, (error as unknown as Error).message) : bodyParserAnswer(error as never)
  } else if (error && typeof error === "object") {
    answer = bodyParserAnswer(error as never)
  }
  if (!answer) {
    const logger = req.scope?.resolve?.(ContainerRegistrationKeys.LOGGER) ?? console
    logger.error(error as Error)
    res.status(500).json({ message: "Something went wrong on our side. Please try again.", code: "internal_error" })
    return
  }
  const body: Record<string, unknown> = { ...answer.extra, message: answer.message, code: answer.code }
  if (answer.params !== undefined) body.params = answer.params
  if (answer.details !== undefined) body.details = answer.details
  res.status(answer.status).json(body)
}
