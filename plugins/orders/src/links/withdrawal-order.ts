import OrderModule from "@medusajs/medusa/order"
import { defineLink } from "@medusajs/framework/utils"
import ShopOrdersModule from "../modules/shop-orders"

/** The withdrawals of a Medusa order (one per set of items withdrawn); deleting the order deletes them. */
export default defineLink(OrderModule.linkable.order, {
  linkable: ShopOrdersModule.linkable.withdrawal,
  isList: true,
  deleteCascade: true,
})
