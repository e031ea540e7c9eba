/**
 * A toast that must survive a page change. The storefront is a multi-page site: after signing in the
 * browser loads / anew, and the stores start empty. The page that navigates puts its toast in session
 * storage; the toaster on the next page shows it once (docs/product.md §8 'Welcome back!' after login, then /).
 */
import type { Toast } from "./stores"

const KEY = "enclave.toast"

/**
 * The same handoff from the server: a form posted without JavaScript (or before the island ran) that
 * ends in a redirect leaves its toast in this short-lived cookie for the next page's toaster.
 */
export const TOAST_COOKIE = "enclave.toast"

/** The Set-Cookie value that hands `toast` to the next page. */
export function toastCookie(toast: Omit<Toast, "id">, secure: boolean): string {
  return `${TOAST_COOKIE}=${encodeURIComponent(JSON.stringify(toast))}; Path=/; Max-Age=60; SameSite=Lax${secure ? "; Secure" : ""}`
}

/** Whether the previous page (or the server) left a toast for this one: the toaster then starts at once. */
export function toastHandedOn(): boolean {
  try {
    if (sessionStorage.getItem(KEY)) return true
  } catch {
    // storage refused: only the cookie can tell
  }
  return document.cookie.split("; ").some((entry) => entry.startsWith(`${TOAST_COOKIE}=`))
}

function takeToastFromServer(): string | null {
  const prefix = `${TOAST_COOKIE}=`
  const entry = document.cookie.split("; ").find((c) => c.startsWith(prefix))
  if (!entry) return null
  document.cookie = `${TOAST_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`
  try {
    return decodeURIComponent(entry.slice(prefix.length))
  } catch {
    return null
  }
}

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
    const stored = sessionStorage.getItem(KEY)
    if (stored) sessionStorage.removeItem(KEY)
    const raw = stored ?? takeToastFromServer()
    if (!raw) return null
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
