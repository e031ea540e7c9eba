/**
 * An address's country must be one the shop ships to: "Atlantis" is refused with 400 on the
 * country field at every entry point, a country's code or its English or German name is taken, and the contract's
 * list of countries is the one Medusa's regions sell to.
 */
import { describe, expect, it } from "vitest"
import { defaultCountries } from "@medusajs/utils"
import { SHIPPING_COUNTRY_CODES, shippingCountryCode, UNKNOWN_COUNTRY_MESSAGE } from "@enclave/contract"
import { asAdmin, asNewCustomer, asVisitor, newUserDetails, sandboxPaymentId } from "../support/api.ts"
import { testAddress } from "../support/address.ts"

describe("the countries the shop ships to", () => {
  it("are Medusa's countries, each in a region: the shipping methods' countries together", async () => {
    const methods = (await asVisitor().get("/api/shipping-methods")).body as Array<{ countries: string[] }>
    const served = new Set(methods.flatMap((m) => m.countries.map((c) => c.toLowerCase())))
    expect([...served].sort()).toEqual([...SHIPPING_COUNTRY_CODES].sort())
    expect([...SHIPPING_COUNTRY_CODES].sort()).toEqual(defaultCountries.map((c) => c.alpha2.toLowerCase()).sort())
  })

  it("are known by their code and their English, German and Medusa names", () => {
    for (const country of defaultCountries) {
      expect(shippingCountryCode(country.name), country.name).toBe(country.alpha2.toLowerCase())
      expect(shippingCountryCode(country.alpha2), country.alpha2).toBe(country.alpha2.toLowerCase())
    }
    expect(["Deutschland", "germany", " DE ", "Schweiz", "Antigua & Barbuda"].map(shippingCountryCode)).toEqual([
      "de",
      "de",
      "de",
      "ch",
      "ag",
    ])
    expect(["Atlantis", "Narnia", "XX", "Germany2"].map(shippingCountryCode)).toEqual([null, null, null, null])
  })
})

describe("an address in a country the shop does not ship to", () => {
  it("is refused with 400 on the country at registration and on the profile, and a known one in German is taken", async () => {
    const refused = await asVisitor().post("/api/register", newUserDetails({ country: "Atlantis" }))
    expect([refused.status, refused.body.details?.fields?.country]).toEqual([400, UNKNOWN_COUNTRY_MESSAGE])

    const customer = await asNewCustomer({ country: "Deutschland" })
    const profile = (await customer.get("/api/account")).body
    const moved = await customer.put("/api/account", { ...profile, country: "Atlantis" })
    expect([moved.status, moved.body.details?.fields?.country]).toEqual([400, UNKNOWN_COUNTRY_MESSAGE])
    expect((await customer.get("/api/account")).body.country).toBe("Deutschland")
  })

  it("gets no shipping methods, no summary, no order and no admin address change", async () => {
    const methods = await asVisitor().get("/api/shipping-methods?country=Atlantis")
    expect([methods.status, methods.body.details?.fields?.country]).toEqual([400, "Unknown country"])

    const customer = await asNewCustomer()
    const summary = await customer.get("/api/checkout-summary?country=Atlantis&shippingMethod=1")
    expect([summary.status, summary.body.details?.fields?.country]).toEqual([400, UNKNOWN_COUNTRY_MESSAGE])

    expect((await customer.post("/api/cart", { productId: 1, quantity: 1 })).status).toBeLessThan(300)
    const nowhere = { ...testAddress, country: "Atlantis" }
    const order = await customer.post("/api/orders", {
      shippingAddress: nowhere,
      shippingMethod: 1,
      paymentMethod: "stripe",
      paymentId: sandboxPaymentId(),
    })
    expect([order.status, order.body.details?.fields?.["shippingAddress.country"]]).toEqual([400, UNKNOWN_COUNTRY_MESSAGE])

    const placed = await customer.post("/api/orders", {
      shippingAddress: testAddress,
      shippingMethod: 1,
      paymentMethod: "stripe",
      paymentId: sandboxPaymentId(),
    })
    expect(placed.status).toBe(201)
    const admin = await asAdmin()
    const change = await admin.put(`/api/admin/orders/${placed.body.id}/shipping-address`, { shippingAddress: nowhere })
    expect([change.status, change.body.details?.fields?.["shippingAddress.country"]]).toEqual([400, UNKNOWN_COUNTRY_MESSAGE])
    const orders = (await customer.get("/api/orders")).body as Array<{ id: number; shippingAddress: { country: string } }>
    expect(orders.find((o) => o.id === placed.body.id)?.shippingAddress.country).toBe("Germany")
  })
})
