import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { wholeNumberIdSchema } from "@enclave/contract"
import { validate } from "../../../../../../http/api-error"
import { requireUser } from "../../../../../../http/current-user"
import { markInvoicePaid } from "@enclave/orders"

/** The transfer for an invoice order arrived: its payment is captured in Medusa. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const orderNumber = validate(wholeNumberIdSchema("Order"), req.params.id, { param: "id" })
  const staff = requireUser(req)
  res.json(await markInvoicePaid(req.scope, orderNumber, staff.id))
}
