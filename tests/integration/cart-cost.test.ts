/**
 * A cart change is a few statements on Medusa's cart module, not a cart workflow that
 * re-derives the whole cart (promotions, payment collection, shipping methods). Counted with
 * pg_stat_statements on the shop's own database, and the lines written checked in Medusa's
 * cart_line_item table, which order creation and Medusa's admin read. On a shop of its own: on the
 * shared one the other files' statements ran in the same counters, and once ran for all 8 tries.
 */
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { cartSchema, productSchema, type CartItem, type Product } from "@enclave/contract"
import { asNewCustomer, asVisitor, type ApiAnswer } from "../support/api.ts"
import { databaseUrlOf } from "../support/races.ts"
import { startShopProcess, type ShopProcess } from "../support/shop.ts"

const SLEEVE = 4 // 49.00, stock 60
const DEVICE_SETUP = 8 // 99.00, stock 500

const STATEMENT_BUDGET = 20

// Every statement run in the shop's database so far, except the ones reading these counters.
const STATEMENTS_SO_FAR = `
  select coalesce(sum(calls), 0)::bigint as calls, (select dealloc from pg_stat_statements_info) as dealloc
  from pg_stat_statements
  where dbid = (select oid from pg_database where datname = current_database())
    and query not ilike '%pg_stat_statements%'`

let shop: ShopProcess
let db: pg.Client

beforeAll(async () => {
  shop = await startShopProcess({ mailbox: false })
  db = new pg.Client({ connectionString: databaseUrlOf(shop.url) })
  await db.connect()
})

afterAll(async () => {
  await db?.end()
  await shop?.stop()
  shop?.removeData()
})

async function statementsSoFar(): Promise<{ calls: number; dealloc: number }> {
  const { rows } = await db.query(STATEMENTS_SO_FAR)
  return { calls: Number(rows[0].calls), dealloc: Number(rows[0].dealloc) }
}

/**
 * The statements the shop ran while answering one request. Its background jobs run too, so a
 * count can only be too high, never too low: the caller takes the least of a few tries. A try in
 * which pg_stat_statements dropped entries to make room does not count (its sum would shrink).
 */
async function statementsOf(request: () => Promise<ApiAnswer>): Promise<{ answer: ApiAnswer; statements: number }> {
  const before = await statementsSoFar()
  const answer = await request()
  const after = await statementsSoFar()
  const statements = after.dealloc === before.dealloc ? after.calls - before.calls : Number.POSITIVE_INFINITY
  return { answer, statements }
}

async function product(id: number): Promise<Product> {
  return productSchema.parse((await asVisitor(shop.url).get(`/api/products/${id}`)).body)
}

interface MedusaLine {
  variant_id: string | null
  product_id: string | null
  variant_product_id: string | null
  title: string
  product_title: string | null
  thumbnail: string | null
  unit_price: string
  quantity: string
  is_tax_inclusive: boolean
  currency_tax_inclusive: boolean
  metadata: Record<string, unknown>
  currency_code: string
  cart_email: string | null
  customer_id: string | null
}

/** The Medusa line behind the shop's cart item, with what Medusa's pricing says about taxes in its currency. */
async function medusaLine(itemNumber: number): Promise<MedusaLine | undefined> {
  const { rows } = await db.query(
    `select li.variant_id, li.product_id, v.product_id as variant_product_id, li.title, li.product_title, li.thumbnail,
            li.unit_price::text, li.quantity::text, li.is_tax_inclusive, li.metadata, c.currency_code, c.email as cart_email, c.customer_id,
            -- The shop's prices are per currency (no region rule), so Medusa's pricing takes the currency's preference.
            coalesce(
              (select p.is_tax_inclusive from price_preference p where p.attribute = 'currency_code' and p.value = c.currency_code and p.deleted_at is null),
              false
            ) as currency_tax_inclusive
     from cart_line_item li
     join cart c on c.id = li.cart_id
     left join product_variant v on v.id = li.variant_id
     where li.deleted_at is null and li.metadata->>'item_number' = $1`,
    [String(itemNumber)],
  )
  return rows[0]
}

interface Costs {
  newLine: number
  sameProductAgain: number
  setQuantity: number
  removeLine: number
}

/** One round from a fresh customer whose cart exists already (it holds a sleeve). */
async function oneRound(): Promise<{ costs: Costs; lineAfterMerge: MedusaLine | undefined; itemAfterMerge: CartItem; email: string }> {
  const customer = await asNewCustomer({}, shop.url)
  expect((await customer.post("/api/cart", { productId: SLEEVE, quantity: 1 })).status).toBe(201)

  const add = await statementsOf(() => customer.post("/api/cart", { productId: DEVICE_SETUP, quantity: 1 }))
  expect(add.answer.status).toBe(201)
  const again = await statementsOf(() => customer.post("/api/cart", { productId: DEVICE_SETUP, quantity: 2 }))
  expect(again.answer.status).toBe(201)
  const item = cartSchema.parse(again.answer.body).find((i) => i.productId === DEVICE_SETUP)!
  expect(item.quantity).toBe(3)
  const lineAfterMerge = await medusaLine(item.id)

  const set = await statementsOf(() => customer.put(`/api/cart/${item.id}`, { quantity: 5 }))
  expect(set.answer.status).toBe(200)
  expect(cartSchema.parse(set.answer.body).find((i) => i.id === item.id)?.quantity).toBe(5)

  const remove = await statementsOf(() => customer.delete(`/api/cart/${item.id}`))
  expect(remove.answer.status).toBe(200)
  expect(cartSchema.parse(remove.answer.body).map((i) => i.productId)).toEqual([SLEEVE])
  expect(await medusaLine(item.id)).toBeUndefined()

  return {
    costs: { newLine: add.statements, sameProductAgain: again.statements, setQuantity: set.statements, removeLine: remove.statements },
    lineAfterMerge,
    itemAfterMerge: item,
    email: customer.details.email as string,
  }
}

describe("cart changes", () => {
  it(`adding a line, adding more of it, setting its quantity and removing it each run at most ${STATEMENT_BUDGET} statements`, async () => {
    const rounds: Array<Awaited<ReturnType<typeof oneRound>>> = []
    const least = (key: keyof Costs) => Math.min(...rounds.map((r) => r.costs[key]))
    const leastCosts = (): Costs => ({
      newLine: least("newLine"),
      sameProductAgain: least("sameProductAgain"),
      setQuantity: least("setQuantity"),
      removeLine: least("removeLine"),
    })
    // At least 3 tries; more (up to 8) while the shop's background work may still be in them.
    while (rounds.length < 3 || (rounds.length < 8 && Object.values(leastCosts()).some((n) => n > STATEMENT_BUDGET)))
      rounds.push(await oneRound())
    const costs = leastCosts()
    console.log(
      `cart change statements (least of ${rounds.length}): ${JSON.stringify(costs)}; every try: ${JSON.stringify(rounds.map((r) => r.costs))}`,
    )
    expect(Object.entries(costs).filter(([, statements]) => statements > STATEMENT_BUDGET)).toEqual([])
  })

  it("writes lines Medusa's orders and admin read: the catalogue's price, the product's variant, title and image", async () => {
    const { lineAfterMerge: line, itemAfterMerge: item, email } = await oneRound()
    const setup = await product(DEVICE_SETUP)
    expect(line).toBeDefined()
    expect(line).toMatchObject({
      title: setup.name,
      product_title: setup.name,
      thumbnail: setup.imageUrl,
      quantity: "3",
      metadata: { item_number: item.id, product_number: DEVICE_SETUP },
      currency_code: "eur",
      cart_email: email,
    })
    expect(Number(line!.unit_price)).toBe(Number(setup.price))
    expect(line!.variant_id).toMatch(/^variant_/)
    expect(line!.product_id).toMatch(/^prod_/)
    expect(line!.variant_product_id).toBe(line!.product_id)
    expect(line!.is_tax_inclusive).toBe(line!.currency_tax_inclusive)
    expect(line!.customer_id).toMatch(/^cus_/)
  })
})
