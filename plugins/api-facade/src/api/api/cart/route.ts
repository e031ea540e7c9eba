import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { addToCartSchema, LOGIN_REQUIRED_FOR_CART_MESSAGE } from "@enclave/contract"
import { addToCart, clearCart, listCartItems } from "@enclave/orders"
import { validate } from "../../../http/api-error"
import { requireUser } from "../../../http/current-user"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const user = requireUser(req, "You must be logged in to view your cart")
  res.json(await listCartItems(req.scope, user))
}

export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const user = requireUser(req, LOGIN_REQUIRED_FOR_CART_MESSAGE)
  const request = validate(addToCartSchema, req.body)
  res.status(201).json(await addToCart(req.scope, user, request))
}

export async function DELETE(req: MedusaRequest, res: MedusaResponse) {
  const user = requireUser(req, "You must be logged in to change your cart")
  await clearCart(req.scope, user)
  res.json([])
}
