/**
 * Fault and concurrency scenarios, written against a shop's URL only, so the same
 * scenario runs on the one-process test shop and on a scaled-out shop (several Medusa servers
 * behind the front door). Each one prepares its own product and customers, then races, then
 * checks what callers see.
 */
import { randomBytes } from "node:crypto"
import fs from "node:fs"
import pg from "pg"
import { expect } from "vitest"
import { orderListSchema, paypalCaptureSchema, productSchema, type Order, type Product } from "@enclave/contract"
import { ApiClient, newUserDetails, type ApiAnswer } from "./api.ts"
import { medusaProcessOf } from "./shop.ts"

export const GERMANY_STANDARD = 1

/** A valid German shipping address (shipping method 1, Germany Standard, delivers there). */
export const buyerAddress = {
  fullName: "Grace Hopper",
  addressLine1: "Friedrichstraße 100",
  addressLine2: "",
  city: "Berlin",
  state: "Berlin",
  postalCode: "10117",
  country: "Germany",
}

/** Runs `work` over the items with at most `limit` at a time (the setup must not itself be a stampede). */
export async function inBatches<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const runner = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index], index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner))
  return results
}

export type Buyer = ApiClient & { userId: number }

/** A newly registered, signed-in customer of this shop. */
export async function newBuyer(shopUrl: string): Promise<Buyer> {
  const client = new ApiClient(shopUrl)
  const answer = await client.post("/api/register", newUserDetails())
  if (answer.status !== 201) throw new Error(`register answered ${answer.status}: ${JSON.stringify(answer.body)}`)
  return Object.assign(client, { userId: (answer.body as { id: number }).id })
}

/** A product of the caller's own (through the admin API), so a race never touches what other tests buy. */
export async function createRaceProduct(admin: ApiClient, stockQuantity: number): Promise<Product> {
  const answer = await admin.post("/api/admin/products", {
    name: `Last Units ${randomBytes(4).toString("hex")}`,
    description: "A product made by a concurrency test",
    price: "20.00",
    category: "accessory",
    securityLevel: 3,
    stockQuantity,
    features: [],
    specifications: {},
  })
  if (answer.status !== 201) throw new Error(`creating a product answered ${answer.status}: ${JSON.stringify(answer.body)}`)
  return productSchema.parse(answer.body)
}

/** What the shop's catalogue says is left. */
export async function shownStock(shopUrl: string, productId: number): Promise<number> {
  const answer = await new ApiClient(shopUrl).get(`/api/products/${productId}`)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return productSchema.parse(answer.body).stockQuantity
}

/** A sandbox card purchase of the buyer's cart (docs/product.md §4: the simulated card's ids start with `str-`). */
export function buyWithSandboxCard(buyer: ApiClient, extra: Record<string, unknown> = {}): Promise<ApiAnswer> {
  return buyer.post("/api/orders", {
    shippingAddress: buyerAddress,
    shippingMethod: GERMANY_STANDARD,
    paymentMethod: "stripe",
    paymentId: `str-${randomBytes(6).toString("hex")}`,
    ...extra,
  })
}

export async function ordersOf(buyer: ApiClient): Promise<Order[]> {
  const answer = await buyer.get("/api/orders")
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return orderListSchema.parse(answer.body)
}

/**
 * Medusa's own inventory for a shop product, read from its database: stocked minus reserved over
 * every location. A second witness next to the catalogue, which may be served from a cache.
 */
export async function medusaAvailableStock(
  databaseUrl: string,
  productId: number,
): Promise<{ stocked: number; reserved: number; available: number }> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query(
      `select coalesce(sum(il.stocked_quantity), 0)::int as stocked, coalesce(sum(il.reserved_quantity), 0)::int as reserved
         from security_profile sp
         join product_product_securitylevels_security_profile link on link.security_profile_id = sp.id and link.deleted_at is null
         join product_variant pv on pv.product_id = link.product_id and pv.deleted_at is null
         join product_variant_inventory_item pvi on pvi.variant_id = pv.id and pvi.deleted_at is null
         join inventory_level il on il.inventory_item_id = pvi.inventory_item_id and il.deleted_at is null
        where sp.catalogue_number = $1`,
      [productId],
    )
    const { stocked, reserved } = rows[0] as { stocked: number; reserved: number }
    return { stocked, reserved, available: stocked - reserved }
  } finally {
    await client.end()
  }
}

export interface LastUnitsRace {
  product: Product
  /** Every buyer's answer to POST /api/orders, in buyer order. */
  answers: ApiAnswer[]
  winners: Buyer[]
  /** From firing the first purchase to the last answer. */
  raceMs: number
}

/**
 * `buyers` customers each put one unit of a product with `units` left in their cart (prepared
 * beforehand, a few at a time), then all of them buy at the same moment with the sandbox card.
 * Checks: exactly `units` orders, each winner's order holds the product, every other buyer got a
 * 409 saying it is sold out or how many are left and has no order, and the stock shows 0, never
 * less. `medusaStock`, when given, is asked for Medusa's own count too.
 */
export async function raceForLastUnits(
  shopUrl: string,
  admin: ApiClient,
  options: { buyers?: number; units?: number; medusaStock?: (productId: number) => Promise<number> } = {},
): Promise<LastUnitsRace> {
  const buyerCount = options.buyers ?? 50
  const units = options.units ?? 5
  const product = await createRaceProduct(admin, units)
  const buyers = await inBatches(Array.from({ length: buyerCount }), 4, async () => {
    const buyer = await newBuyer(shopUrl)
    const added = await buyer.post("/api/cart", { productId: product.id, quantity: 1 })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    return buyer
  })

  const started = performance.now()
  const answers = await Promise.all(buyers.map((buyer) => buyWithSandboxCard(buyer)))
  const raceMs = performance.now() - started

  const statuses = answers.map((a) => a.status)
  const unexpected = answers.filter((a) => a.status !== 201 && a.status !== 409)
  expect(unexpected, JSON.stringify(unexpected.map((a) => [a.status, a.body]))).toEqual([])
  expect(statuses.filter((s) => s === 201)).toHaveLength(units)
  for (const refused of answers.filter((a) => a.status === 409)) {
    expect(refused.body.message, JSON.stringify(refused.body)).toMatch(
      new RegExp(`${escape(product.name)} is sold out|Only \\d+ of ${escape(product.name)} left`),
    )
  }

  const winners = buyers.filter((_, i) => answers[i].status === 201)
  const orders = await inBatches(buyers, 5, (buyer) => ordersOf(buyer))
  orders.forEach((list, i) => {
    if (answers[i].status === 201) {
      expect(list.map((o) => o.id)).toEqual([answers[i].body.id])
      expect(list[0].items.map((item) => [item.productId, item.quantity])).toEqual([[product.id, 1]])
    } else {
      expect(list).toEqual([])
    }
  })

  expect(await shownStock(shopUrl, product.id)).toBe(0)
  if (options.medusaStock) expect(await options.medusaStock(product.id)).toBe(0)
  // Too late is too late: a buyer who tries again is refused the same way.
  const late = await buyWithSandboxCard(buyers[answers.findIndex((a) => a.status === 409)])
  expect(late.status).toBe(409)
  expect(late.body.message).toBe(`${product.name} is sold out, none left in stock: please remove it from your cart`)
  return { product, answers, winners, raceMs }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
}

export interface TenCaptures {
  orderId: number
  answers: ApiAnswer[]
}

/**
 * The same approved wallet (PayPal) order captured ten times at once by its buyer (a double
 * click, a retrying network). docs/product.md §7 capture-order answers id/status (or error and details):
 * every answer is the one order, or a 409 with a message while another capture is under way;
 * the buyer has exactly one order, and a later capture answers that order again.
 */
export async function captureTenTimes(buyer: ApiClient, paypalOrderId: string): Promise<TenCaptures> {
  const answers = await Promise.all(
    Array.from({ length: 10 }, () => buyer.post("/api/paypal-server/capture-order", { orderId: paypalOrderId })),
  )
  const captured = answers.filter((a) => a.status === 200)
  const others = answers.filter((a) => a.status !== 200)
  for (const other of others) {
    expect(other.status, JSON.stringify(other.body)).toBe(409)
    expect(other.body.message, JSON.stringify(other.body)).toEqual(expect.any(String))
  }
  expect(captured.length).toBeGreaterThan(0)
  const orderIds = new Set(captured.map((a) => paypalCaptureSchema.parse(a.body).orderId))
  expect(orderIds.size).toBe(1)
  const [orderId] = [...orderIds]
  expect(new Set(captured.map((a) => a.body.paymentId)).size).toBe(1)
  expect((await ordersOf(buyer)).map((o) => o.id)).toEqual([orderId])
  const again = await buyer.post("/api/paypal-server/capture-order", { orderId: paypalOrderId })
  expect(again.status, JSON.stringify(again.body)).toBe(200)
  expect(again.body.orderId).toBe(orderId)
  return { orderId, answers }
}

/**
 * The database of a shop running on this machine, found through its launcher (the process whose
 * PORT is the shop's port) and the Medusa server it started. A scaled-out shop's tests pass
 * DATABASE_URL instead.
 */
export function databaseUrlOf(shopUrl: string): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL
  const url = environOf(medusaOfShop(shopUrl).pid).get("DATABASE_URL")
  if (!url) throw new Error(`The Medusa server of the shop at ${shopUrl} has no DATABASE_URL: set DATABASE_URL`)
  return url
}

function environOf(pid: number | string): Map<string, string> {
  return new Map(
    fs
      .readFileSync(`/proc/${pid}/environ`, "utf8")
      .split("\0")
      .map((kv) => [kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1)]),
  )
}

/** The Medusa server (process and internal address) of a shop on this machine, found by the shop's port. */
export function medusaOfShop(shopUrl: string): { pid: number; url: string } {
  const port = new URL(shopUrl).port
  for (const pid of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const env = environOf(pid)
      if (env.get("PORT") !== port || !env.get("DATA_DIR")) continue
      return medusaProcessOf(env.get("DATA_DIR")!)
    } catch {
      // not ours, or it ended while we looked
    }
  }
  throw new Error(`Cannot find the Medusa server of the shop at ${shopUrl} on this machine`)
}

export interface CrashDuringPurchases {
  /** How many buyers had their purchase confirmed (201) before or while the server died. */
  confirmedBefore: number
  /** What POST /api/orders answered the rest (cut off, or refused while restarting). */
  cutOff: ApiAnswer[]
  /** Every non-success answer of /api/products seen between the crash and the shop being back. */
  whileDown: ApiAnswer[]
}

/**
 * Buyers purchase with the sandbox card, a few more every moment; once the first purchase is
 * confirmed, `crash` kills a Medusa server (SIGKILL). Then, once the shop answers again: every
 * confirmed order exists with its items, every buyer's session (the same cookies) still works, a
 * buyer whose purchase was cut off buys again and ends with exactly one order (never a second for
 * the same cart), no order is without items, and the stock went down by exactly the orders made.
 */
export async function crashDuringPurchases(
  shopUrl: string,
  admin: ApiClient,
  options: {
    crash: () => void | Promise<void>
    /** How buyer i pays (sandbox card unless said otherwise); the same purchase is sent again as the retry. */
    payment?: (buyer: Buyer, index: number) => Promise<Purchase>
    buyers?: number
    staggerMs?: number
    backWithinMs?: number
  },
): Promise<CrashDuringPurchases> {
  const count = options.buyers ?? 12
  const stock = 500
  const product = await createRaceProduct(admin, stock)
  const payment = options.payment ?? sandboxCardPurchase
  const prepared = await inBatches(Array.from({ length: count }), 4, async (_, i) => {
    const buyer = await newBuyer(shopUrl)
    expect((await buyer.post("/api/cart", { productId: product.id, quantity: 1 })).status).toBe(201)
    return { buyer, buy: await payment(buyer, i) }
  })
  const buyers = prepared.map((p) => p.buyer)

  let crashed = false
  let confirmedBefore = 0
  let firstConfirmed: () => void = () => {}
  const confirmed = new Promise<void>((resolve) => (firstConfirmed = resolve))
  const purchases = buyers.map(async (buyer, i) => {
    await new Promise((r) => setTimeout(r, i * (options.staggerMs ?? 400)))
    const answer = await prepared[i]
      .buy()
      .catch((error: Error) => ({ status: 0, headers: new Headers(), body: { message: error.message } }) as ApiAnswer)
    if (answer.status === 201) {
      if (!crashed) confirmedBefore++
      firstConfirmed()
    }
    return answer
  })
  await confirmed
  crashed = true
  await options.crash()

  // The shop answers again: until then, every answer is an error with a message, never a hang.
  const whileDown: ApiAnswer[] = []
  const deadline = Date.now() + (options.backWithinMs ?? 240_000)
  for (;;) {
    const answer = await new ApiClient(shopUrl).get("/api/products")
    if (answer.status === 200) break
    whileDown.push(answer)
    expect(answer.body?.message, JSON.stringify(answer.body)).toEqual(expect.any(String))
    if (Date.now() > deadline) throw new Error(`The shop did not answer again within ${(options.backWithinMs ?? 240_000) / 1000} s`)
    await new Promise((r) => setTimeout(r, 250))
  }
  const answers = await Promise.all(purchases)

  // Sessions are kept in the database: the same cookies still sign the same people in.
  for (const buyer of buyers) {
    const me = await buyer.get("/api/user")
    expect(me.status, JSON.stringify(me.body)).toBe(200)
    expect(me.body.id).toBe(buyer.userId)
  }
  // Every purchase the buyer was told about exists, with its items.
  for (const [i, buyer] of buyers.entries()) {
    if (answers[i].status !== 201) continue
    const orders = await ordersOf(buyer)
    expect(orders.map((o) => o.id)).toEqual([answers[i].body.id])
    expect(orders[0].items.map((item) => [item.productId, item.quantity])).toEqual([[product.id, 1]])
  }
  // Those cut off try again with the same session: one order each, whatever the first attempt did.
  const cutOff = answers.filter((a) => a.status !== 201)
  for (const [i, buyer] of buyers.entries()) {
    if (answers[i].status === 201) continue
    const retry = await prepared[i].buy()
    expect(retry.status, JSON.stringify(retry.body)).toBe(201)
    const orders = await ordersOf(buyer)
    expect(orders.map((o) => o.id)).toEqual([retry.body.id])
    expect(orders[0].items.map((item) => [item.productId, item.quantity])).toEqual([[product.id, 1]])
  }
  expect(await shownStock(shopUrl, product.id)).toBe(stock - count)
  // No payment paid for two orders.
  const paymentIds = (await inBatches(buyers, 4, (buyer) => ordersOf(buyer))).flat().map((o) => o.paymentId)
  expect(new Set(paymentIds).size).toBe(count)
  return { confirmedBefore, cutOff, whileDown }
}

/** The final POST /api/orders of a purchase, ready to send (and to send again). */
export type Purchase = () => Promise<ApiAnswer>

/** The simulated card: one payment id per buyer, so a retry is the same request again. */
export async function sandboxCardPurchase(buyer: Buyer): Promise<Purchase> {
  const paymentId = `str-${randomBytes(6).toString("hex")}`
  return () => buyWithSandboxCard(buyer, { paymentId })
}

/**
 * The card provider: the checkout starts a PaymentIntent (POST /api/card-payments), `confirm`
 * plays the buyer's card being accepted at Stripe, and the purchase is POST /api/orders with it.
 */
export function cardPurchase(confirm: (paymentIntentId: string) => void): (buyer: Buyer) => Promise<Purchase> {
  return async (buyer) => {
    const started = await buyer.post("/api/card-payments", { shippingAddress: buyerAddress, shippingMethodId: GERMANY_STANDARD })
    expect(started.status, JSON.stringify(started.body)).toBe(201)
    const { paymentIntentId, amount } = started.body as { paymentIntentId: string; amount: string }
    confirm(paymentIntentId)
    return () =>
      buyer.post("/api/orders", {
        shippingAddress: buyerAddress,
        shippingMethod: GERMANY_STANDARD,
        paymentMethod: "stripe",
        paymentId: paymentIntentId,
        total: amount,
      })
  }
}

/** What Medusa's database says about orders made from carts: none without items, no cart made into two. */
export async function orderIntegrity(databaseUrl: string): Promise<{ ordersWithoutItems: string[]; cartsOrderedTwice: string[] }> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const withoutItems = await client.query(
      `select o.id from "order" o where o.deleted_at is null
          and not exists (select 1 from order_item oi where oi.order_id = o.id and oi.deleted_at is null)`,
    )
    const twice = await client.query(`select cart_id from order_cart where deleted_at is null group by cart_id having count(*) > 1`)
    return { ordersWithoutItems: withoutItems.rows.map((r) => r.id), cartsOrderedTwice: twice.rows.map((r) => r.cart_id) }
  } finally {
    await client.end()
  }
}
