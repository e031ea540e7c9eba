/**
 * Where a shop keeps what its processes share in Redis (sessions, the catalogue generation, sign-in
 * counts, Medusa's events, workflow jobs and locks). Two shops on one Redis (a staging and a test
 * shop, say) must not read each other's: each keeps its keys under its own namespace, REDIS_NAMESPACE
 * when the deployment sets it, else its database's name. Medusa's configuration, the facade and the
 * front door all name keys through here, so they meet on the same ones.
 *
 * This module imports nothing, Node's or anyone's.
 */

/** The namespace of the shop whose environment this is. */
export function redisNamespaceOf(env: { REDIS_NAMESPACE?: string; DATABASE_URL?: string }): string {
  if (env.REDIS_NAMESPACE) return env.REDIS_NAMESPACE
  const name = env.DATABASE_URL ? decodeURIComponent(new URL(env.DATABASE_URL).pathname.slice(1)) : ""
  // BullMQ refuses ":" in queue names.
  return (name || "enclave").replace(/[^A-Za-z0-9_-]/g, "_")
}

/** A key of the shop under `namespace`, e.g. redisKey("shop", "session", sid) is "shop:session:<sid>". */
export function redisKey(namespace: string, ...parts: string[]): string {
  return [namespace, ...parts].join(":")
}

/**
 * The counter the shop's flows bump before they answer any write that changes a catalogue answer (products,
 * stock, shipping methods, payment settings): a cached answer or page is current while it is unchanged.
 */
export function catalogueGenerationKey(namespace: string): string {
  return redisKey(namespace, "catalogue", "generation")
}

/**
 * The namespace of the shop this server process belongs to: REDIS_NAMESPACE, which medusa-config.ts sets
 * from the database's name unless the deployment sets it. Server only (it reads the process's environment).
 */
export function shopRedisNamespace(): string {
  const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env
  return env?.REDIS_NAMESPACE || "enclave"
}

/** A key of this process's shop: without the namespace one shop's session id or catalogue generation would be read by another. */
export function shopRedisKey(...parts: string[]): string {
  return redisKey(shopRedisNamespace(), ...parts)
}
