import fs from "node:fs"
import type http from "node:http"
import path from "node:path"
import {
  embeddedDatabaseUrl,
  prepareExternalDatabase,
  readSetUpCopy,
  readSetupMark,
  startEmbeddedDatabase,
  writeSetUpCopy,
  writeSetupMark,
  type Database,
} from "./database.ts"
import { readEnv, type LauncherEnv } from "./env.ts"
import { backendScript, migrationFingerprint, runMedusa, superviseMedusa, type MedusaEnv, type SupervisedMedusa } from "./medusa.ts"
import { requiredPublicOrigin } from "@enclave/contract/public-address"
import { freePort } from "./ports.ts"
import { shopSecrets } from "./secrets.ts"

/**
 * Module migrations at once: each module's tables are its own (links are synced after all of them),
 * and Medusa runs them one after the other unless told otherwise. Most of a module's migration is
 * Node waiting on PostgreSQL, so a few at a time fill the time.
 */
const MIGRATION_CONCURRENCY = "4"

/** What a start still has to do to the database before Medusa can serve from it. */
interface SetUpWork {
  fingerprint: string
  migrating: boolean
  mark: Awaited<ReturnType<typeof readSetupMark>>
  wantsDemoCustomer: boolean
  /** Nothing to do. */
  done: boolean
}

/** A set-up that is done, as the embedded database's copy of it records (readSetUpCopy). */
function completeSetUp(fingerprint: string, medusaEnv: MedusaEnv): string {
  return `${fingerprint}${medusaEnv.demoPassword ? " demo customer" : ""}`
}

async function setUpWork(medusaEnv: MedusaEnv, fingerprint = migrationFingerprint(medusaEnv.redisUrl)): Promise<SetUpWork> {
  const mark = await readSetupMark(medusaEnv.databaseUrl)
  const migrating = mark.migrations !== fingerprint
  // The demo customer is made only with a password for it (npm start always has one; a deployment when it sets one).
  const wantsDemoCustomer = !mark.demoCustomer && Boolean(medusaEnv.demoPassword)
  const done = !migrating && mark.seeded && mark.germanTexts && mark.admin && mark.euTaxRegions && mark.medusaAdmins && !wantsDemoCustomer
  return { fingerprint, migrating, mark, wantsDemoCustomer, done }
}

/** Migrates when the schema's fingerprint changed, seeds when the shop was never seeded. */
export async function setUpDatabase(medusaEnv: MedusaEnv, logFile: string, say: (line: string) => void) {
  await runSetUp(await setUpWork(medusaEnv), medusaEnv, logFile, say)
}

async function runSetUp(work: SetUpWork, medusaEnv: MedusaEnv, logFile: string, say: (line: string) => void) {
  const { fingerprint, migrating, mark, wantsDemoCustomer } = work
  if (work.done) return
  if (migrating) {
    say("Running database migrations...")
    // The data migration scripts run in set-up's Medusa below (scripts/migration-scripts.ts):
    // db:migrate would boot a whole Medusa of its own for them.
    await runMedusa(["db:migrate", "--skip-scripts", "--concurrency", MIGRATION_CONCURRENCY], medusaEnv, logFile)
  }
  if (!mark.seeded) say("Seeding the catalogue...")
  // A shop seeded before the German product texts came gets them for its seeded products (scripts/seed.ts).
  else if (!mark.germanTexts) say("Adding the German product texts...")
  if (!mark.admin) say("Creating the admin account...")
  // A shop set up before the EU's tax regions came (Germany's alone, or none) gets them on its next start.
  if (!mark.euTaxRegions) say("Setting up the tax regions...")
  // A shop set up before its admins were Medusa admin users too gets them on its next start.
  if (!mark.medusaAdmins) say("Making the admins Medusa admin users...")
  if (wantsDemoCustomer) say("Creating the demo customer...")
  // One Medusa process for all (each boot costs seconds); each part refuses to run twice, so a
  // crash before the marks below are written duplicates nothing.
  await runMedusa(["exec", backendScript("set-up")], medusaEnv, logFile)
  // Only now is the migration complete: its scripts ran in set-up.
  if (migrating) await writeSetupMark(medusaEnv.databaseUrl, "migrations", fingerprint)
  await writeSetupMark(medusaEnv.databaseUrl, "seeded", "yes")
  await writeSetupMark(medusaEnv.databaseUrl, "germanTexts", "yes")
  await writeSetupMark(medusaEnv.databaseUrl, "admin", "yes")
  await writeSetupMark(medusaEnv.databaseUrl, "euTaxRegions", "yes")
  await writeSetupMark(medusaEnv.databaseUrl, "medusaAdmins", "yes")
  if (medusaEnv.demoPassword) await writeSetupMark(medusaEnv.databaseUrl, "demoCustomer", "yes")
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
  signal?: AbortSignal,
): Promise<StartedMedusa[]> {
  if (env.medusaServers === 1) {
    const port = env.medusaPort || (await freePort())
    const medusa = await superviseMedusa(medusaEnv, port, path.join(logsDir, "medusa.log"), say, onGiveUp, signal)
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
      const medusa = await superviseMedusa({ ...medusaEnv, workerMode: mode }, port, path.join(logsDir, log), say, onGiveUp, signal)
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

interface EarlyMedusas {
  /** The servers once they answer, now the shop's (a later give-up goes to `fail`); undefined when they could not start, stopped again. */
  adopt(fail: (error: Error) => void): Promise<StartedMedusa[] | undefined>
  stop(): Promise<void>
}

/**
 * Medusa started on a restart before its database is found set up (its pool waits for the
 * database): adopted when the database is, stopped before set-up runs when it is not.
 */
function startEarly(medusaEnv: MedusaEnv, env: LauncherEnv, logsDir: string, say: (line: string) => void): EarlyMedusas {
  const stops: Array<() => Promise<void>> = []
  let gaveUp: Error | undefined
  let onGiveUp: (error: Error) => void = (error) => {
    gaveUp = error
  }
  const abort = new AbortController()
  const medusas = startMedusas(medusaEnv, env, logsDir, stops, say, (error) => onGiveUp(error), abort.signal)
  medusas.catch(() => {})
  const stop = async () => {
    // Not waited for: a Medusa whose database never comes up would wait minutes for it.
    abort.abort()
    await medusas.catch(() => {})
    for (const s of stops.splice(0).reverse()) await s().catch((e) => console.error(e))
  }
  return {
    stop,
    async adopt(fail) {
      const started = await medusas.catch(() => undefined)
      if (!started || gaveUp) {
        await stop()
        return undefined
      }
      onGiveUp = fail
      return started
    },
  }
}

/**
 * The whole shop in one process tree: embedded PostgreSQL (unless DATABASE_URL), Medusa on an
 * internal port, and the front door on PORT.
 */
export async function startShop(say: (line: string) => void = console.log): Promise<RunningShop> {
  const env = readEnv()
  // The port is fixed before anything starts: the shop's own address is the public one unless
  // PUBLIC_URL says otherwise, and every Medusa (the links in its e-mails) and the storefront read it.
  const port = env.port || (await freePort())
  process.env.PUBLIC_URL = requiredPublicOrigin({ PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${port}` })
  fs.mkdirSync(path.join(env.dataDir, "logs"), { recursive: true })
  const logFile = path.join(env.dataDir, "logs", "medusa.log")
  const secrets = shopSecrets(env.dataDir)
  const stops: Array<() => Promise<void>> = []
  const stop = async () => {
    for (const s of stops.splice(0).reverse()) await s().catch((e) => console.error(e))
  }
  let fail: (error: Error) => void = () => {}
  const failed = new Promise<Error>((resolve) => (fail = resolve))
  let early: EarlyMedusas | undefined
  try {
    let database: Database | undefined
    const databasePort = env.databaseUrl ? undefined : await freePort()
    const medusaEnv: MedusaEnv = {
      databaseUrl: env.databaseUrl ?? embeddedDatabaseUrl(databasePort!),
      redisUrl: env.redisUrl,
      jwtSecret: secrets.jwtSecret,
      cookieSecret: secrets.cookieSecret,
      appSecret: secrets.appSecret,
      dataDir: env.dataDir,
    }
    // Only set-up's Medusa gets the passwords it makes accounts with; the servers never need them.
    // A new shop of npm start takes test payments (the simulated card) for the demo, unless TEST_PAYMENTS=off.
    const setUpEnv: MedusaEnv = {
      ...medusaEnv,
      adminPassword: secrets.adminPassword,
      demoPassword: secrets.demoPassword,
      testPayments: process.env.TEST_PAYMENTS !== "off",
    }
    const logsDir = path.join(env.dataDir, "logs")
    // A restart of the embedded database that was set up as this code needs: Medusa takes 2-3 s to
    // load and PostgreSQL a few hundred ms to start, so both start at once (Medusa's pool waits
    // for the database). The marks in the database still decide.
    // Hashed once per start: it reads every migration file.
    const fingerprint = migrationFingerprint(env.redisUrl)
    const complete = completeSetUp(fingerprint, setUpEnv)
    if (!env.databaseUrl && readSetUpCopy(env.dataDir) === complete) {
      // Its port is chosen first, so that Medusa is spawned right here, before the front door starts
      // loading below: choosing it inside the start let that loading go first (0.6 s on a restart).
      early = startEarly(medusaEnv, { ...env, medusaPort: env.medusaPort || (await freePort()) }, logsDir, say)
    }
    // Loaded while the database and Medusa start (the storefront too), after Medusa's process is
    // spawned: only needed once Medusa answers, and on two cores it would delay Medusa's start.
    const frontDoor = import("./front-door.ts")
    frontDoor.then((m) => m.loadStorefront()).catch(() => {})
    if (env.databaseUrl) {
      await prepareExternalDatabase(env.databaseUrl)
    } else {
      const pgLog = fs.createWriteStream(path.join(env.dataDir, "logs", "postgres.log"), { flags: "a" })
      database = await startEmbeddedDatabase(env.dataDir, (line) => pgLog.write(line.endsWith("\n") ? line : line + "\n"), databasePort)
      stops.push(async () => {
        await database!.stop()
        pgLog.end()
      })
    }
    const work = await setUpWork(setUpEnv, fingerprint)
    if (!work.done) await early?.stop()
    await runSetUp(work, setUpEnv, logFile, say)
    if (database) writeSetUpCopy(env.dataDir, complete)

    let medusas = work.done ? await early?.adopt(fail) : undefined
    // Stopped before the database, as those started after it.
    if (early) stops.push(early.stop)
    medusas ??= await startMedusas(medusaEnv, env, logsDir, stops, say, (error) => fail(error))
    const servers = medusas.filter((m) => m.mode !== "worker")
    // Server-side rendering reads the catalogue from the facade directly, not through the front door.
    process.env.ENCLAVE_API_URL = servers[0].url
    // Every write passes this front door here, but work a server finishes after answering moves the
    // shared generation too: the page cache follows it where there is one.
    const generation = env.redisUrl
      ? (await import("./catalogue-generation.ts")).redisCatalogueGeneration(env.redisUrl, medusaEnv.databaseUrl)
      : undefined
    if (generation) stops.push(() => generation.close())
    const { createFrontDoor } = await frontDoor
    const server: http.Server = await createFrontDoor({
      apiUrl: servers.map((m) => m.url),
      uploadsDir: path.join(env.dataDir, "uploads"),
      medusaState: (url) => servers.find((m) => m.url === url)?.state() ?? "running",
      // The front door is itself the first of Medusa's trusted hops: the others stand in front of it.
      proxiesInFront: env.trustedProxyHops - 1,
      catalogueGeneration: generation?.read,
      medusaDashboard: env.medusaDashboard,
    })
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject)
      server.listen(port, resolve)
    })
    stops.push(
      () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve())
          server.closeAllConnections()
        }),
    )
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
    await early?.stop()
    await stop()
    throw error
  }
}
