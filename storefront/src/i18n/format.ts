/**
 * The part of i18n an island needs in the browser, without the message catalogues: islands get the
 * few texts they show as a prop (see `islandMessages`), so the catalogues of every screen never end up
 * in the JavaScript a page sends. Prices are formatEuro of @enclave/contract/money.
 */
import { fill, type Translate } from "@enclave/contract/i18n"

/** `t` over a message map handed to an island: the key itself when a text is missing. */
export function messageTranslator(messages: Record<string, string>): Translate {
  return (key, params) => fill(messages[key] ?? key, params)
}
