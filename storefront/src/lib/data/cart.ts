/** The signed-in customer's cart, asked on the server with their cookies (house style: one file per resource). */
import { cartSchema, type CartItem } from "@enclave/contract"
import { apiRoutes, routePath } from "../api-routes"
import { readFailedAnswer } from "@enclave/contract/http-errors"
import { forwardedHeaders, getJson, sendAsBrowser, sendFormAsBrowser } from "./http"

export function getCart(request: Request): Promise<CartItem[]> {
  return getJson(routePath(apiRoutes.cart), cartSchema, false, forwardedHeaders(request))
}

/** docs/product.md §4: the cart is cleared on entering the result page (placing the order already emptied it). */
export async function clearCart(request: Request): Promise<void> {
  const response = await sendAsBrowser(request, apiRoutes.cartClear)
  if (!response.ok) console.error(`[storefront] checkout result: DELETE /api/cart answered ${response.status}`)
}

/** A change of the cart as a form without JavaScript posts it to /cart. */
export type CartChange =
  | { action: "add"; productId: number; quantity: number }
  | { action: "set"; itemId: number; quantity: number }
  | { action: "remove"; itemId: number }

export type CartChangeOutcome =
  | { state: "done" }
  | { state: "signedOut" }
  | { state: "refused"; status: number; code: string; params: Record<string, unknown>; message: string }
  | { state: "unavailable" }

/** The change, sent to the facade as the visitor's browser: the same call the islands make. */
export async function changeCart(request: Request, change: CartChange): Promise<CartChangeOutcome> {
  const answer =
    change.action === "add"
      ? await sendFormAsBrowser(request, apiRoutes.cartAdd, { productId: change.productId, quantity: change.quantity })
      : change.action === "set"
        ? await sendFormAsBrowser(request, apiRoutes.cartItemUpdate, { quantity: change.quantity }, { itemId: change.itemId })
        : await sendFormAsBrowser(request, apiRoutes.cartItemRemove, undefined, { itemId: change.itemId })
  if (answer.ok) return { state: "done" }
  if (answer.status === 401) return { state: "signedOut" }
  if (answer.status >= 400 && answer.status < 500) {
    const failed = readFailedAnswer(answer.text, answer.statusText, answer.status)
    return { state: "refused", status: answer.status, code: failed.code, params: failed.params, message: failed.message }
  }
  return { state: "unavailable" }
}

const whole = (value: FormDataEntryValue | null, max: number): number | null => {
  if (typeof value !== "string" || !/^\d{1,9}$/.test(value.trim())) return null
  const number = Number(value.trim())
  return number >= 1 && number <= max ? number : null
}

/** The change a posted form asks for, or null when it is no change this page makes. */
export function cartChangeOf(form: FormData | null): CartChange | null {
  if (!form) return null
  const action = form.get("action")
  const quantity = whole(form.get("quantity"), 999_999_999)
  if (action === "add") {
    const productId = whole(form.get("productId"), 999_999_999)
    return productId && quantity ? { action, productId, quantity } : null
  }
  const itemId = whole(form.get("itemId"), 999_999_999)
  if (action === "set") return itemId && quantity ? { action, itemId, quantity } : null
  if (action === "remove") return itemId ? { action, itemId } : null
  return null
}
