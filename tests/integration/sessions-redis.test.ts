/**
 * The scaled-out setup: PostgreSQL and Redis of the machine (as in docker-compose.yml). Sessions
 * then live in Redis, not in the session table, and still survive a restart of the shop.
 */
import { randomBytes } from "node:crypto"
import { Redis } from "ioredis"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { withClient } from "../../launcher/database.ts"
import { ApiClient, newUserDetails } from "../support/api.ts"
import { startShopProcess, type ShopProcess } from "../support/shop.ts"

const SERVER_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379"
const databaseName = `enclave_sessions_${randomBytes(4).toString("hex")}`
const databaseUrl = SERVER_URL.replace(/\/[^/]*$/, `/${databaseName}`)

let shop: ShopProcess
const redis = new Redis(REDIS_URL)
const env = { DATABASE_URL: databaseUrl, REDIS_URL }

beforeAll(async () => {
  shop = await startShopProcess({ env })
})

afterAll(async () => {
  await shop?.stop()
  shop?.removeData()
  redis.disconnect()
  await withClient(SERVER_URL, (client) => client.query(`drop database if exists "${databaseName}" with (force)`))
})

describe("sessions with REDIS_URL", () => {
  it("are kept in Redis, not in the session table, and survive a restart", async () => {
    const client = new ApiClient(shop.url)
    const details = newUserDetails()
    expect((await client.post("/api/register", details)).status).toBe(201)
    const sid = decodeURIComponent(client.cookie()!).slice(2).split(".")[0]
    expect(await redis.exists(`enclave:sess:${sid}`)).toBe(1)
    const rows = await withClient(databaseUrl, (db) => db.query(`select count(*)::int as n from "session"`))
    expect(rows.rows[0].n).toBe(0)

    await shop.stop()
    shop = await startShopProcess({ dataDir: shop.dataDir, port: shop.port, env })
    const me = await client.get("/api/user")
    expect(me.status).toBe(200)
    expect(me.body.username).toBe(details.username)

    expect((await client.post("/api/logout")).status).toBe(200)
    expect(await redis.exists(`enclave:sess:${sid}`)).toBe(0)
  })
})
