import fs from "node:fs"
import type http from "node:http"
import path from "node:path"
import { prepareExternalDatabase, readSetupMark, startEmbeddedDatabase, writeSetupMark, type Database } from "./database.ts"
import { readEnv } from "./env.ts"
import { createFrontDoor } from "./front-door.ts"
import { migrationFingerprint, runMedusa, superviseMedusa, type MedusaEnv } from "./medusa.ts"
import { freePort } from "./ports.ts"
import { shopSecrets } from "./secrets.ts"

/** Migrates when the schema's fingerprint changed, seeds when the shop was never seeded. */
export async function setUpDatabase(medusaEnv: MedusaEnv, logFile: string, say: (line: string) => void) {
  const mark = await readSetupMark(medusaEnv.databaseUrl)
  const fingerprint = migrationFingerprint(medusaEnv.redisUrl)
  if (mark.migrations !== fingerprint) {
    say("Running database migrations...")
    await runMedusa(["db:migrate"], medusaEnv, logFile)
    await writeSetupMark(medusaEnv.databaseUrl, "migrations", fingerprint)
  }
  if (!mark.seeded) {
    say("Seeding the catalogue...")
    // The seed itself also refuses to run twice, so a crash between these two lines duplicates nothing.
    await runMedusa(["exec", "./src/scripts/seed.ts"], medusaEnv, logFile)
    await writeSetupMark(medusaEnv.databaseUrl, "seeded", "yes")
  }
  if (!mark.admin) {
    say("Creating the admin account...")
    await runMedusa(["exec", "./src/scripts/create-admin.ts"], medusaEnv, logFile)
    await writeSetupMark(medusaEnv.databaseUrl, "admin", "yes")
  }
}

export interface RunningShop {
  url: string
  medusaUrl: string
  databaseUrl: string
  adminPassword: string
  adminPasswordSource: string
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
    await setUpDatabase({ ...medusaEnv, adminPassword: secrets.adminPassword }, logFile, say)

    let fail: (error: Error) => void = () => {}
    const failed = new Promise<Error>((resolve) => (fail = resolve))
    const medusa = await superviseMedusa(medusaEnv, env.medusaPort || (await freePort()), logFile, say, (error) => fail(error))
    stops.push(medusa.stop)
    // Server-side rendering reads the catalogue from the facade directly, not through the front door.
    process.env.ENCLAVE_API_URL = medusa.url
    const server: http.Server = await createFrontDoor({ apiUrl: medusa.url, uploadsDir: path.join(env.dataDir, "uploads"), medusaState: medusa.state })
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
      medusaUrl: medusa.url,
      databaseUrl: medusaEnv.databaseUrl,
      adminPassword: secrets.adminPassword,
      adminPasswordSource: secrets.adminPasswordSource,
      failed,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
