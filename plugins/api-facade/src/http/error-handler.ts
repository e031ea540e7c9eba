import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { errorHandler as medusaErrorHandler } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
// The core class: parse errors of classic and of zod/mini schemas (the contract's forms) both are one.
import { $ZodError } from "zod/v4/core"
import { asGatewayError, type PaymentGatewayError } from "@enclave/payments"
import { ApiError, validationError } from "./api-error"

const medusaDefault = medusaErrorHandler()

/** Medusa's error types, as the facade's statuses and words. */
const medusaStatus: Record<string, number> = {
  [MedusaError.Types.NOT_FOUND]: 404,
  [MedusaError.Types.INVALID_DATA]: 400,
  [MedusaError.Types.NOT_ALLOWED]: 409,
  [MedusaError.Types.DUPLICATE_ERROR]: 409,
  [MedusaError.Types.CONFLICT]: 409,
  [MedusaError.Types.UNAUTHORIZED]: 401,
  [MedusaError.Types.FORBIDDEN]: 403,
}

/**
 * A payment provider's failure: its words for the customer as message and error (docs/product.md §3 wallet
 * responses), what the provider said as details. The provider failing is a 502; a refused or
 * unapproved payment, or a provider switched off, is the caller's to fix (4xx).
 */
const gatewayStatus: Record<PaymentGatewayError["code"], number> = {
  invalid_response: 502,
  not_ok: 502,
  no_order_id: 502,
  no_approval_url: 502,
  no_payment_id: 502,
  unreachable: 502,
  declined: 402,
  not_approved: 409,
  switched_off: 400,
  invalid_signature: 400,
}

export function gatewayAnswer(error: PaymentGatewayError): ApiError {
  return new ApiError(gatewayStatus[error.code] ?? 502, error.message, error.details ?? "", { error: error.message })
}

/** body-parser's own errors carry a status and a type. */
function bodyParserAnswer(error: { status?: number; type?: string; message?: string }): ApiError | null {
  switch (error.type) {
    case "entity.parse.failed":
      return new ApiError(400, "The request body is not valid JSON")
    case "entity.too.large":
      return new ApiError(413, "The request body is too large")
    case "encoding.unsupported":
    case "charset.unsupported":
      return new ApiError(415, "The request body's encoding is not supported")
    case "request.aborted":
      return new ApiError(400, "The request was aborted")
  }
  if (typeof error.status === "number" && error.status >= 400 && error.status < 500) {
    return new ApiError(error.status, error.message || "Bad request")
  }
  return null
}

/**
 * Every /api answer that is not a success is `{ message, details? }` with a fitting status
 * (docs/product.md §8). Anything unexpected is logged and answered as a 500 without internals.
 * Medusa's own routes (/store, /admin, /auth) keep Medusa's error format, but for the facade's refusals.
 */
export function facadeErrorHandler(error: unknown, req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  // The shop's own refusals on Medusa's routes (the sign-in rules on /auth/user/emailpass) are answered as everywhere.
  if (!req.originalUrl?.startsWith("/api") && !(error instanceof ApiError)) return medusaDefault(error, req, res, next)
  if (res.headersSent) return next(error)
  let answer: ApiError | null = null
  const gatewayError = asGatewayError(error)
  if (error instanceof ApiError) answer = error
  else if (gatewayError) answer = gatewayAnswer(gatewayError)
  else if (error instanceof $ZodError) answer = validationError(error)
  else if (error && typeof error === "object" && "type" in error && typeof (error as MedusaError).type === "string") {
    const type = (error as MedusaError).type
    const status = medusaStatus[type]
    answer = status ? new ApiError(status, (error as unknown as Error).message) : bodyParserAnswer(error as never)
  } else if (error && typeof error === "object") {
    answer = bodyParserAnswer(error as never)
  }
  if (!answer) {
    const logger = req.scope?.resolve?.(ContainerRegistrationKeys.LOGGER) ?? console
    logger.error(error as Error)
    res.status(500).json({ message: "Something went wrong on our side. Please try again." })
    return
  }
  const body: Record<string, unknown> = { ...answer.extra, message: answer.message }
  if (answer.details !== undefined) body.details = answer.details
  res.status(answer.status).json(body)
}
