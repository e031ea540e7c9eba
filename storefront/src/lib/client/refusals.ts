/**
 * The shop's refusals in the page's language: the facade's messages are English and name products and
 * methods by their English names, so a refusal whose `code` says what it is (sold out, a method that does
 * not ship there, a changed shipping price) is said again here from its `params`, with the names it was
 * sold under. Anything else keeps the server's message.
 */
import { formatEuro } from "@enclave/contract/money"
import type { Language, Translate } from "@enclave/contract/i18n"

type Params = Record<string, unknown>

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value : null)

function named(params: Params, english: string, german: string, language: Language): string {
  return (language === "de" ? text(params[german]) : null) ?? text(params[english]) ?? ""
}

function countryName(code: string, language: Language): string {
  try {
    return new Intl.DisplayNames([language === "de" ? "de-DE" : "en-GB"], { type: "region" }).of(code) ?? code
  } catch {
    return code
  }
}

/** The refusal in the page's language, or null when its code is none this page says itself. */
export function refusalText(error: { code: string; params: Params } | null | undefined, t: Translate, language: Language): string | null {
  const p = error?.params ?? {}
  switch (error?.code) {
    case "sold_out":
      return t("cart.refusal.outOfStock", { name: named(p, "productName", "productNameDe", language) })
    case "stock_short":
      return t("cart.refusal.lowStock", { name: named(p, "productName", "productNameDe", language), count: Number(p.available) })
    case "shipping_not_to_country":
      return t("cart.refusal.doesNotShip", {
        method: named(p, "methodName", "methodNameDe", language),
        country: countryName(String(p.countryCode ?? ""), language),
      })
    case "shipping_cost_differs":
      return t("cart.refusal.shippingCost", {
        method: named(p, "methodName", "methodNameDe", language),
        amount: formatEuro(String(p.shippingCost ?? "0"), language),
      })
    default:
      return null
  }
}

/** The language of the page the island runs in (its <html lang>). */
export function pageLanguage(): Language {
  return typeof document !== "undefined" && document.documentElement.lang === "de" ? "de" : "en"
}
