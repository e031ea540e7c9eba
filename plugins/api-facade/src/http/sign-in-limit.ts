import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { rateLimit } from "express-rate-limit"
import { ApiError } from "./api-error"

/**
 * Sign-in and registration attempts per client address and minute. The account lock stops
 * guessing one password; this stops trying many accounts (credential stuffing) and mass sign-ups
 * from one place. SIGN_IN_LIMIT_PER_MINUTE tunes it (a shop behind one NAT may need more).
 * Counts are per server process; behind several servers each allows this many.
 */
function perMinute(): number {
  const fromEnv = Number(process.env.SIGN_IN_LIMIT_PER_MINUTE)
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 20
}

const limiter = rateLimit({
  windowMs: 60_000,
  limit: perMinute(),
  standardHeaders: "draft-7",
  legacyHeaders: false,
  // Medusa trusts one proxy hop (the front door or the deployment's proxy), so req.ip is the client.
  keyGenerator: (req) => req.ip ?? "unknown",
  validate: { trustProxy: false, xForwardedForHeader: false },
  handler: (_req, _res, next) => {
    next(new ApiError(429, "Too many sign-in attempts from your network. Please wait a minute and try again."))
  },
})

export function limitSignIns(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  return limiter(req as never, res as never, next)
}
