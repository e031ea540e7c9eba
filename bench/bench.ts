/**
 * `npm run bench`: starts a fresh shop, measures start-to-ready, the stack's memory, and
 * throughput of the catalogue API beside Medusa's own endpoints in the same run (autocannon,
 * fixed connections and duration, warm-up first). Prints one table and writes
 * bench/results.md and bench/results.json.
 */
import autocannon from "autocannon"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { buildAll } from "../launcher/build.ts"
import { withClient } from "../launcher/database.ts"
import { medusaProcessOf, repoRoot, startShopProcess } from "../tests/support/shop.ts"

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20)
const DURATION_S = Number(process.env.BENCH_DURATION || 10)
const WARMUP_S = 3

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

async function publishableKey(dataDir: string): Promise<string> {
  const port = fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[3]
  return withClient(`postgres://postgres:enclave@127.0.0.1:${port}/enclave`, async (client) => {
    const { rows } = await client.query("select token from api_key where type = 'publishable' and revoked_at is null limit 1")
    return rows[0].token
  })
}

interface Row {
  name: string
  url: string
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
    url: new URL(url).pathname,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
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
  const idleMb = treeMemoryMb(shop.child.pid!)
  const medusaUrl = medusaProcessOf(dataDir).url
  const key = await publishableKey(dataDir)
  const rows: Row[] = []
  rows.push(await load("Medusa /health", `${medusaUrl}/health`))
  rows.push(await load("Medusa /store/products", `${medusaUrl}/store/products`, { "x-publishable-api-key": key }))
  rows.push(await load("/api/products (Medusa direct)", `${medusaUrl}/api/products`))
  rows.push(await load("/api/products (front door)", `${shop.url}/api/products`))
  rows.push(await load("/api/products/1 (front door)", `${shop.url}/api/products/1`))
  rows.push(await load("/product/1 page (front door)", `${shop.url}/product/1`))
  const loadedMb = treeMemoryMb(shop.child.pid!)

  const store = rows[1].reqPerSec
  const lines = [
    `# Enclave benchmark`,
    ``,
    `${new Date().toISOString()} · ${os.cpus().length} cores · Node ${process.version} · autocannon ${CONNECTIONS} connections, ${DURATION_S} s after ${WARMUP_S} s warm-up`,
    ``,
    `| measure | value |`,
    `|---|---|`,
    `| first start to ready (migrate + seed) | ${firstStartS.toFixed(1)} s |`,
    `| restart to ready | ${restartS.toFixed(1)} s |`,
    `| stack memory (PSS), idle | ${idleMb} MB |`,
    `| stack memory (PSS), after load | ${loadedMb} MB |`,
    ``,
    `| endpoint | req/s | p50 ms | p99 ms | errors | vs /store/products |`,
    `|---|---:|---:|---:|---:|---:|`,
    ...rows.map(
      (r) => `| ${r.name} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.errors} | ${(r.reqPerSec / store).toFixed(1)}× |`,
    ),
  ]
  const table = lines.join("\n")
  console.log("\n" + table)
  fs.writeFileSync(path.join(repoRoot, "bench", "results.md"), table + "\n")
  fs.writeFileSync(
    path.join(repoRoot, "bench", "results.json"),
    JSON.stringify({ date: new Date().toISOString(), connections: CONNECTIONS, durationS: DURATION_S, firstStartS, restartS, idleMb, loadedMb, rows }, null, 2) + "\n",
  )
} finally {
  await shop.stop()
  shop.removeData()
}
