/**
 * Once a server process has been left alone for a moment, it gives back the memory that holds only
 * garbage. Loaded into every Medusa process (`node --import`, launcher/medusa.ts) and into the
 * front door (launcher/start.ts, launcher/web-main.ts).
 *
 * V8 collects its old generation only when allocation pushes it past a limit, and Node runs none
 * of V8's idle-time collection, so an idle process keeps whatever garbage it last made, for as long
 * as it stays idle. For the shop that is a lot: Medusa's start leaves some 100 MB (module loading,
 * the validators of every route), and a burst of traffic leaves hundreds in Medusa and in the front
 * door (docs/architecture.md, "An idle Node process keeps its garbage", has the numbers). One full
 * collection once the process has been quiet for IDLE_MS costs about
 * 0.1–0.2 s of CPU that nobody is waiting for.
 *
 * Health checks (the launcher's, a container runtime's) are not traffic: they neither leave garbage
 * worth collecting nor hold a collection off.
 */
import diagnosticsChannel from "node:diagnostics_channel"
import type { IncomingMessage } from "node:http"
import { createRequire } from "node:module"
import v8 from "node:v8"
import vm from "node:vm"

const IDLE_MS = 3000
const HEALTH_CHECKS = new Set(["/health", "/api/health"])

type Collector = (options?: { type?: "major"; execution?: "sync"; flavor?: "last-resort" }) => void

/**
 * V8's `gc` without starting Node with --expose-gc (npm start runs the launcher in the process npm
 * started): the flag is set, a context made while it is set gets the function, and the flag goes
 * back off. jest-leak-detector gets its collector the same way.
 */
function collector(): Collector {
  const exposed = (globalThis as { gc?: Collector }).gc
  if (exposed) return exposed
  v8.setFlagsFromString("--expose-gc")
  try {
    return vm.runInNewContext("gc") as Collector
  } finally {
    v8.setFlagsFromString("--no-expose-gc")
  }
}

// V8 drops the bytecode of a function that has not run for a while at a full collection (it is
// compiled again if called), but not once the function has run often enough to get baseline machine
// code (Sparkplug's): that code and its bytecode then stay for as long as the process lives, so
// everything a shop ever ran a few times (its admin, its invoices, every page) stays compiled. With
// this flag they go like any other. V8 reads it at each collection, so setting it here works.
v8.setFlagsFromString("--flush-baseline-code")

/**
 * glibc's malloc gives freed memory back to the system only from the top of an arena: pages freed
 * below a block still in use stay resident until malloc_trim() walks the arenas, and nothing in
 * Node calls it. A round of traffic leaves many such holes (buffers, compression state, the
 * compiler's zones) even with the few arenas of launcher/lean-malloc.json, so the collection that frees
 * them would leave them resident (docs/architecture.md, "glibc's malloc", has what the trim saves).
 * Koffi (a C FFI that ships its binaries as npm packages) calls it. Without glibc (musl, macOS,
 * Windows) there is none to call, and nothing is done.
 */
function heapTrimmer(): () => void {
  try {
    const koffi = createRequire(import.meta.url)("koffi") as typeof import("koffi")
    const mallocTrim = koffi.load("libc.so.6").func("int malloc_trim(size_t pad)")
    return () => mallocTrim(0)
  } catch {
    return () => {}
  }
}

const collect = collector()
// Loaded at the first idle collection, not at start: a start does not wait for it.
let trimHeap: (() => void) | undefined
// Until the first collection: what the start left behind.
let garbage = true
let timer: NodeJS.Timeout | undefined

/** A request (traffic) or a health check starts the wait, and a request restarts it. */
function arm(traffic: boolean) {
  if (traffic) garbage = true
  if (!garbage) return
  // A request restarts the wait (refresh() also re-arms a timer that has fired); a health check
  // only starts it, which is how the start's garbage gets collected once the launcher sees Medusa up.
  if (timer) {
    if (traffic) timer.refresh()
  } else {
    timer = setTimeout(() => {
      garbage = false
      // "last-resort" is the collection that also hands the freed pages back to the system; a
      // plain major one leaves them mapped (about twice the RSS; docs/architecture.md has the numbers).
      collect({ type: "major", execution: "sync", flavor: "last-resort" })
      trimHeap ??= heapTrimmer()
      trimHeap()
    }, IDLE_MS)
    // Never what keeps a process (a script run by `medusa exec`, a stopping server) alive.
    timer.unref()
  }
}

diagnosticsChannel.subscribe("http.server.request.start", (message) => {
  arm(!HEALTH_CHECKS.has((message as { request: IncomingMessage }).request.url ?? ""))
})

/**
 * For a server that nobody checks once it is up (the front door of `npm start`: the launcher waits on
 * Medusa's health, not its own): its start's garbage is collected IDLE_MS from now, as after a
 * health check. Its start's garbage is otherwise kept for as long as it runs (docs/architecture.md).
 */
export function collectStartGarbage() {
  arm(false)
}
