import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ipKeyGenerator, rateLimit, type IncrementResponse, type Options, type Store } from "express-rate-limit"
import Redis from "ioredis"
import { shopRedisKey } from "@enclave/contract/redis-keys"
import { ShopError } from "@enclave/contract/shop-error"
import { trustedProxyHops } from "./proxies"

/**
 * Sign-in and registration attempts per client address and minute. The account lock stops
 * guessing one password; this stops trying many accounts (credential stuffing) and mass sign-ups
 * from one place. SIGN_IN_LIMIT_PER_MINUTE tunes it (a shop behind one NAT may need more).
 * With REDIS_URL the counts live in Redis, so several server instances share one limit per
 * address; without it (one process) they are kept in memory.
 */
function perMinute(): number {
  const fromEnv = Number(process.env.SIGN_IN_LIMIT_PER_MINUTE)
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 20
}

const WINDOW_MS = 60_000

/** One atomic step: count the attempt, start the window with the first one, answer count and time left. */
const INCREMENT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}`

/** express-rate-limit's Store over Redis: a counter per address that expires with its window. */
export class RedisSignInStore implements Store {
  readonly prefix = shopRedisKey("sign-in-limit") + ":"
  readonly localKeys = false
  private windowMs = WINDOW_MS

  constructor(private readonly redis: Redis) {}

  init(options: Options) {
    this.windowMs = options.windowMs
  }

  async increment(key: string): Promise<IncrementResponse> {
    const [hits, ttl] = (await this.redis.eval(INCREMENT_SCRIPT, 1, this.prefix + key, String(this.windowMs))) as [number, number]
    return { totalHits: Number(hits), resetTime: new Date(Date.now() + Number(ttl)) }
  }

  async decrement(key: string) {
    await this.redis.decr(this.prefix + key)
  }

  async resetKey(key: string) {
    await this.redis.del(this.prefix + key)
  }
}

function sharedStore(): Store | undefined {
  const redisUrl = process.env.REDIS_URL
  if (!redisUrl) return undefined
  return new RedisSignInStore(new Redis(redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true }))
}

interface ClientRequest {
  ip?: string
  headers: Record<string, string | string[] | undefined>
  socket?: { remoteAddress?: string }
}

/**
 * The client address that sign-in limits and locks count by. Each trusted proxy appends the
 * address it was reached from to X-Forwarded-For, so the client is the entry TRUSTED_PROXY_HOPS
 * from the right (Medusa's `trust proxy` 1 makes that req.ip for one hop): whatever a client
 * writes into X-Forwarded-For itself stays further left and is never read. Behind two proxies
 * with one trusted, every client would share the outer proxy's address, and its locks with it.
 * An IPv6 client is counted by its /56 network: it could otherwise take a fresh address per try.
 */
export function clientAddress(req: ClientRequest, hops = trustedProxyHops()): string {
  const forwarded = [req.headers["x-forwarded-for"]].flat().filter((v): v is string => typeof v === "string")
  const chain = forwarded
    .join(",")
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean)
  // Nearest first: the socket's peer, then the addresses the proxies appended, right to left.
  const nearestFirst = [req.socket?.remoteAddress, ...chain.reverse()].filter((a): a is string => Boolean(a))
  const address = hops === 1 && req.ip ? req.ip : nearestFirst[Math.min(hops, nearestFirst.length - 1)]
  return ipKeyGenerator(address ?? "unknown")
}

/** The limiter of one server process; several processes given one Redis store share their counts. */
export function createSignInLimiter({ limit, store }: { limit: number; store?: Store }) {
  return rateLimit({
    windowMs: WINDOW_MS,
    limit,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    store,
    // Redis away: the account lock still guards each account, and signing in keeps working.
    passOnStoreError: true,
    keyGenerator: (req) => clientAddress(req as ClientRequest),
    validate: { trustProxy: false, xForwardedForHeader: false },
    handler: (_req, _res, next) => {
      next(new ShopError("sign_in_limited", SIGN_IN_LIMIT_MESSAGE))
    },
  })
}

export const SIGN_IN_LIMIT_MESSAGE = "Too many sign-in attempts from your network. Please wait a minute and try again."

const limiter = createSignInLimiter({ limit: perMinute(), store: sharedStore() })

export function limitSignIns(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  return limiter(req as never, res as never, next)
}
