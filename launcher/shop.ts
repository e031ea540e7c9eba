import fs from "node:fs"
import type http from "node:http"
import path from "node:path"
import { prepareExternalDatabase, readSetupMark, startEmbeddedDatabase, writeSetupMark, type Database } from "./database.ts"
import { readEnv, type LauncherEnv } from "./env.ts"
import { redisCatalogueGeneration } from "./catalogue-generation.ts"
import { createFrontDoor, loadStorefront } from "./front-door.ts"
import { backendScript, migrationFingerprint, runMedusa, superviseMedusa, type MedusaEnv, type SupervisedMedusa } from "./medusa.ts"
import { freePort } from "./ports.ts"
import { shopSecrets } from "./secrets.ts"

/**
 * Module migrations at once: each module's tables are its own (links are synced after all of them),
 * and Medusa runs them one after the other unless told otherwise. Most of a module's migration is
 * Node waiting on PostgreSQL, so a few at a time fill the time.
 */
const MIGRATION_CONCURRENCY = "4"

/** Migrates when the schema's fingerprint changed, seeds when the shop was never seeded. */
export async function setUpDatabase(medusaEnv: MedusaEnv, logFile: string, say: (line: string) => void) {
  const mark = await readSetupMark(medusaEnv.databaseUrl)
  const fingerprint = migrationFingerprint(medusaEnv.redisUrl)
  const migrating = mark.migrations !== fingerprint
  if (migrating) {
    say("Running database migrations...")
    // The data migration scripts run in set-up's Medusa below (scripts/migration-scripts.ts):
    // db:migrate would boot a whole Medusa of its own for them.
    await runMedusa(["db:migrate", "--skip-scripts", "--concurrency", MIGRATION_CONCURRENCY], medusaEnv, logFile)
  }
  // The demo customer is made only with a password for it (npm start always has one; a deployment when it sets one).
  const wantsDemoCustomer = !mark.demoCustomer && Boolean(medusaEnv.demoPassword)
  if (migrating || !mark.seeded || !mark.germanTexts || !mark.admin || !mark.taxRegions || wantsDemoCustomer) {
    if (!mark.seeded) say("Seeding the catalogue...")
    // A shop seeded before the German product texts came gets them for its seeded products (scripts/seed.ts).
    else if (!mark.germanTexts) say("Adding the German product texts...")
    if (!mark.admin) say("Creating the admin account...")
    // A shop seeded before the tax regions came gets them on its next start.
    if (!mark.taxRegions) say("Setting up the tax regions...")
    if (wantsDemoCustomer) say("Creating the demo customer...")
    // One Medusa process for all (each boot costs seconds); each part refuses to run twice, so a
    // crash before the marks below are written duplicates nothing.
    await runMedusa(["exec", backendScript("set-up")], medusaEnv, logFile)
    // Only now is the migration complete: its scripts ran in set-up.
    if (migrating) await writeSetupMark(medusaEnv.databaseUrl, "migrations", fingerprint)
    await writeSetupMark(medusaEnv.databaseUrl, "seeded", "yes")
    await writeSetupMark(medusaEnv.databaseUrl, "germanTexts", "yes")
    await writeSetupMark(medusaEnv.databaseUrl, "admin", "yes")
    await writeSetupMark(medusaEnv.databaseUrl, "taxRegions", "yes")
    if (medusaEnv.demoPassword) await writeSetupMark(medusaEnv.databaseUrl, "demoCustomer", "yes")
  }
}

interface StartedMedusa extends SupervisedMedusa {
  mode: "shared" | "server" | "worker"
}

/**
 * One Medusa in "shared" mode, or (MEDUSA_SERVERS > 1, with Redis) that many in "server" mode plus
 * one in "worker" mode, as docker-compose.yml runs them. Each writes its own log, and each is
 * restarted on its port when it exits unexpectedly (launcher/medusa.ts).
 */
async function startMedusas(
  medusaEnv: MedusaEnv,
  env: LauncherEnv,
  logsDir: string,
  stops: Array<() => Promise<void>>,
  say: (line: string) => void,
  onGiveUp: (error: Error) => void,
): Promise<StartedMedusa[]> {
  if (env.medusaServers === 1) {
    const medusa = await superviseMedusa(medusaEnv, env.medusaPort || (await freePort()), path.join(logsDir, "medusa.log"), say, onGiveUp)
    stops.push(medusa.stop)
    return [{ ...medusa, mode: "shared" }]
  }
  say(`Starting ${env.medusaServers} Medusa servers and a worker on Redis...`)
  const plan: Array<{ mode: "server" | "worker"; log: string }> = [
    ...Array.from({ length: env.medusaServers }, (_, i) => ({ mode: "server" as const, log: `medusa-server-${i + 1}.log` })),
    { mode: "worker", log: "medusa-worker.log" },
  ]
  // Stopped together, not one after the other: each may take its 5 s to exit, and the launcher
  // gives the whole shop 9 s before it exits anyway (which left the later ones running, orphaned).
  const running: Array<() => Promise<void>> = []
  stops.push(async () => {
    await Promise.all(running.map((stop) => stop()))
  })
  const started = await Promise.allSettled(
    plan.map(async ({ mode, log }, i) => {
      const port = i === 0 && env.medusaPort ? env.medusaPort : await freePort()
      const medusa = await superviseMedusa({ ...medusaEnv, workerMode: mode }, port, path.join(logsDir, log), say, onGiveUp)
      running.push(medusa.stop)
      return { ...medusa, mode }
    }),
  )
  const failed = started.find((s) => s.status === "rejected")
  if (failed) throw (failed as PromiseRejectedResult).reason
  return started.map((s) => (s as PromiseFulfilledResult<StartedMedusa>).value)
}

export interface RunningShop {
  url: string
  /** The Medusa servers that answer /api (one unless MEDUSA_SERVERS says more). */
  medusaUrls: string[]
  /** The Medusa in worker mode, when the servers are several. */
  workerUrl: string | undefined
  databaseUrl: string
  adminPassword: string
  adminPasswordSource: string
  demoPassword: string
  demoPasswordSource: string
  /** Settles when the shop can no longer serve (Medusa keeps crashing); the launcher then stops. */
  failed: Promise<Error>
  stop(): Promise<void>
}

/**
 * The whole shop in one process tree: embedded PostgreSQL (unless DATABASE_URL), Medusa on an
 * internal port, and the front door on PORT.
 */
export async function startShop(say: (line: string) => void = console.log): Promise<RunningShop> {
  const env = readEnv()
  fs.mkdirSync(path.join(env.dataDir, "logs"), { recursive: true })
  const logFile = path.join(env.dataDir, "logs", "medusa.log")
  const secrets = shopSecrets(env.dataDir)
  // Loaded while the database and Medusa start; a failure to load shows when the front door is made.
  loadStorefront().catch(() => {})
  const stops: Array<() => Promise<void>> = []
  const stop = async () => {
    for (const s of stops.splice(0).reverse()) await s().catch((e) => console.error(e))
  }
  try {
    let database: Database | undefined
    if (env.databaseUrl) {
      await prepareExternalDatabase(env.databaseUrl)
    } else {
      const pgLog = fs.createWriteStream(path.join(env.dataDir, "logs", "postgres.log"), { flags: "a" })
      database = await startEmbeddedDatabase(env.dataDir, (line) => pgLog.write(line.endsWith("\n") ? line : line + "\n"))
      stops.push(async () => {
        await database!.stop()
        pgLog.end()
      })
    }
    const medusaEnv: MedusaEnv = {
      databaseUrl: env.databaseUrl ?? database!.url,
      redisUrl: env.redisUrl,
      jwtSecret: secrets.jwtSecret,
      cookieSecret: secrets.cookieSecret,
      appSecret: secrets.appSecret,
      dataDir: env.dataDir,
    }
    await setUpDatabase({ ...medusaEnv, adminPassword: secrets.adminPassword, demoPassword: secrets.demoPassword }, logFile, say)

    let fail: (error: Error) => void = () => {}
    const failed = new Promise<Error>((resolve) => (fail = resolve))
    const medusas = await startMedusas(medusaEnv, env, path.join(env.dataDir, "logs"), stops, say, (error) => fail(error))
    const servers = medusas.filter((m) => m.mode !== "worker")
    // Server-side rendering reads the catalogue from the facade directly, not through the front door.
    process.env.ENCLAVE_API_URL = servers[0].url
    // Every write passes this front door here, but work a server finishes after answering moves the
    // shared generation too: the page cache follows it where there is one.
    const generation = env.redisUrl ? redisCatalogueGeneration(env.redisUrl, medusaEnv.databaseUrl) : undefined
    if (generation) stops.push(() => generation.close())
    const server: http.Server = await createFrontDoor({
      apiUrl: servers.map((m) => m.url),
      uploadsDir: path.join(env.dataDir, "uploads"),
      medusaState: (url) => servers.find((m) => m.url === url)?.state() ?? "running",
      catalogueGeneration: generation?.read,
    })
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject)
      server.listen(env.port, resolve)
    })
    stops.push(
      () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve())
          server.closeAllConnections()
        }),
    )
    const port = (server.address() as { port: number }).port
    return {
      url: `http://localhost:${port}`,
      medusaUrls: servers.map((m) => m.url),
      workerUrl: medusas.find((m) => m.mode === "worker")?.url,
      databaseUrl: medusaEnv.databaseUrl,
      adminPassword: secrets.adminPassword,
      adminPasswordSource: secrets.adminPasswordSource,
      demoPassword: secrets.demoPassword,
      demoPasswordSource: secrets.demoPasswordSource,
      failed,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
