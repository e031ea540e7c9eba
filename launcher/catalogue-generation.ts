import { Redis } from "ioredis"
import { catalogueGenerationKey, redisNamespaceOf } from "@enclave/contract/redis-keys"
import type { CatalogueGenerationReader } from "@enclave/contract/page-door"

/**
 * The facade's catalogue generation in Redis, for the front door's page cache: where the
 * Medusa servers share it, every write that changes what a catalogue page shows moves it before it is
 * answered, through whichever server it reached, so a kept page is current while it is unchanged.
 *
 * A Redis that does not answer must not hold pages up: no queue while disconnected, and a command
 * that takes over COMMAND_TIMEOUT_MS counts as unreadable, so the page cache asks the facade instead.
 */
const COMMAND_TIMEOUT_MS = 500

export interface RedisCatalogueGeneration {
  read: CatalogueGenerationReader
  close(): Promise<void>
}

/** `databaseUrl` names the shop's namespace (unless REDIS_NAMESPACE is set), as in medusa-config.ts. */
export function redisCatalogueGeneration(redisUrl: string, databaseUrl: string | undefined): RedisCatalogueGeneration {
  const key = catalogueGenerationKey(redisNamespaceOf({ REDIS_NAMESPACE: process.env.REDIS_NAMESPACE, DATABASE_URL: databaseUrl }))
  const redis = new Redis(redisUrl, { enableOfflineQueue: false, commandTimeout: COMMAND_TIMEOUT_MS, maxRetriesPerRequest: 0 })
  // Reconnects by itself; a failed read already says "ask the facade".
  redis.on("error", () => {})
  return {
    // The catalogue plugin's counter starts at "0" when missing (plugins/catalogue/src/cache.ts).
    read: async () => {
      try {
        return (await redis.get(key)) ?? "0"
      } catch {
        return null
      }
    },
    close: async () => {
      redis.disconnect()
    },
  }
}
