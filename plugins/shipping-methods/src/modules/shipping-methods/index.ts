import { Module } from "@medusajs/framework/utils"
import ShippingMethodsModuleService from "./service"

export const SHIPPING_METHODS_MODULE = "shippingMethods"

export default Module(SHIPPING_METHODS_MODULE, { service: ShippingMethodsModuleService })
