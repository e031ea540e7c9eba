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
import imprint from "./messages/imprint"

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
  imprint,
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
