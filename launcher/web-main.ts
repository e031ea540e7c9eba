/**
 * `npm run start:web` (a deployment's web service): the storefront, the admin's files and the
 * /api pass-through, on PORT, talking to Medusa at ENCLAVE_API_URL.
 */
import path from "node:path"
import { requiredPublicOrigin } from "@enclave/contract/public-address"
import { readEnv } from "./env.ts"
import { redisCatalogueGeneration } from "./catalogue-generation.ts"
import { createFrontDoor } from "./front-door.ts"
import { collectStartGarbage } from "./idle-compaction.ts"

const env = readEnv()
if (!env.apiUrl) {
  console.error("npm run start:web needs ENCLAVE_API_URL, the address of a Medusa server")
  process.exit(1)
}
try {
  // Canonical and hreflang links, the sitemap and robots.txt name the shop by it; it also decides the hosts answered.
  requiredPublicOrigin({ PUBLIC_URL: process.env.PUBLIC_URL })
} catch (error) {
  console.error(`npm run start:web: ${(error as Error).message}`)
  process.exit(1)
}
// nginx sends /api straight to the Medusa servers (docker-compose.yml): this front door sees no write,
// and its page cache follows the catalogue generation they share in Redis instead.
const generation = env.redisUrl ? redisCatalogueGeneration(env.redisUrl, env.databaseUrl) : undefined
const server = await createFrontDoor({
  apiUrl: env.apiUrl,
  uploadsDir: path.join(env.dataDir, "uploads"),
  catalogueGeneration: generation?.read,
  // Beside the Medusa servers behind nginx (and a TLS terminator): the same proxies stand in front of it.
  proxiesInFront: env.trustedProxyHops,
  medusaDashboard: env.medusaDashboard,
})
server.listen(env.port, () => {
  console.log(`Enclave web is listening on port ${env.port}`)
  collectStartGarbage()
})
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close(() => {
      void generation?.close()
      process.exit(0)
    })
    server.closeAllConnections()
  })
}
