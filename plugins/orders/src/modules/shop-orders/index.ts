import { Module } from "@medusajs/framework/utils"
import ShopOrdersModuleService from "./service"

export const SHOP_ORDERS_MODULE = "shopOrders"

export default Module(SHOP_ORDERS_MODULE, { service: ShopOrdersModuleService })
