import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { checkoutSummaryQuery } from "@enclave/contract"
import { validate } from "../../../http/api-error"
import { requireUser } from "../../../http/current-user"
import { checkoutSummary } from "@enclave/orders"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const user = requireUser(req, "You must be logged in to check out")
  const given = (name: string) => req.query[name] !== undefined && req.query[name] !== ""
  const summary = await checkoutSummary(req.scope, user, {
    country: validate(checkoutSummaryQuery.country, req.query.country, { param: "country" }),
    state: given("state") ? validate(checkoutSummaryQuery.state, req.query.state, { param: "state" }) : null,
    shippingMethodId: given("shippingMethod")
      ? validate(checkoutSummaryQuery.shippingMethod, req.query.shippingMethod, { param: "shippingMethod" })
      : null,
  })
  // The customer's own cart and prices: no shared cache may keep it.
  res.setHeader("Cache-Control", "private, no-store")
  res.json(summary)
}
