import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { invoiceLanguageQuerySchema, wholeNumberIdSchema } from "@enclave/contract"
import { validate } from "../../../../../http/api-error"
import { requireUser } from "../../../../../http/current-user"
import { chosenLanguage, shopOrigin } from "../../../../../http/shop-origin"
import { invoiceOfOrder } from "@enclave/orders"

/** The order's invoice. The language asked for wins over the storefront's, so a link can name one. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const user = requireUser(req, "You must be logged in to see your invoices")
  const orderNumber = validate(wholeNumberIdSchema("Order"), req.params.id, { param: "id" })
  const asked =
    req.query.language === undefined ? undefined : validate(invoiceLanguageQuerySchema, req.query.language, { param: "language" })
  const { fileName, pdf } = await invoiceOfOrder(req.scope, user, orderNumber, {
    language: asked ?? chosenLanguage(req) ?? "en",
    webAddress: shopOrigin(),
  })
  res.setHeader("Content-Type", "application/pdf")
  res.setHeader("Content-Disposition", `attachment; filename="${fileName}"`)
  // A customer's invoice names them and their address: no shared cache may keep it.
  res.send(pdf)
}
