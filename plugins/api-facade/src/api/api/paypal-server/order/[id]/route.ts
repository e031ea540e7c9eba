import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ShopError } from "@enclave/contract/shop-error"
import { requireUser } from "../../../../../http/current-user"
import { walletOrder } from "@enclave/orders"

const PAYPAL_ORDER_ID = /^[A-Za-z0-9-]{1,64}$/

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const user = requireUser(req, "You must be logged in to see your payments")
  const id = req.params.id
  if (!PAYPAL_ORDER_ID.test(id)) {
    const message = "A PayPal order id has only letters, digits and dashes"
    throw new ShopError("invalid_input", message, { fields: { id: message } }, { extra: { error: message } })
  }
  res.json(await walletOrder(req.scope, user, id))
}
