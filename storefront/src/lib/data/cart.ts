/** The signed-in customer's cart, asked on the server with their cookies (house style: one file per resource). */
import { cartSchema, type CartItem } from "@enclave/contract"
import { apiRoutes, routePath } from "../api-routes"
import { forwardedHeaders, getJson, sendAsBrowser } from "./http"

export function getCart(request: Request): Promise<CartItem[]> {
  return getJson(routePath(apiRoutes.cart), cartSchema, false, forwardedHeaders(request))
}

/** docs/product.md §4: the cart is cleared on entering the result page (placing the order already emptied it). */
export async function clearCart(request: Request): Promise<void> {
  const response = await sendAsBrowser(request, apiRoutes.cartClear)
  if (!response.ok) console.error(`[storefront] checkout result: DELETE /api/cart answered ${response.status}`)
}
