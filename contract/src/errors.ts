import { z } from "zod"

/**
 * Every error the facade answers: a JSON body with a message, and details when there is more to say.
 * Browsers read it without zod, the storefront and the admin alike: http-errors.ts (@enclave/contract/http-errors).
 */
export const apiErrorSchema = z.object({
  message: z.string(),
  details: z.unknown().optional(),
})
export type ApiError = z.infer<typeof apiErrorSchema>

export const healthSchema = z.object({ status: z.enum(["ok", "unavailable"]) })
export type Health = z.infer<typeof healthSchema>
/** GET /api/health's 503: the database does not answer (or, said by the front door, the shop's server). */
export const healthUnavailableSchema = z.object({ status: z.literal("unavailable"), message: z.string() })

/** GET /api/openapi.json: an OpenAPI 3.1 document (openapi.ts builds it; its own schema is OpenAPI's). */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
})
