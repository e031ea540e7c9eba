import { defineMiddleware } from "astro:middleware"
import { LANGUAGE_KEY, resolveLanguage } from "./i18n"
import { cataloguePage } from "./lib/data/page-cache"

/**
 * Every page knows its language before it renders: from the `language` cookie or the browser's.
 * The catalogue pages are then sent from their HTML cache when their data is unchanged (page-cache.ts).
 */
export const onRequest = defineMiddleware((context, next) => {
  context.locals.language = resolveLanguage(context.cookies.get(LANGUAGE_KEY)?.value, context.request.headers.get("accept-language"))
  return cataloguePage(context, next)
})
