/**
 * launcher/idle-compaction.ts in a server process of its own, as Medusa and the front door load
 * it: the garbage a burst of requests leaves is collected once the server has been quiet for 3 s,
 * health checks neither cause nor delay a collection, nothing is collected while requests go on,
 * machine code of functions that stopped running is dropped, memory freed inside malloc's heap
 * goes back to the system, and a server nobody asks anything still gets its start's garbage collected.
 */
import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import readline from "node:readline"
import { afterAll, beforeAll, expect, test } from "vitest"
import { repoRoot } from "../support/shop.ts"

/** Reports every full collection and the heap in use after it, one JSON line each. */
const server = `
import http from "node:http"
import v8 from "node:v8"
import { PerformanceObserver, constants } from "node:perf_hooks"
await import(process.env.MODULE)
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
      setImmediate(() => console.log(JSON.stringify({ collected: Math.round(process.memoryUsage().heapUsed / 1e6), code: codeKb() })))
}).observe({ entryTypes: ["gc"] })
// Machine code and bytecode in the heap, in kB.
const codeKb = () =>
  Math.round(v8.getHeapSpaceStatistics().filter((s) => /code|trusted/.test(s.space_name)).reduce((kb, s) => kb + s.space_used_size, 0) / 1024)
// A function as large as a big module's (some 1.5 MB compiled), run often enough to get baseline code.
const body = Array.from({ length: 20_000 }, (_, i) => "x = (x * " + (i + 3) + " + " + i + ") % 1000003;").join("\\n")
let large
let kept = []
let scattered = []
const srv = http.createServer((request, response) => {
  // 80 MB of buffers (malloc'd, not V8's heap) of which every 16th stays: holes in malloc's heap
  // with blocks in use between them, as a round of traffic leaves.
  if (request.url === "/scatter") {
    const buffers = Array.from({ length: 40_000 }, () => Buffer.alloc(2048, 1))
    scattered = buffers.filter((_, i) => i % 16 === 0)
  }
  if (request.url === "/compile") {
    large = new Function("return function large() { let x = 1;\\n" + body + "\\nreturn x }")()
    for (let i = 0; i < 200; i++) large()
    return response.end(String(codeKb()))
  }
  // A request that leaves garbage behind, as rendering a page or a purchase does.
  if (request.url === "/work") kept = Array.from({ length: 300_000 }, (_, i) => ({ i, text: "x".repeat(20) + i }))
  kept = request.url === "/work" ? kept.slice(0, 1) : kept
  response.end("ok")
})
srv.listen(0, "127.0.0.1", () => console.log(JSON.stringify({ port: srv.address().port })))
`

let child: ChildProcess
let port = 0
const collections: number[] = []
const codeAfterCollections: number[] = []

beforeAll(async () => {
  child = spawn(process.execPath, ["--experimental-strip-types", "--no-warnings", "--input-type=module", "-e", server], {
    env: { ...process.env, MODULE: path.join(repoRoot, "launcher", "idle-compaction.ts") },
    stdio: ["ignore", "pipe", "inherit"],
  })
  const lines = readline.createInterface({ input: child.stdout! })
  port = await new Promise<number>((resolve) =>
    lines.on("line", (line) => {
      const message = JSON.parse(line) as { port?: number; collected?: number; code?: number }
      if (message.port) resolve(message.port)
      if (message.collected !== undefined) collections.push(message.collected)
      if (message.code !== undefined) codeAfterCollections.push(message.code)
    }),
  )
})

afterAll(() => {
  child?.kill()
})

const get = async (url: string) => expect(await (await fetch(`http://127.0.0.1:${port}${url}`)).text()).toBe("ok")
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

test("a quiet server collects its garbage once, health checks aside", { timeout: 30_000 }, async () => {
  // Busy for 4 s, a request every 400 ms: no collection is due while requests keep coming.
  const before = collections.length
  for (let i = 0; i < 10; i++) {
    await get("/work")
    await sleep(400)
  }
  const whileBusy = collections.length - before
  // Quiet but for health checks, which do not hold it off: 3 s after the last real request, within
  // these 4.5 s, comes the collection.
  for (let i = 0; i < 9; i++) {
    await get("/health")
    await sleep(500)
  }
  expect(collections.length).toBeGreaterThan(before + whileBusy)
  const afterQuiet = collections.length
  // What it kept is one object: everything the requests made is gone.
  expect(collections.at(-1)).toBeLessThan(20)

  // Health checks alone, after a collection, cause none: not while they go on, nor after.
  for (let i = 0; i < 4; i++) {
    await get("/api/health")
    await sleep(500)
  }
  await sleep(3_500)
  expect(collections.length).toBe(afterQuiet)
})

test("a function that stopped running loses its machine code at the idle collections", { timeout: 30_000 }, async () => {
  // Compiled and run 200 times: bytecode and baseline code, well over 1 MB.
  const compiled = Number(await (await fetch(`http://127.0.0.1:${port}/compile`)).text())
  // Two quiet spells with other requests between them, and the function is not called again. V8
  // ages code by the time between full collections; one idle collection alone leaves it young.
  for (let i = 0; i < 2; i++) {
    await sleep(4_000)
    await get("/work")
  }
  await sleep(4_000)
  // Without --flush-baseline-code the function keeps its baseline code and bytecode (1.5 MB here).
  expect(codeAfterCollections.at(-1)).toBeLessThan(compiled - 1_000)
})

/** The server's resident memory in MB. */
const residentMb = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, "utf8"))![1]) / 1024

test("memory freed inside malloc's heap goes back to the system at the idle collection", { timeout: 30_000 }, async () => {
  const before = residentMb()
  await get("/scatter")
  expect(residentMb()).toBeGreaterThan(before + 60)
  // The idle collection frees the buffers; without malloc_trim their pages stay resident
  // (docs/architecture.md, "glibc's malloc", has what this test measured).
  await sleep(4_500)
  expect(residentMb()).toBeLessThan(before + 30)
})

/** A server that gets no request once up, as the front door of `npm start`: it only says it started. */
const unasked = `
import { PerformanceObserver, constants } from "node:perf_hooks"
const { collectStartGarbage } = await import(process.env.MODULE)
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
      setImmediate(() => console.log(JSON.stringify({ collected: Math.round(process.memoryUsage().heapUsed / 1e6) })))
}).observe({ entryTypes: ["gc"] })
// What a start leaves: loading modules and building the server makes much that is not kept.
globalThis.kept = Array.from({ length: 300_000 }, (_, i) => ({ i, text: "x".repeat(20) + i })).slice(0, 1)
collectStartGarbage()
console.log(JSON.stringify({ started: Math.round(process.memoryUsage().heapUsed / 1e6) }))
setInterval(() => {}, 1000)
`

test("a server nobody asks anything after its start collects the start's garbage", { timeout: 30_000 }, async () => {
  const quiet = spawn(process.execPath, ["--experimental-strip-types", "--no-warnings", "--input-type=module", "-e", unasked], {
    env: { ...process.env, MODULE: path.join(repoRoot, "launcher", "idle-compaction.ts") },
    stdio: ["ignore", "pipe", "inherit"],
  })
  try {
    const heap: { started?: number; collected: number[] } = { collected: [] }
    readline.createInterface({ input: quiet.stdout! }).on("line", (line) => {
      const message = JSON.parse(line) as { started?: number; collected?: number }
      if (message.started !== undefined) heap.started = message.started
      if (message.collected !== undefined) heap.collected.push(message.collected)
    })
    await expect.poll(() => heap.started, { timeout: 10_000 }).toBeDefined()
    expect(heap.started).toBeGreaterThan(20)
    // 3 s after the start, with no request at all: without collectStartGarbage() nothing collects it.
    await expect.poll(() => heap.collected.filter((mb) => mb < 10).length, { timeout: 6_000, interval: 200 }).toBeGreaterThan(0)
  } finally {
    quiet.kill()
  }
})
