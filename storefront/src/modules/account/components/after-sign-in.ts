import { showToastAfterNavigation } from "../../../lib/client/toast-handoff"

/** Where to go after signing in or registering: docs/product.md §2's home page, unless the page asked for another. */
export const AFTER_SIGN_IN = "/"

/**
 * Goes on after signing in, with the toast for the next storefront page. The back office shows no
 * storefront toasts: one left for it would wait in the tab and pop up on some later shop page.
 */
export function goOn(returnTo: string, toast: { title: string; description: string }) {
  if (!/^\/admin(?:[/?#]|$)/.test(returnTo)) showToastAfterNavigation(toast)
  window.location.assign(returnTo)
}
