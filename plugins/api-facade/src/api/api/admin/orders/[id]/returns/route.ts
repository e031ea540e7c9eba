import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { openReturnSchema, wholeNumberIdSchema } from "@enclave/contract"
import { openStaffReturn } from "@enclave/orders"
import { validate } from "../../../../../../http/api-error"
import { requireUser } from "../../../../../../http/current-user"

/** Staff open a return themselves: goodwill, warranty, or a withdrawal that came by letter. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const orderNumber = validate(wholeNumberIdSchema("Order"), req.params.id, { param: "id" })
  const request = validate(openReturnSchema, req.body)
  res.status(201).json(await openStaffReturn(req.scope, orderNumber, request, requireUser(req).id))
}
