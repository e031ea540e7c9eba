import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

/**
 * Express names itself on every answer (`X-Powered-By: Express`) unless the app's
 * `x-powered-by` setting is off, and Medusa creates its express app without a way for a project to
 * change that setting. So the first /api call switches it off on the app (req.app is Medusa's
 * app), which stops express from adding the header to any later answer; that first call's own
 * header was added before any middleware ran, so it is taken off here too.
 */
export function hidePoweredBy(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  if (req.app.enabled("x-powered-by")) req.app.disable("x-powered-by")
  res.removeHeader("x-powered-by")
  next()
}
