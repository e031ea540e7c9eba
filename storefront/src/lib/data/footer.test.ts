import { describe, expect, it } from "vitest"
import { tierLinks } from "./footer"
import { paymentBadges } from "./payment-methods"

const phone = (id: number, name: string) => ({ id, name, category: "phone" as const })

describe("the footer's tier links", () => {
  it("go to the page of the first phone whose name holds the tier's word", () => {
    expect(tierLinks([phone(7, "Enclave Premium Fold"), phone(3, "Enclave Base"), phone(5, "Enclave Medium")])).toEqual({
      Base: "/product/3",
      Medium: "/product/5",
      Premium: "/product/7",
    })
  })

  it("ignore accessories named like a tier, and fall back to the catalogue for a tier without a phone", () => {
    const products = [{ id: 9, name: "Base charger", category: "accessory" as const }, phone(2, "Enclave Medium")]
    expect(tierLinks(products)).toEqual({ Base: "/products", Medium: "/product/2", Premium: "/products" })
    expect(tierLinks([])).toEqual({ Base: "/products", Medium: "/products", Premium: "/products" })
  })
})

describe("the footer's payment badges", () => {
  it("are the card schemes and Stripe while cards are offered, and PayPal while it is", () => {
    expect(paymentBadges({ stripe: true, paypal: true, simulatedCard: true })).toEqual(["Visa", "Mastercard", "Stripe", "PayPal"])
    expect(paymentBadges({ stripe: false, paypal: true, simulatedCard: true })).toEqual(["PayPal"])
    expect(paymentBadges({ stripe: true, paypal: false, simulatedCard: false })).toEqual(["Visa", "Mastercard", "Stripe"])
  })

  it("are one test badge while only the sandbox card is offered, and none while nothing is", () => {
    expect(paymentBadges({ stripe: false, paypal: false, simulatedCard: true })).toEqual(["test"])
    expect(paymentBadges({ stripe: false, paypal: false, simulatedCard: false })).toEqual([])
  })
})
