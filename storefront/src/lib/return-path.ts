/**
 * Where a form may send the browser back to (the language menu's `return`; the sign-in page's return
 * path is meant to use the same): only a path of this shop, never an open redirect.
 *
 * Prefix checks on the raw text are not enough: browsers read `/\evil.example` as `//evil.example`,
 * drop tabs and line breaks anywhere (`/<TAB>/evil.example`), and resolve dot segments
 * (`/.//evil.example` is the path `//evil.example`, which a Location header makes protocol-relative).
 * So the value is parsed the way a browser would parse it, against the shop's own origin, and only
 * its path, query and fragment are kept, serialized (control characters come out percent-encoded).
 */
export function safeReturnPath(value: unknown, origin: string, fallback = "/"): string {
  if (typeof value !== "string" || value === "") return fallback
  let url: URL
  try {
    url = new URL(value, origin)
  } catch {
    return fallback
  }
  if (url.origin !== new URL(origin).origin) return fallback
  // A path that starts with two slashes would be read as another host once it is a Location again.
  if (url.pathname.startsWith("//")) return fallback
  return url.pathname + url.search + url.hash
}
