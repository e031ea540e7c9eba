import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { updateOrderStatusSchema, wholeNumberIdSchema } from "@enclave/contract"
import { validate } from "../../../../../../http/api-error"
import { requireUser } from "../../../../../../http/current-user"
import { setOrderStatus } from "@enclave/orders"

export async function PUT(req: MedusaRequest, res: MedusaResponse) {
  const orderNumber = validate(wholeNumberIdSchema("Order"), req.params.id, { param: "id" })
  const { status, carrier, trackingNumber } = validate(updateOrderStatusSchema, req.body)
  const label = carrier ? { carrier, trackingNumber: trackingNumber ?? null } : null
  res.json(await setOrderStatus(req.scope, requireUser(req), orderNumber, { status, label }))
}
