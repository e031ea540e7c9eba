import CartModule from "@medusajs/medusa/cart"
import { defineLink } from "@medusajs/framework/utils"
import AccountsModule from "../modules/accounts"

/**
 * The Medusa cart a shop user is filling: one open cart per user, one user per cart (Medusa's link
 * refuses a second either way). A purchase dismisses it once the cart is an order; the next add
 * starts a new one (the facade's cart/user-cart.ts moves it, under the user's cart lock).
 */
export default defineLink(AccountsModule.linkable.shopUser, CartModule.linkable.cart)
