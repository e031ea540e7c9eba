import { describe, expect, it } from "vitest"
import { estimatedDelivery } from "./delivery"

describe("an order's estimated delivery in the admin", () => {
  it("is its shipping method's own estimate", () => {
    expect(estimatedDelivery({ shippingMethod: { id: 3, name: "Worldwide", estimated_delivery: "7-30 days" } }, "en")).toBe("7-30 days")
    expect(estimatedDelivery({ shippingMethod: { id: 1, name: "Germany Standard", estimated_delivery: "1-2 business days" } }, "en")).toBe(
      "1-2 business days",
    )
  })

  it("is the German wording in German, and the English one where the method has no German wording", () => {
    const method = { id: 1, name: "Germany Standard", estimated_delivery: "1-2 business days", estimated_delivery_de: "1-2 Werktage" }
    expect(estimatedDelivery({ shippingMethod: method }, "de")).toBe("1-2 Werktage")
    expect(estimatedDelivery({ shippingMethod: method }, "en")).toBe("1-2 business days")
    expect(estimatedDelivery({ shippingMethod: { ...method, estimated_delivery_de: null } }, "de")).toBe("1-2 business days")
  })

  it("promises no time when the method names none, the answer predates the field, or there is no method", () => {
    for (const shippingMethod of [
      { id: 4, name: "Pickup", estimated_delivery: null },
      { id: 4, name: "Pickup", estimated_delivery: "  " },
      { id: 4, name: "Pickup" },
      null,
    ]) {
      expect(estimatedDelivery({ shippingMethod }, "en"), JSON.stringify(shippingMethod)).toBe("Not stated for this shipping method")
    }
  })
})
