import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { wholeNumberIdSchema } from "@enclave/contract"
import { validate } from "../../../../../http/api-error"
import { deleteOrder } from "@enclave/orders"

export async function DELETE(req: MedusaRequest, res: MedusaResponse) {
  const orderNumber = validate(wholeNumberIdSchema("Order"), req.params.id, { param: "id" })
  await deleteOrder(req.scope, orderNumber)
  res.json({ message: `Order ${orderNumber} deleted` })
}
