import { z } from "zod"
import { ERROR_CODES, type ErrorParams } from "./http-errors.js"
import { CHALLENGE_REFUSALS, CHALLENGE_REQUIRED_CODE } from "./values.js"

export { ERROR_CODE_STATUS, ERROR_CODES, errorCodeForStatus, isErrorCode, type ErrorCode, type ErrorParams } from "./http-errors.js"

/**
 * Every error the facade answers: a JSON body with a message a person can read, a stable code
 * (http-errors.ts) with the params a page needs to say it in its own language, and details when there
 * is more to say. Browsers read it without zod, the storefront and the admin alike: http-errors.ts
 * (@enclave/contract/http-errors).
 */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES as [string, ...string[]]).describe("What was refused, stable across rewordings of the message"),
  params: z.record(z.string(), z.unknown()).optional().describe("The values the message has in it (amounts, names, counts), by name"),
  details: z.unknown().optional(),
})
export type ApiError = z.infer<typeof apiErrorSchema>

/**
 * The 428 of a sign-in to an account many addresses are guessing at (README "Signing in"): an
 * ALTCHA proof-of-work challenge (SHA-256, deterministic mode) to solve and send back, base64 of
 * `{ challenge, solution }`, as the login's `altcha`.
 */
export const challengeRequiredSchema = z.object({
  message: z.string(),
  code: z.literal(CHALLENGE_REQUIRED_CODE),
  details: z.object({
    code: z.literal(CHALLENGE_REQUIRED_CODE),
    challenge: z.object({
      parameters: z.looseObject({
        algorithm: z.literal("SHA-256"),
        nonce: z.string(),
        salt: z.string(),
        cost: z.number(),
        keyLength: z.number(),
        keyPrefix: z.string(),
        keySignature: z.string(),
        expiresAt: z.number(),
        data: z.object({ username: z.string() }),
      }),
      signature: z.string(),
    }),
    reason: z.enum(CHALLENGE_REFUSALS).optional(),
  }),
})
export type ChallengeRequired = z.infer<typeof challengeRequiredSchema>

export const healthSchema = z.object({ status: z.enum(["ok", "unavailable"]) })
export type Health = z.infer<typeof healthSchema>
/** GET /api/health's 503: the database does not answer (or, said by the front door, the shop's server). */
export const healthUnavailableSchema = z.object({ status: z.literal("unavailable"), message: z.string(), code: z.literal("unavailable") })

/** GET /api/openapi.json: an OpenAPI 3.1 document (openapi.ts builds it; its own schema is OpenAPI's). */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
})

/**
 * What a refusal names besides its English message, so a page says it in its own language with the names it
 * sold under (the German pages): `details.code` tells which refusal it is.
 */
export interface StockRefusalDetails {
  code: "out_of_stock" | "low_stock"
  productId: number
  stockQuantity: number
  /** How many were asked for, where the refusal knows. */
  wanted?: number
  productName: string
  /** The product's German name; null when it has none (German pages then use `productName`). */
  productNameDe: string | null
}

/** A stock refusal's code and params (http-errors.ts) from its details. */
export function stockRefusalCode(
  details: StockRefusalDetails,
): { code: "sold_out"; params: ErrorParams["sold_out"] } | { code: "stock_short"; params: ErrorParams["stock_short"] } {
  const named = { productId: details.productId, productName: details.productName, productNameDe: details.productNameDe }
  if (details.code === "out_of_stock") return { code: "sold_out", params: named }
  return {
    code: "stock_short",
    params: { ...named, available: details.stockQuantity, ...(details.wanted !== undefined ? { wanted: details.wanted } : {}) },
  }
}

export interface ShippingRefusalDetails {
  fields: { shippingMethod: string }
  code: "method_does_not_ship"
  methodName: string
  methodNameDe: string | null
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string
}

export interface ShippingCostRefusalDetails {
  code: "shipping_cost_differs"
  /** The server's price, euros. */
  shippingCost: string
  methodName: string
  methodNameDe: string | null
}
