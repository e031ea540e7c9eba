import { describe, expect, it } from "vitest"
import { messageTranslator } from "../../i18n/format"
import { islandMessages } from "../../i18n"
import { refusalText } from "./refusals"

const t = (language: "en" | "de") => messageTranslator(islandMessages(language, "cart.refusal."))

describe("a refusal in the page's language", () => {
  it("says a stock refusal with the product's German name on German pages, the English one on English pages", () => {
    const error = {
      details: {
        code: "low_stock",
        productId: 4,
        stockQuantity: 2,
        wanted: 3,
        productName: "Faraday Sleeve",
        productNameDe: "Faraday-Hülle",
      },
    }
    expect(refusalText(error, t("de"), "de")).toBe("Nur noch 2 × Faraday-Hülle auf Lager: Bitte ändern Sie Ihren Warenkorb.")
    expect(refusalText(error, t("en"), "en")).toBe("Only 2 of Faraday Sleeve left in stock: please change your cart.")
    const noGerman = { details: { ...error.details, code: "out_of_stock", productNameDe: null } }
    expect(refusalText(noGerman, t("de"), "de")).toBe(
      "Faraday Sleeve ist ausverkauft: Bitte entfernen Sie den Artikel aus Ihrem Warenkorb.",
    )
  })

  it("names the country and the method as the page's language does, and the price as it writes euros", () => {
    const ships = {
      details: { code: "method_does_not_ship", methodName: "Germany Standard", methodNameDe: "Deutschland Standard", countryCode: "FR" },
    }
    expect(refusalText(ships, t("de"), "de")).toBe("Deutschland Standard liefert nicht nach Frankreich.")
    expect(refusalText(ships, t("en"), "en")).toBe("Germany Standard does not ship to France.")
    const price = { details: { code: "shipping_cost_differs", shippingCost: "15.00", methodName: "Worldwide", methodNameDe: null } }
    expect(refusalText(price, t("de"), "de")).toBe("Der Versand mit Worldwide kostet jetzt 15,00\u00a0€: Bitte prüfen Sie Ihre Bestellung.")
  })

  it("leaves every other refusal to the server's words", () => {
    expect(refusalText({ details: { fields: { name: "x" } } }, t("de"), "de")).toBeNull()
    expect(refusalText({ details: "" }, t("de"), "de")).toBeNull()
    expect(refusalText(null, t("de"), "de")).toBeNull()
  })
})
