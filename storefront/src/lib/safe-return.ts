/**
 * Where /auth may send someone after signing in (?return=…): only a page of this shop, so the
 * sign-in page can never be used to send a freshly signed-in person to another site.
 */

/** Anything else (a missing, foreign or odd value) goes to the home page (docs/product.md §2). */
export const DEFAULT_RETURN_PATH = "/"

/** Longer than any page of the shop; a longer value is not one of its links. */
const MAX_LENGTH = 2000

/**
 * The value as a same-origin path (path, query and fragment), or "/". The raw value must start with
 * exactly one "/" and hold no backslash or control character: browsers read "//host", "/\host" and
 * paths with tabs or newlines in them as other hosts or other paths than they look, and the URL
 * parser would quietly normalise those. What is left is parsed against the shop's origin, which
 * it must keep.
 */
export function safeReturnPath(value: unknown, shopOrigin: string): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return DEFAULT_RETURN_PATH
  if (!value.startsWith("/") || value.startsWith("//")) return DEFAULT_RETURN_PATH
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return DEFAULT_RETURN_PATH
  let url: URL
  let origin: string
  try {
    origin = new URL(shopOrigin).origin
    url = new URL(value, origin)
  } catch {
    return DEFAULT_RETURN_PATH
  }
  if (url.origin !== origin || !url.pathname.startsWith("/") || url.pathname.startsWith("//")) return DEFAULT_RETURN_PATH
  return `${url.pathname}${url.search}${url.hash}`
}

/**
 * Where a guarded page sends a visitor: the sign-in page, told to come back to this page
 * (path and query) once they are signed in or registered.
 */
export function signInPath(page: URL): string {
  return `/auth?return=${encodeURIComponent(page.pathname + page.search)}`
}
