/**
 * Builds each part of the shop whose sources changed since its last build, in dependency order.
 * `npm start` and `npm test` call it, so the first command after a clone just works and tests
 * never run stale code. `npm run build` (`--force`) rebuilds everything.
 */
import { spawn } from "node:child_process"
import { createHash } from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import { repoRoot } from "./env.ts"

interface Part {
  dir: string
  inputs: string[]
  output: string
  after?: string[]
  env?: NodeJS.ProcessEnv
}

const plugin = (name: string, after: string[] = []): Part => ({
  dir: `plugins/${name}`,
  inputs: ["src", "tsconfig.json", "package.json", "../build-plugin.mjs"],
  output: ".medusa/server",
  after,
})

const parts: Part[] = [
  { dir: "contract", inputs: ["src", "tsconfig.json", "package.json"], output: "dist" },
  plugin("accounts"),
  plugin("security-levels"),
  plugin("shipping-methods"),
  plugin("payments"),
  // The orders plugin's row types use the contract's shipping address.
  plugin("orders", ["contract"]),
  // The facade compiles against the other plugins' built modules (and the payments plugin's types).
  plugin("api-facade", ["contract", "plugins/accounts", "plugins/shipping-methods", "plugins/payments", "plugins/orders"]),
  // The mail plugin reads shop users and order details through the accounts and orders modules.
  plugin("mail", ["contract", "plugins/accounts", "plugins/orders"]),
  {
    dir: "medusa-backend",
    inputs: ["src", "medusa-config.ts", "instrumentation.ts", "tsconfig.json", "package.json", "../medusa-config.ts"],
    output: ".medusa/server",
    after: [
      "contract",
      "plugins/accounts",
      "plugins/security-levels",
      "plugins/shipping-methods",
      "plugins/payments",
      "plugins/orders",
      "plugins/api-facade",
      "plugins/mail",
    ],
    // `medusa build` loads the configuration (for its admin options), which refuses to load without
    // the secrets. They are read when the compiled configuration loads at start; nothing of the
    // build's environment ends up in its output.
    env: { JWT_SECRET: "unused-by-the-build", COOKIE_SECRET: "unused-by-the-build", APP_SECRET: "unused-by-the-build" },
  },
  {
    dir: "storefront",
    inputs: ["src", "public", "astro.config.mjs", "tsconfig.json", "package.json"],
    output: "dist",
    after: ["contract"],
  },
  { dir: "admin", inputs: ["src", "index.html", "vite.config.ts", "tsconfig.json", "package.json"], output: "dist", after: ["contract"] },
]

const skip = new Set(["node_modules", "dist", ".medusa", ".astro"])

function hashInputs(part: Part, upstream: Map<string, string>): string {
  const hash = createHash("sha256")
  const visit = (file: string) => {
    const stat = fs.statSync(file, { throwIfNoEntry: false })
    if (!stat) return
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(file).sort()) if (!skip.has(entry)) visit(path.join(file, entry))
    } else {
      hash.update(path.relative(repoRoot, file))
      hash.update(fs.readFileSync(file))
    }
  }
  for (const input of part.inputs) visit(path.join(repoRoot, part.dir, input))
  for (const dep of part.after ?? []) hash.update(upstream.get(dep) ?? "")
  return hash.digest("hex")
}

function run(command: string, args: string[], cwd: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
      // Always production bundles: a build started from a test runner (NODE_ENV=test) would
      // otherwise ship React's development build.
      env: { ...extraEnv, ...process.env, NODE_ENV: "production", ASTRO_TELEMETRY_DISABLED: "1", MEDUSA_DISABLE_TELEMETRY: "true" },
    })
    let output = ""
    child.stdout.on("data", (c) => (output += c))
    child.stderr.on("data", (c) => (output += c))
    child.on("error", reject)
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} in ${cwd} failed:\n${output.slice(-6000)}`)),
    )
  })
}

export async function buildAll({ force, say }: { force: boolean; say: (line: string) => void }) {
  const hashes = new Map<string, string>()
  for (const part of parts) {
    const hash = hashInputs(part, hashes)
    hashes.set(part.dir, hash)
    const mark = path.join(repoRoot, part.dir, part.output, ".enclave-build")
    if (!force && fs.existsSync(mark) && fs.readFileSync(mark, "utf8") === hash) continue
    say(`Building ${part.dir}...`)
    const started = performance.now()
    await run("npm", ["run", "build", "--silent"], path.join(repoRoot, part.dir), part.env)
    fs.writeFileSync(mark, hash)
    say(`Built ${part.dir} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll({ force: process.argv.includes("--force"), say: console.log }).catch((error) => {
    console.error(error.message)
    process.exit(1)
  })
}
