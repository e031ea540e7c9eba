/**
 * The parts of i18n an island needs in the browser, without the message catalogues: islands get the
 * few texts they show as a prop (see `islandMessages`), so the catalogues of every screen never end up
 * in the JavaScript a page sends.
 */
import type { Language } from "./index"

/** Fills `{name}` placeholders from params; unknown placeholders stay as they are. */
export function fill(text: string, params?: Record<string, string | number>): string {
  return params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : text
}

/** `t` over a message map handed to an island: the key itself when a text is missing. */
export function messageTranslator(messages: Record<string, string>) {
  return (key: string, params?: Record<string, string | number>) => fill(messages[key] ?? key, params)
}

const currency = new Map<Language, Intl.NumberFormat>()

/** Prices in euros, written the way the active language writes them (€599.00 / 599,00 €). */
export function formatPrice(language: Language, amount: string | number): string {
  let format = currency.get(language)
  if (!format) {
    format = new Intl.NumberFormat(language === "de" ? "de-DE" : "en-IE", { style: "currency", currency: "EUR" })
    currency.set(language, format)
  }
  return format.format(Number(amount))
}
