/**
 * Crash safety: Medusa killed (SIGKILL) in the middle of purchases. The launcher notices,
 * answers /api with a JSON 503 while it restarts Medusa on the same port, and nothing a buyer was
 * told is lost, no card payment pays for two orders. A shop of its own (the payment fakes' shop):
 * this test kills its server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { RESTARTING_MESSAGE } from "../../launcher/front-door.ts"
import { startPaymentShop, type PaymentShop } from "../support/payment-shop.ts"
import { cardPurchase, crashDuringPurchases, databaseUrlOf, orderIntegrity, sandboxCardPurchase } from "../support/races.ts"
import { medusaProcessOf, type ShopProcess } from "../support/shop.ts"

let env: PaymentShop
let shop: ShopProcess

beforeAll(async () => {
  // With the card provider's fake, so that card payments (PaymentIntents) are in the crash too.
  env = await startPaymentShop()
  shop = env.shop
  await env.enableProviders()
})

afterAll(async () => {
  await env?.stop()
})

describe("crash safety", () => {
  it("Medusa killed mid-purchase: restarted on the same port, 503 meanwhile, confirmed orders kept, sessions valid, retries make no second order", async () => {
    const admin = await env.admin()
    const databaseUrl = databaseUrlOf(shop.url)
    const before = medusaProcessOf(shop.dataDir)

    const byCard = cardPurchase((paymentIntentId) => void env.stripe.confirm(paymentIntentId))
    const outcome = await crashDuringPurchases(shop.url, admin, {
      crash: () => void process.kill(before.pid, "SIGKILL"),
      // Half pay with the simulated card, half with a real card PaymentIntent.
      payment: (buyer, i) => (i % 2 === 0 ? sandboxCardPurchase(buyer) : byCard(buyer)),
    })

    expect(outcome.confirmedBefore).toBeGreaterThan(0)
    // While Medusa was away the front door said so at once, as JSON.
    expect(outcome.whileDown.length).toBeGreaterThan(0)
    for (const answer of outcome.whileDown) expect(answer).toMatchObject({ status: 503, body: { message: RESTARTING_MESSAGE } })
    for (const answer of outcome.cutOff) expect([0, 502, 503], JSON.stringify(answer.body)).toContain(answer.status)

    const after = medusaProcessOf(shop.dataDir)
    expect(after.pid).not.toBe(before.pid)
    expect(after.url).toBe(before.url)
    expect(shop.output()).toMatch(/Medusa exited unexpectedly \(SIGKILL\); restarting it on port \d+/)
    expect(shop.output()).toMatch(/Medusa is back on port \d+/)
    // The admin's session survived the restart too.
    expect((await admin.get("/api/admin/orders")).status).toBe(200)
    expect(await orderIntegrity(databaseUrl)).toEqual({ ordersWithoutItems: [], cartsOrderedTwice: [] })
    console.log(
      `crash safety: ${outcome.confirmedBefore} confirmed before the crash, ${outcome.cutOff.length} cut off (${outcome.cutOff.map((a) => a.status).join(", ")}), ${outcome.whileDown.length} answers while restarting`,
    )
  })
})
