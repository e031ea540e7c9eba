/**
 * `npm run admin:promote -- USERNAME`: gives an existing account the admin role (and
 * `--revoke` takes it away). The only way besides the seed to make an admin: the API never does.
 * Works whether or not the shop is running, on DATABASE_URL or the embedded database in DATA_DIR.
 * The role comes with a Medusa admin user of the same e-mail and password, and goes with it
 * (plugins/accounts/src/workflows/medusa-admin-login.ts): a Medusa process of its own runs the
 * workflow that changes both (medusa-backend/src/scripts/admin-role.ts).
 */
import fs from "node:fs"
import path from "node:path"
import { DATABASE_NAME, startEmbeddedDatabase, withClient, type Database } from "./database.ts"
import { readEnv } from "./env.ts"
import { backendScript, runMedusa } from "./medusa.ts"
import { shopSecrets } from "./secrets.ts"

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
  const found = await withClient(databaseUrl, (client) =>
    client.query<{ username: string }>("select username from shop_user where username_key = lower($1) and deleted_at is null", [username]),
  )
  if (found.rowCount === 0) {
    console.error(`No account named "${username}"`)
    exitCode = 1
  } else {
    const secrets = shopSecrets(env.dataDir)
    const logFile = path.join(env.dataDir, "logs", "medusa-admin-promote.log")
    fs.mkdirSync(path.dirname(logFile), { recursive: true })
    await runMedusa(
      ["exec", backendScript("admin-role"), found.rows[0].username, revoke ? "revoke" : "grant"],
      {
        databaseUrl,
        redisUrl: env.redisUrl,
        jwtSecret: secrets.jwtSecret,
        cookieSecret: secrets.cookieSecret,
        appSecret: secrets.appSecret,
        dataDir: env.dataDir,
      },
      logFile,
    )
    console.log(`${found.rows[0].username} is ${revoke ? "no longer an admin" : "now an admin"}`)
  }
} catch (error) {
  console.error((error as Error).message)
  exitCode = 1
} finally {
  await database?.stop()
}
process.exit(exitCode)
