/**
 * A shop with data from before the links keeps working. Its shop users named their cart in
 * shop_user.cart_id, its checkout payments their session, order and user in columns, its orders'
 * details who placed them and their method's number. A shop of its own is made older so (the columns
 * back, filled as the old code wrote them, the links gone, Medusa's order without its customer and
 * shipping option as an early order could be), then started again: set-up's data migration scripts
 * move each value into its link or into Medusa's order and drop the columns, and the shop answers as
 * it did. One link is left in place, as a run cut off half way leaves it; a second start runs the
 * scripts again over the moved data and changes nothing.
 */
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { orderListSchema, unfinalisedPaymentListSchema, type Order } from "@enclave/contract"
import { ApiClient } from "../support/api.ts"
import { buyerAddress, buyWithSandboxCard, createRaceProduct, databaseUrlOf, newBuyer, type Buyer } from "../support/races.ts"
import { startShopProcess, TEST_ADMIN_PASSWORD, type ShopProcess } from "../support/shop.ts"

const GERMANY_EXPRESS = 2
const SCRIPTS = ["cart-links.js", "checkout-payment-links.js", "order-details-from-medusa.js"]

let shop: ShopProcess
let db: pg.Client | undefined

beforeAll(async () => {
  shop = await startShopProcess({ mailbox: false })
})
afterAll(async () => {
  await db?.end()
  await shop?.stop()
  shop?.removeData()
})

async function connect(): Promise<pg.Client> {
  await db?.end()
  db = new pg.Client({ connectionString: databaseUrlOf(shop.url) })
  await db.connect()
  return db
}

async function signedInAdmin(): Promise<ApiClient> {
  const admin = new ApiClient(shop.url)
  expect((await admin.post("/api/login", { username: "admin", password: TEST_ADMIN_PASSWORD })).status).toBe(200)
  return admin
}

/** Stops the shop and starts it again on its data, with its set-up due (as after an upgrade of the code). */
async function restartWithSetUpDue(client: pg.Client) {
  await client.query(`delete from script_migrations where script_name = any($1)`, [SCRIPTS])
  await client.query(`delete from enclave_setup where key = 'migrations'`)
  await client.end()
  db = undefined
  await shop.stop()
  shop = await startShopProcess({ dataDir: shop.dataDir, port: shop.port, mailbox: false })
  expect(shop.output()).toContain("Running database migrations")
}

async function columnsOf(client: pg.Client, table: string): Promise<string[]> {
  const { rows } = await client.query(
    `select column_name from information_schema.columns where table_schema = current_schema() and table_name = $1`,
    [table],
  )
  return rows.map((r) => r.column_name)
}

/** What the shop answers about the buyers' carts and orders, the admin's order list and the unfinalised payments. */
async function answers(a: Buyer, b: Buyer, orderNumber: number) {
  const admin = await signedInAdmin()
  const cartOf = async (buyer: Buyer) =>
    ((await buyer.get("/api/cart")).body as Array<{ productId: number; quantity: number; userId: number }>).map((i) => [
      i.productId,
      i.quantity,
      i.userId,
    ])
  const adminOrder = orderListSchema.parse((await admin.get("/api/admin/orders")).body).find((o) => o.id === orderNumber)
  const unfinalised = unfinalisedPaymentListSchema.parse((await admin.get("/api/admin/unfinalised-payments")).body)
  return {
    cartOfA: await cartOf(a),
    cartOfB: await cartOf(b),
    ordersOfA: ((await a.get("/api/orders")).body as Order[]).map((o) => [o.id, o.userId, o.shippingMethodId, o.total]),
    adminOrder: adminOrder && [adminOrder.userId, adminOrder.shippingMethodId, adminOrder.shippingMethod?.estimated_delivery ?? null],
    unfinalised: unfinalised.map((p) => [p.reference, p.userId, p.paymentId, p.amount]),
  }
}

describe("(made older) a shop whose records named Medusa's ids in columns", () => {
  let a: Buyer
  let b: Buyer
  let orderNumber: number
  let before: Awaited<ReturnType<typeof answers>>

  it("moves them into links and Medusa's orders on its next start, and answers as before", async () => {
    const admin = await signedInAdmin()
    const product = await createRaceProduct(admin, 50)
    ;[a, b] = [await newBuyer(shop.url), await newBuyer(shop.url)]
    expect((await a.post("/api/cart", { productId: product.id, quantity: 1 })).status).toBe(201)
    const placed = await buyWithSandboxCard(a, { shippingMethod: GERMANY_EXPRESS, shippingAddress: buyerAddress })
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    orderNumber = placed.body.id
    expect((await a.post("/api/cart", { productId: product.id, quantity: 2 })).status).toBe(201)
    expect((await b.post("/api/cart", { productId: product.id, quantity: 3 })).status).toBe(201)
    // A third customer's order went by a method the admin deleted since.
    const courier = await admin.post("/api/admin/shipping-methods", {
      name: "Old courier",
      description: "Deleted since",
      price: "9.00",
      zone: "germany",
    })
    expect(courier.status, JSON.stringify(courier.body)).toBe(201)
    const c = await newBuyer(shop.url)
    expect((await c.post("/api/cart", { productId: product.id, quantity: 1 })).status).toBe(201)
    const byCourier = await buyWithSandboxCard(c, { shippingMethod: courier.body.id })
    expect(byCourier.status, JSON.stringify(byCourier.body)).toBe(201)
    expect((await admin.delete(`/api/admin/shipping-methods/${courier.body.id}`)).status).toBe(200)
    const courierOrder = async () => ((await c.get("/api/orders")).body as Order[]).map((o) => [o.id, o.userId, o.shippingMethodId])
    expect(await courierOrder()).toEqual([[byCourier.body.id, c.userId, courier.body.id]])

    const client = await connect()
    const userRow = async (buyer: Buyer) =>
      (await client.query(`select id from shop_user where user_number = $1`, [buyer.userId])).rows[0].id
    const [aRow, bRow] = [await userRow(a), await userRow(b)]
    const { rows: orderRows } = await client.query(
      `select o.id, o.customer_id, sm.id as method_id, sm.shipping_option_id, d.id as details_id, s.id as session_id, oc.cart_id
         from "order" o
         join order_shipping os on os.order_id = o.id join order_shipping_method sm on sm.id = os.shipping_method_id
         join order_order_shoporders_order_details dl on dl.order_id = o.id join order_details d on d.id = dl.order_details_id
         join order_payment_collection opc on opc.order_id = o.id join payment_session s on s.payment_collection_id = opc.payment_collection_id
         join order_cart oc on oc.order_id = o.id
        where o.display_id = $1`,
      [orderNumber],
    )
    const order = orderRows[0]

    // Two payments that started before the links: one taken but never an order, one that became the order above.
    const address = JSON.stringify({ ...buyerAddress, addressLine2: null })
    for (const [id, reference, status] of [
      ["chkpay_old_unfinalised", "pi_old_unfinalised", "unfinalised"],
      ["chkpay_old_ordered", "pi_old_ordered", "ordered"],
    ]) {
      await client.query(
        `insert into checkout_payment (id, provider, reference, amount, is_test_payment, shipping_address, shipping_method_number,
                                       shipping_method_name, status, payment_id, failure_reason)
         values ($1, 'stripe', $2, '35.00', true, $3, 1, 'Germany Standard', $4, $2, $5)`,
        [id, reference, address, status, status === "unfinalised" ? "the last unit was sold meanwhile" : null],
      )
      // Their cart was a link already.
      await client.query(`insert into cart_cart_shoporders_checkout_payment (id, cart_id, checkout_payment_id) values ($1, $2, $3)`, [
        `cartchk_${id}`,
        order.cart_id,
        id,
      ])
    }
    before = await answers(a, b, orderNumber)
    expect(before.unfinalised).toEqual([])
    expect(before.ordersOfA).toEqual([[orderNumber, a.userId, GERMANY_EXPRESS, expect.any(String)]])

    // Made older: the columns back, filled as the old code wrote them; the links and Medusa's facts gone.
    await client.query(`alter table shop_user add column cart_id text`)
    await client.query(
      `update shop_user u set cart_id = l.cart_id from accounts_shop_user_cart_cart l where l.shop_user_id = u.id and l.deleted_at is null`,
    )
    // B's link stays, as a run cut off after linking some leaves it.
    await client.query(`delete from accounts_shop_user_cart_cart where shop_user_id = $1`, [aRow])
    await client.query(`alter table order_details add column user_number integer, add column shipping_method_number integer`)
    await client.query(`update order_details set user_number = $1, shipping_method_number = $2 where id = $3`, [
      a.userId,
      GERMANY_EXPRESS,
      order.details_id,
    ])
    await client.query(`update "order" set customer_id = null where id = $1`, [order.id])
    await client.query(`update order_shipping_method set shipping_option_id = null where id = $1`, [order.method_id])
    const { rows: courierRows } = await client.query(
      `select sm.id as method_id, sm.shipping_option_id, dl.order_details_id from "order" o
         join order_shipping os on os.order_id = o.id join order_shipping_method sm on sm.id = os.shipping_method_id
         join order_order_shoporders_order_details dl on dl.order_id = o.id
        where o.display_id = $1`,
      [byCourier.body.id],
    )
    await client.query(`update order_details set user_number = $1, shipping_method_number = $2 where id = $3`, [
      c.userId,
      courier.body.id,
      courierRows[0].order_details_id,
    ])
    await client.query(`update order_shipping_method set shipping_option_id = null where id = $1`, [courierRows[0].method_id])
    await client.query(
      `alter table checkout_payment add column payment_session_id text, add column order_id text, add column user_number integer`,
    )
    await client.query(
      `update checkout_payment set payment_session_id = 'payses_old_unfinalised', user_number = $1 where id = 'chkpay_old_unfinalised'`,
      [a.userId],
    )
    await client.query(
      `update checkout_payment set payment_session_id = $1, order_id = $2, user_number = $3 where id = 'chkpay_old_ordered'`,
      [order.session_id, order.id, a.userId],
    )
    const olderCarts = (await client.query(`select id, cart_id from shop_user where id = any($1) order by user_number`, [[aRow, bRow]]))
      .rows
    expect(olderCarts.every((r) => typeof r.cart_id === "string")).toBe(true)

    await restartWithSetUpDue(client)
    const after = await connect()
    expect(await columnsOf(after, "shop_user")).not.toContain("cart_id")
    expect(await columnsOf(after, "order_details")).toEqual(expect.not.arrayContaining(["user_number", "shipping_method_number"]))
    expect(await columnsOf(after, "checkout_payment")).toEqual(
      expect.not.arrayContaining(["payment_session_id", "order_id", "user_number"]),
    )
    // Each user's cart is their link again, B's once, not twice.
    const { rows: cartLinks } = await after.query(
      `select shop_user_id, cart_id from accounts_shop_user_cart_cart where deleted_at is null and shop_user_id = any($1) order by shop_user_id`,
      [[aRow, bRow]],
    )
    expect(cartLinks).toEqual(
      olderCarts.map((r) => ({ shop_user_id: r.id, cart_id: r.cart_id })).sort((x, y) => x.shop_user_id.localeCompare(y.shop_user_id)),
    )
    // Medusa's order took who placed it and how it ships from the shop's details.
    const { rows: medusa } = await after.query(
      `select o.customer_id, sm.shipping_option_id from "order" o, order_shipping_method sm where o.id = $1 and sm.id = $2`,
      [order.id, order.method_id],
    )
    expect(medusa).toEqual([{ customer_id: order.customer_id, shipping_option_id: order.shipping_option_id }])
    // The deleted method's option too, found through its deleted link: the order still says how it shipped.
    const { rows: courierAfter } = await after.query(`select shipping_option_id from order_shipping_method where id = $1`, [
      courierRows[0].method_id,
    ])
    expect(courierAfter).toEqual([{ shipping_option_id: courierRows[0].shipping_option_id }])
    expect(await courierOrder()).toEqual([[byCourier.body.id, c.userId, courier.body.id]])
    // The payments' links: session and user for both, the order for the one that became it.
    const { rows: payments } = await after.query(
      `select cp.id,
              (select payment_session_id from shoporders_checkout_payment_payment_payment_session l where l.checkout_payment_id = cp.id and l.deleted_at is null) as session_id,
              (select shop_user_id from accounts_shop_user_shoporders_checkout_payment l where l.checkout_payment_id = cp.id and l.deleted_at is null) as user_id,
              (select order_id from order_order_shoporders_checkout_payment l where l.checkout_payment_id = cp.id and l.deleted_at is null) as order_id
         from checkout_payment cp where cp.id like 'chkpay_old_%' order by cp.id`,
    )
    expect(payments).toEqual([
      { id: "chkpay_old_ordered", session_id: order.session_id, user_id: aRow, order_id: order.id },
      { id: "chkpay_old_unfinalised", session_id: "payses_old_unfinalised", user_id: aRow, order_id: null },
    ])

    // What the shop answers is as before, and the payment taken without an order is on record for staff again.
    const moved = await answers(a, b, orderNumber)
    expect(moved).toEqual({ ...before, unfinalised: [["pi_old_unfinalised", a.userId, "pi_old_unfinalised", "35.00"]] })
  })

  it("runs the scripts again over moved data without changing anything, and sells as before", async () => {
    const client = await connect()
    const links = async (c: pg.Client) =>
      (
        await c.query(
          `select 'cart' as link, shop_user_id as a, cart_id as b from accounts_shop_user_cart_cart where deleted_at is null
           union all select 'payment-user', shop_user_id, checkout_payment_id from accounts_shop_user_shoporders_checkout_payment where deleted_at is null
           union all select 'payment-order', order_id, checkout_payment_id from order_order_shoporders_checkout_payment where deleted_at is null
           order by 1, 2, 3`,
        )
      ).rows
    const linksBefore = await links(client)
    const answersBefore = await answers(a, b, orderNumber)
    await restartWithSetUpDue(client)
    const again = await connect()
    expect(await links(again)).toEqual(linksBefore)
    expect(await answers(a, b, orderNumber)).toEqual(answersBefore)

    // A moved cart is bought like any other, and let go.
    const bought = await buyWithSandboxCard(a)
    expect(bought.status, JSON.stringify(bought.body)).toBe(201)
    expect((await a.get("/api/cart")).body).toEqual([])
    expect(((await a.get("/api/orders")).body as Order[]).map((o) => o.id)).toEqual([bought.body.id, orderNumber])
  })
})
