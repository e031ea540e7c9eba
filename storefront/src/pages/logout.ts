import type { APIRoute } from "astro"
import { translator } from "../i18n"
import { apiRoutes } from "../lib/api-routes"
import { refusalOfAnswer, sendFormAsBrowser } from "../lib/data/http"
import { toastCookie } from "../lib/client/toast-handoff"

/**
 * The header's Logout is a form posted here (docs/product.md §2 Header): it works before the island runs and
 * without JavaScript, which the island otherwise does itself with the same POST /api/logout. The facade's
 * cookies (the session ended) go back to the browser, which lands on the home page with 'Signed out', or
 * with 'Logout failed' and the reason.
 */
export const POST: APIRoute = async ({ request, url, locals }) => {
  const t = translator(locals.language)
  const answer = await sendFormAsBrowser(request, apiRoutes.logout)
  // Signed out already (401) is what was asked for.
  const done = answer.status < 400 || answer.status === 401
  const toast = done
    ? { title: t("auth.signedOut"), description: t("auth.signedOutText") }
    : { title: t("auth.logoutFailed"), description: refusalOfAnswer(answer).serverMessage, variant: "destructive" as const }
  const headers = new Headers({ location: "/" })
  for (const cookie of answer.setCookies) headers.append("set-cookie", cookie)
  headers.append("set-cookie", toastCookie(toast, url.protocol === "https:"))
  return new Response(null, { status: 303, headers })
}
