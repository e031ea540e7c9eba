import { defineMiddleware } from "astro:middleware"
import { configuredFormOrigins, configuredProviderOrigins } from "@enclave/contract/security-headers"
import { LANGUAGE_KEY, resolveLanguage } from "./i18n"
import { cataloguePage } from "./lib/data/page-cache"
import { languageOfAddress } from "./lib/seo"

/** Read once: the deployment's provider addresses do not change while the server runs. */
const providerOrigins = configuredProviderOrigins(process.env)
const formOrigins = configuredFormOrigins(process.env)

/**
 * Every page knows its language before it renders: the address's own (`?lang=de`, the addresses search
 * engines list), else the `language` cookie, else the browser's.
 * The catalogue pages are then sent from their HTML cache when their data is unchanged (page-cache.ts).
 */
export const onRequest = defineMiddleware(async (context, next) => {
  context.locals.language =
    languageOfAddress(context.url) ??
    resolveLanguage(context.cookies.get(LANGUAGE_KEY)?.value, context.request.headers.get("accept-language"))
  // Added to the rendered answer before the page cache keeps it: a kept page goes out as it is, also
  // from the front door before Astro runs.
  return cataloguePage(context, async () => {
    const response = await next()
    if (providerOrigins.length > 0 || formOrigins.length > 0) allowProviderOrigins(response)
    return response
  })
})

/**
 * The page's CSP (astro.config.mjs) lets Stripe.js call the Stripe API this shop is configured
 * with, and checkout's form send the browser on to the PayPal approval page it is configured with.
 * Added to the finished answer: `context.csp` in a middleware runs before the page's policy
 * exists and would be dropped.
 */
function allowProviderOrigins(response: Response) {
  const policy = response.headers.get("content-security-policy")
  if (!policy) return
  const extend = (text: string, directive: string, origins: string[]) =>
    origins.length === 0 ? text : text.replace(new RegExp(`(^|;)(\\s*${directive}\\b[^;]*)`), `$1$2 ${origins.join(" ")}`)
  const extended = extend(extend(policy, "connect-src", providerOrigins), "form-action", formOrigins)
  if (extended !== policy) response.headers.set("content-security-policy", extended)
}
