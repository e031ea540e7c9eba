/**
 * The back office speaks the storefront's language (SPEC §4): the `language` cookie the
 * storefront's language menu sets (mirrored in localStorage `language`), else German when the
 * browser's language starts with "de", else English. It is read once per page load; changing
 * it reloads the page.
 *
 * One catalogue per area (i18n/<area>.ts, defineMessages(en, de)); English is the source and the
 * German catalogue must have exactly its keys. A missing text falls back to English, then the key.
 */
export type Language = "en" | "de"
export const languages: readonly Language[] = ["en", "de"]
export const LANGUAGE_KEY = "language"

function isLanguage(value: unknown): value is Language {
  return value === "en" || value === "de"
}

export function detectLanguage(cookie: string, stored: string | null, browserLanguage: string | undefined): Language {
  const fromCookie = /(?:^|;\s*)language=([^;]+)/.exec(cookie)?.[1]
  if (isLanguage(fromCookie)) return fromCookie
  if (isLanguage(stored)) return stored
  return browserLanguage?.toLowerCase().startsWith("de") ? "de" : "en"
}

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_KEY)
  } catch {
    return null
  }
}

export const language: Language =
  typeof document === "undefined" ? "en" : detectLanguage(document.cookie, storedLanguage(), navigator.language)

/** Saves the choice where the storefront reads it (cookie for the server, localStorage per SPEC §4) and reloads. */
export function changeLanguage(next: Language) {
  document.cookie = `${LANGUAGE_KEY}=${next}; path=/; max-age=31536000; samesite=lax`
  try {
    localStorage.setItem(LANGUAGE_KEY, next)
  } catch {
    // Storage may be unavailable (private mode): the cookie is enough.
  }
  window.location.reload()
}

export type Catalogue<K extends string> = { en: Record<K, string>; de: Record<K, string> }

export function defineMessages<const E extends Record<string, string>>(en: E, de: { [K in keyof E]: string }): Catalogue<keyof E & string> {
  return { en, de }
}

export type Translate<K extends string = string> = (key: K, params?: Record<string, string | number>) => string

/** `{name}` placeholders are replaced by params. */
export function translator<K extends string>(catalogue: Catalogue<K>, lang: Language = language): Translate<K> {
  return (key, params) => {
    const text = catalogue[lang][key] ?? catalogue.en[key] ?? key
    return params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : text
  }
}

/** Dates and numbers in the admin's language. */
export const locale = language === "de" ? "de-DE" : "en-GB"
