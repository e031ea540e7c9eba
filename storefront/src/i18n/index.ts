/**
 * The storefront's two languages (SPEC §4 Language). Every visible text comes from a catalogue in
 * i18n/messages; a missing German text falls back to English, then to the key itself.
 */
import type { Catalogue } from "./define"
import common from "./messages/common"
import auth from "./messages/auth"
import orders from "./messages/orders"
import checkout from "./messages/checkout"
import home from "./messages/home"
import catalogue from "./messages/catalogue"
import product from "./messages/product"
import cart from "./messages/cart"
import { fill } from "./format"

export const languages = ["en", "de"] as const
export type Language = (typeof languages)[number]

/** SPEC §4: the language is stored under this key in local storage; the cookie of the same name lets the server render it. */
export const LANGUAGE_KEY = "language"

export function isLanguage(value: unknown): value is Language {
  return value === "en" || value === "de"
}

/**
 * SPEC §4's rule on the server: the stored value if it is en or de; otherwise de when the browser's
 * (first) language starts with de; otherwise en.
 */
export function resolveLanguage(stored: string | null | undefined, acceptLanguage: string | null | undefined): Language {
  if (isLanguage(stored)) return stored
  const first = (acceptLanguage ?? "").split(",")[0]?.trim().toLowerCase() ?? ""
  return first.startsWith("de") ? "de" : "en"
}

/** Every catalogue the storefront has; areas add theirs here. */
export const catalogues: Record<string, Catalogue<string>> = { common, home, catalogue, product, cart, auth, orders, checkout }

const merged: Record<Language, Record<string, string>> = { en: {}, de: {} }
for (const catalogue of Object.values(catalogues)) {
  Object.assign(merged.en, catalogue.en)
  Object.assign(merged.de, catalogue.de)
}

export type Translate = (key: string, params?: Record<string, string | number>) => string

/** `t("cart.added", { name })`: `{name}` placeholders are filled from params. */
export function translator(language: Language): Translate {
  return (key, params) => {
    const text = merged[language][key] ?? merged.en[key] ?? key
    return fill(text, params)
  }
}

/**
 * The texts an island shows, picked on the server by key prefix ("cart.", "nav.") and passed as a prop:
 * the island then uses `messageTranslator` from ./format and ships no catalogue.
 */
export function islandMessages(language: Language, ...prefixes: string[]): Record<string, string> {
  const picked: Record<string, string> = {}
  for (const key of Object.keys(merged.en)) {
    if (prefixes.some((prefix) => key.startsWith(prefix))) picked[key] = merged[language][key] ?? merged.en[key]!
  }
  return picked
}

export { formatPrice } from "./format"
