import { defineMiddleware } from "astro:middleware"
import { LANGUAGE_KEY, resolveLanguage } from "./i18n"

/** Every page knows its language before it renders: from the `language` cookie or the browser's. */
export const onRequest = defineMiddleware((context, next) => {
  context.locals.language = resolveLanguage(context.cookies.get(LANGUAGE_KEY)?.value, context.request.headers.get("accept-language"))
  return next()
})
