import { describe, expect, it } from "vitest"
import { messageTranslator } from "../../i18n/format"
import { islandMessages } from "../../i18n"
import { refusalText } from "./refusals"

const t = (language: "en" | "de") => messageTranslator(islandMessages(language, "cart.refusal."))

describe("a refusal in the page's language", () => {
  it("says a stock refusal with the product's German name on German pages, the English one on English pages", () => {
    const named = { productId: 4, productName: "Faraday Sleeve", productNameDe: "Faraday-Hülle" }
    const error = { code: "stock_short", params: { ...named, available: 2, wanted: 3 } }
    expect(refusalText(error, t("de"), "de")).toBe("Nur noch 2 × Faraday-Hülle auf Lager: Bitte ändern Sie Ihren Warenkorb.")
    expect(refusalText(error, t("en"), "en")).toBe("Only 2 of Faraday Sleeve left in stock: please change your cart.")
    const noGerman = { code: "sold_out", params: { ...named, productNameDe: null } }
    expect(refusalText(noGerman, t("de"), "de")).toBe(
      "Faraday Sleeve ist ausverkauft: Bitte entfernen Sie den Artikel aus Ihrem Warenkorb.",
    )
  })

  it("names the country and the method as the page's language does, and the price as it writes euros", () => {
    const ships = {
      code: "shipping_not_to_country",
      params: { methodName: "Germany Standard", methodNameDe: "Deutschland Standard", countryCode: "FR" },
    }
    expect(refusalText(ships, t("de"), "de")).toBe("Deutschland Standard liefert nicht nach Frankreich.")
    expect(refusalText(ships, t("en"), "en")).toBe("Germany Standard does not ship to France.")
    const price = { code: "shipping_cost_differs", params: { shippingCost: "15.00", methodName: "Worldwide", methodNameDe: null } }
    expect(refusalText(price, t("de"), "de")).toBe("Der Versand mit Worldwide kostet jetzt 15,00\u00a0€: Bitte prüfen Sie Ihre Bestellung.")
  })

  it("leaves every other refusal to the server's words", () => {
    expect(refusalText({ code: "invalid_input", params: {} }, t("de"), "de")).toBeNull()
    expect(refusalText({ code: "cart_busy", params: {} }, t("de"), "de")).toBeNull()
    expect(refusalText(null, t("de"), "de")).toBeNull()
  })
})
