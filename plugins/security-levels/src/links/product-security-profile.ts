import ProductModule from "@medusajs/medusa/product"
import { defineLink } from "@medusajs/framework/utils"
import SecurityLevelsModule from "../modules/security-levels"

/** Each product has one security profile; deleting the product deletes its profile. */
export default defineLink(ProductModule.linkable.product, {
  linkable: SecurityLevelsModule.linkable.securityProfile,
  deleteCascade: true,
})
