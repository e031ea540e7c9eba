/**
 * `npm test`: builds what changed, starts one shop for the suites that need a running shop,
 * runs vitest (unit and integration) and Playwright (end-to-end, Debian's Chromium) against it,
 * stops it, and prints one summary line.
 */
import { spawn } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { buildAll } from "../launcher/build.ts"
import { treeMemoryPartsMb, type MemoryParts } from "./support/process-tree.ts"
import { repoRoot, SHOP_TEMPLATE_ENV, startSharedShop } from "./support/shop.ts"

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: "inherit" })
    child.on("close", (code) => resolve(code ?? 1))
  })
}

function bin(name: string) {
  return path.join(repoRoot, "node_modules", ".bin", name)
}

interface Counts {
  passed: number
  failed: number
  skipped: number
}

function readVitest(file: string): Counts {
  const report = JSON.parse(fs.readFileSync(file, "utf8"))
  return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests }
}

function readPlaywright(file: string): Counts {
  const { stats } = JSON.parse(fs.readFileSync(file, "utf8"))
  return { passed: stats.expected, failed: stats.unexpected + stats.flaky, skipped: stats.skipped }
}

const resultsDir = path.join(repoRoot, "test-results")
fs.rmSync(resultsDir, { recursive: true, force: true })
fs.mkdirSync(resultsDir, { recursive: true })

await buildAll({ force: false, say: console.log })
console.log("Starting a shop for the test suites...")
const shared = await startSharedShop()
const { shop } = shared
console.log(`Shop for the tests: ${shop.url}`)
/** The shop's memory once it has been idle a few seconds (PSS of the launcher and all below it). */
async function settledMemory(): Promise<MemoryParts> {
  await new Promise((resolve) => setTimeout(resolve, 10_000))
  return treeMemoryPartsMb(shop.child.pid!)
}
const total = (parts: MemoryParts) => parts.medusa + parts.frontDoor + parts.postgres
const describe = (parts: MemoryParts) =>
  `${total(parts)} MB (Medusa ${parts.medusa}, front door ${parts.frontDoor}, PostgreSQL ${parts.postgres})`
const fresh = await settledMemory()
let after: MemoryParts | undefined
// ENCLAVE_MAILBOX: the folder where the shop's mails arrive (its loopback SMTP server, tests/support/mailbox.ts).
const env = {
  ...process.env,
  ENCLAVE_URL: shop.url,
  ENCLAVE_MAILBOX: shop.mailbox ?? undefined,
  [SHOP_TEMPLATE_ENV]: shared.template,
}
const totals: Counts = { passed: 0, failed: 0, skipped: 0 }
let exitCode = 0
try {
  const vitestFile = path.join(resultsDir, "vitest.json")
  const vitestCode = await run(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestFile}`], env)
  const playwrightCode = await run(bin("playwright"), ["test"], env)
  for (const [file, read, code] of [
    [vitestFile, readVitest, vitestCode],
    [path.join(resultsDir, "e2e.json"), readPlaywright, playwrightCode],
  ] as const) {
    if (!fs.existsSync(file)) {
      console.error(`No report at ${file}: the runner failed before it tested anything`)
      totals.failed += 1
      exitCode = 1
      continue
    }
    const counts = read(file)
    totals.passed += counts.passed
    totals.failed += counts.failed
    totals.skipped += counts.skipped
    if (code !== 0) exitCode = 1
  }
  after = await settledMemory()
} finally {
  await shared.remove()
}
if (totals.failed > 0) exitCode = 1
// Whether serving every suite left the shop holding memory it does not give back.
if (after !== undefined) {
  const growth = Math.round(((total(after) - total(fresh)) / total(fresh)) * 100)
  console.log(
    `\nshop memory idle (PSS): ${describe(fresh)} fresh, ${describe(after)} after the suites (${growth >= 0 ? "+" : ""}${growth}%)`,
  )
}
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(exitCode)
