/**
 * The storefront's two languages (docs/product.md §4 Language). Every visible text comes from a catalogue in
 * i18n/messages; a missing German text falls back to English, then to the key itself. The languages,
 * the rule that picks one and the message core are the admin's too: @enclave/contract/i18n.
 */
import { messageText, translator as catalogueTranslator, type Catalogue, type Language, type Translate } from "@enclave/contract/i18n"
import common from "./messages/common"
import auth from "./messages/auth"
import account from "./messages/account"
import orders from "./messages/orders"
import checkout from "./messages/checkout"
import home from "./messages/home"
import catalogue from "./messages/catalogue"
import product from "./messages/product"
import cart from "./messages/cart"
import legal from "./messages/legal"
import imprint from "./messages/imprint"
import withdrawal from "./messages/withdrawal"

export { isLanguage, LANGUAGE_KEY, languages, resolveLanguage, type Language, type Translate } from "@enclave/contract/i18n"

/** Every catalogue the storefront has; areas add theirs here. */
export const catalogues: Record<string, Catalogue<string>> = {
  common,
  home,
  catalogue,
  product,
  cart,
  auth,
  account,
  orders,
  checkout,
  legal,
  imprint,
  withdrawal,
}

const merged: Record<Language, Record<string, string>> = { en: {}, de: {} }
for (const catalogue of Object.values(catalogues)) {
  Object.assign(merged.en, catalogue.en)
  Object.assign(merged.de, catalogue.de)
}

/** `t("cart.added", { name })`: `{name}` placeholders are filled from params. */
export function translator(language: Language): Translate {
  return catalogueTranslator(merged, language)
}

/**
 * The texts an island shows, picked on the server by key prefix ("cart.", "nav.") and passed as a prop:
 * the island then uses `messageTranslator` from ./format and ships no catalogue.
 */
export function islandMessages(language: Language, ...prefixes: string[]): Record<string, string> {
  const picked: Record<string, string> = {}
  for (const key of Object.keys(merged.en)) {
    if (prefixes.some((prefix) => key.startsWith(prefix))) picked[key] = messageText(merged, language, key)
  }
  return picked
}

/**
 * The prefixes of the texts the sign-in and account forms show: their own, the password fields they
 * share with the account page, the contract's and facade's messages, the loading line.
 */
export const AUTH_ISLAND_TEXTS = ["auth.", "account.field.", "validation.", "common.loading"] as const

/**
 * The texts of numbered keys `${prefix}1`, `${prefix}2` … in the language, as many as the English catalogue has:
 * a legal page's paragraphs and list items grow or shrink in the catalogue alone.
 */
export function numberedMessages(language: Language, prefix: string): string[] {
  const texts: string[] = []
  for (let n = 1; `${prefix}${n}` in merged.en; n++) texts.push(messageText(merged, language, `${prefix}${n}`))
  return texts
}

/** True when the catalogues have a text for the key (optional parts of a page). */
export function hasMessage(key: string): boolean {
  return key in merged.en
}
