/**
 * One order list: the shop's own records are tied to Medusa's with links, not with id
 * columns. A customer's cart is Medusa's cart linked to their account (the accounts plugin's
 * shop-user-cart link), moved by workflows whose compensation moves it back; who placed an order
 * and how it ships are Medusa's order's own (its customer, its shipping option), read through the
 * shop-user-customer and shipping-option-details links. Read here in Medusa's link tables, and
 * proven by moving Medusa's record and seeing the shop's answers follow. Runs on the shared shop.
 */
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { orderListSchema, orderSchema } from "@enclave/contract"
import { asAdmin, type ApiClient } from "../support/api.ts"
import {
  buyerAddress,
  buyWithSandboxCard,
  createRaceProduct,
  databaseUrlOf,
  medusaAvailableStock,
  newBuyer,
  ordersOf,
  type Buyer,
} from "../support/races.ts"
import { shopUrl } from "../support/urls.ts"

const GERMANY_EXPRESS = 2

let db: pg.Client
let admin: ApiClient

beforeAll(async () => {
  db = new pg.Client({ connectionString: databaseUrlOf(shopUrl()) })
  await db.connect()
  admin = await asAdmin()
})
afterAll(async () => {
  await db?.end()
})

/** The buyer's shop_user row id and their Medusa customer (the account's link to it). */
async function accountOf(buyer: Buyer): Promise<{ id: string; customerId: string }> {
  const { rows } = await db.query(
    `select u.id, l.customer_id from shop_user u
       join accounts_shop_user_customer_customer l on l.shop_user_id = u.id and l.deleted_at is null
      where u.user_number = $1`,
    [buyer.userId],
  )
  return { id: rows[0].id, customerId: rows[0].customer_id }
}

/** The carts the buyer's account is linked to now (Medusa's link table), with what Medusa says of each. */
async function linkedCarts(userRowId: string) {
  const { rows } = await db.query(
    `select c.id, c.customer_id, c.completed_at,
            (select coalesce(sum(li.quantity), 0)::int from cart_line_item li where li.cart_id = c.id and li.deleted_at is null) as units
       from accounts_shop_user_cart_cart l join cart c on c.id = l.cart_id
      where l.shop_user_id = $1 and l.deleted_at is null`,
    [userRowId],
  )
  return rows as Array<{ id: string; customer_id: string; completed_at: Date | null; units: number }>
}

async function columnsOf(table: string): Promise<string[]> {
  const { rows } = await db.query(
    `select column_name from information_schema.columns where table_schema = current_schema() and table_name = $1`,
    [table],
  )
  return rows.map((r) => r.column_name)
}

describe("a customer's cart", () => {
  it("is Medusa's cart linked to their account: one while they fill it, let go once it is an order, a new one at the next add", async () => {
    expect(await columnsOf("shop_user")).not.toContain("cart_id")
    const product = await createRaceProduct(admin, 50)
    const buyer = await newBuyer(shopUrl())
    const account = await accountOf(buyer)
    expect(await linkedCarts(account.id)).toEqual([])

    expect((await buyer.post("/api/cart", { productId: product.id, quantity: 1 })).status).toBe(201)
    expect((await buyer.post("/api/cart", { productId: product.id, quantity: 2 })).status).toBe(201)
    const [cart] = await linkedCarts(account.id)
    expect(await linkedCarts(account.id)).toEqual([{ id: cart.id, customer_id: account.customerId, completed_at: null, units: 3 }])

    const placed = await buyWithSandboxCard(buyer)
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    // Let go: the link is dismissed, the cart completed and tied to its order instead.
    expect(await linkedCarts(account.id)).toEqual([])
    const { rows: ordered } = await db.query(
      `select o.display_id, c.completed_at from order_cart oc join "order" o on o.id = oc.order_id join cart c on c.id = oc.cart_id
        where oc.cart_id = $1 and oc.deleted_at is null`,
      [cart.id],
    )
    expect(ordered).toEqual([{ display_id: placed.body.id, completed_at: expect.any(Date) }])
    expect((await buyer.get("/api/cart")).body).toEqual([])

    expect((await buyer.post("/api/cart", { productId: product.id, quantity: 1 })).status).toBe(201)
    const next = await linkedCarts(account.id)
    expect(next).toEqual([{ id: expect.any(String), customer_id: account.customerId, completed_at: null, units: 1 }])
    expect(next[0].id).not.toBe(cart.id)
  })

  it("a new cart whose link cannot be written is not left behind, and the next add starts one", async () => {
    const product = await createRaceProduct(admin, 50)
    const buyer = await newBuyer(shopUrl())
    const account = await accountOf(buyer)
    // The database refuses this account's cart link only: the start-cart workflow fails after Medusa made the cart.
    const fn = `enclave_test_refuse_cart_${buyer.userId}`
    await db.query(
      `create function ${fn}() returns trigger language plpgsql as $$
         begin if new.shop_user_id = '${account.id}' then raise exception 'the test refuses this cart link'; end if; return new; end $$`,
    )
    await db.query(`create trigger ${fn} before insert on accounts_shop_user_cart_cart for each row execute function ${fn}()`)
    try {
      const refused = await buyer.post("/api/cart", { productId: product.id, quantity: 1 })
      expect(refused.status).toBeGreaterThanOrEqual(500)
      expect(refused.body.message).toEqual(expect.any(String))
    } finally {
      await db.query(`drop trigger ${fn} on accounts_shop_user_cart_cart`)
      await db.query(`drop function ${fn}()`)
    }
    // Compensation deleted the cart Medusa made: none is left for the customer, linked or not.
    const carts = async () =>
      (await db.query(`select count(*)::int as n from cart where customer_id = $1 and deleted_at is null`, [account.customerId])).rows[0].n
    expect(await carts()).toBe(0)
    expect(await linkedCarts(account.id)).toEqual([])
    expect((await buyer.get("/api/cart")).body).toEqual([])

    expect((await buyer.post("/api/cart", { productId: product.id, quantity: 2 })).status).toBe(201)
    expect(await carts()).toBe(1)
    expect((await linkedCarts(account.id)).map((c) => c.units)).toEqual([2])
  })
})

describe("a purchase that fails as it lets go of the cart", () => {
  it("undoes every step before: the cart stays the customer's, whole, and can be bought again", async () => {
    const product = await createRaceProduct(admin, 50)
    const buyer = await newBuyer(shopUrl())
    const account = await accountOf(buyer)
    expect((await buyer.post("/api/cart", { productId: product.id, quantity: 2 })).status).toBe(201)
    const [cart] = await linkedCarts(account.id)
    // The database refuses the dismissal of this account's cart link: the purchase's last writing step
    // fails after Medusa's order, the reservation, the captured payment and the completed cart were made.
    const fn = `enclave_test_keep_cart_${buyer.userId}`
    await db.query(
      `create function ${fn}() returns trigger language plpgsql as $$
         begin if new.shop_user_id = '${account.id}' and new.deleted_at is not null then raise exception 'the test keeps this cart'; end if; return new; end $$`,
    )
    await db.query(`create trigger ${fn} before update on accounts_shop_user_cart_cart for each row execute function ${fn}()`)
    const paymentId = `str-keep-cart-${buyer.userId}`
    try {
      const failed = await buyWithSandboxCard(buyer, { paymentId })
      expect(failed.status).toBeGreaterThanOrEqual(500)
    } finally {
      await db.query(`drop trigger ${fn} on accounts_shop_user_cart_cart`)
      await db.query(`drop function ${fn}()`)
    }
    // Every step before it was undone: no order, no payment, no reservation; the cart is open and theirs again.
    const { rows: orders } = await db.query(`select count(*)::int as n from "order" where customer_id = $1 and deleted_at is null`, [
      account.customerId,
    ])
    const { rows: sessions } = await db.query(
      `select count(*)::int as n from payment_session where data->>'payment_id' = $1 and deleted_at is null`,
      [paymentId],
    )
    expect([orders[0].n, sessions[0].n]).toEqual([0, 0])
    expect(await medusaAvailableStock(databaseUrlOf(shopUrl()), product.id)).toEqual({ stocked: 50, reserved: 0, available: 50 })
    expect(await linkedCarts(account.id)).toEqual([{ ...cart, completed_at: null, units: 2 }])
    expect((await buyer.get("/api/cart")).body.map((i: { productId: number; quantity: number }) => [i.productId, i.quantity])).toEqual([
      [product.id, 2],
    ])

    const again = await buyWithSandboxCard(buyer, { paymentId })
    expect(again.status, JSON.stringify(again.body)).toBe(201)
    expect((await ordersOf(buyer)).map((o) => o.id)).toEqual([again.body.id])
    expect(await linkedCarts(account.id)).toEqual([])
  })
})

describe("who placed an order and how it ships", () => {
  it("are Medusa's order's customer and shipping option, which the shop's answers follow", async () => {
    expect(await columnsOf("order_details")).toEqual(expect.not.arrayContaining(["user_number", "shipping_method_number", "order_id"]))
    expect(await columnsOf("checkout_payment")).toEqual(expect.not.arrayContaining(["payment_session_id", "order_id", "user_number"]))
    const product = await createRaceProduct(admin, 50)
    const [buyer, other] = [await newBuyer(shopUrl()), await newBuyer(shopUrl())]
    const [account, otherAccount] = [await accountOf(buyer), await accountOf(other)]
    expect((await buyer.post("/api/cart", { productId: product.id, quantity: 1 })).status).toBe(201)
    const placed = await buyWithSandboxCard(buyer, { shippingMethod: GERMANY_EXPRESS, shippingAddress: buyerAddress })
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    const order = orderSchema.parse(placed.body)
    expect(order).toMatchObject({ userId: buyer.userId, shippingMethodId: GERMANY_EXPRESS, shippingMethod: { id: GERMANY_EXPRESS } })

    // Medusa's order names the buyer's customer, and the option linked to the shop's method 2.
    const { rows } = await db.query(
      `select o.id, o.customer_id, sm.shipping_option_id, sm.id as method_id from "order" o
         join order_shipping os on os.order_id = o.id and os.deleted_at is null
         join order_shipping_method sm on sm.id = os.shipping_method_id
        where o.display_id = $1`,
      [order.id],
    )
    const medusa = rows[0]
    expect(medusa.customer_id).toBe(account.customerId)
    expect(medusa.shipping_option_id).toBe(await shippingOptionOfMethod(GERMANY_EXPRESS))

    // Medusa's record moves (an import correcting it, say): every answer of the shop follows.
    await db.query(`update "order" set customer_id = $1 where id = $2`, [otherAccount.customerId, medusa.id])
    await db.query(`update order_shipping_method set shipping_option_id = $1 where id = $2`, [
      await shippingOptionOfMethod(1),
      medusa.method_id,
    ])
    const listed = orderListSchema.parse((await admin.get("/api/admin/orders")).body).find((o) => o.id === order.id)
    // The method's name stays as the customer chose it (the shop's details keep it); its number is the option's.
    expect(listed).toMatchObject({ userId: other.userId, shippingMethodId: 1, shippingMethod: { id: 1, name: "Germany Express" } })
    expect((await ordersOf(buyer)).map((o) => o.id)).not.toContain(order.id)
    expect((await ordersOf(other)).map((o) => [o.id, o.userId])).toEqual([[order.id, other.userId]])
    expect((await buyer.get(`/api/orders/${order.id}/invoice.pdf`)).status).toBe(404)
    expect((await other.get(`/api/orders/${order.id}/invoice.pdf`)).status).toBe(200)
  })
})

describe("an order whose shipping method was deleted since", () => {
  it("still says which method it shipped with, through the deleted option's link, without its estimate", async () => {
    const product = await createRaceProduct(admin, 50)
    const created = await admin.post("/api/admin/shipping-methods", {
      name: `Courier ${Date.now()}`,
      description: "Gone after this test",
      price: "9.00",
      estimated_delivery: "2-3 days",
      zone: "germany",
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const method = created.body as { id: number; name: string }
    const buyer = await newBuyer(shopUrl())
    expect((await buyer.post("/api/cart", { productId: product.id, quantity: 1 })).status).toBe(201)
    const placed = await buyWithSandboxCard(buyer, { shippingMethod: method.id })
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    expect(placed.body.shippingMethod).toEqual({
      id: method.id,
      name: method.name,
      name_de: null,
      estimated_delivery: "2-3 days",
      estimated_delivery_de: null,
    })

    expect((await admin.delete(`/api/admin/shipping-methods/${method.id}`)).status).toBe(200)
    const [order] = await ordersOf(buyer)
    expect(order).toMatchObject({
      id: placed.body.id,
      shippingMethodId: method.id,
      shippingMethod: { id: method.id, name: method.name, estimated_delivery: null, estimated_delivery_de: null },
    })
  })
})

/** The Medusa shipping option behind the shop's method with this number, through the shipping-methods plugin's link. */
async function shippingOptionOfMethod(methodNumber: number): Promise<string> {
  const { rows: tables } = await db.query(
    `select table_name from information_schema.columns
      where table_schema = current_schema() and column_name = 'shipping_method_details_id'
        and table_name in (select table_name from information_schema.columns where column_name = 'shipping_option_id')`,
  )
  const { rows } = await db.query(
    `select l.shipping_option_id from "${tables[0].table_name}" l
       join shipping_method_details d on d.id = l.shipping_method_details_id
      where d.method_number = $1 and l.deleted_at is null`,
    [methodNumber],
  )
  return rows[0].shipping_option_id
}
