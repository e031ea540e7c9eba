import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { type ShippingAddressChanged, updateShippingAddressSchema, wholeNumberIdSchema } from "@enclave/contract"
import { validate } from "../../../../../../http/api-error"
import { requireUser } from "../../../../../../http/current-user"
import { setShippingAddress } from "@enclave/orders"

export async function PUT(req: MedusaRequest, res: MedusaResponse) {
  const orderNumber = validate(wholeNumberIdSchema("Order"), req.params.id, { param: "id" })
  const { shippingAddress } = validate(updateShippingAddressSchema, req.body)
  const saved = await setShippingAddress(req.scope, requireUser(req), orderNumber, shippingAddress)
  res.json({ shippingAddress: saved } satisfies ShippingAddressChanged)
}
