import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { PASSKEY_CHALLENGE_MINUTES } from "@enclave/contract"
import Redis from "ioredis"
import { shopRedisKey } from "@enclave/contract/redis-keys"
import { accountsService } from "../users"

/**
 * The challenges of passkey ceremonies in progress, kept on the server: a challenge is answered once
 * (taking it deletes it, in one step, so two answers racing with one challenge cannot both pass) and
 * within PASSKEY_CHALLENGE_MINUTES. With REDIS_URL in Redis, so the server that answers needs not be
 * the one that asked; else in the accounts module's passkey_challenge table. The same choice as the
 * sessions' (http/session.ts).
 */

/** What a challenge may be answered for: each ceremony takes only its own. */
export type ChallengePurpose = "registration" | "sign-in" | "second-factor" | "confirmation"

export interface IssuedChallenge {
  purpose: ChallengePurpose
  /** The account the ceremony is for; null for a username-less sign-in, whose account the passkey names. */
  userId: string | null
}

const TTL_MS = PASSKEY_CHALLENGE_MINUTES * 60 * 1000

interface ChallengeStore {
  keep(challenge: string, issued: IssuedChallenge): Promise<void>
  take(challenge: string): Promise<IssuedChallenge | null>
}

class PostgresChallengeStore implements ChallengeStore {
  constructor(private readonly container: MedusaContainer) {}
  async keep(challenge: string, issued: IssuedChallenge) {
    await accountsService(this.container).savePasskeyChallenge({ challenge, ...issued, expiresAt: new Date(Date.now() + TTL_MS) })
  }
  async take(challenge: string) {
    const taken = await accountsService(this.container).takePasskeyChallenge(challenge)
    return taken ? { purpose: taken.purpose as ChallengePurpose, userId: taken.userId } : null
  }
}

class RedisChallengeStore implements ChallengeStore {
  constructor(private readonly redis: Redis) {}
  async keep(challenge: string, issued: IssuedChallenge) {
    await this.redis.set(shopRedisKey("passkey-challenge", challenge), JSON.stringify(issued), "PX", TTL_MS)
  }
  async take(challenge: string) {
    // GETDEL: read and gone in one step, across every server.
    const value = await this.redis.getdel(shopRedisKey("passkey-challenge", challenge))
    return value ? (JSON.parse(value) as IssuedChallenge) : null
  }
}

let store: ChallengeStore | undefined

function challengeStore(container: MedusaContainer): ChallengeStore {
  if (store) return store
  const redisUrl = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE).projectConfig.redisUrl
  store = redisUrl ? new RedisChallengeStore(new Redis(redisUrl, { maxRetriesPerRequest: 2 })) : new PostgresChallengeStore(container)
  return store
}

export async function keepChallenge(container: MedusaContainer, challenge: string, issued: IssuedChallenge): Promise<void> {
  await challengeStore(container).keep(challenge, issued)
}

/** The challenge's ceremony, using it up; null when it is unknown, used already or ran out. */
export async function takeChallenge(container: MedusaContainer, challenge: string): Promise<IssuedChallenge | null> {
  // A challenge is 32 random bytes in base64url: anything else was never issued, and needs no look-up.
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(challenge)) return null
  return challengeStore(container).take(challenge)
}
