import { defineMiddleware } from "astro:middleware"
import { configuredProviderOrigins } from "../../plugins/api-facade/src/http/security-headers.ts"
import { LANGUAGE_KEY, resolveLanguage } from "./i18n"

/** Read once: the deployment's provider addresses do not change while the server runs. */
const providerOrigins = configuredProviderOrigins(process.env)

/** Every page knows its language before it renders: from the `language` cookie or the browser's. */
export const onRequest = defineMiddleware((context, next) => {
  context.locals.language = resolveLanguage(context.cookies.get(LANGUAGE_KEY)?.value, context.request.headers.get("accept-language"))
  // The page's CSP (astro.config.mjs) lets Stripe.js call the Stripe API this shop is configured with.
  if (providerOrigins.length > 0) context.csp?.insertDirective(`connect-src ${providerOrigins.join(" ")}`)
  return next()
})
