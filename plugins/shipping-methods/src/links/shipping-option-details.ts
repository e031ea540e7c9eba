import FulfillmentModule from "@medusajs/medusa/fulfillment"
import { defineLink } from "@medusajs/framework/utils"
import ShippingMethodsModule from "../modules/shipping-methods"

/** Each shipping option has one set of shop details; deleting the option deletes them. */
export default defineLink(FulfillmentModule.linkable.shippingOption, {
  linkable: ShippingMethodsModule.linkable.shippingMethodDetails,
  deleteCascade: true,
})
