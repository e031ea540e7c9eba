import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { shippingMethodIdSchema, shippingMethodUpdateSchema } from "@enclave/contract"
import { validate } from "../../../../../http/api-error"
import { deleteShippingMethod, findShippingMethod, updateShippingMethod } from "@enclave/shipping-methods"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await findShippingMethod(req.scope, validate(shippingMethodIdSchema, req.params.id, { param: "id" })))
}

export async function PUT(req: MedusaRequest, res: MedusaResponse) {
  const id = validate(shippingMethodIdSchema, req.params.id, { param: "id" })
  const patch = validate(shippingMethodUpdateSchema, req.body)
  res.json(await updateShippingMethod(req.scope, id, patch))
}

export async function DELETE(req: MedusaRequest, res: MedusaResponse) {
  const id = validate(shippingMethodIdSchema, req.params.id, { param: "id" })
  await deleteShippingMethod(req.scope, id)
  res.json({ message: `Shipping method ${id} deleted` })
}
