/**
 * The storefront's two languages (SPEC §4 Language). Every visible text comes from a catalogue in
 * i18n/messages; a missing German text falls back to English, then to the key itself.
 */
import type { Catalogue } from "./define"
import common from "./messages/common"
import auth from "./messages/auth"
import orders from "./messages/orders"
import checkout from "./messages/checkout"

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
export const catalogues: Record<string, Catalogue<string>> = { common, auth, orders, checkout }

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
    return params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : text
  }
}

const currency: Record<Language, Intl.NumberFormat> = {
  en: new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR" }),
  de: new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }),
}

/** Prices in euros, written the way the active language writes them (€599.00 / 599,00 €). */
export function formatPrice(language: Language, amount: string | number): string {
  return currency[language].format(Number(amount))
}
