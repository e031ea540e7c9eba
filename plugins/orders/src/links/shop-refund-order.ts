import OrderModule from "@medusajs/medusa/order"
import { defineLink } from "@medusajs/framework/utils"
import ShopOrdersModule from "../modules/shop-orders"

/** The refunds staff made on a Medusa order; deleting the order deletes the shop's records of them. */
export default defineLink(OrderModule.linkable.order, {
  linkable: ShopOrdersModule.linkable.shopRefund,
  isList: true,
  deleteCascade: true,
})
