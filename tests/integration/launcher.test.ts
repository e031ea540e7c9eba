import fs from "node:fs"
import path from "node:path"
import pg from "pg"
import { afterAll, describe, expect, it } from "vitest"
import { withClient } from "../../launcher/database.ts"
import { orderSchema, productListSchema, productSchema } from "@enclave/contract"
import { ApiClient, newUserDetails, sandboxPaymentId } from "../support/api.ts"
import { testAddress } from "../support/address.ts"
import { readMails } from "../support/mailbox.ts"
import { databaseUrlOf } from "../support/races.ts"
import { processStartTicks } from "../support/process-tree.ts"
import { medusaProcessesOf, medusaProcessOf, processesMentioning, startShopProcess, type ShopProcess } from "../support/shop.ts"
import { shopUrl } from "../support/urls.ts"

/**
 * A second shop, started beside the suite's shop with its own PORT and DATA_DIR, exactly as a
 * person runs `npm start`: first start, restart on the same data, stop, and a dead database.
 */
describe("npm start", () => {
  let shop: ShopProcess | undefined
  let dataDir = ""
  const postmasterPid = () => Number(fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0])
  afterAll(async () => {
    await shop?.stop("SIGKILL")
    shop?.removeData()
  })

  it("starts beside another shop, prints where it is and how to sign in to the admin, and that sign-in works", async () => {
    // No ADMIN_PASSWORD: the launcher generates one, keeps it in the data folder and prints it.
    // No mail server either (no SMTP_URL), as on a plain `npm start`. A real first start, not the suites' template.
    shop = await startShopProcess({ env: { ADMIN_PASSWORD: undefined }, mailbox: false, fromTemplate: false })
    dataDir = shop.dataDir
    expect(shop.url).not.toBe(shopUrl())
    expect(shop.output()).toContain(`Enclave is ready at http://localhost:${shop.port}`)
    const password = fs.readFileSync(path.join(dataDir, "admin-password"), "utf8").trim()
    expect(password.length).toBeGreaterThanOrEqual(12)
    expect(shop.output()).toContain(`user "admin" and password "${password}"`)
    expect(shop.output()).toContain("Seeding the catalogue")
    // npm start is a demo: its new shop takes test payments, and says so (a deployment's set-up does not: scale-out.test).
    expect(shop.output()).toContain("Test payments are on: the simulated card places orders without any payment")
    expect((await (await fetch(`${shop.url}/api/payment-methods`)).json()).simulatedCard).toBe(true)
    const health = await fetch(`${shop.url}/api/health`)
    expect(health.status).toBe(200)
    const login = await fetch(`${shop.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password }),
    })
    expect(login.status).toBe(200)
    expect(await login.json()).toMatchObject({ username: "admin", isAdmin: true })

    // The seeded demo customer: a generated password, kept and printed like the admin's.
    const demoPassword = fs.readFileSync(path.join(dataDir, "demo-password"), "utf8").trim()
    expect(demoPassword.length).toBeGreaterThanOrEqual(12)
    expect(demoPassword).not.toBe(password)
    expect(shop.output()).toContain(`Demo customer sign-in: ${shop.url}/auth with user "demo" and password "${demoPassword}"`)
    const demo = new ApiClient(shop.url)
    const demoLogin = await demo.post("/api/login", { username: "demo", password: demoPassword })
    expect(demoLogin.status, JSON.stringify(demoLogin.body)).toBe(200)
    expect((await demo.get("/api/user")).body).toMatchObject({
      username: "demo",
      email: "demo@enclave.shop",
      fullName: "Demo Customer",
      isAdmin: false,
      addressLine1: "Friedrichstraße 123",
      city: "Berlin",
      postalCode: "10117",
      country: "Germany",
    })
    expect((await demo.post("/api/login", { username: "demo", password: "not-the-password" })).status).toBe(401)

    // The data migration scripts, which set-up runs in place of db:migrate's own Medusa, ran and are
    // recorded: a later upgrade does not run them again over live data.
    const { rows } = await withClient(databaseUrlOf(shop.url), (client) =>
      client.query<{ script_name: string }>("select script_name from script_migrations where finished_at is not null"),
    )
    expect(rows.map((r) => r.script_name)).toEqual(
      expect.arrayContaining([
        "order-links.js",
        "shipping-zones.js",
        "migrate-product-shipping-profile.js",
        "tax-inclusive-prices.js",
        "order-tax-lines.js",
      ]),
    )

    // The embedded PostgreSQL runs with the launcher's settings: small buffers (an idle shop's
    // memory) and statement counts for operators.
    const settings = await withClient(databaseUrlOf(shop.url), async (client) => ({
      buffers: (await client.query<{ shared_buffers: string }>("show shared_buffers")).rows[0].shared_buffers,
      statements: (await client.query<{ calls: string }>("select count(*) as calls from pg_stat_statements")).rows[0].calls,
    }))
    expect(settings.buffers).toBe("4MB")
    expect(Number(settings.statements)).toBeGreaterThan(0)
  })

  it("without SMTP_URL writes each mail as an .eml file into DATA_DIR/mail and logs one line for it", async () => {
    const customer = new ApiClient(shop!.url)
    const details = newUserDetails()
    expect((await customer.post("/api/register", details)).status).toBe(201)
    expect((await customer.post("/api/cart", { productId: 1, quantity: 1 })).status).toBe(201)
    const placed = await customer.post("/api/orders", {
      shippingAddress: testAddress,
      shippingMethod: 1,
      paymentMethod: "stripe",
      paymentId: sandboxPaymentId(),
    })
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    const order = orderSchema.parse(placed.body)
    const mailDir = path.join(dataDir, "mail")
    const subject = `[TEST] Your Enclave order #${order.id} is confirmed`
    let mails: Awaited<ReturnType<typeof readMails>> = []
    for (let i = 0; i < 100 && mails.length === 0; i++) {
      mails = (await readMails(mailDir)).filter((mail) => mail.to.includes(details.email))
      if (mails.length === 0) await new Promise((r) => setTimeout(r, 200))
    }
    expect(mails.map((mail) => [mail.subject, mail.from])).toEqual([[subject, "Enclave <shop@localhost>"]])
    expect(mails[0].text).toContain("Enclave Base")
    const log = fs.readFileSync(path.join(dataDir, "logs", "medusa.log"), "utf8")
    expect(log).toContain(`Mail to ${details.email}: \\"${subject}\\" written to ${mails[0].file}`)
  })

  it("(made older) a shop seeded before the German product texts came, one of whose seeded products the admin rewrote, and before VAT was Medusa's", async () => {
    // This shop's own embedded database (postmaster.pid's fourth line is its port), never the suite's.
    const port = fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[3]
    const db = new pg.Client({ connectionString: `postgres://postgres:enclave@127.0.0.1:${port}/enclave` })
    await db.connect()
    try {
      await db.query(`update security_profile set description_de = null, features_de = '{}', specifications_de = '{}'`)
      await db.query(`update product set description = 'Rewritten by the admin' where handle = 'enclave-medium'`)
      await db.query(`delete from enclave_setup where key = 'germanTexts'`)
      // As before Medusa held the tax: Germany's tax region alone, the euro prices not tax-inclusive, orders without tax lines.
      await db.query(`delete from tax_rate where tax_region_id in (select id from tax_region where country_code <> 'de')`)
      await db.query(`delete from tax_region where country_code <> 'de'`)
      await db.query(`update price_preference set is_tax_inclusive = false`)
      await db.query(`delete from order_line_item_tax_line`)
      await db.query(`delete from order_shipping_method_tax_line`)
      await db.query(`delete from script_migrations where script_name in ('tax-inclusive-prices.js', 'order-tax-lines.js')`)
      await db.query(`delete from enclave_setup where key = 'euTaxRegions'`)
    } finally {
      await db.end()
    }
  })

  it("runs its front door and its Medusa server with malloc settings that give freed memory back, in the process it was started as", async () => {
    // launcher/node.mjs --lean-malloc starts the launcher again with them (same pid); Medusa inherits them.
    const environ = (pid: number) => fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0")
    for (const pid of [shop!.child.pid!, medusaProcessOf(dataDir).pid]) {
      expect(environ(pid)).toEqual(expect.arrayContaining(["MALLOC_ARENA_MAX=2", "MALLOC_MMAP_THRESHOLD_=131072"]))
    }
  })

  it("keeps where its Medusa found each module in DATA_DIR/resolve-cache, for the next start (launcher/resolve-cache.ts)", async () => {
    const cacheDir = path.join(dataDir, "resolve-cache")
    const environ = fs.readFileSync(`/proc/${medusaProcessOf(dataDir).pid}/environ`, "utf8").split("\0")
    const cacheFile = environ.find((v) => v.startsWith("ENCLAVE_RESOLVE_CACHE="))?.slice("ENCLAVE_RESOLVE_CACHE=".length)
    expect(cacheFile && path.dirname(cacheFile)).toBe(cacheDir)
    // The start's set-up wrote it already; the server adds what it found once it has found nothing new
    // for 2 s, which on a fast machine is after the shop says it is ready.
    const serverKey = (key: string) => key.endsWith("|@medusajs/medusa/commands/start")
    let cache: Record<string, [string, string | null]> = {}
    for (let i = 0; i < 100 && !Object.keys(cache).some(serverKey); i++) {
      await new Promise((r) => setTimeout(r, 300))
      if (fs.existsSync(cacheFile!)) cache = JSON.parse(fs.readFileSync(cacheFile!, "utf8"))
    }
    const serverEntry = Object.entries(cache).find(([key]) => serverKey(key))
    expect(serverEntry?.[1][0]).toMatch(/\/node_modules\/@medusajs\/medusa\/dist\/commands\/start\.js$/)
    // Medusa loads some 6,000 files through many more requires; every entry leads to a file that is there.
    expect(Object.keys(cache).length).toBeGreaterThan(3000)
    const missing = Object.values(cache).filter(([url]) => !fs.existsSync(new URL(url)))
    expect(missing).toEqual([])
  })

  it("stops every process it started within 10 s of SIGTERM", async () => {
    const elapsed = await shop!.stop("SIGTERM")
    expect(elapsed).toBeLessThan(10_000)
    expect(shop!.output()).toContain("Enclave stopped.")
    // Postgres runs with the data folder on its command line; Medusa and the launcher by the repo's scripts.
    expect(processesMentioning(dataDir)).toEqual([])
  })

  it("keeps its data on a restart, seeds nothing twice, and takes ADMIN_PASSWORD from the environment", async () => {
    shop = await startShopProcess({ dataDir, env: { ADMIN_PASSWORD: "correct horse battery staple" }, mailbox: false })
    expect(shop.output()).not.toContain("Seeding the catalogue")
    expect(shop.output()).not.toContain("Running database migrations")
    expect(shop.output()).toContain('password "correct horse battery staple" (from ADMIN_PASSWORD)')
    const products = productListSchema.parse(await (await fetch(`${shop.url}/api/products`)).json())
    expect(products.map((p) => p.name).filter((n) => n === "Enclave Base")).toHaveLength(1)
    expect(products.map((p) => p.id).slice(0, 3)).toEqual([1, 2, 3])

    // The seeded products got their German texts on this start, except the one the admin rewrote.
    expect(shop.output()).toContain("Adding the German product texts")
    const german = async (id: number) =>
      productSchema.parse(await (await fetch(`${shop!.url}/api/products/${id}`, { headers: { "accept-language": "de" } })).json())
    expect((await german(1)).description).toMatch(/^Das verschlüsselte Smartphone/)
    expect((await german(1)).features).toContain("Verschlüsselte Sprachanrufe")
    expect((await german(2)).description).toBe("Rewritten by the admin")

    // The EU's tax regions were added, the euro prices marked tax-inclusive, and the order placed
    // before got Germany's tax lines, its gross total unchanged.
    expect(shop.output()).toContain("Setting up the tax regions")
    const taxed = await withClient(databaseUrlOf(shop.url), async (client) => ({
      regions: (
        await client.query<{ country_code: string; rate: number }>(
          `select r.country_code, t.rate::float as rate from tax_region r join tax_rate t on t.tax_region_id = r.id and t.is_default where r.deleted_at is null`,
        )
      ).rows,
      preferences: (
        await client.query<{ is_tax_inclusive: boolean }>(`select is_tax_inclusive from price_preference where deleted_at is null`)
      ).rows,
      itemLines: (await client.query<{ code: string }>(`select code from order_line_item_tax_line where deleted_at is null`)).rows,
      shippingLines: (await client.query<{ code: string }>(`select code from order_shipping_method_tax_line where deleted_at is null`))
        .rows,
    }))
    expect(taxed.regions).toHaveLength(27)
    expect(taxed.regions).toEqual(
      expect.arrayContaining([
        { country_code: "fr", rate: 20 },
        { country_code: "fi", rate: 25.5 },
      ]),
    )
    expect(taxed.preferences.length).toBeGreaterThan(0)
    expect(taxed.preferences.every((p) => p.is_tax_inclusive)).toBe(true)
    expect([taxed.itemLines.map((l) => l.code), taxed.shippingLines.map((l) => l.code)]).toEqual([["DE-19"], ["DE-19"]])

    // The data folder said the database was set up, the database said otherwise: the Medusa started
    // beside PostgreSQL was stopped before set-up ran, and one started after it serves.
    const medusas = medusaProcessesOf(dataDir)
    expect(medusas).toHaveLength(1)
    expect(processStartTicks(medusas[0].pid)).toBeGreaterThan(processStartTicks(postmasterPid()))
  })

  it("answers 503 on /api/health when its database stops answering", async () => {
    process.kill(postmasterPid(), "SIGKILL")
    let status = 0
    for (let i = 0; i < 40 && status !== 503; i++) {
      status = (await fetch(`${shop!.url}/api/health`)).status
      if (status !== 503) await new Promise((r) => setTimeout(r, 250))
    }
    expect(status).toBe(503)
  })

  it("answers 503 on /api/health when Medusa is gone", async () => {
    process.kill(medusaProcessOf(dataDir).pid, "SIGKILL")
    let res = await fetch(`${shop!.url}/api/health`)
    for (let i = 0; i < 20 && res.status !== 503; i++) {
      await new Promise((r) => setTimeout(r, 250))
      res = await fetch(`${shop!.url}/api/health`)
    }
    expect(res.status).toBe(503)
    expect(await res.json()).toMatchObject({ status: "unavailable" })
    await shop!.stop("SIGTERM")
    expect(processesMentioning(dataDir)).toEqual([])
  })

  it("exits with PostgreSQL's reason and leaves nothing running when its database cannot start", async () => {
    const settings = path.join(dataDir, "postgres", "postgresql.auto.conf")
    const good = fs.readFileSync(settings, "utf8")
    fs.appendFileSync(settings, "shared_buffers = 'not a size'\n")
    try {
      // The data folder says the database is set up, so Medusa starts beside PostgreSQL at once: it
      // must not wait for a database that never comes (its pool would, for minutes).
      const failure = await startShopProcess({ dataDir, mailbox: false, timeoutMs: 60_000 }).then(
        () => "started",
        (error: Error) => error.message,
      )
      expect(failure).toContain("The shop exited before it was ready")
      expect(failure).toContain("Enclave could not start: PostgreSQL did not start")
      expect(failure).toContain('invalid value for parameter "shared_buffers"')
      expect(processesMentioning(dataDir)).toEqual([])
    } finally {
      fs.writeFileSync(settings, good)
    }
  })

  it("takes its Medusa server with it when the launcher itself is killed outright", async () => {
    shop = await startShopProcess({ dataDir, mailbox: false })
    // Nothing can stop the embedded PostgreSQL after a SIGKILL of its launcher; everything of Node's must go.
    const nodeProcesses = () => processesMentioning(dataDir).filter((p) => !/^(\S*\/)?postgres\b/.test(p.slice(p.indexOf(" ") + 1)))
    const medusa = medusaProcessOf(dataDir)
    expect(nodeProcesses().map((p) => Number(p.split(" ")[0]))).toContain(medusa.pid)
    // A restart of a set-up shop starts Medusa beside PostgreSQL, not after it (the restart's 2-3 s are mostly Medusa's).
    expect(processStartTicks(medusa.pid)).toBeLessThanOrEqual(processStartTicks(postmasterPid()))
    await shop.stop("SIGKILL")
    // An ended process whose new parent does not reap it stays a zombie: processesMentioning leaves those out.
    for (let i = 0; i < 40 && nodeProcesses().length > 0; i++) await new Promise((r) => setTimeout(r, 250))
    expect(nodeProcesses()).toEqual([])
    // PostgreSQL's fast shutdown, so that removing the data folder afterwards leaves no server behind. Until it has
    // exited it writes into the folder, and the removal left the folder behind in /tmp.
    process.kill(postmasterPid(), "SIGINT")
    for (let i = 0; i < 40 && processesMentioning(dataDir).length > 0; i++) await new Promise((r) => setTimeout(r, 250))
    expect(processesMentioning(dataDir)).toEqual([])
  })
})
