import OrderModule from "@medusajs/medusa/order"
import { defineLink } from "@medusajs/framework/utils"
import ShopOrdersModule from "../modules/shop-orders"

/** Each Medusa order the shop placed has one row of the shop's details; deleting the order deletes them. */
export default defineLink(OrderModule.linkable.order, {
  linkable: ShopOrdersModule.linkable.orderDetails,
  deleteCascade: true,
})
