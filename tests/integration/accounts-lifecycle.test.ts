/**
 * Accounts across the life of a shop process: a session that survives a restart, a lock that
 * runs out, and the command that makes an admin. One shop of its own, with a short lock time.
 */
import { execFile } from "node:child_process"
import path from "node:path"
import { promisify } from "node:util"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { networkLockedMessage } from "@enclave/contract"
import { ApiClient, fromNewAddress, newUserDetails } from "../support/api.ts"
import { repoRoot, startShopProcess, type ShopProcess } from "../support/shop.ts"

const run = promisify(execFile)
const LOCK_SECONDS = 3
const SIGN_IN_LIMIT = 12
const FAILURES_PER_ADDRESS = 8
const env = {
  LOGIN_LOCK_MINUTES: String(LOCK_SECONDS / 60),
  SIGN_IN_LIMIT_PER_MINUTE: String(SIGN_IN_LIMIT),
  SIGN_IN_FAILURES_PER_ADDRESS: String(FAILURES_PER_ADDRESS),
}

let shop: ShopProcess

beforeAll(async () => {
  shop = await startShopProcess({ env })
})

afterAll(async () => {
  await shop?.stop()
  shop?.removeData()
})

async function register(overrides: Record<string, unknown> = {}) {
  const client = new ApiClient(shop.url)
  const details = newUserDetails(overrides)
  expect((await client.post("/api/register", details)).status).toBe(201)
  return { client, details }
}

describe("a shop process's accounts", () => {
  it("unlocks an account when the lock time has run out, and counts from zero again", async () => {
    const { details } = await register()
    const attempt = (password: string) => new ApiClient(shop.url).post("/api/login", { username: details.username, password })
    for (let i = 0; i < 4; i++) expect((await attempt("wrong" + i)).status).toBe(401)
    expect((await attempt("wrong again")).status).toBe(423)
    expect((await attempt(details.password)).status).toBe(423)
    await new Promise((r) => setTimeout(r, LOCK_SECONDS * 1000 + 500))
    const client = new ApiClient(shop.url)
    const unlocked = await client.post("/api/login", { username: details.username, password: details.password })
    expect(unlocked.status).toBe(200)
    expect(unlocked.body).toMatchObject({ accountLocked: false, loginAttempts: 0 })
  })

  it("makes an admin only through npm run admin:promote, and takes it away with --revoke", async () => {
    const { client, details } = await register({ isAdmin: true })
    expect((await client.get("/api/admin/users")).status).toBe(403)
    const promote = await run(
      process.execPath,
      [
        "--experimental-strip-types",
        "--no-warnings=ExperimentalWarning",
        path.join(repoRoot, "launcher", "admin-promote.ts"),
        details.username,
      ],
      {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: shop.dataDir, DATABASE_URL: "" },
      },
    )
    expect(promote.stdout).toContain(`${details.username} is now an admin`)
    expect((await client.get("/api/admin/users")).status).toBe(200)
    expect((await client.get("/api/user")).body.isAdmin).toBe(true)
    await run(
      process.execPath,
      [
        "--experimental-strip-types",
        "--no-warnings=ExperimentalWarning",
        path.join(repoRoot, "launcher", "admin-promote.ts"),
        details.username,
        "--revoke",
      ],
      {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: shop.dataDir, DATABASE_URL: "" },
      },
    )
    expect((await client.get("/api/admin/users")).status).toBe(403)
    const unknown = run(
      process.execPath,
      [
        "--experimental-strip-types",
        "--no-warnings=ExperimentalWarning",
        path.join(repoRoot, "launcher", "admin-promote.ts"),
        "no-such-user-x",
      ],
      {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: shop.dataDir, DATABASE_URL: "" },
      },
    )
    await expect(unknown).rejects.toMatchObject({ stderr: expect.stringContaining('No account named "no-such-user-x"') })
  })

  it("keeps a signed-in session and its cart across a restart of the shop", async () => {
    const { client, details } = await register()
    expect((await client.post("/api/cart", { productId: 4, quantity: 2 })).status).toBe(201)
    await shop.stop()
    shop = await startShopProcess({ dataDir: shop.dataDir, port: shop.port, env })
    const me = await client.get("/api/user")
    expect(me.status).toBe(200)
    expect(me.body.username).toBe(details.username)
    const cart = await client.get("/api/cart")
    expect(cart.body.map((i: { productId: number; quantity: number }) => [i.productId, i.quantity])).toEqual([[4, 2]])
  })
  it("answers 429 to sign-in attempts beyond the per-minute limit, and only to those", async () => {
    const { details } = await register()
    // Successful sign-ins count towards the limit too, but never as failures.
    const client = fromNewAddress(shop.url)
    const answers = []
    for (let i = 0; i <= SIGN_IN_LIMIT; i++) {
      answers.push(await client.post("/api/login", { username: details.username, password: details.password }))
    }
    expect(answers.map((a) => a.status)).toEqual([...Array(SIGN_IN_LIMIT).fill(200), 429])
    const limited = answers[SIGN_IN_LIMIT]
    expect(limited.body).toEqual({
      message: "Too many sign-in attempts from your network. Please wait a minute and try again.",
      code: "sign_in_limited",
    })
    expect(limited.headers.get("ratelimit")).toMatch(/remaining=0/)
    expect((await client.get("/api/products")).status).toBe(200)
  })

  it("refuses every sign-in from an address whose sign-ins failed too often, whatever the usernames, and only from that address", async () => {
    const { details } = await register()
    const guesser = fromNewAddress(shop.url)
    const statuses = []
    for (let i = 1; i <= FAILURES_PER_ADDRESS; i++) {
      statuses.push((await guesser.post("/api/login", { username: `nobody-${i}-${details.username}`, password: "guess" })).status)
    }
    expect(statuses).toEqual([...Array(FAILURES_PER_ADDRESS - 1).fill(401), 429])
    const refused = await guesser.post("/api/login", { username: details.username, password: details.password })
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({
      message: networkLockedMessage(1),
      code: "network_locked",
      params: { minutes: 1 },
      details: { lock: "address", minutes: 1 },
    })
    expect((await fromNewAddress(shop.url).post("/api/login", { username: details.username, password: details.password })).status).toBe(200)
  })
})
