import { randomBytes } from "node:crypto"
import fs from "node:fs"
import path from "node:path"

/**
 * Reads a secret from the data folder, creating it on first use. Files are private to the
 * owner: they hold the admin password, the session signing keys and the key that encrypts the
 * payment provider secrets (lose it and those must be entered again).
 */
export function persistentSecret(dataDir: string, name: string, bytes = 32): string {
  const file = path.join(dataDir, name)
  try {
    return fs.readFileSync(file, "utf8").trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error
  }
  const value = randomBytes(bytes).toString("base64url")
  fs.mkdirSync(dataDir, { recursive: true })
  fs.writeFileSync(file, value + "\n", { mode: 0o600 })
  return value
}

export interface ShopSecrets {
  jwtSecret: string
  cookieSecret: string
  /** The key of the payment provider secrets stored in the database is derived from it. */
  appSecret: string
  adminPassword: string
  adminPasswordSource: string
  /** The seeded demo customer's password (user `demo`). */
  demoPassword: string
  demoPasswordSource: string
}

export function shopSecrets(dataDir: string, env: NodeJS.ProcessEnv = process.env): ShopSecrets {
  const adminPassword = env.ADMIN_PASSWORD || persistentSecret(dataDir, "admin-password", 12)
  const demoPassword = env.DEMO_PASSWORD || persistentSecret(dataDir, "demo-password", 12)
  return {
    jwtSecret: env.JWT_SECRET || persistentSecret(dataDir, "jwt-secret"),
    cookieSecret: env.COOKIE_SECRET || persistentSecret(dataDir, "cookie-secret"),
    appSecret: env.APP_SECRET || persistentSecret(dataDir, "app-secret"),
    adminPassword,
    adminPasswordSource: env.ADMIN_PASSWORD ? "from ADMIN_PASSWORD" : `stored in ${path.join(dataDir, "admin-password")}`,
    demoPassword,
    demoPasswordSource: env.DEMO_PASSWORD ? "from DEMO_PASSWORD" : `stored in ${path.join(dataDir, "demo-password")}`,
  }
}
