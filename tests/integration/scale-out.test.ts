/**
 * The scaled-out shop (DESIGN "Topology"): the machine's PostgreSQL and Redis, two Medusa
 * instances in "server" mode behind the front door and one in "worker" mode, as docker-compose.yml
 * runs them. Each test talks to the servers directly as well as through the front door, so it proves
 * that what one server did is known to the other: sessions, the catalogue, stock and payments.
 */
import { randomBytes } from "node:crypto"
import { spawn } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { Redis } from "ioredis"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { withClient } from "../../launcher/database.ts"
import { medusaServer } from "../../launcher/medusa.ts"
import { paypalOrderCreatedSchema, TEST_PAYMENTS_OFF_MESSAGE } from "@enclave/contract"
import { ApiClient, newUserDetails } from "../support/api.ts"
import { startPaymentShop, type PaymentShop } from "../support/payment-shop.ts"
import {
  buyWithSandboxCard,
  captureTenTimes,
  createRaceProduct,
  GERMANY_STANDARD,
  medusaAvailableStock,
  newBuyer,
  buyerAddress,
  raceForLastUnits,
} from "../support/races.ts"
import { askPage, untilFrontDoor } from "../support/front-door-pages.ts"
import { waitForMail } from "../support/mailbox.ts"
import { repoRoot, TEST_ADMIN_PASSWORD, type ShopProcess } from "../support/shop.ts"
import { SoftAuthenticator } from "../support/webauthn.ts"
import { timeStep, totp } from "../support/totp.ts"

const SERVER_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379"
const databaseName = `enclave_scale_${randomBytes(4).toString("hex")}`
const databaseUrl = SERVER_URL.replace(/\/[^/]*$/, `/${databaseName}`)

let paymentShop: PaymentShop
let shop: ShopProcess
let servers: string[] = []
let worker = ""
const redis = new Redis(REDIS_URL)

/** The mode each of the shop's Medusa processes runs in, read from their environment. */
function medusaModes(dataDir: string): string[] {
  const modes: string[] = []
  for (const pid of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")
      const environ = fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0")
      if (cmd.includes(medusaServer) && environ.includes(`DATA_DIR=${dataDir}`)) {
        modes.push(environ.find((e) => e.startsWith("MEDUSA_WORKER_MODE="))!.split("=")[1])
      }
    } catch {
      // the process ended while we looked
    }
  }
  return modes.sort()
}

async function signedInAdmin(baseUrl: string): Promise<ApiClient> {
  const admin = new ApiClient(baseUrl)
  const answer = await admin.post("/api/login", { username: "admin", password: TEST_ADMIN_PASSWORD })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return admin
}

/** The secrets a deployment sets for all its services (docker-compose.yml's app environment). */
const deploymentSecrets = {
  JWT_SECRET: randomBytes(32).toString("hex"),
  COOKIE_SECRET: randomBytes(32).toString("hex"),
  APP_SECRET: randomBytes(32).toString("hex"),
  ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
}

/** `npm run setup`, the deployment's one-shot set-up job: migrates and seeds the database. */
function runDeploymentSetUp(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "enclave-setup-"))
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, "launcher", "node.mjs"), path.join(repoRoot, "launcher", "setup.ts")], {
      cwd: repoRoot,
      env: { ...process.env, ...deploymentSecrets, NODE_ENV: "production", DATABASE_URL: databaseUrl, REDIS_URL, DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let output = ""
    child.stdout.on("data", (chunk) => (output += chunk))
    child.stderr.on("data", (chunk) => (output += chunk))
    child.on("close", (code) => {
      fs.rmSync(dataDir, { recursive: true, force: true })
      if (code === 0) resolve(output)
      else reject(new Error(`npm run setup failed (exit ${code}):\n${output}`))
    })
  })
}

beforeAll(async () => {
  // Set up as docker-compose.yml's `setup` job does, then served as its servers and worker are.
  await runDeploymentSetUp()
  // With the loopback PayPal and Stripe, so payments can be captured across the servers too.
  paymentShop = await startPaymentShop({
    env: { DATABASE_URL: databaseUrl, REDIS_URL, MEDUSA_SERVERS: "2", ...deploymentSecrets },
    timeoutMs: 360_000,
  })
  shop = paymentShop.shop
  const line = /Medusa servers: (.+); worker: (\S+)/.exec(shop.output())
  if (!line) throw new Error(`The launcher did not list its Medusa servers:\n${shop.output()}`)
  servers = line[1].split(" ")
  worker = line[2]
})

afterAll(async () => {
  await paymentShop?.stop()
  redis.disconnect()
  await withClient(SERVER_URL, (client) => client.query(`drop database if exists "${databaseName}" with (force)`))
})

describe("the scaled-out shop (MEDUSA_SERVERS=2, REDIS_URL, DATABASE_URL)", () => {
  it("takes real payments only after the deployment's set-up: no simulated card until an admin turns test payments on", async () => {
    expect(shop.output()).not.toContain("Test payments are on")
    expect((await new ApiClient(shop.url).get("/api/payment-methods")).body.simulatedCard).toBe(false)
    const buyer = await newBuyer(shop.url)
    expect((await buyer.post("/api/cart", { productId: 4, quantity: 1 })).status).toBe(201)
    const refused = await buyWithSandboxCard(buyer)
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({
      message: TEST_PAYMENTS_OFF_MESSAGE,
      details: { fields: { paymentId: "Test payments are switched off" } },
    })
    expect((await buyer.get("/api/orders")).body).toEqual([])

    const admin = await signedInAdmin(shop.url)
    expect((await admin.get("/api/admin/payment-config")).body.testPaymentsEnabled).toBe(false)
    const on = await admin.post("/api/admin/payment-config", { testPaymentsEnabled: true })
    expect(on.status, JSON.stringify(on.body)).toBe(200)
    expect(on.body.testPaymentsEnabled).toBe(true)
    // Known to every server at once: the settings are in the database.
    for (const url of servers) expect((await new ApiClient(url).get("/api/payment-methods")).body.simulatedCard).toBe(true)
    expect((await buyWithSandboxCard(buyer)).status).toBe(201)
  })

  it("runs two Medusa servers and one worker, each answering", async () => {
    expect(servers).toHaveLength(2)
    expect(medusaModes(shop.dataDir)).toEqual(["server", "server", "worker"])
    for (const url of [...servers, worker]) expect((await fetch(`${url}/health`)).status).toBe(200)
    for (const url of servers) expect((await fetch(`${url}/api/health`)).status).toBe(200)
    // The front door's turn-taking between servers is proven in front-door.test.ts.
    expect((await fetch(`${shop.url}/api/health`)).status).toBe(200)
  })

  it("keeps sessions in Redis: signed in on one server, known to the other, ended on both", async () => {
    const details = newUserDetails()
    const customer = new ApiClient(servers[0])
    expect((await customer.post("/api/register", details)).status).toBe(201)
    const sid = decodeURIComponent(customer.cookie()!).slice(2).split(".")[0]
    expect(await redis.exists(`${databaseName}:sess:${sid}`)).toBe(1)
    const rows = await withClient(databaseUrl, (db) => db.query(`select count(*)::int as n from "session"`))
    expect(rows.rows[0].n).toBe(0)

    const onOther = new ApiClient(servers[1])
    onOther.setCookie("enclave.sid", customer.cookie()!)
    const me = await onOther.get("/api/user")
    expect(me.status).toBe(200)
    expect(me.body.username).toBe(details.username)

    expect((await onOther.post("/api/logout")).status).toBe(200)
    expect(await redis.exists(`${databaseName}:sess:${sid}`)).toBe(0)
    expect((await customer.get("/api/user")).status).toBe(401)
  })

  it("lists and ends an account's sessions in Redis across servers; a password change ends the others too", async () => {
    const details = newUserDetails()
    const customer = new ApiClient(servers[0])
    expect((await customer.post("/api/register", details)).status).toBe(201)
    const elsewhere = new ApiClient(servers[1])
    expect((await elsewhere.post("/api/login", { username: details.username, password: details.password })).status).toBe(200)
    const listed = (await new ApiClient(servers[1]).get("/api/account/sessions")).status
    expect(listed).toBe(401)
    const sessions = (await elsewhere.get("/api/account/sessions")).body as Array<{ current: boolean }>
    expect(sessions.map((s) => s.current).sort()).toEqual([false, true])
    expect((await customer.delete("/api/account/sessions")).body.ended).toBe(1)
    expect((await elsewhere.get("/api/account")).status).toBe(401)

    const third = new ApiClient(servers[1])
    expect((await third.post("/api/login", { username: details.username, password: details.password })).status).toBe(200)
    const changed = await customer.post("/api/account/password", {
      currentPassword: details.password,
      newPassword: "scaled-out passphrase",
    })
    expect(changed.status).toBe(200)
    expect((await third.get("/api/account")).status).toBe(401)
    expect((await customer.get("/api/account")).status).toBe(200)
  })

  it("keeps passkey challenges in Redis: options asked on one server are answered once, on the other", async () => {
    const customer = new ApiClient(servers[0])
    expect((await customer.post("/api/register", newUserDetails())).status).toBe(201)
    // The relying party is PUBLIC_URL's, whichever server answers.
    const authenticator = new SoftAuthenticator(shop.url)
    const creation = (await customer.post("/api/account/passkeys/registration/options")).body
    expect((await redis.keys("*passkey-challenge*")).length).toBeGreaterThan(0)
    const sameSession = new ApiClient(servers[1])
    sameSession.setCookie("enclave.sid", customer.cookie()!)
    const added = await sameSession.post("/api/account/passkeys", { name: "Scaled key", response: authenticator.create(creation).response })
    expect(added.status, JSON.stringify(added.body)).toBe(201)

    const options = (await new ApiClient(servers[0]).post("/api/login/passkey/options")).body
    const response = authenticator.get(options)
    expect((await new ApiClient(servers[1]).post("/api/login/passkey", { response })).status).toBe(200)
    const replayed = await new ApiClient(servers[0]).post("/api/login/passkey", { response })
    expect([replayed.status, replayed.body.details?.code]).toEqual([401, "passkey_challenge_invalid"])
  })

  it("mails from the worker: a reset asked on one server arrives by SMTP and works on the other", async () => {
    // Servers in "server" mode run no subscribers: a mail that arrives was sent by the worker.
    const details = newUserDetails()
    expect((await new ApiClient(servers[0]).post("/api/register", details)).status).toBe(201)
    const since = new Date()
    expect((await new ApiClient(servers[0]).post("/api/password-reset", { email: details.email })).status).toBe(202)
    const mail = await waitForMail({ to: details.email, since, subject: /password/i, dir: shop.mailbox! })
    const token = new URL(mail.text.match(/https?:\/\/\S+\/auth\/reset\?token=[\w%-]+/)![0]).searchParams.get("token")
    const confirm = (password: string) => new ApiClient(servers[1]).post("/api/password-reset/confirm", { token, password })
    expect((await confirm("reset across servers")).status).toBe(200)
    expect((await confirm("and once more")).status).toBe(400)
    const signedIn = await new ApiClient(servers[0]).post("/api/login", { username: details.username, password: "reset across servers" })
    expect(signedIn.status).toBe(200)
  })

  it("completes a two-factor sign-in on the other server than the password step: the pending sign-in is in Redis", async () => {
    const details = newUserDetails()
    const customer = new ApiClient(servers[0])
    expect((await customer.post("/api/register", details)).status).toBe(201)
    const { secret } = (await customer.post("/api/account/two-factor/setup")).body as { secret: string }
    expect((await customer.post("/api/account/two-factor/enable", { code: totp(secret, timeStep() - 1) })).status).toBe(200)
    const passwordStep = new ApiClient(servers[1])
    const login = await passwordStep.post("/api/login", { username: details.username, password: details.password })
    expect(login.body).toEqual({ twoFactorRequired: true })
    const codeStep = new ApiClient(servers[0])
    codeStep.setCookie("enclave.2fa", passwordStep.cookie("enclave.2fa")!)
    const done = await codeStep.post("/api/login/two-factor", { code: totp(secret, timeStep() + 1) })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect((await codeStep.get("/api/account")).body.username).toBe(details.username)
  })

  it("shows a product changed through one server fresh through the other", async () => {
    const [first, second] = servers
    const admin = await signedInAdmin(first)
    const { id } = await createRaceProduct(admin, 7)
    const visitor = new ApiClient(second)
    // Read twice on the other server, so a cache there would hold the old answer.
    for (let i = 0; i < 2; i++) expect((await visitor.get(`/api/products/${id}`)).body.price).toBe("20.00")
    expect((await visitor.get("/api/products")).body.some((p: { id: number }) => p.id === id)).toBe(true)
    // A buyer on the other server adds it: that server now keeps the product's facts (price, ids).
    const buyer = await newBuyer(second)
    expect((await buyer.post("/api/cart", { productId: id, quantity: 1 })).body[0].product.price).toBe("20.00")

    const generation = Number(await redis.get(`${databaseName}:catalogue:generation`))
    const changed = await admin.put(`/api/admin/products/${id}`, { price: "15.00", stockQuantity: 3 })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    // The servers' caches follow one generation in Redis, under this shop's namespace.
    expect(Number(await redis.get(`${databaseName}:catalogue:generation`))).toBeGreaterThan(generation)
    const fresh = await visitor.get(`/api/products/${id}`)
    expect(fresh.body).toMatchObject({ price: "15.00", stockQuantity: 3 })
    const listed = (await visitor.get("/api/products")).body.find((p: { id: number }) => p.id === id)
    expect(listed).toMatchObject({ price: "15.00", stockQuantity: 3 })
    // And the purchase there prices from the change: both servers' facts follow a generation in Redis too.
    expect(Number(await redis.get(`${databaseName}:catalogue:facts-generation`))).toBeGreaterThan(0)
    const cart = await buyer.post("/api/cart", { productId: id, quantity: 1 })
    expect(cart.body[0]).toMatchObject({ quantity: 2, product: { price: "15.00", stockQuantity: 3 } })
    const order = await buyWithSandboxCard(buyer)
    expect(order.status, JSON.stringify(order.body)).toBe(201)
    expect(order.body.items[0]).toMatchObject({ quantity: 2, price: "15.00" })
    // A product its orders name stays; the order deleted, it can go.
    expect((await admin.delete(`/api/admin/orders/${order.body.id}`)).status).toBe(200)

    expect((await admin.delete(`/api/admin/products/${id}`)).status).toBe(200)
    expect((await visitor.get(`/api/products/${id}`)).status).toBe(404)
    expect((await visitor.get("/api/products")).body.some((p: { id: number }) => p.id === id)).toBe(false)
  })

  it("sends no kept page stale after a change made on a Medusa server directly, as nginx sends /api in the compose deployment", async () => {
    // The admin talks to a server, not the front door: the front door counts no write, only the generation moves.
    const admin = await signedInAdmin(servers[0])
    const product = await createRaceProduct(admin, 4)
    const page = `/product/${product.id}`
    const sent = await untilFrontDoor(shop.url, page)
    expect(sent.html).toContain(product.name)
    const name = `Direct Phone ${randomBytes(3).toString("hex")}`
    expect((await admin.put(`/api/admin/products/${product.id}`, { name, price: "17.00" })).status).toBe(200)
    const changed = await askPage(shop.url, page)
    expect(changed.frontDoor).toBe(false)
    expect(changed.html).toContain(name)
    expect(changed.html).not.toContain(product.name)

    // A bump of the generation alone (a worker's subscriber after an event, say) sends the next request to the facade,
    // and the page goes out from the front door again once found current.
    await untilFrontDoor(shop.url, page)
    await redis.incr(`${databaseName}:catalogue:generation`)
    expect((await askPage(shop.url, page)).frontDoor).toBe(false)
    expect((await untilFrontDoor(shop.url, page)).html).toContain(name)
    expect((await admin.delete(`/api/admin/products/${product.id}`)).status).toBe(200)
  })

  it("sells the last 5 units to exactly 5 of 50 buyers at once, the purchases spread over both servers", async () => {
    const admin = await signedInAdmin(shop.url)
    const race = await raceForLastUnits(shop.url, admin, {
      buyers: 50,
      units: 5,
      medusaStock: async (productId) => (await medusaAvailableStock(databaseUrl, productId)).available,
    })
    expect(race.winners).toHaveLength(5)
    console.log(`scale-out no-oversell race: 50 purchases over 2 servers answered in ${(race.raceMs / 1000).toFixed(1)} s`)
  })

  it("captures one PayPal order ten times at once, over both servers, into exactly one order", async () => {
    await paymentShop.enableProviders()
    const buyer = await newBuyer(shop.url)
    const SLEEVE = 4 // 49.00 + 15.00 standard shipping
    expect((await buyer.post("/api/cart", { productId: SLEEVE, quantity: 1 })).status).toBe(201)
    const created = await buyer.post("/api/paypal-server/create-order", {
      shippingAddress: buyerAddress,
      shippingMethodId: GERMANY_STANDARD,
      amount: "64.00",
      userId: buyer.userId,
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const { id } = paypalOrderCreatedSchema.parse(created.body)
    paymentShop.paypal.approve(id)
    await captureTenTimes(buyer, id)
    expect(paymentShop.paypal.capturesTaken(id)).toBe(1)
  })

  it("stopping the launcher stops both servers and the worker: none is left running", async () => {
    expect(medusaModes(shop.dataDir)).toEqual(["server", "server", "worker"])
    await shop.stop()
    expect(medusaModes(shop.dataDir)).toEqual([])
  })
})
