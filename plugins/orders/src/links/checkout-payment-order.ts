import OrderModule from "@medusajs/medusa/order"
import { defineLink } from "@medusajs/framework/utils"
import ShopOrdersModule from "../modules/shop-orders"

/**
 * The order a provider's payment became. Each payment becomes at most one order; an order may be
 * named by two (a payment the customer gave up on and then took anyway, which the cart's order answers).
 */
export default defineLink(OrderModule.linkable.order, {
  linkable: ShopOrdersModule.linkable.checkoutPayment,
  isList: true,
})
