/**
 * `npm run admin:promote -- USERNAME`: gives an existing account the admin role (and
 * `--revoke` takes it away). The only way besides the seed to make an admin: the API never does.
 * Works whether or not the shop is running, on DATABASE_URL or the embedded database in DATA_DIR.
 */
import fs from "node:fs"
import path from "node:path"
import { DATABASE_NAME, startEmbeddedDatabase, withClient, type Database } from "./database.ts"
import { readEnv } from "./env.ts"

const args = process.argv.slice(2)
const revoke = args.includes("--revoke")
const username = args.find((a) => !a.startsWith("--"))
if (!username) {
  console.error("Usage: npm run admin:promote -- USERNAME [--revoke]")
  process.exit(2)
}

const env = readEnv()
let database: Database | undefined
let databaseUrl = env.databaseUrl
if (!databaseUrl) {
  // A running shop's embedded PostgreSQL writes its port on the 4th line of postmaster.pid.
  const pidFile = path.join(env.dataDir, "postgres", "postmaster.pid")
  const port = fs.existsSync(pidFile) ? fs.readFileSync(pidFile, "utf8").split("\n")[3]?.trim() : undefined
  if (port) databaseUrl = `postgres://postgres:enclave@127.0.0.1:${port}/${DATABASE_NAME}`
  else {
    database = await startEmbeddedDatabase(env.dataDir, () => {})
    databaseUrl = database.url
  }
}

let exitCode = 0
try {
  const updated = await withClient(databaseUrl, (client) =>
    client.query<{ username: string; is_admin: boolean }>(
      "update shop_user set is_admin = $1, updated_at = now() where username_key = lower($2) and deleted_at is null returning username, is_admin",
      [!revoke, username],
    ),
  )
  if (updated.rowCount === 0) {
    console.error(`No account named "${username}"`)
    exitCode = 1
  } else {
    console.log(`${updated.rows[0].username} is ${revoke ? "no longer an admin" : "now an admin"}`)
  }
} finally {
  await database?.stop()
}
process.exit(exitCode)
