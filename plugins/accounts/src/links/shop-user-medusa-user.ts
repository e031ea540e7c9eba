import UserModule from "@medusajs/medusa/user"
import { defineLink } from "@medusajs/framework/utils"
import AccountsModule from "../modules/accounts"

/**
 * An admin of the shop is also an admin user of Medusa (its admin API and dashboard), signing in
 * with the account's e-mail and password (workflows/medusa-admin-login.ts). Customers have none.
 */
export default defineLink(AccountsModule.linkable.shopUser, UserModule.linkable.user)
