import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

/**
 * Answers about one person (their account, orders, cart, sessions) and every back-office answer are
 * kept by no cache, shared or the browser's own: set before the route, so errors carry it too.
 */
export function privateAnswer(_req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  res.setHeader("Cache-Control", "private, no-store")
  next()
}
