import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { createOrderSchema, MISSING_SHIPPING_ADDRESS_MESSAGE } from "@enclave/contract"
import { ShopError } from "@enclave/contract/shop-error"
import { validate } from "../../../http/api-error"
import { requireUser } from "../../../http/current-user"
import { placeOrder, listOrdersOf, withAfterSale } from "@enclave/orders"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const user = requireUser(req, "You must be logged in to see your orders")
  res.json(await withAfterSale(req.scope, await listOrdersOf(req.scope, user), user))
}

export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const user = requireUser(req, "You must be logged in to place an order")
  const body = req.body as Record<string, unknown> | undefined
  if (!body || typeof body !== "object" || body.shippingAddress === undefined || body.shippingAddress === null) {
    throw new ShopError("shipping_address_missing", MISSING_SHIPPING_ADDRESS_MESSAGE, {
      fields: { shippingAddress: MISSING_SHIPPING_ADDRESS_MESSAGE },
    })
  }
  const request = validate(createOrderSchema, body)
  res.status(201).json(await placeOrder(req.scope, user, request))
}
