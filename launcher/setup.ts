/**
 * `npm run setup` (a deployment's one-shot job): waits for DATABASE_URL, creates the database,
 * migrates and seeds. Safe to run on every deploy.
 */
import { prepareExternalDatabase } from "./database.ts"
import { readEnv } from "./env.ts"
import { setUpDatabase } from "./shop.ts"
import fs from "node:fs"
import path from "node:path"

const env = readEnv()
if (!env.databaseUrl) {
  console.error("npm run setup needs DATABASE_URL (npm start sets up its embedded database by itself)")
  process.exit(1)
}
const jwtSecret = process.env.JWT_SECRET
const cookieSecret = process.env.COOKIE_SECRET
const appSecret = process.env.APP_SECRET
const adminPassword = process.env.ADMIN_PASSWORD
if (!jwtSecret || !cookieSecret || !appSecret || !adminPassword) {
  console.error("npm run setup needs JWT_SECRET, COOKIE_SECRET, APP_SECRET and ADMIN_PASSWORD (the first admin's password)")
  process.exit(1)
}
fs.mkdirSync(path.join(env.dataDir, "logs"), { recursive: true })
await prepareExternalDatabase(env.databaseUrl)
await setUpDatabase(
  {
    databaseUrl: env.databaseUrl,
    redisUrl: env.redisUrl,
    jwtSecret,
    cookieSecret,
    appSecret,
    adminPassword,
    // A deployment gets a demo customer only when it asks for one.
    demoPassword: process.env.DEMO_PASSWORD || undefined,
    dataDir: env.dataDir,
  },
  path.join(env.dataDir, "logs", "medusa-setup.log"),
  console.log,
)
console.log("Database ready")
