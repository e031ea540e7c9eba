/**
 * VAT, Medusa's way, on the shared shop: every order placed through /api carries
 * the tax lines of Medusa's tax module on its items and shipping, read back through Medusa's own Store
 * API; the shop's answers (the checkout summary before the order, the order after) state the VAT from
 * those lines. One gross price list: Germany's 19 % contained for a German address, France's 20 % for a
 * French consumer (one-stop-shop), none outside the EU (an export), and the net price for a business of
 * another EU state (reverse charge). Medusa's Store API totals the same cart as /api, to the cent.
 */
import { beforeAll, describe, expect, it } from "vitest"
import {
  checkoutSummarySchema,
  orderListSchema,
  orderSchema,
  REVERSE_CHARGE_TAX_CODE,
  type CheckoutSummary,
  type Order,
} from "@enclave/contract"
import { centsToEuros, eurosToCents } from "@enclave/contract/money"
import { asAdmin, asNewCustomer, asVisitor, sandboxPaymentId, type ApiClient } from "../support/api.ts"
import { testAddress } from "../support/address.ts"
import { medusaStoreOf, type MedusaOrder, type MedusaStore } from "../support/medusa-store.ts"
import { servedDocument, type ServedDocument } from "../support/openapi-check.ts"
import { databaseUrlOf } from "../support/races.ts"
import { shopUrl } from "../support/urls.ts"

const BASE = 1 // Enclave Base, 599.00
const GERMANY_STANDARD = 1 // 15.00
const WORLDWIDE = 3 // 50.00

const paris = { ...testAddress, city: "Paris", state: "Île-de-France", postalCode: "75001", country: "France" }
const zurich = { ...testAddress, city: "Zürich", state: "Zürich", postalCode: "8001", country: "Switzerland" }

/** The VAT a gross amount contains at a rate, in cents, rounded half up (docs/product.md §4 VAT). */
const vatIn = (grossCents: number, rate: number) => Math.round((grossCents * rate) / (100 + rate))

let store: MedusaStore
let served: ServedDocument
let databaseUrl: string
/** A phone of this file's own at the Base's price, so its orders take no Base from other files' counts. */
let phone: number

beforeAll(async () => {
  store = await medusaStoreOf()
  served = await servedDocument()
  databaseUrl = databaseUrlOf(shopUrl())
  const admin = await asAdmin()
  const created = await admin.post("/api/admin/products", {
    name: "Tax test phone",
    price: "599.00",
    stockQuantity: 100,
    category: "phone",
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  phone = created.body.id
})

/** What the summary says the cart comes to, shipped there with that method. */
async function summaryOf(customer: ApiClient, country: string, method: number, state?: string): Promise<CheckoutSummary> {
  const query = new URLSearchParams({ country, shippingMethod: String(method), ...(state ? { state } : {}) })
  const answer = await customer.get(`/api/checkout-summary?${query}`)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  expect(answer.headers.get("cache-control")).toBe("private, no-store")
  // The answer is the one the OpenAPI document describes.
  expect(served.problemsWith("GET", "/api/checkout-summary", { status: answer.status, body: answer.body })).toEqual([])
  return checkoutSummarySchema.parse(answer.body)
}

/** One unit of `productId`, priced by the summary, then ordered with the sandbox card: both answers and Medusa's order. */
async function buy(customer: ApiClient, productId: number, address: typeof testAddress, method: number) {
  expect((await customer.post("/api/cart", { productId, quantity: 1 })).status).toBe(201)
  const summary = await summaryOf(customer, address.country, method, address.state)
  const placed = await customer.post("/api/orders", {
    shippingAddress: address,
    shippingMethod: method,
    paymentMethod: "stripe",
    paymentId: sandboxPaymentId(),
    total: summary.total,
  })
  expect(placed.status, JSON.stringify(placed.body)).toBe(201)
  expect(served.problemsWith("POST", "/api/orders", { status: placed.status, body: placed.body })).toEqual([])
  const order = orderSchema.parse(placed.body)
  const medusa = await store.order(order.id, databaseUrl)
  return { summary, order, medusa }
}

/** The order as the customer's list answers it later, read from Medusa's order. */
async function listed(customer: ApiClient, id: number): Promise<Order> {
  const orders = orderListSchema.parse((await customer.get("/api/orders")).body)
  return orders.find((o) => o.id === id)!
}

const taxLinesOf = (medusa: MedusaOrder) => ({
  items: medusa.items.map((item) => item.tax_lines.map((line) => [line.code, Number(line.rate)])),
  shipping: medusa.shipping_methods.map((method) => method.tax_lines.map((line) => [line.code, Number(line.rate)])),
})

describe("VAT on orders placed through /api", () => {
  it("Germany: Medusa's order has 19 % tax lines on the item and the shipping, and its tax_total is the 19/119 the total contains", async () => {
    const customer = await asNewCustomer()
    const { summary, order, medusa } = await buy(customer, BASE, testAddress, GERMANY_STANDARD)
    const vat = vatIn(614_00, 19)
    expect(centsToEuros(vat)).toBe("98.03")
    const figures = { total: "614.00", vatTreatment: "included", vat: [{ rate: 19, amount: "98.03" }], taxTotal: "98.03" }
    expect(summary).toMatchObject({ subtotal: "599.00", shippingCost: "15.00", ...figures })
    expect(order).toMatchObject({ subtotal: "599.00", shippingCost: "15.00", ...figures })
    // Read back from Medusa's order: the prices as charged, VAT included (not Medusa's net item_subtotal).
    expect(await listed(customer, order.id)).toMatchObject({ subtotal: "599.00", shippingCost: "15.00", ...figures })

    expect(taxLinesOf(medusa)).toEqual({ items: [[["DE-19", 19]]], shipping: [[["DE-19", 19]]] })
    expect([...medusa.items, ...medusa.shipping_methods].every((line) => line.is_tax_inclusive)).toBe(true)
    // Medusa's totals do not round: its tax_total is the VAT the gross total contains, to the cent the same.
    expect(medusa.total).toBe(614)
    expect(Math.round(medusa.tax_total * 100)).toBe(vat)
  })

  it("another EU state (France, a consumer): the same gross price, France's 20 % contained", async () => {
    const customer = await asNewCustomer()
    const { summary, order, medusa } = await buy(customer, phone, paris, WORLDWIDE)
    const figures = { total: "649.00", vatTreatment: "included", vat: [{ rate: 20, amount: centsToEuros(vatIn(649_00, 20)) }] }
    expect(figures.vat[0].amount).toBe("108.17")
    expect(summary).toMatchObject({ subtotal: "599.00", shippingCost: "50.00", ...figures, taxTotal: "108.17" })
    expect(order).toMatchObject({ subtotal: "599.00", ...figures, taxTotal: "108.17" })
    expect(taxLinesOf(medusa)).toEqual({ items: [[["FR-20", 20]]], shipping: [[["FR-20", 20]]] })
    expect(medusa.total).toBe(649)
    expect(Math.round(medusa.tax_total * 100)).toBe(108_17)
  })

  it("outside the EU (Switzerland): the same gross price, no tax lines, no VAT, an export", async () => {
    const customer = await asNewCustomer()
    const { summary, order, medusa } = await buy(customer, phone, zurich, WORLDWIDE)
    const figures = { total: "649.00", vatTreatment: "export", vat: [], taxTotal: "0.00" }
    expect(summary).toMatchObject(figures)
    expect(order).toMatchObject(figures)
    expect(await listed(customer, order.id)).toMatchObject(figures)
    expect(taxLinesOf(medusa)).toEqual({ items: [[]], shipping: [[]] })
    expect([medusa.total, medusa.tax_total]).toEqual([649, 0])
  })

  it("a business with a VAT ID of another EU state, shipping there, pays the net price: 0 % reverse-charge lines, not tax-inclusive", async () => {
    const business = await asNewCustomer({ companyName: "Sécurité Mobile SARL", vatId: "FR 40 303 265 045" })
    expect((await business.post("/api/cart", { productId: phone, quantity: 1 })).status).toBe(201)
    // The gross total is not what this customer pays: the server's pricing says the net one.
    const gross = await business.post("/api/orders", {
      shippingAddress: paris,
      shippingMethod: WORLDWIDE,
      paymentMethod: "stripe",
      paymentId: sandboxPaymentId(),
      total: "649.00",
    })
    expect([gross.status, gross.body.details?.total]).toEqual([409, "545.38"])
    expect((await business.delete("/api/cart")).status).toBeLessThan(300)

    const { summary, order, medusa } = await buy(business, phone, paris, WORLDWIDE)
    // Each price without Germany's 19 %, to the cent: 599.00 / 1.19 = 503.36, 50.00 / 1.19 = 42.02.
    const figures = {
      subtotal: "503.36",
      shippingCost: "42.02",
      total: "545.38",
      vatTreatment: "reverse_charge",
      vat: [],
      taxTotal: "0.00",
    }
    expect(summary).toMatchObject(figures)
    expect(summary.items).toEqual([expect.objectContaining({ productId: phone, price: "503.36", total: "503.36" })])
    expect(order).toMatchObject(figures)
    expect(order.items.map((item) => item.price)).toEqual(["503.36"])
    expect(await listed(business, order.id)).toMatchObject({ ...figures, items: [expect.objectContaining({ price: "503.36" })] })

    expect(taxLinesOf(medusa)).toEqual({ items: [[[REVERSE_CHARGE_TAX_CODE, 0]]], shipping: [[[REVERSE_CHARGE_TAX_CODE, 0]]] })
    expect([...medusa.items, ...medusa.shipping_methods].some((line) => line.is_tax_inclusive)).toBe(false)
    expect([medusa.total, medusa.tax_total]).toEqual([545.38, 0])
  })

  it("no reverse charge for a German VAT ID abroad, nor for a foreign business receiving in Germany: they pay the gross price with the VAT of where it goes", async () => {
    const german = await asNewCustomer({ companyName: "Müller Sicherheit GmbH", vatId: "DE811907980" })
    const toFrance = await summaryOf(await withPhone(german), "FR", WORLDWIDE)
    expect(toFrance).toMatchObject({ total: "649.00", vatTreatment: "included", vat: [{ rate: 20, amount: "108.17" }] })
    const french = await asNewCustomer({ companyName: "Sécurité Mobile SARL", vatId: "FR40303265045" })
    const toGermany = await summaryOf(await withPhone(french), "Germany", GERMANY_STANDARD)
    expect(toGermany).toMatchObject({ total: "614.00", vatTreatment: "included", vat: [{ rate: 19, amount: "98.03" }] })
    // Greece's VAT IDs start EL, its addresses are GR: a Greek business shipping to Austria buys net.
    const greek = await asNewCustomer({ companyName: "Asfaleia AE", vatId: "EL094259216" })
    expect(await summaryOf(await withPhone(greek), "Austria", WORLDWIDE)).toMatchObject({ total: "545.38", vatTreatment: "reverse_charge" })
  })

  it("the summary refuses a visitor, an unknown country and a malformed method, naming the field", async () => {
    const customer = await withPhone(await asNewCustomer())
    const unknown = await customer.get("/api/checkout-summary?country=Atlantis&shippingMethod=1")
    expect([unknown.status, unknown.body.details]).toEqual([400, { fields: { country: "Choose a country the shop ships to" } }])
    const missing = await customer.get("/api/checkout-summary")
    expect([missing.status, missing.body.details]).toEqual([400, { fields: { country: "Country is required" } }])
    const method = await customer.get("/api/checkout-summary?country=DE&shippingMethod=abc")
    expect([method.status, method.body.details]).toEqual([
      400,
      { fields: { shippingMethod: "Shipping method must be a shipping method id" } },
    ])
    // Without a method: the items alone, their VAT.
    expect(await customer.get("/api/checkout-summary?country=DE").then((a) => a.body)).toMatchObject({
      shippingCost: null,
      total: "599.00",
      vat: [{ rate: 19, amount: centsToEuros(vatIn(599_00, 19)) }],
    })
    const visitor = await asVisitor().get("/api/checkout-summary?country=DE")
    expect(visitor.status).toBe(401)
  })
})

describe("Medusa's Store API", () => {
  it("totals one Enclave Base shipped Germany Standard exactly as /api: €614.00 with the same VAT contained", async () => {
    const medusa = await store.cartTotals("Enclave Base", { country_code: "de", city: "Berlin", postal_code: "10117" })
    expect(medusa.shippingOption).toBe("Germany Standard")
    const customer = await withPhone(await asNewCustomer(), BASE)
    const ours = await summaryOf(customer, "Germany", GERMANY_STANDARD)
    expect(ours.total).toBe("614.00")
    expect(eurosToCents(medusa.total)).toBe(eurosToCents(ours.total))
    expect(Math.round(medusa.tax_total * 100)).toBe(eurosToCents(ours.taxTotal))
  })
})

/** The customer with one unit of a product in the cart (this file's phone unless another is named). */
async function withPhone<C extends ApiClient>(customer: C, productId: number = phone): Promise<C> {
  expect((await customer.post("/api/cart", { productId, quantity: 1 })).status).toBe(201)
  return customer
}
