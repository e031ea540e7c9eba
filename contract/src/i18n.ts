/**
 * The shop's two languages (docs/product.md §4 Language) and the core of its messages, one for the storefront
 * (server pages and islands) and the admin: which language a visitor gets, how a catalogue is
 * defined, and how a text falls back.
 *
 * One catalogue per screen area, defineMessages(en, de). English is the source; the German catalogue
 * must have exactly its keys (the type refuses a missing key, each app's unit test a stray one). A
 * missing text falls back to English, then to the key itself; `{name}` placeholders are filled from
 * params.
 *
 * This module imports nothing: browser bundles take it from "@enclave/contract/i18n".
 */

export const languages = ["en", "de"] as const
export type Language = (typeof languages)[number]

/** docs/product.md §4: the language is stored under this key in local storage, and in the cookie of the same name the server reads. */
export const LANGUAGE_KEY = "language"

export function isLanguage(value: unknown): value is Language {
  return value === "en" || value === "de"
}

/**
 * docs/product.md §4's rule: the stored choice if it is en or de; otherwise de when the browser's (first)
 * language starts with de (an Accept-Language header or navigator.language); otherwise en.
 */
export function resolveLanguage(stored: string | null | undefined, browserLanguage: string | null | undefined): Language {
  if (isLanguage(stored)) return stored
  const first = (browserLanguage ?? "").split(",")[0]?.trim().toLowerCase() ?? ""
  return first.startsWith("de") ? "de" : "en"
}

/**
 * The same rule in a browser: the `language` cookie (document.cookie) if it is en or de, then the
 * value in local storage, then the browser's language.
 */
export function detectLanguage(cookie: string, stored: string | null | undefined, browserLanguage: string | null | undefined): Language {
  const fromCookie = /(?:^|;\s*)language=([^;]+)/.exec(cookie)?.[1]
  return isLanguage(fromCookie) ? fromCookie : resolveLanguage(stored, browserLanguage)
}

export type Catalogue<K extends string> = { en: Record<K, string>; de: Record<K, string> }

export function defineMessages<const E extends Record<string, string>>(en: E, de: { [K in keyof E]: string }): Catalogue<keyof E & string> {
  return { en, de }
}

export type MessageParams = Record<string, string | number>
export type Translate<K extends string = string> = (key: K, params?: MessageParams) => string

/** Fills `{name}` placeholders from params; unknown placeholders stay as they are. */
/**
 * The text with its `{name}` placeholders filled in. A value that ends in a full stop (an abbreviation:
 * "USt-IdNr.", a German date "28. Nov.") takes the place of the sentence's own full stop right after it,
 * rather than making two.
 */
export function fill(text: string, params?: MessageParams): string {
  if (!params) return text
  return text.replace(/\{(\w+)\}(\.?)/g, (whole, name: string, stop: string) => {
    if (!(name in params)) return whole
    const value = String(params[name])
    return stop && value.endsWith(".") ? value : value + stop
  })
}

/** A catalogue's text in the language, else the English one, else the key itself (not yet filled). */
export function messageText<K extends string>(catalogue: Catalogue<K>, language: Language, key: K): string {
  return catalogue[language][key] ?? catalogue.en[key] ?? key
}

/** `t("cart.added", { name })` over one catalogue in one language, with the fallbacks of messageText. */
export function translator<K extends string>(catalogue: Catalogue<K>, language: Language): Translate<K> {
  return (key, params) => fill(messageText(catalogue, language, key), params)
}
