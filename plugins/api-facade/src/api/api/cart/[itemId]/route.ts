import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { updateCartItemSchema, wholeNumberIdSchema } from "@enclave/contract"
import { removeCartItem, setCartItemQuantity } from "@enclave/orders"
import { validate } from "../../../../http/api-error"
import { requireUser } from "../../../../http/current-user"

const itemIdSchema = wholeNumberIdSchema("Cart item")

export async function PUT(req: MedusaRequest, res: MedusaResponse) {
  const user = requireUser(req, "You must be logged in to change your cart")
  const itemNumber = validate(itemIdSchema, req.params.itemId, { param: "itemId" })
  const { quantity } = validate(updateCartItemSchema, req.body)
  res.json(await setCartItemQuantity(req.scope, user, itemNumber, quantity))
}

export async function DELETE(req: MedusaRequest, res: MedusaResponse) {
  const user = requireUser(req, "You must be logged in to change your cart")
  const itemNumber = validate(itemIdSchema, req.params.itemId, { param: "itemId" })
  res.json(await removeCartItem(req.scope, user, itemNumber))
}
