/**
 * The storefront's JavaScript budget: at most 90 KB of gzipped JavaScript before interaction on
 * every storefront page, for a visitor and for a signed-in customer (with a cart and an order, so
 * checkout, the orders and the payment result pages show their islands), in English and German. A
 * form's code fetched when its tab or step opens is a dynamic import and not counted (tests/support/page-weight.ts).
 */
import { beforeAll, describe, expect, it } from "vitest"
import { orderSchema } from "@enclave/contract"
import { pageWeight } from "../support/page-weight.ts"
import { buyWithSandboxCard } from "../support/races.ts"
import { asNewCustomer, type ApiClient } from "../support/api.ts"
import { shopUrl } from "../support/urls.ts"

const BUDGET_BYTES = 90 * 1024

/** Every page a visitor can open, the guarded ones included (they answer with /auth). */
const pages = [
  "/",
  "/products",
  "/product/1",
  "/auth",
  "/auth?tab=register",
  "/auth/forgot",
  "/auth/reset?token=a-token-from-a-mail",
  "/checkout",
  "/orders",
  "/account",
  "/account/orders",
  "/imprint",
  "/privacy",
  "/terms",
  "/returns",
  "/shipping",
  "/a-page-that-does-not-exist",
]

let customer: ApiClient
let orderId: number

beforeAll(async () => {
  customer = await asNewCustomer()
  expect((await customer.post("/api/cart", { productId: 1, quantity: 1 })).status).toBeLessThan(300)
  const order = await buyWithSandboxCard(customer)
  expect(order.status, JSON.stringify(order.body)).toBe(201)
  orderId = orderSchema.parse(order.body).id
  // Buying emptied the cart: checkout shows its steps only with something in it.
  expect((await customer.post("/api/cart", { productId: 1, quantity: 1 })).status).toBeLessThan(300)
})

async function expectWithinBudget(path: string, cookie: string, who: string) {
  for (const language of ["en", "de"]) {
    const weight = await pageWeight(shopUrl(), path, { cookie: [cookie, `language=${language}`].filter(Boolean).join("; ") })
    console.log(`${path} [${who}, ${language}]: ${(weight.gzipBytes / 1024).toFixed(1)} KB gzip in ${weight.files.length} files`)
    expect(weight.gzipBytes, JSON.stringify(weight.files)).toBeLessThanOrEqual(BUDGET_BYTES)
    // The measurement sees the islands every page has (cart panel, toasts, header actions): React is among them.
    expect(
      weight.files.some((f) => /react|client/i.test(f.url)),
      JSON.stringify(weight.files),
    ).toBe(true)
  }
}

describe("JavaScript sent before interaction", () => {
  it.each(pages)("%s stays within 90 KB gzip for a visitor", async (path) => {
    await expectWithinBudget(path, "", "visitor")
  })

  it.each([...pages, "/checkout/success?orderId={order}", "/checkout/error?orderId={order}"])(
    "%s stays within 90 KB gzip for a signed-in customer",
    async (path) => {
      await expectWithinBudget(path.replace("{order}", String(orderId)), customer.cookieHeader(), "customer")
    },
  )
})
