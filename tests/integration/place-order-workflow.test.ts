/**
 * The purchase is one Medusa workflow. What it makes is a real Medusa order (items,
 * shipping method, address, reservation, a payment captured in Medusa's payment module and booked
 * as the order's transaction, linked to its cart and payment collection); a purchase whose last step fails leaves nothing behind; the same cart completed
 * twice at once makes one order.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import pg from "pg"
import { orderSchema } from "@enclave/contract"
import { asAdmin, type ApiClient } from "../support/api.ts"
import { shopUrl } from "../support/urls.ts"
import {
  buyerAddress,
  buyWithSandboxCard,
  createRaceProduct,
  databaseUrlOf,
  GERMANY_STANDARD,
  medusaAvailableStock,
  newBuyer,
  ordersOf,
} from "../support/races.ts"

let db: pg.Client
let databaseUrl: string
let admin: ApiClient

beforeAll(async () => {
  databaseUrl = databaseUrlOf(shopUrl())
  db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  admin = await asAdmin()
})
afterAll(async () => {
  await db?.end()
})

/** Medusa's rows for one order of the shop, by the number customers see. */
async function medusaOrder(displayId: number) {
  const { rows } = await db.query(
    `select o.id, o.status, o.email, o.customer_id, a.country_code, a.city,
            (select count(*)::int from order_cart oc where oc.order_id = o.id and oc.deleted_at is null) as carts,
            (select count(*)::int from order_shipping os where os.order_id = o.id and os.deleted_at is null) as shipping_methods,
            (select pc.status from order_payment_collection opc join payment_collection pc on pc.id = opc.payment_collection_id
              where opc.order_id = o.id and opc.deleted_at is null) as payment_status,
            (select coalesce(sum(c.amount), 0)::numeric from order_payment_collection opc
               join payment p on p.payment_collection_id = opc.payment_collection_id and p.deleted_at is null
               join capture c on c.payment_id = p.id and c.deleted_at is null
              where opc.order_id = o.id and opc.deleted_at is null) as captured,
            (select coalesce(sum(t.amount), 0)::numeric from order_transaction t
              where t.order_id = o.id and t.reference = 'capture' and t.deleted_at is null) as booked,
            (select coalesce(sum(r.quantity), 0)::int from order_item oi join reservation_item r on r.line_item_id = oi.item_id and r.deleted_at is null
              where oi.order_id = o.id and oi.deleted_at is null) as reserved
       from "order" o left join order_address a on a.id = o.shipping_address_id
      where o.display_id = $1 and o.deleted_at is null`,
    [displayId],
  )
  return rows[0]
}

/** Everything Medusa holds for one buyer's purchase attempts: orders, live payments, reservations of the product. */
async function leftovers(customerEmail: string, paymentId: string, productId: number) {
  const orders = await db.query(`select count(*)::int as n from "order" where email = $1 and deleted_at is null`, [customerEmail])
  const payments = await db.query(
    `select count(*)::int as n from payment_session s
       join payment_collection pc on pc.id = s.payment_collection_id and pc.deleted_at is null
       left join payment p on p.payment_session_id = s.id and p.deleted_at is null and p.canceled_at is null
      where s.deleted_at is null and s.data->>'payment_id' = $1 and (p.id is not null or s.status = 'authorized')`,
    [paymentId],
  )
  return {
    orders: orders.rows[0].n as number,
    livePayments: payments.rows[0].n as number,
    stock: await medusaAvailableStock(databaseUrl, productId),
  }
}

describe("the purchase workflow", () => {
  it("makes a real Medusa order: items, shipping method, address, reservation, captured payment, linked to its cart", async () => {
    const product = await createRaceProduct(admin, 50)
    const buyer = await newBuyer(shopUrl())
    expect((await buyer.post("/api/cart", { productId: product.id, quantity: 2 })).status).toBe(201)
    const answer = await buyWithSandboxCard(buyer)
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    const order = orderSchema.parse(answer.body)
    expect(order.items.map((i) => [i.productId, i.quantity, i.price])).toEqual([[product.id, 2, product.price]])
    expect(order.total).toBe((Number(product.price) * 2 + 15).toFixed(2))

    const medusa = await medusaOrder(order.id)
    expect(medusa).toMatchObject({
      status: "pending",
      carts: 1,
      shipping_methods: 1,
      // The simulated card's money counts as taken: captured in Medusa's payment module, booked on the order.
      payment_status: "completed",
      reserved: 2,
      country_code: "de",
      city: "Berlin",
    })
    expect(medusa.customer_id).toMatch(/^cus_/)
    expect([Number(medusa.captured), Number(medusa.booked)]).toEqual([Number(order.total), Number(order.total)])
    expect(await medusaAvailableStock(databaseUrl, product.id)).toMatchObject({ stocked: 50, reserved: 2, available: 48 })
  })

  it("a purchase whose last step fails leaves no order, no reservation and no payment, and the cart can be bought again", async () => {
    const product = await createRaceProduct(admin, 50)
    const buyer = await newBuyer(shopUrl())
    const me = (await buyer.get("/api/user")).body as { id: number; email: string }
    expect((await buyer.post("/api/cart", { productId: product.id, quantity: 3 })).status).toBe(201)
    const before = await leftovers(me.email, "none", product.id)

    // The database refuses the shop's order details of this buyer's payment only: the workflow's
    // last writing step fails after Medusa's order, the reservation and the payment were made.
    const fn = `enclave_test_refuse_${me.id}`
    const paymentId = `str-compensate-${me.id}`
    await db.query(
      `create function ${fn}() returns trigger language plpgsql as $$
         begin if new.payment_id = '${paymentId}' then raise exception 'the test refuses this order''s details'; end if; return new; end $$`,
    )
    await db.query(`create trigger ${fn} before insert on order_details for each row execute function ${fn}()`)
    try {
      const failed = await buyWithSandboxCard(buyer, { paymentId })
      expect(failed.status).toBeGreaterThanOrEqual(500)
      expect(failed.body.message).toEqual(expect.any(String))
    } finally {
      await db.query(`drop trigger ${fn} on order_details`)
      await db.query(`drop function ${fn}()`)
    }

    expect(await leftovers(me.email, paymentId, product.id)).toEqual({ orders: 0, livePayments: 0, stock: before.stock })
    expect(before.stock).toMatchObject({ reserved: 0, available: 50 })
    expect(await ordersOf(buyer)).toEqual([])
    // The cart is still the buyer's, whole: buying it again works, once.
    const cart = (await buyer.get("/api/cart")).body as Array<{ productId: number; quantity: number }>
    expect(cart.map((i) => [i.productId, i.quantity])).toEqual([[product.id, 3]])
    const again = await buyWithSandboxCard(buyer, { paymentId })
    expect(again.status, JSON.stringify(again.body)).toBe(201)
    expect((await ordersOf(buyer)).map((o) => o.id)).toEqual([again.body.id])
    // The same witnesses see the order that was made: one order, one live payment, three reserved.
    expect(await leftovers(me.email, paymentId, product.id)).toMatchObject({
      orders: 1,
      livePayments: 1,
      stock: { reserved: 3, available: 47 },
    })
  })

  it("the same cart completed five times at once makes one order, answered to every request", async () => {
    const product = await createRaceProduct(admin, 50)
    const buyer = await newBuyer(shopUrl())
    expect((await buyer.post("/api/cart", { productId: product.id, quantity: 1 })).status).toBe(201)
    const paymentId = `str-twice-${buyer.userId}`
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        buyer.post("/api/orders", { shippingAddress: buyerAddress, shippingMethod: GERMANY_STANDARD, paymentMethod: "stripe", paymentId }),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201])
    const ids = new Set(answers.map((a) => a.body.id))
    expect(ids.size).toBe(1)
    expect((await ordersOf(buyer)).map((o) => o.id)).toEqual([...ids])
    const { rows } = await db.query(
      `select count(*)::int as n from "order" o where o.deleted_at is null and o.email = (select email from "order" where display_id = $1)`,
      [[...ids][0]],
    )
    expect(rows[0].n).toBe(1)
    expect(await medusaAvailableStock(databaseUrl, product.id)).toMatchObject({ reserved: 1, available: 49 })
  })
})
