/**
 * A toast that must survive a page change. The storefront is a multi-page site: after signing in the
 * browser loads / anew, and the stores start empty. The page that navigates puts its toast in session
 * storage; the toaster on the next page shows it once (docs/product.md §8 'Welcome back!' after login, then /).
 */
import type { Toast } from "./stores"

const KEY = "enclave.toast"

export function showToastAfterNavigation(toast: Omit<Toast, "id">): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(toast))
  } catch {
    // Storage refused (private mode, quota): the toast is lost, the navigation still happens.
  }
}

/** The toast the previous page left, removed so it shows once; null when there is none. */
export function takeToastFromPreviousPage(): Omit<Toast, "id"> | null {
  try {
    const raw = sessionStorage.getItem(KEY)
    if (!raw) return null
    sessionStorage.removeItem(KEY)
    const toast = JSON.parse(raw) as Partial<Toast>
    if (typeof toast.title !== "string") return null
    return {
      title: toast.title,
      description: typeof toast.description === "string" ? toast.description : undefined,
      variant: toast.variant === "destructive" ? "destructive" : "default",
    }
  } catch {
    return null
  }
}
