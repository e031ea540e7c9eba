/**
 * State shared between islands (nanostores): who is signed in, their cart, whether the cart panel is
 * open, and the one toast on screen (docs/product.md §4 UI states; docs/product.md §9: at most one toast at a time).
 */
import { atom, computed } from "nanostores"
import type { CartItem, User } from "@enclave/contract"
import { fetchCart, fetchSession } from "./calls"
import { wake } from "./wake"

/** undefined while loading, null for a visitor (docs/product.md §4: a 401 means no user). */
export const $user = atom<User | null | undefined>(undefined)
export const $cart = atom<CartItem[]>([])
export const $cartOpen = atom(false)
/**
 * The modal dialog open now (the cart panel), or null. A modal dialog sits in the browser's top layer
 * and makes the rest of the page inert, so toasts are rendered inside it while it is open: above it,
 * readable, dismissable and announced.
 */
export const $modalHost = atom<HTMLElement | null>(null)
/** docs/product.md §2: the badge shows the sum of all quantities. */
export const $cartCount = computed($cart, (items) => items.reduce((sum, item) => sum + item.quantity, 0))
/** Whether the browser has read the cart yet: until then the header shows the count the server rendered. */
export const $cartKnown = atom(false)
$cart.listen(() => {
  $cartKnown.set(true)
  // The badge is the header's: it starts once the cart it counts has changed.
  wake("header")
})

export interface Toast {
  id: number
  title: string
  description?: string
  variant?: "default" | "destructive"
}
export const $toast = atom<Toast | null>(null)
let toastId = 0
export function showToast(toast: Omit<Toast, "id">) {
  $toast.set({ ...toast, id: ++toastId })
  wake("toast")
}

let userRequest: Promise<User | null> | undefined

/**
 * Loads the current user once per page (no retries, docs/product.md §9); later calls share the answer.
 * GET /api/session answers a visitor with `user: null` where GET /api/user would answer 401, which the
 * browser logs as an error on every signed-out page.
 */
export function loadUser(): Promise<User | null> {
  userRequest ??= fetchSession()
    .then((session) => session.user)
    .then((user) => {
      $user.set(user)
      if (user) void refreshCart()
      else $cart.set([])
      return user
    })
    .catch(() => {
      $user.set(null)
      return null
    })
  return userRequest
}

export function setUser(user: User | null) {
  userRequest = Promise.resolve(user)
  $user.set(user)
  if (user) void refreshCart()
  else $cart.set([])
}

/** docs/product.md §4: the cart loads only for a signed-in user; every change refreshes it. */
export async function refreshCart(): Promise<CartItem[]> {
  if (!$user.get()) {
    $cart.set([])
    return []
  }
  const items = await fetchCart()
  $cart.set(items)
  return items
}
