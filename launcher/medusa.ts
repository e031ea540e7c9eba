import { spawn, type ChildProcess } from "node:child_process"
import { createHash } from "node:crypto"
import fs from "node:fs"
import { createRequire } from "node:module"
import path from "node:path"
import { pathToFileURL } from "node:url"
import { repoRoot } from "./env.ts"
import { waitFor } from "./ports.ts"

export const backendDir = path.join(repoRoot, "medusa-backend")
/**
 * The CLI's compiled entry, not its `cli.js` bin: the bin first registers ts-node (loading the
 * TypeScript compiler at every start) so that it can run sources, and the shop runs compiled.
 */
export const medusaCli = createRequire(path.join(backendDir, "package.json")).resolve("@medusajs/cli/dist/index.js")
/** What a Medusa server runs: `medusa start` without the CLI (launcher/medusa-server.ts). */
export const medusaServer = path.join(repoRoot, "launcher", "medusa-server.ts")
/**
 * Medusa runs compiled (`medusa build` in launcher/build.ts), never from TypeScript sources. The
 * build mirrors the repository under .medusa/server, since the application's medusa-config.ts
 * re-exports the root one: the root configuration compiles to .medusa/server/medusa-config.js and
 * the application to .medusa/server/medusa-backend, which is where Medusa runs.
 */
export const serverDir = path.join(backendDir, ".medusa", "server", "medusa-backend")
/**
 * V8 grows the young generation up to 64 MB per semi-space on a machine this size, and Medusa's
 * start fills it, memory an idle server keeps. At 16 MB the stack idles in markedly less, and serves and
 * sells as fast (docs/architecture.md, "V8 grows the young generation", has the numbers).
 */
export const medusaNodeFlags = [
  "--max-semi-space-size=16",
  // launcher/resolve-cache.ts: first, so that it finds the modules of the two below as well.
  "--import",
  pathToFileURL(path.join(repoRoot, "launcher", "resolve-cache.ts")).href,
  // launcher/idle-compaction.ts: a full collection once Medusa is idle. TypeScript, so Node 22's
  // type stripping must be on (Node 24 has it on already and takes the flag as it is).
  "--experimental-strip-types",
  "--no-warnings=ExperimentalWarning",
  "--import",
  pathToFileURL(path.join(repoRoot, "launcher", "idle-compaction.ts")).href,
  // launcher/orphan-guard.ts: a Medusa process ends when the launcher that started it is gone.
  "--import",
  pathToFileURL(path.join(repoRoot, "launcher", "orphan-guard.ts")).href,
]
/** A script of medusa-backend/src/scripts as Medusa's `exec` runs it: compiled, inside serverDir. */
export const backendScript = (name: string) => `./src/scripts/${name}.js`

export interface MedusaEnv {
  databaseUrl: string
  redisUrl?: string
  jwtSecret: string
  cookieSecret: string
  appSecret: string
  dataDir: string
  workerMode?: string
  /** Only setup needs it: the first admin account is created with it. */
  adminPassword?: string
  /** Only setup reads it: the demo customer's account is created with it, and none without it. */
  demoPassword?: string
  /** Only setup reads it: a new shop's catalogue comes with test payments on (npm start's demo), else off. */
  testPayments?: boolean
}

/**
 * Medusa's CLI keeps its own settings in the user's config folder and, unless they say telemetry
 * is off, forks a detached reporter after every command that outlives the shop (and finds no
 * network here). A config folder of the shop's own, with telemetry off, keeps both in DATA_DIR.
 */
function medusaCliEnv(dataDir: string): NodeJS.ProcessEnv {
  const configHome = path.join(dataDir, "medusa-cli")
  const configFile = path.join(configHome, "medusa", "config.json")
  if (!fs.existsSync(configFile)) {
    fs.mkdirSync(path.dirname(configFile), { recursive: true })
    fs.writeFileSync(configFile, JSON.stringify({ telemetry: { enabled: false } }) + "\n")
  }
  return { XDG_CONFIG_HOME: configHome, MEDUSA_DISABLE_TELEMETRY: "true" }
}

/**
 * Node keeps the bytecode of the modules Medusa loads (some 3,000 files) in DATA_DIR, so a restart
 * compiles none of them again (a tenth of a start or so; docs/architecture.md). Node keys each
 * entry by the file's content, so a new build never runs stale code.
 */
function compileCacheEnv(dataDir: string): NodeJS.ProcessEnv {
  return { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE || path.join(dataDir, "compile-cache") }
}

/**
 * What decides where Medusa's modules are found: the backend's build (launcher/build.ts marks it
 * with the hash of its sources and of every plugin's) and the installed packages (npm rewrites its
 * record of them, node_modules/.package-lock.json, at every install).
 */
const resolveRecords = [path.join(serverDir, "..", ".enclave-build"), path.join(repoRoot, "node_modules", ".package-lock.json")]

/**
 * The file where Medusa processes keep where each module they load was found (launcher/resolve-cache.ts),
 * named after the records above, so that a new build or install starts an empty one. Without one
 * of the records nothing is kept: a cache that could outlive the files it points to would load stale
 * code. The files of earlier builds go.
 */
export function resolveCacheEnv(dataDir: string, records = resolveRecords): NodeJS.ProcessEnv {
  const hash = createHash("sha256").update(process.version)
  for (const record of records) {
    if (!fs.existsSync(record)) return {}
    hash.update(fs.readFileSync(record))
  }
  const dir = path.join(dataDir, "resolve-cache")
  const name = `${hash.digest("hex").slice(0, 16)}.json`
  fs.mkdirSync(dir, { recursive: true })
  // Not the ones a process is writing right now (launcher/resolve-cache.ts writes <name>.<pid> first).
  for (const old of fs.readdirSync(dir)) if (!old.startsWith(name)) fs.rmSync(path.join(dir, old), { force: true })
  return { ENCLAVE_RESOLVE_CACHE: path.join(dir, name) }
}

/**
 * The environment of every Medusa process this process starts (the launcher's, and start:medusa's
 * server): the CLI's settings, the bytecode cache, where modules were found, and who
 * launcher/orphan-guard.ts watches for, this process.
 */
export function medusaProcessEnv(dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...medusaCliEnv(dataDir),
    ...compileCacheEnv(dataDir),
    ...resolveCacheEnv(dataDir),
    ENCLAVE_LAUNCHER_PID: String(process.pid),
    NODE_ENV: process.env.NODE_ENV || "production",
  }
}

function childEnv(env: MedusaEnv): NodeJS.ProcessEnv {
  const vars: NodeJS.ProcessEnv = {
    ...medusaProcessEnv(env.dataDir),
    DATABASE_URL: env.databaseUrl,
    JWT_SECRET: env.jwtSecret,
    COOKIE_SECRET: env.cookieSecret,
    APP_SECRET: env.appSecret,
    DATA_DIR: env.dataDir,
    MEDUSA_WORKER_MODE: env.workerMode || process.env.MEDUSA_WORKER_MODE || "shared",
  }
  if (env.adminPassword) vars.ADMIN_PASSWORD = env.adminPassword
  if (env.demoPassword) vars.DEMO_PASSWORD = env.demoPassword
  else delete vars.DEMO_PASSWORD
  if (env.testPayments) vars.TEST_PAYMENTS = "on"
  else delete vars.TEST_PAYMENTS
  if (env.redisUrl) vars.REDIS_URL = env.redisUrl
  else delete vars.REDIS_URL
  return vars
}

/** Runs one Medusa CLI command to completion; its output goes to the log, and to the error when it fails. */
export function runMedusa(args: string[], env: MedusaEnv, logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const log = fs.createWriteStream(logFile, { flags: "a" })
    const child = spawn(process.execPath, [...medusaNodeFlags, medusaCli, ...args], { cwd: serverDir, env: childEnv(env) })
    const tail: string[] = []
    const keep = (chunk: Buffer) => {
      log.write(chunk)
      tail.push(chunk.toString())
      if (tail.length > 40) tail.shift()
    }
    child.stdout.on("data", keep)
    child.stderr.on("data", keep)
    child.on("error", reject)
    child.on("close", (code) => {
      log.end()
      if (code === 0) resolve()
      else reject(new Error(`medusa ${args.join(" ")} failed (exit ${code}):\n${tail.join("").slice(-4000)}`))
    })
  })
}

/**
 * A fingerprint of everything that shapes the schema: Medusa's version, our plugins' migrations,
 * links and data migration scripts (db:migrate runs those once each), and the configuration. The same fingerprint means the database is already migrated.
 */
export function migrationFingerprint(redisUrl: string | undefined, extraPlugins = process.env.MEDUSA_EXTRA_PLUGINS): string {
  const hash = createHash("sha256")
  const medusaPkg = createRequire(path.join(backendDir, "package.json")).resolve("@medusajs/medusa/package.json")
  hash.update(JSON.parse(fs.readFileSync(medusaPkg, "utf8")).version)
  hash.update(fs.readFileSync(path.join(serverDir, "..", "medusa-config.js")))
  hash.update(redisUrl ? "redis" : "memory")
  const pluginsDir = path.join(repoRoot, "plugins")
  const hashed = new Set<string>()
  const hashPlugin = (dir: string) => {
    const built = path.join(dir, ".medusa", "server", "src")
    if (!fs.existsSync(built) || hashed.has(fs.realpathSync(dir))) return
    hashed.add(fs.realpathSync(dir))
    for (const file of (fs.readdirSync(built, { recursive: true }) as string[]).sort()) {
      if (/(^|\/)(migrations|links|migration-scripts)\//.test(file) && file.endsWith(".js")) {
        hash.update(file)
        hash.update(fs.readFileSync(path.join(built, file)))
      }
    }
  }
  for (const plugin of fs.readdirSync(pluginsDir).sort()) hashPlugin(path.join(pluginsDir, plugin))
  // A merchant's plugins (docs/extending.md): installed from npm beside Medusa, or named in
  // MEDUSA_EXTRA_PLUGINS. Their new migrations and links run at the next start, as ours do.
  for (const plugin of merchantPlugins(extraPlugins)) hashPlugin(plugin)
  return hash.digest("hex")
}

/**
 * The folders of the Medusa plugins a merchant added: the root's and medusa-backend's dependencies
 * that are built Medusa plugins (`.medusa/server/src`), and MEDUSA_EXTRA_PLUGINS's packages and folders.
 */
function merchantPlugins(extraPlugins: string | undefined): string[] {
  const requireFrom = createRequire(path.join(backendDir, "package.json"))
  const dependencies = [path.join(repoRoot, "package.json"), path.join(backendDir, "package.json")].flatMap((manifest) =>
    Object.keys((JSON.parse(fs.readFileSync(manifest, "utf8")) as { dependencies?: Record<string, string> }).dependencies ?? {}),
  )
  const named = (extraPlugins ?? "").split(/[\s,]+/).filter(Boolean)
  const folders: string[] = []
  for (const name of [...dependencies, ...named].sort()) {
    try {
      folders.push(path.dirname(requireFrom.resolve(path.join(name, "package.json"))))
    } catch {
      // Not resolvable as a package with its manifest: no plugin of ours to fingerprint (Medusa says so at start).
    }
  }
  return folders
}

export interface MedusaServer {
  url: string
  process: ChildProcess
  stop(): Promise<void>
}

/** Starts a Medusa server (as `medusa start` does) and resolves once its /health answers. `onSpawn` learns the process at once, to stop a start that is under way. */
export async function startMedusa(
  env: MedusaEnv,
  port: number,
  logFile: string,
  onSpawn?: (child: ChildProcess) => void,
): Promise<MedusaServer> {
  const log = fs.openSync(logFile, "a")
  // Only the front door faces people; Medusa listens on loopback.
  const child = spawn(process.execPath, [...medusaNodeFlags, medusaServer, "--host", "127.0.0.1", "--port", String(port)], {
    cwd: serverDir,
    env: childEnv(env),
    stdio: ["ignore", log, log],
  })
  fs.closeSync(log)
  onSpawn?.(child)
  const url = `http://127.0.0.1:${port}`
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code, signal) => reject(new Error(`Medusa exited (${signal ?? `code ${code}`}) while starting`))),
  )
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      const force = setTimeout(() => child.kill("SIGKILL"), 5000)
      child.once("exit", () => {
        clearTimeout(force)
        resolve()
      })
      child.kill("SIGTERM")
    })
  try {
    // Asked often: the shop is ready the moment Medusa is.
    await Promise.race([waitFor(async () => (await fetch(`${url}/health`)).ok, "Medusa", 120_000, 50), exited])
  } catch (error) {
    await stop()
    const tail = fs.readFileSync(logFile, "utf8").slice(-4000)
    throw new Error(`${(error as Error).message}; the end of ${logFile}:\n${tail}`)
  }
  exited.catch(() => {})
  return { url, process: child, stop }
}

/** Medusa's state as the front door needs it: answering, being restarted, or given up on. */
export type MedusaState = "running" | "restarting" | "stopped"

export interface SupervisedMedusa {
  url: string
  state(): MedusaState
  stop(): Promise<void>
}

/** More crashes than this within the window and the supervisor stops restarting: something is broken, not unlucky. */
const MAX_CRASHES = 3
const CRASH_WINDOW_MS = 120_000

/**
 * Medusa, restarted on the same port whenever it exits without being asked to (a crash, the
 * kernel's OOM killer). Everything that matters is in the database (orders, carts, sessions), so
 * a new process carries on where the old one stopped. `onGiveUp` is told when it keeps crashing.
 */
export async function superviseMedusa(
  env: MedusaEnv,
  port: number,
  logFile: string,
  say: (line: string) => void,
  onGiveUp: (error: Error) => void,
  /** Ends the first start before it answers: the process is killed and the start fails. */
  signal?: AbortSignal,
): Promise<SupervisedMedusa> {
  let child: ChildProcess | undefined
  let state: MedusaState = "running"
  let stopping = false
  const crashes: number[] = []

  const tooManyCrashes = () => {
    const now = Date.now()
    crashes.push(now)
    while (crashes.length > 0 && crashes[0] < now - CRASH_WINDOW_MS) crashes.shift()
    return crashes.length > MAX_CRASHES
  }
  const giveUp = (why: string) => {
    state = "stopped"
    const error = new Error(
      `Medusa ${why} ${crashes.length} times within ${CRASH_WINDOW_MS / 1000} s; not restarting it again (see ${logFile})`,
    )
    say(error.message)
    onGiveUp(error)
  }
  const watch = (server: MedusaServer) => {
    server.process.once("exit", (code, signal) => {
      if (stopping) return
      say(`Medusa exited unexpectedly (${signal ?? `code ${code}`}); restarting it on port ${port}...`)
      state = "restarting"
      if (tooManyCrashes()) return giveUp("crashed")
      void restart()
    })
  }
  const restart = async () => {
    for (;;) {
      try {
        const server = await startMedusa(env, port, logFile, (spawned) => (child = spawned))
        if (stopping) return server.stop()
        state = "running"
        say(`Medusa is back on port ${port}.`)
        watch(server)
        return
      } catch (error) {
        if (stopping) return
        say(`Medusa did not come back: ${(error as Error).message.split("\n")[0]}`)
        if (tooManyCrashes()) return giveUp("failed to start")
      }
    }
  }

  // A process still starting has served nothing: killed outright, it loses nothing.
  const abandon = () => child?.kill("SIGKILL")
  if (signal?.aborted) throw new Error("Medusa's start was called off")
  signal?.addEventListener("abort", abandon, { once: true })
  let first: MedusaServer
  try {
    first = await startMedusa(env, port, logFile, (spawned) => (child = spawned))
  } finally {
    signal?.removeEventListener("abort", abandon)
  }
  watch(first)
  return {
    url: first.url,
    state: () => state,
    stop: async () => {
      stopping = true
      const current = child
      if (!current || current.exitCode !== null || current.signalCode !== null) return
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => current.kill("SIGKILL"), 5000)
        current.once("exit", () => {
          clearTimeout(force)
          resolve()
        })
        current.kill("SIGTERM")
      })
    },
  }
}
