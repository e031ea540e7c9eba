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

export interface Part {
  dir: string
  inputs: string[]
  output: string
  after?: string[]
  env?: NodeJS.ProcessEnv
  /** Settings of the environment that change what the build makes: a change rebuilds. */
  settings?: string[]
}

const plugin = (name: string, after: string[] = []): Part => ({
  dir: `plugins/${name}`,
  inputs: ["src", "tsconfig.json", "package.json", "../build-plugin.mjs"],
  output: ".medusa/server",
  after,
})

const parts: Part[] = [
  { dir: "contract", inputs: ["src", "tsconfig.json", "package.json"], output: "dist" },
  plugin("security-levels", ["contract"]),
  // Each domain plugin compiles against the built plugins below it: catalogue, then accounts, shipping
  // methods and payments, then orders; the facade against all of them.
  plugin("catalogue", ["contract", "plugins/security-levels"]),
  plugin("accounts", ["contract", "plugins/catalogue"]),
  plugin("shipping-methods", ["contract", "plugins/catalogue"]),
  plugin("payments", ["contract", "plugins/accounts", "plugins/catalogue"]),
  plugin("orders", ["contract", "plugins/accounts", "plugins/catalogue", "plugins/shipping-methods", "plugins/payments"]),
  plugin("api-facade", [
    "contract",
    "plugins/accounts",
    "plugins/catalogue",
    "plugins/shipping-methods",
    "plugins/payments",
    "plugins/orders",
  ]),
  // The mail plugin reads shop users and order details through the accounts and orders modules.
  plugin("mail", ["contract", "plugins/accounts", "plugins/orders"]),
  {
    dir: "medusa-backend",
    inputs: ["src", "medusa-config.ts", "instrumentation.ts", "tsconfig.json", "package.json", "finish-build.mjs", "../medusa-config.ts"],
    output: ".medusa/server",
    after: [
      "contract",
      "plugins/accounts",
      "plugins/security-levels",
      "plugins/catalogue",
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
    // Medusa's dashboard is bundled only with MEDUSA_DASHBOARD=on (medusa-config.ts).
    settings: ["MEDUSA_DASHBOARD"],
  },
  {
    dir: "storefront",
    inputs: ["src", "public", "astro.config.mjs", "tsconfig.json", "package.json"],
    output: "dist",
    after: ["contract"],
  },
  { dir: "admin", inputs: ["src", "index.html", "vite.config.ts", "tsconfig.json", "package.json"], output: "dist", after: ["contract"] },
]

/**
 * A merchant's own plugins in plugins/ (docs/extending.md "A local plugin"): each folder with a
 * build script that is not one of the shop's, built after the shop's plugins and before the
 * Medusa application that loads them.
 */
function localPlugins(): Part[] {
  const known = new Set(parts.map((part) => part.dir))
  return fs
    .readdirSync(path.join(repoRoot, "plugins"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !known.has(`plugins/${entry.name}`))
    .filter((entry) => {
      const manifest = path.join(repoRoot, "plugins", entry.name, "package.json")
      return (
        fs.existsSync(manifest) &&
        Boolean((JSON.parse(fs.readFileSync(manifest, "utf8")) as { scripts?: { build?: string } }).scripts?.build)
      )
    })
    .map((entry) => ({ dir: `plugins/${entry.name}`, inputs: ["src", "tsconfig.json", "package.json"], output: ".medusa/server" }))
    .sort((a, b) => a.dir.localeCompare(b.dir))
}

/** The shop's parts with the merchant's plugins among them. */
function allParts(): Part[] {
  const merchant = localPlugins()
  if (merchant.length === 0) return parts
  const backend = parts.findIndex((part) => part.dir === "medusa-backend")
  const withThem = parts.map((part, i) =>
    i === backend ? { ...part, after: [...(part.after ?? []), ...merchant.map((m) => m.dir)] } : part,
  )
  return [...withThem.slice(0, backend), ...merchant, ...withThem.slice(backend)]
}

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
  // Unset and "off" build the same, so a build made before the setting existed is kept.
  for (const name of part.settings ?? []) if (process.env[name] && process.env[name] !== "off") hash.update(`${name}=${process.env[name]}`)
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

/**
 * Builds one part (its `npm run build`) unless its output is marked with the hash of its inputs as
 * they are now; answers that hash. Also for parts outside the shop's own, such as the tests' plugin.
 */
export async function buildPart(part: Part, say: (line: string) => void, { force = false, upstream = new Map<string, string>() } = {}) {
  const hash = hashInputs(part, upstream)
  const mark = path.join(repoRoot, part.dir, part.output, ".enclave-build")
  if (!force && fs.existsSync(mark) && fs.readFileSync(mark, "utf8") === hash) return hash
  say(`Building ${part.dir}...`)
  const started = performance.now()
  await run("npm", ["run", "build", "--silent"], path.join(repoRoot, part.dir), part.env)
  fs.writeFileSync(mark, hash)
  say(`Built ${part.dir} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  return hash
}

export async function buildAll({ force, say }: { force: boolean; say: (line: string) => void }) {
  const hashes = new Map<string, string>()
  for (const part of allParts()) hashes.set(part.dir, await buildPart(part, say, { force, upstream: hashes }))
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll({ force: process.argv.includes("--force"), say: console.log }).catch((error) => {
    console.error(error.message)
    process.exit(1)
  })
}
