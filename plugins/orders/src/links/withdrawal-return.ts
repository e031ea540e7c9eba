import OrderModule from "@medusajs/medusa/order"
import { defineLink } from "@medusajs/framework/utils"
import ShopOrdersModule from "../modules/shop-orders"

/** The Medusa return that takes back the goods of a withdrawal (none before dispatch). */
export default defineLink(ShopOrdersModule.linkable.withdrawal, OrderModule.linkable.return)
