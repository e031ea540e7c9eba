/**
 * The shop's refusals in the page's language: the facade's messages are English and name products and
 * methods by their English names, so a refusal whose `details.code` says what it is (out of stock, a method
 * that does not ship there, a changed shipping price) is said again here with the names it was sold under.
 * Anything else keeps the server's message.
 */
import { formatEuro } from "@enclave/contract/money"
import type { Language, Translate } from "@enclave/contract/i18n"

type Details = Record<string, unknown>

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value : null)

function named(details: Details, english: string, german: string, language: Language): string {
  return (language === "de" ? text(details[german]) : null) ?? text(details[english]) ?? ""
}

function countryName(code: string, language: Language): string {
  try {
    return new Intl.DisplayNames([language === "de" ? "de-DE" : "en-GB"], { type: "region" }).of(code) ?? code
  } catch {
    return code
  }
}

/** The refusal in the page's language, or null when its details name no refusal this page knows. */
export function refusalText(error: { details: unknown } | null | undefined, t: Translate, language: Language): string | null {
  const details = error?.details
  if (!details || typeof details !== "object") return null
  const d = details as Details
  switch (d.code) {
    case "out_of_stock":
      return t("cart.refusal.outOfStock", { name: named(d, "productName", "productNameDe", language) })
    case "low_stock":
      return t("cart.refusal.lowStock", { name: named(d, "productName", "productNameDe", language), count: Number(d.stockQuantity) })
    case "method_does_not_ship":
      return t("cart.refusal.doesNotShip", {
        method: named(d, "methodName", "methodNameDe", language),
        country: countryName(String(d.countryCode ?? ""), language),
      })
    case "shipping_cost_differs":
      return t("cart.refusal.shippingCost", {
        method: named(d, "methodName", "methodNameDe", language),
        amount: formatEuro(String(d.shippingCost ?? "0"), language),
      })
    default:
      return null
  }
}

/** The language of the page the island runs in (its <html lang>). */
export function pageLanguage(): Language {
  return typeof document !== "undefined" && document.documentElement.lang === "de" ? "de" : "en"
}
