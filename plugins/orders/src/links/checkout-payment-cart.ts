import CartModule from "@medusajs/medusa/cart"
import { defineLink } from "@medusajs/framework/utils"
import ShopOrdersModule from "../modules/shop-orders"

/** The cart a provider's payment pays for; a cart may have several attempts (PayPal, then a card). */
export default defineLink(CartModule.linkable.cart, {
  linkable: ShopOrdersModule.linkable.checkoutPayment,
  isList: true,
})
