/**
 * Faults and concurrency: the last units of a product go to exactly as many buyers as
 * there are units, however many buy at the same moment. Runs on the shared test shop with a
 * product of its own.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { asAdmin, type ApiClient } from "../support/api.ts"
import { databaseUrlOf, medusaAvailableStock, raceForLastUnits } from "../support/races.ts"
import { shopUrl } from "../support/urls.ts"

let admin: ApiClient

beforeAll(async () => {
  admin = await asAdmin()
})

describe("no oversell", () => {
  it("50 buyers at once for the last 5 units: 5 orders, stock 0 in the catalogue and in Medusa, 45 told it is sold out", async () => {
    const databaseUrl = databaseUrlOf(shopUrl())
    const race = await raceForLastUnits(shopUrl(), admin, {
      buyers: 50,
      units: 5,
      medusaStock: async (productId) => {
        const level = await medusaAvailableStock(databaseUrl, productId)
        // Sold units are reserved against the stock until shipped; never more than there were.
        expect(level).toMatchObject({ stocked: 5, reserved: 5 })
        return level.available
      },
    })
    expect(race.winners).toHaveLength(5)
    console.log(`no-oversell race: 50 purchases answered in ${(race.raceMs / 1000).toFixed(1)} s`)
  })
})
