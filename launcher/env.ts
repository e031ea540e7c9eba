/**
 * Everything the launcher reads from the environment, in one place. The README lists these.
 */
import path from "node:path"
import { fileURLToPath } from "node:url"

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")

function port(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number, not "${value}"`)
  return n
}

export interface LauncherEnv {
  /** The one origin people use. */
  port: number
  /** Where the embedded database, generated secrets, uploads and logs live. */
  dataDir: string
  /** An external PostgreSQL; without it the launcher starts an embedded one. */
  databaseUrl: string | undefined
  redisUrl: string | undefined
  adminPassword: string | undefined
  /** Medusa's port; 0 picks a free one so two shops can run side by side. */
  medusaPort: number
  /** Where the front door and server-side rendering reach the /api facade when Medusa runs elsewhere. */
  apiUrl: string | undefined
  /**
   * How many Medusa servers answer /api behind the front door. Above 1, one more Medusa runs in
   * worker mode (subscribers, scheduled jobs), and they share state through Redis, so REDIS_URL is required.
   */
  medusaServers: number
  /**
   * TRUSTED_PROXY_HOPS: how many proxies in front of Medusa append to X-Forwarded-For and -Proto (the
   * front door or nginx: 1; a TLS terminator before it as well: 2). The facade reads it too.
   */
  trustedProxyHops: number
  /**
   * MEDUSA_DASHBOARD=on: Medusa's own dashboard is built and served at /app, and its calls to
   * Medusa's /admin and /auth go through /medusa (docs/extending.md). Off by default.
   */
  medusaDashboard: boolean
}

function onOrOff(name: string, value: string | undefined): boolean {
  if (value === undefined || value === "" || value === "off") return false
  if (value === "on") return true
  throw new Error(`${name} must be "on" or "off", not "${value}"`)
}

function serverCount(value: string | undefined, redisUrl: string | undefined): number {
  if (value === undefined || value === "") return 1
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1 || n > 16) throw new Error(`MEDUSA_SERVERS must be a whole number from 1 to 16, not "${value}"`)
  // In memory, each server would keep its own events, locks and workflow state: two buyers could
  // then both take the last unit, one on each server.
  if (n > 1 && !redisUrl)
    throw new Error("MEDUSA_SERVERS above 1 needs REDIS_URL: the servers share events, locks and workflows through Redis")
  return n
}

function proxyHops(value: string | undefined): number {
  if (value === undefined || value === "") return 1
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1 || n > 10) throw new Error(`TRUSTED_PROXY_HOPS must be a whole number from 1 to 10, not "${value}"`)
  return n
}

export function readEnv(env: NodeJS.ProcessEnv = process.env): LauncherEnv {
  return {
    port: port("PORT", env.PORT, 8000),
    dataDir: path.resolve(repoRoot, env.DATA_DIR || ".data"),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    medusaPort: port("MEDUSA_PORT", env.MEDUSA_PORT, 0),
    apiUrl: env.ENCLAVE_API_URL || undefined,
    medusaServers: serverCount(env.MEDUSA_SERVERS, env.REDIS_URL || undefined),
    trustedProxyHops: proxyHops(env.TRUSTED_PROXY_HOPS),
    medusaDashboard: onOrOff("MEDUSA_DASHBOARD", env.MEDUSA_DASHBOARD),
  }
}
