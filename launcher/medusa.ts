import { spawn, type ChildProcess } from "node:child_process"
import { createHash } from "node:crypto"
import fs from "node:fs"
import { createRequire } from "node:module"
import path from "node:path"
import { repoRoot } from "./env.ts"
import { waitFor } from "./ports.ts"

export const backendDir = path.join(repoRoot, "medusa-backend")
export const medusaCli = createRequire(path.join(backendDir, "package.json")).resolve("@medusajs/cli/cli.js")

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
}

/**
 * Medusa's CLI keeps its own settings in the user's config folder and, unless they say telemetry
 * is off, forks a detached reporter after every command that outlives the shop (and finds no
 * network here). A config folder of the shop's own, with telemetry off, keeps both in DATA_DIR.
 */
export function medusaCliEnv(dataDir: string): NodeJS.ProcessEnv {
  const configHome = path.join(dataDir, "medusa-cli")
  const configFile = path.join(configHome, "medusa", "config.json")
  if (!fs.existsSync(configFile)) {
    fs.mkdirSync(path.dirname(configFile), { recursive: true })
    fs.writeFileSync(configFile, JSON.stringify({ telemetry: { enabled: false } }) + "\n")
  }
  return { XDG_CONFIG_HOME: configHome, MEDUSA_DISABLE_TELEMETRY: "true" }
}

function childEnv(env: MedusaEnv): NodeJS.ProcessEnv {
  const vars: NodeJS.ProcessEnv = {
    ...process.env,
    ...medusaCliEnv(env.dataDir),
    NODE_ENV: process.env.NODE_ENV || "production",
    DATABASE_URL: env.databaseUrl,
    JWT_SECRET: env.jwtSecret,
    COOKIE_SECRET: env.cookieSecret,
    APP_SECRET: env.appSecret,
    DATA_DIR: env.dataDir,
    MEDUSA_WORKER_MODE: env.workerMode || process.env.MEDUSA_WORKER_MODE || "shared",
  }
  if (env.adminPassword) vars.ADMIN_PASSWORD = env.adminPassword
  if (env.redisUrl) vars.REDIS_URL = env.redisUrl
  else delete vars.REDIS_URL
  return vars
}

/** Runs one Medusa CLI command to completion; its output goes to the log, and to the error when it fails. */
export function runMedusa(args: string[], env: MedusaEnv, logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const log = fs.createWriteStream(logFile, { flags: "a" })
    const child = spawn(process.execPath, [medusaCli, ...args], { cwd: backendDir, env: childEnv(env) })
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
 * A fingerprint of everything that shapes the schema: Medusa's version, our plugins' migrations
 * and links, and the configuration. The same fingerprint means the database is already migrated.
 */
export function migrationFingerprint(redisUrl: string | undefined): string {
  const hash = createHash("sha256")
  const medusaPkg = createRequire(path.join(backendDir, "package.json")).resolve("@medusajs/medusa/package.json")
  hash.update(JSON.parse(fs.readFileSync(medusaPkg, "utf8")).version)
  hash.update(fs.readFileSync(path.join(repoRoot, "medusa-config.ts")))
  hash.update(redisUrl ? "redis" : "memory")
  const pluginsDir = path.join(repoRoot, "plugins")
  for (const plugin of fs.readdirSync(pluginsDir).sort()) {
    const built = path.join(pluginsDir, plugin, ".medusa", "server", "src")
    if (!fs.existsSync(built)) continue
    for (const file of (fs.readdirSync(built, { recursive: true }) as string[]).sort()) {
      if (/(^|\/)(migrations|links)\//.test(file) && file.endsWith(".js")) {
        hash.update(file)
        hash.update(fs.readFileSync(path.join(built, file)))
      }
    }
  }
  return hash.digest("hex")
}

export interface MedusaServer {
  url: string
  process: ChildProcess
  stop(): Promise<void>
}

/** Starts `medusa start` and resolves once its /health answers. */
export async function startMedusa(env: MedusaEnv, port: number, logFile: string): Promise<MedusaServer> {
  const log = fs.openSync(logFile, "a")
  // Only the front door faces people; Medusa listens on loopback.
  const child = spawn(process.execPath, [medusaCli, "start", "--host", "127.0.0.1", "--port", String(port)], {
    cwd: backendDir,
    env: childEnv(env),
    stdio: ["ignore", log, log],
  })
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
    await Promise.race([waitFor(async () => (await fetch(`${url}/health`)).ok, "Medusa", 120_000), exited])
  } catch (error) {
    await stop()
    const tail = fs.readFileSync(logFile, "utf8").slice(-4000)
    throw new Error(`${(error as Error).message}; the end of ${logFile}:\n${tail}`)
  }
  exited.catch(() => {})
  return { url, process: child, stop }
}
