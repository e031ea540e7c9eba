import { checkoutStorageKeys } from "@enclave/contract"

/**
 * The storefront's only inline scripts, as fixed texts. The Content-Security-Policy allows inline
 * script by hash only; Astro hashes the scripts it bundles but not `is:inline` ones, so
 * astro.config.mjs hashes these texts and the pages render them verbatim (`set:html`). A change
 * here changes the hash with it.
 */

/**
 * docs/product.md §4: the language is stored under "language" in local storage; the server renders from the
 * cookie of the same name. A stored choice without a cookie (first visit after the cookie expired
 * or was cleared) wins over the browser language: set the cookie and render once more in that
 * language. Inline and blocking in <head>, so the page does not flash in the wrong language.
 * An address in a language of its own (`?lang=de`, from a search result) is that choice: kept, so the
 * next page speaks it too.
 */
export const LANGUAGE_SCRIPT = `(function () {
  try {
    var rendered = document.documentElement.lang
    var stored = localStorage.getItem("language")
    var hasCookie = /(?:^|;\\s*)language=(en|de)(?:;|$)/.test(document.cookie)
    if (/[?&]lang=(en|de)(?:&|$)/.test(location.search)) {
      document.cookie = "language=" + rendered + "; path=/; max-age=31536000; samesite=lax"
    } else if (!hasCookie && (stored === "en" || stored === "de")) {
      document.cookie = "language=" + stored + "; path=/; max-age=31536000; samesite=lax"
      if (stored !== rendered) {
        location.reload()
        return
      }
    }
    localStorage.setItem("language", rendered)
  } catch (e) {}
})()`

const pendingPaypalKeys = [checkoutStorageKeys.pendingOrderId, checkoutStorageKeys.amount, checkoutStorageKeys.userId]

/** PayPal's cancel address: the abandoned PayPal order must not be offered for completion again. */
export const FORGET_PENDING_PAYPAL_SCRIPT = `(function () {
  try {
    for (var key of ${JSON.stringify(pendingPaypalKeys)}) sessionStorage.removeItem(key)
  } catch (e) {
    // storage refused: there is nothing kept to clear
  }
})()`

/**
 * The CSP has no 'unsafe-eval': zod (the islands' form checks) would probe `new Function`, which
 * the browser reports as a violation. zod reads this shared object whenever it is loaded.
 */
export const ZOD_WITHOUT_EVAL_SCRIPT = `(globalThis.__zod_globalConfig = globalThis.__zod_globalConfig || {}).jitless = true`

export const INLINE_SCRIPTS = [LANGUAGE_SCRIPT, FORGET_PENDING_PAYPAL_SCRIPT, ZOD_WITHOUT_EVAL_SCRIPT]
