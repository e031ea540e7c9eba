import type { APIRoute } from "astro"
import { isLanguage, LANGUAGE_KEY } from "../i18n"
import { safeReturnPath } from "../lib/safe-return"
import { withoutLanguage } from "../lib/seo"

/**
 * The language menu posts here (a plain form: it works before any script loads). The choice is kept
 * for a year in the `language` cookie, which the server reads, and mirrored to local storage by the page.
 */
export const POST: APIRoute = async ({ request, cookies, redirect, url }) => {
  const form = await request.formData().catch(() => null)
  const language = form?.get("language")
  // Back without `?lang=`: an address's own language would outvote the choice just made.
  const target = withoutLanguage(safeReturnPath(form?.get("return"), url.origin))
  if (!isLanguage(language)) return new Response("Unknown language", { status: 400 })
  cookies.set(LANGUAGE_KEY, language, { path: "/", maxAge: 60 * 60 * 24 * 365, sameSite: "lax", httpOnly: false })
  return redirect(target, 303)
}
