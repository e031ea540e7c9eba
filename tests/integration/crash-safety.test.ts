/**
 * Issue 7, crash safety: Medusa killed (SIGKILL) in the middle of purchases. The launcher notices,
 * answers /api with a JSON 503 while it restarts Medusa on the same port, and nothing a buyer was
 * told is lost. A shop of its own: this test kills its server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { RESTARTING_MESSAGE } from "../../launcher/front-door.ts"
import { ApiClient } from "../support/api.ts"
import { crashDuringPurchases, databaseUrlOf, orderIntegrity } from "../support/races.ts"
import { medusaProcessOf, startShopProcess, TEST_ADMIN_PASSWORD, type ShopProcess } from "../support/shop.ts"

let shop: ShopProcess

beforeAll(async () => {
  shop = await startShopProcess()
})

afterAll(async () => {
  await shop?.stop()
  shop?.removeData()
})

describe("crash safety", () => {
  it("Medusa killed mid-purchase: restarted on the same port, 503 meanwhile, confirmed orders kept, sessions valid, retries make no second order", async () => {
    const admin = new ApiClient(shop.url)
    expect((await admin.post("/api/login", { username: "admin", password: TEST_ADMIN_PASSWORD })).status).toBe(200)
    const databaseUrl = databaseUrlOf(shop.url)
    const before = medusaProcessOf(shop.dataDir)

    const outcome = await crashDuringPurchases(shop.url, admin, { crash: () => process.kill(before.pid, "SIGKILL") })

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
