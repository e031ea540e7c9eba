import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { updateOrderStatusSchema, wholeNumberIdSchema } from "@enclave/contract"
import { validate } from "../../../../../../http/api-error"
import { setOrderStatus } from "../../../../../../orders/admin-orders"

export async function PUT(req: MedusaRequest, res: MedusaResponse) {
  const orderNumber = validate(wholeNumberIdSchema("Order"), req.params.id, { param: "id" })
  const { status } = validate(updateOrderStatusSchema, req.body)
  res.json(await setOrderStatus(req.scope, orderNumber, status))
}
