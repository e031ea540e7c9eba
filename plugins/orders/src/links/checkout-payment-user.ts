import { defineLink } from "@medusajs/framework/utils"
import { AccountsModule } from "@enclave/accounts"
import ShopOrdersModule from "../modules/shop-orders"

/** The shop user who started a provider's payment: only they may capture it, and its order is theirs. */
export default defineLink(AccountsModule.linkable.shopUser, {
  linkable: ShopOrdersModule.linkable.checkoutPayment,
  isList: true,
})
