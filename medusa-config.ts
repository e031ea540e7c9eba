/**
 * The one Medusa configuration of the Enclave shop. Every choice comes from the environment,
 * so the same file serves `npm start` (embedded PostgreSQL, everything in memory), the test
 * suite, and a scaled-out deployment (PostgreSQL + Redis, server and worker instances).
 */
import { defineConfig, loadEnv, Modules } from "@medusajs/framework/utils"
import path from "node:path"
import { redisNamespaceOf } from "@enclave/contract/redis-keys"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

const redisUrl = process.env.REDIS_URL
const dataDir = path.resolve(process.env.DATA_DIR || path.join(__dirname, ".data"))
const workerModes = ["shared", "server", "worker"] as const
type WorkerMode = (typeof workerModes)[number]
const workerMode = (process.env.MEDUSA_WORKER_MODE || "shared") as WorkerMode
if (!workerModes.includes(workerMode)) {
  throw new Error(`MEDUSA_WORKER_MODE must be one of ${workerModes.join(", ")}, not "${workerMode}"`)
}

/**
 * Medusa's own dashboard (docs/extending.md), opt-in: `medusa build` bundles it only when this is on
 * (launcher/build.ts rebuilds when it changes), and Medusa serves it at /app. Its calls to Medusa's
 * /admin and /auth go to /medusa/…, which the front door (or nginx) passes to Medusa without the
 * prefix: the shop's own back office has /admin on the same origin.
 */
const dashboardSettings = ["on", "off"] as const
const dashboard = (process.env.MEDUSA_DASHBOARD || "off") as (typeof dashboardSettings)[number]
if (!dashboardSettings.includes(dashboard)) {
  throw new Error(`MEDUSA_DASHBOARD must be "on" or "off", not "${dashboard}"`)
}

/**
 * The dashboard's SDK takes only an absolute backend URL (`new URL(backendUrl)`, "/" standing for the
 * page's origin), and one build serves every host the shop answers to: the page's own origin with
 * /medusa, written where the dashboard's code reads the `backendUrl` that Medusa's bundler bakes in.
 */
const dashboardOnPageOrigin = {
  name: "enclave-dashboard-backend-on-page-origin",
  enforce: "pre" as const,
  transform(code: string) {
    return code.includes("__BACKEND_URL__") ? code.replaceAll("__BACKEND_URL__", '(globalThis.location.origin + "/medusa")') : null
  },
}

/**
 * Plugins a merchant adds without editing this file (docs/extending.md): npm package names or absolute
 * paths of plugin folders, separated by commas or spaces, each loaded with no options. A plugin
 * that takes options goes into `plugins` below.
 */
function extraPlugins(list = process.env.MEDUSA_EXTRA_PLUGINS ?? ""): Array<{ resolve: string; options: Record<string, unknown> }> {
  return list
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((resolve) => {
      // Medusa would look for a relative folder inside its own build output, never where it was meant.
      if (resolve.startsWith(".")) throw new Error(`MEDUSA_EXTRA_PLUGINS: "${resolve}" must be a package name or an absolute path`)
      return { resolve, options: {} }
    })
}

function requiredSecret(name: "JWT_SECRET" | "COOKIE_SECRET" | "APP_SECRET"): string {
  const value = process.env[name]
  // The launcher generates these secrets into the data folder; a deployment must set them.
  if (!value) throw new Error(`${name} is not set: the launcher sets it, a deployment must set it`)
  return value
}

// Two shops on one Redis must not take each other's events, workflow jobs or locks (@enclave/contract/redis-keys).
export const redisNamespace = redisNamespaceOf(process.env)
// The facade keys its sessions, catalogue generation and sign-in counts under it too (http/redis-keys.ts).
process.env.REDIS_NAMESPACE ||= redisNamespace

/** With Redis, every instance shares events, workflow state, locks and the cache; without it they stay in memory. */
const redisModules = redisUrl
  ? [
      { resolve: "@medusajs/medusa/event-bus-redis", options: { redisUrl, queueName: `${redisNamespace}-events` } },
      {
        resolve: "@medusajs/medusa/workflow-engine-redis",
        options: { redis: { redisUrl, queueName: `${redisNamespace}-workflows`, jobQueueName: `${redisNamespace}-workflow-jobs` } },
      },
      {
        resolve: "@medusajs/medusa/locking",
        options: {
          providers: [
            {
              resolve: "@medusajs/medusa/locking-redis",
              id: "locking-redis",
              is_default: true,
              options: { redisUrl, namespace: `${redisNamespace}:lock:` },
            },
          ],
        },
      },
      {
        resolve: "@medusajs/medusa/caching",
        options: {
          providers: [
            {
              resolve: "@medusajs/medusa/caching-redis",
              id: "caching-redis",
              is_default: true,
              options: { redisUrl, prefix: `${redisNamespace}:cache:` },
            },
          ],
        },
      },
    ]
  : []

export default defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    databaseLogging: false,
    // An idle shop gives all its database connections back after 5 s (knex's default waits 30 s and
    // Medusa keeps two for ever): each is a PostgreSQL process that grows with every table it has
    // read (docs/architecture.md has the numbers). The first request after a pause opens one again.
    databaseDriverOptions: { pool: { min: 0, idleTimeoutMillis: 5_000 } },
    redisUrl,
    workerMode,
    http: {
      // People reach Medusa only through the front door on the same origin, so CORS stays closed.
      storeCors: process.env.STORE_CORS || "",
      adminCors: process.env.ADMIN_CORS || "",
      authCors: process.env.AUTH_CORS || "",
      jwtSecret: requiredSecret("JWT_SECRET"),
      cookieSecret: requiredSecret("COOKIE_SECRET"),
    },
    // Medusa's dashboard keeps its sign-in in Medusa's session cookie, which Medusa marks Secure in
    // production: a shop on plain http (npm start on localhost) would never get it back. "auto" (the
    // session library's) marks it Secure exactly when the request came over https.
    ...(dashboard === "on" ? { cookieOptions: { secure: "auto" as unknown as boolean } } : {}),
  },
  // Our back office is the Refine app under /admin; Medusa's own dashboard only when MEDUSA_DASHBOARD is on.
  admin:
    dashboard === "on"
      ? { disable: false, path: "/app", backendUrl: "/medusa", vite: () => ({ plugins: [dashboardOnPageOrigin] }) }
      : { disable: true },
  plugins: [
    // The two-factor secrets in the database are encrypted with a key derived from APP_SECRET.
    { resolve: "@enclave/accounts", options: { appSecret: requiredSecret("APP_SECRET") } },
    { resolve: "@enclave/security-levels", options: {} },
    { resolve: "@enclave/catalogue", options: {} },
    { resolve: "@enclave/shipping-methods", options: {} },
    // The payment provider secrets in the database are encrypted with a key derived from APP_SECRET.
    { resolve: "@enclave/payments", options: { appSecret: requiredSecret("APP_SECRET") } },
    { resolve: "@enclave/orders", options: {} },
    { resolve: "@enclave/api-facade", options: {} },
    // The shop's e-mails: subscribers in the worker send them through the notification module below.
    { resolve: "@enclave/mail", options: {} },
    ...extraPlugins(),
  ],
  modules: [
    ...redisModules,
    {
      resolve: "@medusajs/medusa/payment",
      // The providers read the admin's payment settings at every call (keys, modes, on/off).
      dependencies: ["paymentSettings"],
      options: {
        providers: [
          { resolve: "@enclave/payments/providers/stripe", id: "enclave", options: {} },
          { resolve: "@enclave/payments/providers/paypal", id: "enclave", options: {} },
        ],
      },
    },
    {
      resolve: "@medusajs/medusa/file",
      options: {
        providers: [
          {
            resolve: "@medusajs/medusa/file-local",
            id: "local",
            options: {
              upload_dir: path.join(dataDir, "uploads"),
              // file-local builds each file's URL with `new URL(backend_url)`, which needs an origin.
              // The shop serves uploads at /uploads on whatever origin people use, so the facade keeps
              // only the path of URLs on this never-resolving origin (admin-products/images.ts).
              backend_url: "http://uploads.invalid/uploads",
            },
          },
        ],
      },
    },
    {
      resolve: "@medusajs/medusa/notification",
      options: {
        providers: [
          {
            // With SMTP_URL mails go to that server; without it (a plain `npm start`) each one is
            // written as an .eml file into DATA_DIR/mail and logged, so no mail server is needed.
            resolve: "@enclave/mail/providers/mail",
            id: "mail",
            options: {
              channels: ["email"],
              smtpUrl: process.env.SMTP_URL || undefined,
              from: process.env.MAIL_FROM || "Enclave <shop@localhost>",
              mailDir: path.join(dataDir, "mail"),
            },
          },
        ],
      },
    },
    // Medusa's search module (Postgres full-text indexes behind /admin/search and /store/search) is
    // on by default; the shop searches its catalogue in the facade (docs/product.md §5 Catalogue), so nothing
    // calls it. Off, it costs no tables, no extra boot in every db:migrate and no memory at run time.
    { key: Modules.SEARCH, disable: true },
  ],
})
