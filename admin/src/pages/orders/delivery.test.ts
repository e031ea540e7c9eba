import { describe, expect, it } from "vitest"
import { estimatedDelivery } from "./delivery"

describe("an order's estimated delivery in the admin", () => {
  it("is its shipping method's own estimate", () => {
    expect(estimatedDelivery({ shippingMethod: { id: 3, name: "Worldwide", estimated_delivery: "7-30 days" } })).toBe("7-30 days")
    expect(estimatedDelivery({ shippingMethod: { id: 1, name: "Germany Standard", estimated_delivery: "1-2 business days" } })).toBe(
      "1-2 business days",
    )
  })

  it("is docs/product.md §9's fixed text when the method names none, the answer predates the field, or there is no method", () => {
    for (const shippingMethod of [
      { id: 4, name: "Pickup", estimated_delivery: null },
      { id: 4, name: "Pickup", estimated_delivery: "  " },
      { id: 4, name: "Pickup" },
      null,
    ]) {
      expect(estimatedDelivery({ shippingMethod }), JSON.stringify(shippingMethod)).toBe("3-5 business days")
    }
  })
})
