import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import Redis from "ioredis"
import { createHash } from "node:crypto"
import { compressedCopies } from "@enclave/contract/compression"
import { matchesEtag } from "@enclave/contract/page-door"
import { catalogueGenerationKey, shopRedisKey, shopRedisNamespace } from "@enclave/contract/redis-keys"

/**
 * The catalogue cache (for speed): the public catalogue answers (GET /api/products,
 * /api/products/{id}, /api/shipping-methods) are kept as their final JSON bytes, so a hit costs no
 * query and no JSON.stringify.
 *
 * Freshness is a catalogue *generation*: every entry remembers the generation it was read under and
 * is only served while the generation is unchanged. Whatever can change those answers bumps it:
 * the shop's own flows in a step before they answer (freshness.ts: the admin's next request sees the
 * change, deterministically), and the subscriber in src/subscribers for changes made elsewhere
 * (Medusa's admin API, a worker). With REDIS_URL the generation is a Redis counter that every server
 * instance reads per request (one GET), so a change made through any instance is seen by all of them
 * on their next request; without it, a counter in this process.
 *
 * API:
 *   catalogueCache()                 the process's cache (generation in Redis when REDIS_URL is set)
 *   bumpCatalogue(reason, change)    mark everything stale ("stock": the facts stay); resolves once every instance will see it
 *   catalogueFacts()                 prices, ids and shipping methods apart from stock, for the purchase
 *   sendCatalogueAnswer(req, res, key, read)
 *                                    answer a catalogue GET from the cache (ETag, 304, X-Cache)
 *   new CatalogueCache(generation)   a cache of its own (tests), over memoryGeneration() or
 *                                    redisGeneration(redis, key)
 */

/** Where the current catalogue generation lives. */
export interface CatalogueGeneration {
  /** The current generation; throws when it cannot be known (Redis down): nothing is served from cache then. */
  current(): Promise<string>
  /** Moves to a new generation and resolves with it once every reader will see it. */
  bump(): Promise<string>
  close(): Promise<void>
}

/** One process's counter: enough when this process is the only server (no REDIS_URL). */
export function memoryGeneration(): CatalogueGeneration {
  // Starts from the clock so a restarted process never reuses the generation of the one before.
  let generation = Date.now()
  return {
    current: async () => String(generation),
    bump: async () => String(++generation),
    close: async () => {},
  }
}

/** Read when a cache is made, so REDIS_NAMESPACE (set by medusa-config.ts) is known. */
export const generationKey = () => catalogueGenerationKey(shopRedisNamespace())
export const factsGenerationKey = () => shopRedisKey("catalogue", "facts-generation")

/**
 * A counter in Redis shared by every instance: INCR to bump, GET per request to read (well under a
 * millisecond on the same network, and ioredis pipelines concurrent GETs).
 */
export function redisGeneration(redis: Redis, key: string = generationKey()): CatalogueGeneration {
  return {
    current: async () => (await redis.get(key)) ?? "0",
    bump: async () => String(await redis.incr(key)),
    close: async () => {
      redis.disconnect()
    },
  }
}

/** A cached answer: the exact bytes sent, and their entity tag. */
export interface CatalogueAnswer extends Encoded {
  body: Buffer
  etag: string
  status: "HIT" | "MISS"
}

/** The answer's bytes compressed, once they are (compressEntry). */
interface Encoded {
  gzip?: Buffer
  br?: Buffer
}

interface Entry extends Encoded {
  generation: string
  body: Buffer
  etag: string
}

/** Below this a compressed answer saves less than its headers cost (the front door's compression() default too). */
const COMPRESS_FROM_BYTES = 1024

/**
 * Compresses a kept answer once, in the background, so a hit is sent compressed as it is. The front
 * door compressed every answer afresh otherwise: catalogue reads are the API's busiest, and each
 * compression costs CPU and native buffers that the process kept long after (docs/architecture.md has
 * the numbers).
 */
function compressEntry(entry: Entry) {
  if (entry.body.length < COMPRESS_FROM_BYTES) return
  void compressedCopies(entry.body).then(
    (copies) => {
      entry.gzip = copies.gzip
      entry.br = copies.br
    },
    () => undefined,
  )
}

/** Entries are one per product plus two lists; a catalogue larger than this only caches its first entries. */
const MAX_ENTRIES = 5_000

/** Entries kept under a generation: a bump makes them all stale, here and (with Redis) in every process. */
abstract class GenerationStore<E> {
  protected readonly entries = new Map<string, E>()

  constructor(readonly generation: CatalogueGeneration) {}

  /** Keeps an entry; a full store starts again rather than grow without bound. */
  protected keep(key: string, entry: E) {
    if (this.entries.size >= MAX_ENTRIES && !this.entries.has(key)) this.entries.clear()
    this.entries.set(key, entry)
  }

  /** Everything kept so far is stale from now on, in this process and (with Redis) every other. */
  async bump(): Promise<string> {
    const generation = await this.generation.bump()
    // Entries of older generations are never served again; dropping them frees their memory early.
    this.entries.clear()
    return generation
  }

  async close() {
    await this.generation.close()
  }
}

export class CatalogueCache extends GenerationStore<Entry> {
  /** Reads under way, per key and generation: a burst of misses costs one query, not one each. */
  private readonly reading = new Map<string, Promise<Entry | null>>()

  /**
   * The answer for `key`: from the cache when it was read under the current generation, otherwise
   * from `read` (null: nothing to answer, e.g. an unknown id, which is not cached). Errors of `read`
   * propagate and nothing is cached.
   */
  async answer(key: string, read: () => Promise<unknown | null>): Promise<CatalogueAnswer | null> {
    let generation: string | null
    try {
      generation = await this.generation.current()
    } catch (error) {
      // Without the generation nothing can be trusted to be fresh: answer from the database.
      console.warn(`[catalogue cache] generation unknown, not caching: ${(error as Error).message}`)
      generation = null
    }
    if (generation === null) {
      const value = await read()
      return value === null ? null : { ...toEntry("", value), status: "MISS" }
    }

    const cached = this.entries.get(key)
    if (cached && cached.generation === generation)
      return { body: cached.body, etag: cached.etag, gzip: cached.gzip, br: cached.br, status: "HIT" }

    const flightKey = `${generation}\u0000${key}`
    let flight = this.reading.get(flightKey)
    if (!flight) {
      // The generation was read before the data: a change committed meanwhile bumps it again, so
      // an entry holding data older than the change is never served after the bump.
      flight = read().then((value) => {
        if (value === null) return null
        const entry = toEntry(generation, value)
        const current = this.entries.get(key)
        if (!current || current.generation !== generation) {
          this.keep(key, entry)
          compressEntry(entry)
        }
        return entry
      })
      this.reading.set(flightKey, flight)
      const forget = () => this.reading.delete(flightKey)
      flight.then(forget, forget)
    }
    const entry = await flight
    return entry ? { body: entry.body, etag: entry.etag, status: "MISS" } : null
  }
}

function toEntry(generation: string, value: unknown): Entry {
  const body = Buffer.from(JSON.stringify(value))
  // A tag of the bytes, not of the generation: an answer that a bump did not change keeps its tag,
  // so browsers and the storefront's page cache still get their 304.
  const etag = `"${createHash("sha1").update(body).digest("base64url")}"`
  return { generation, body, etag }
}

/** True when the request's If-None-Match names this tag (weak or strong, in a list, or `*`). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  return matchesEtag(header, etag)
}

/**
 * What the shop sells and how, apart from stock: products' Medusa ids, prices, names and
 * inventory items; shipping methods and the countries they serve. A purchase reads these on every
 * add to cart and every order, while they change only when staff edit the catalogue. Their
 * generation is bumped by every change except one that only moves stock (an order placed or
 * cancelled, a reservation), so buyers do not empty it for each other; stock itself is always read
 * fresh. Keyed entries; a read of several keys reads only the missing ones, in one go.
 */
export class CatalogueFacts extends GenerationStore<{ generation: string; value: unknown }> {
  /**
   * The values of `keys`: kept ones read under the current generation, the rest from `read`
   * (which answers those it found; a key it does not answer is not kept, e.g. an unknown product).
   */
  async many<T>(keys: string[], read: (missing: string[]) => Promise<Map<string, T>>): Promise<Map<string, T>> {
    let generation: string | null
    try {
      generation = await this.generation.current()
    } catch (error) {
      console.warn(`[catalogue facts] generation unknown, reading them: ${(error as Error).message}`)
      generation = null
    }
    const found = new Map<string, T>()
    const missing: string[] = []
    for (const key of new Set(keys)) {
      const kept = generation === null ? undefined : this.entries.get(key)
      if (kept && kept.generation === generation) found.set(key, kept.value as T)
      else missing.push(key)
    }
    if (missing.length === 0) return found
    // The generation was read before the data, so data older than a change is never kept past its bump.
    const fresh = await read(missing)
    for (const [key, value] of fresh) {
      found.set(key, value)
      if (generation === null) continue
      this.keep(key, { generation, value })
    }
    return found
  }

  async one<T>(key: string, read: () => Promise<T | null>): Promise<T | null> {
    const values = await this.many<T>([key], async () => {
      const value = await read()
      return value === null ? new Map() : new Map([[key, value]])
    })
    return values.get(key) ?? null
  }
}

// One cache per process, kept on globalThis: Medusa loads routes and subscribers separately, and
// both must bump and read the same one.
const SINGLETON = Symbol.for("enclave.catalogueCache")
type Holder = { [SINGLETON]?: { answers: CatalogueCache; facts: CatalogueFacts } }

function caches() {
  const holder = globalThis as Holder
  if (!holder[SINGLETON]) {
    const redisUrl = process.env.REDIS_URL
    const redis = redisUrl
      ? new Redis(redisUrl, {
          // A request must not wait long on a Redis that is gone: it is answered from the database.
          maxRetriesPerRequest: 1,
          connectTimeout: 2_000,
          commandTimeout: 1_000,
        })
      : null
    holder[SINGLETON] = {
      answers: new CatalogueCache(redis ? redisGeneration(redis) : memoryGeneration()),
      facts: new CatalogueFacts(redis ? redisGeneration(redis, factsGenerationKey()) : memoryGeneration()),
    }
  }
  return holder[SINGLETON]
}

/** The process's catalogue cache: its generation in Redis when REDIS_URL is set, else in memory. */
export function catalogueCache(): CatalogueCache {
  return caches().answers
}

/** The process's catalogue facts (prices, ids, shipping methods; no stock). */
export function catalogueFacts(): CatalogueFacts {
  return caches().facts
}

/**
 * What a change touched: "stock" when it only moved stock (an order placed or cancelled), which
 * leaves the catalogue facts (prices, ids, shipping methods) as they were; "all" otherwise.
 */
export type CatalogueChange = "all" | "stock"

/**
 * Marks the catalogue stale. Write paths await it after their change is committed and before they
 * answer, so the caller's next read is fresh. `reason` names the change in the log when it fails.
 */
export async function bumpCatalogue(reason: string, change: CatalogueChange = "all"): Promise<void> {
  try {
    await Promise.all([catalogueCache().bump(), change === "all" ? catalogueFacts().bump() : null])
  } catch (error) {
    // The change itself succeeded; failing the caller's request for this would be worse. Readers
    // that cannot read the generation (the same Redis trouble) answer from the database anyway.
    console.error(`[catalogue cache] could not mark the catalogue stale after ${reason}: ${(error as Error).message}`)
  }
}

/**
 * Answers a public catalogue GET from the cache: 200 with the JSON bytes, or 304 when the caller's
 * If-None-Match already names them; `X-Cache: HIT|MISS` says whether the database was read.
 * Returns false when `read` found nothing (the route answers its 404).
 */
export async function sendCatalogueAnswer(
  req: MedusaRequest,
  res: MedusaResponse,
  key: string,
  read: () => Promise<unknown | null>,
): Promise<boolean> {
  const answer = await catalogueCache().answer(key, read)
  if (!answer) return false
  res.setHeader("ETag", answer.etag)
  res.setHeader("X-Cache", answer.status)
  // Anyone may keep the answer, but must ask again before using it: the catalogue changes any time.
  res.setHeader("Cache-Control", "no-cache")
  if (matchesIfNoneMatch(req.headers["if-none-match"], answer.etag)) {
    res.status(304).end()
    return true
  }
  res.status(200)
  res.setHeader("Content-Type", "application/json; charset=utf-8")
  const offered = (["br", "gzip"] as const).filter((encoding) => answer[encoding])
  if (offered.length > 0) res.vary("Accept-Encoding")
  const encoding = offered.length > 0 ? req.acceptsEncodings([...offered, "identity"]) : "identity"
  const body = encoding === "br" || encoding === "gzip" ? answer[encoding]! : answer.body
  if (body !== answer.body) res.setHeader("Content-Encoding", encoding as string)
  res.setHeader("Content-Length", body.length)
  // Not res.json/res.send: those would stringify again and hash the body for Express's own ETag.
  res.end(body)
  return true
}
