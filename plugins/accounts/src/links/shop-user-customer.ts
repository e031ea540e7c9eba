import CustomerModule from "@medusajs/medusa/customer"
import { defineLink } from "@medusajs/framework/utils"
import AccountsModule from "../modules/accounts"

/** Each shop user is one Medusa customer: carts and orders belong to the customer. */
export default defineLink(AccountsModule.linkable.shopUser, CustomerModule.linkable.customer)
