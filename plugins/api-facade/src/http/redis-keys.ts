import { redisKey as keyUnder } from "@enclave/contract/redis-keys"

/**
 * A key of this shop in a Redis that other shops may share (a staging and a test shop, say): under
 * REDIS_NAMESPACE, which medusa-config.ts sets from the database's name unless the deployment sets it.
 * Without it, one shop's session id or catalogue generation would be read by another.
 */
export function redisKey(...parts: string[]): string {
  return keyUnder(redisNamespace(), ...parts)
}

export function redisNamespace(): string {
  return process.env.REDIS_NAMESPACE || "enclave"
}
