/**
 * The back office speaks the storefront's language (docs/product.md §4): the `language` cookie the
 * storefront's language menu sets (mirrored in localStorage `language`), else German when the
 * browser's language starts with "de", else English. It is read once per page load; changing
 * it reloads the page.
 *
 * One catalogue per area (i18n/<area>.ts, defineMessages(en, de)); English is the source and the
 * German catalogue must have exactly its keys. A missing text falls back to English, then the key.
 * The languages, the rule and the message core are the storefront's too: @enclave/contract/i18n.
 */
import {
  detectLanguage,
  LANGUAGE_KEY,
  translator as catalogueTranslator,
  type Catalogue,
  type Language,
  type Translate,
} from "@enclave/contract/i18n"

export { defineMessages, detectLanguage, LANGUAGE_KEY, languages } from "@enclave/contract/i18n"
export type { Catalogue, Language, Translate } from "@enclave/contract/i18n"

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_KEY)
  } catch {
    return null
  }
}

export const language: Language =
  typeof document === "undefined" ? "en" : detectLanguage(document.cookie, storedLanguage(), navigator.language)

/** Saves the choice where the storefront reads it (cookie for the server, localStorage per docs/product.md §4) and reloads. */
export function changeLanguage(next: Language) {
  document.cookie = `${LANGUAGE_KEY}=${next}; path=/; max-age=31536000; samesite=lax`
  try {
    localStorage.setItem(LANGUAGE_KEY, next)
  } catch {
    // Storage may be unavailable (private mode): the cookie is enough.
  }
  window.location.reload()
}

/** `{name}` placeholders are replaced by params; the page's language unless told otherwise. */
export function translator<K extends string>(catalogue: Catalogue<K>, lang: Language = language): Translate<K> {
  return catalogueTranslator(catalogue, lang)
}

/** Dates and numbers in the admin's language. */
export const locale = language === "de" ? "de-DE" : "en-GB"
