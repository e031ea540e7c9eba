/**
 * `npm run bench`: one run, one table (issue 7). Starts a fresh shop and measures, in the same run:
 * start-to-ready; throughput and latency (autocannon, fixed connections and duration, warm-up
 * first) of Medusa's /health and /store/products beside the cached /api catalogue, the product
 * page and the same page's HTML as a static file (the ceiling); sandbox checkouts by concurrent
 * customers; the JavaScript each storefront page and the admin's first screen send; the stack's
 * memory idle and under load. Prints the table and writes bench/results.md and bench/results.json.
 */
import autocannon from "autocannon"
import { spawn } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { buildAll } from "../launcher/build.ts"
import { withClient } from "../launcher/database.ts"
import { ApiClient, newUserDetails } from "../tests/support/api.ts"
import { adminFirstScreenWeight, DASHBOARD_CHUNK, pageWeight } from "../tests/support/page-weight.ts"
import { medusaProcessOf, repoRoot, startShopProcess, TEST_ADMIN_PASSWORD } from "../tests/support/shop.ts"

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20)
const DURATION_S = Number(process.env.BENCH_DURATION || 10)
const WARMUP_S = 3
const BUYERS = Number(process.env.BENCH_BUYERS || 10)
const CHECKOUT_S = Number(process.env.BENCH_CHECKOUT_DURATION || 20)

/** Proportional set size of a process and all its descendants, so shared pages count once. */
function treeMemoryMb(rootPid: number): number {
  const children = new Map<number, number[]>()
  for (const entry of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8")
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1])
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)])
    } catch {
      // gone
    }
  }
  let kb = 0
  const visit = (pid: number) => {
    try {
      const pss = /^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))
      kb += Number(pss?.[1] ?? 0)
    } catch {
      // gone
    }
    for (const child of children.get(pid) ?? []) visit(child)
  }
  visit(rootPid)
  return Math.round(kb / 1024)
}

/** The highest memory of the stack while `work` runs, sampled every 250 ms. */
async function peakMemoryDuring<T>(rootPid: number, work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peakMb = 0
  const timer = setInterval(() => (peakMb = Math.max(peakMb, treeMemoryMb(rootPid))), 250)
  try {
    const result = await work()
    return { result, peakMb: Math.max(peakMb, treeMemoryMb(rootPid)) }
  } finally {
    clearInterval(timer)
  }
}

async function publishableKey(dataDir: string): Promise<string> {
  const port = fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[3]
  return withClient(`postgres://postgres:enclave@127.0.0.1:${port}/enclave`, async (client) => {
    const { rows } = await client.query("select token from api_key where type = 'publishable' and revoked_at is null limit 1")
    return rows[0].token
  })
}

interface Row {
  name: string
  path: string
  reqPerSec: number
  p50: number
  p99: number
  errors: number
}

async function load(name: string, url: string, headers: Record<string, string> = {}): Promise<Row> {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S, headers })
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers })
  return {
    name,
    path: new URL(url).pathname,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  }
}

/** Serves one page's HTML as a static file from a process of its own; resolves with its URL and a stop. */
async function staticCeiling(html: string): Promise<{ url: string; stop: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "enclave-bench-static-"))
  fs.writeFileSync(path.join(dir, "index.html"), html)
  const child = spawn(process.execPath, ["--experimental-strip-types", "--no-warnings=ExperimentalWarning", path.join(repoRoot, "bench", "static-ceiling.ts"), dir], {
    cwd: repoRoot,
    stdio: ["ignore", "pipe", "inherit"],
  })
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once("data", (chunk) => resolve(String(chunk).trim()))
    child.once("exit", (code) => reject(new Error(`the static server exited (${code})`)))
  })
  return {
    url: `http://127.0.0.1:${port}/index.html`,
    stop: () => {
      child.kill()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

interface CheckoutFigures {
  buyers: number
  orders: number
  refused: number
  ordersPerSec: number
  p50: number
  p99: number
}

/**
 * BUYERS customers buy at the same time for CHECKOUT_S seconds, each in a loop: put the bench's
 * product in the cart, then place the order with the sandbox card. Only placing the order is timed.
 */
async function checkoutLoad(shopUrl: string, shippingMethod: number, productId: number): Promise<CheckoutFigures> {
  const address = { fullName: "Bench Buyer", addressLine1: "Unter den Linden 1", city: "Berlin", state: "Berlin", postalCode: "10117", country: "Germany" }
  const buyers = await Promise.all(
    Array.from({ length: BUYERS }, async () => {
      const client = new ApiClient(shopUrl)
      const answer = await client.post("/api/register", newUserDetails())
      if (answer.status !== 201) throw new Error(`register answered ${answer.status}: ${JSON.stringify(answer.body)}`)
      return client
    }),
  )
  const latencies: number[] = []
  let refused = 0
  const until = performance.now() + CHECKOUT_S * 1000
  const started = performance.now()
  await Promise.all(
    buyers.map(async (buyer, b) => {
      for (let n = 0; performance.now() < until; n++) {
        const added = await buyer.post("/api/cart", { productId, quantity: 1 })
        if (added.status !== 200 && added.status !== 201) throw new Error(`add to cart answered ${added.status}: ${JSON.stringify(added.body)}`)
        const t = performance.now()
        const order = await buyer.post("/api/orders", { shippingAddress: address, shippingMethod, paymentMethod: "stripe", paymentId: `str-bench-${b}-${n}` })
        if (order.status === 201) latencies.push(performance.now() - t)
        else refused++
      }
    }),
  )
  const elapsedS = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return {
    buyers: BUYERS,
    orders: latencies.length,
    refused,
    ordersPerSec: latencies.length / elapsedS,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
  }
}

await buildAll({ force: false, say: console.log })
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "enclave-bench-"))
let started = performance.now()
let shop = await startShopProcess({ dataDir })
const firstStartS = (performance.now() - started) / 1000
await shop.stop()
started = performance.now()
shop = await startShopProcess({ dataDir })
const restartS = (performance.now() - started) / 1000

try {
  await new Promise((r) => setTimeout(r, 2000))
  const pid = shop.child.pid!
  const idleMb = treeMemoryMb(pid)
  const medusaUrl = medusaProcessOf(dataDir).url
  const key = await publishableKey(dataDir)

  const pageHtml = await (await fetch(`${shop.url}/product/1`)).text()
  const ceiling = await staticCeiling(pageHtml)
  const rows: Row[] = []
  const { peakMb: endpointsPeakMb } = await peakMemoryDuring(pid, async () => {
    rows.push(await load("Medusa /health", `${medusaUrl}/health`))
    rows.push(await load("Medusa /store/products", `${medusaUrl}/store/products`, { "x-publishable-api-key": key }))
    rows.push(await load("/api/products (Medusa)", `${medusaUrl}/api/products`))
    rows.push(await load("/api/products/1 (Medusa)", `${medusaUrl}/api/products/1`))
    rows.push(await load("/api/health (front door)", `${shop.url}/api/health`))
    rows.push(await load("/api/products (front door)", `${shop.url}/api/products`))
    rows.push(await load("/api/products/1 (front door)", `${shop.url}/api/products/1`))
    rows.push(await load("/product/1 page (front door)", `${shop.url}/product/1`))
  })
  rows.push(await load("/product/1 HTML as a static file", ceiling.url))
  ceiling.stop()

  const admin = new ApiClient(shop.url)
  const signedIn = await admin.post("/api/login", { username: "admin", password: TEST_ADMIN_PASSWORD })
  if (signedIn.status !== 200) throw new Error(`admin sign-in answered ${signedIn.status}`)
  const product = await admin.post("/api/admin/products", {
    name: "Bench Phone",
    description: "Bought by the benchmark's customers",
    price: "299.00",
    category: "phone",
    securityLevel: 3,
    stockQuantity: 1_000_000,
    features: ["Secure boot"],
    specifications: { memory: "8GB RAM" },
  })
  if (product.status !== 201) throw new Error(`creating the bench product answered ${product.status}: ${JSON.stringify(product.body)}`)
  const methods = (await admin.get("/api/shipping-methods")).body as Array<{ id: number }>
  const { result: checkout, peakMb: checkoutPeakMb } = await peakMemoryDuring(pid, () => checkoutLoad(shop.url, methods[0].id, product.body.id))

  const weights: Array<{ page: string; kb: number }> = []
  for (const page of ["/", "/products", "/product/1", "/auth"]) {
    weights.push({ page, kb: (await pageWeight(shop.url, page)).gzipBytes / 1024 })
  }
  const customer = new ApiClient(shop.url)
  await customer.post("/api/register", newUserDetails())
  await customer.post("/api/cart", { productId: 1, quantity: 1 })
  for (const page of ["/checkout", "/orders"]) {
    weights.push({ page: `${page} (signed in)`, kb: (await pageWeight(shop.url, page, { cookie: customer.cookieHeader() })).gzipBytes / 1024 })
  }
  const adminScreen = await adminFirstScreenWeight(shop.url, "/admin/", admin.cookieHeader(), DASHBOARD_CHUNK)
  weights.push({ page: "/admin/ first screen (signed in as the admin)", kb: adminScreen.gzipBytes / 1024 })
  const loadedMb = Math.max(endpointsPeakMb, checkoutPeakMb)

  const rate = (name: string) => rows.find((r) => r.name === name)!.reqPerSec
  const store = rate("Medusa /store/products")
  const health = rate("Medusa /health")
  const lines = [
    `# Enclave benchmark`,
    ``,
    `${new Date().toISOString()} · ${os.cpus().length} cores · Node ${process.version} · autocannon ${CONNECTIONS} connections, ${DURATION_S} s after ${WARMUP_S} s warm-up`,
    ``,
    `| endpoint | req/s | p50 ms | p99 ms | errors | × /store/products | % of /health |`,
    `|---|---:|---:|---:|---:|---:|---:|`,
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.errors} | ${store ? `${(r.reqPerSec / store).toFixed(1)}×` : "–"} | ${health ? `${Math.round((100 * r.reqPerSec) / health)}%` : "–"} |`,
    ),
    ``,
    `| checkout (sandbox card, ${checkout.buyers} customers at once for ${CHECKOUT_S} s) | value |`,
    `|---|---:|`,
    `| orders placed | ${checkout.orders} |`,
    `| orders per second | ${checkout.ordersPerSec.toFixed(1)} |`,
    `| place-order p50 | ${checkout.p50} ms |`,
    `| place-order p99 | ${checkout.p99} ms |`,
    `| refused | ${checkout.refused} |`,
    ``,
    `| JavaScript before interaction | gzip |`,
    `|---|---:|`,
    ...weights.map((w) => `| ${w.page} | ${w.kb.toFixed(1)} KB |`),
    ``,
    `| stack (embedded PostgreSQL, Medusa, front door) | value |`,
    `|---|---:|`,
    `| first start to ready (migrate + seed) | ${firstStartS.toFixed(1)} s |`,
    `| restart to ready | ${restartS.toFixed(1)} s |`,
    `| memory idle (PSS: resident, shared pages counted once) | ${idleMb} MB |`,
    `| memory under load (peak PSS) | ${loadedMb} MB |`,
  ]
  const table = lines.join("\n")
  console.log("\n" + table)
  fs.writeFileSync(path.join(repoRoot, "bench", "results.md"), table + "\n")
  fs.writeFileSync(
    path.join(repoRoot, "bench", "results.json"),
    JSON.stringify(
      { date: new Date().toISOString(), connections: CONNECTIONS, durationS: DURATION_S, firstStartS, restartS, idleMb, loadedMb, rows, checkout, javascriptKb: weights },
      null,
      2,
    ) + "\n",
  )
} finally {
  await shop.stop()
  shop.removeData()
}
