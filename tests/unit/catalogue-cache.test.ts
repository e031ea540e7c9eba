/**
 * The catalogue plugin's cache module (plugins/catalogue/src/cache.ts) on its own: when
 * it reads, when it serves the kept bytes, and that a bump through one instance reaches another
 * through Redis (the machine's Redis, as the scale-out deployment uses it).
 */
import { randomBytes } from "node:crypto"
import zlib from "node:zlib"
import { Redis } from "ioredis"
import { afterAll, describe, expect, it } from "vitest"
import { CatalogueCache, CatalogueFacts, matchesIfNoneMatch, memoryGeneration, redisGeneration } from "../../plugins/catalogue/src/cache.ts"

function counter<T>(values: () => T) {
  let reads = 0
  return {
    read: async () => {
      reads++
      return values()
    },
    get reads() {
      return reads
    },
  }
}

describe("CatalogueCache", () => {
  it("reads once, then answers the same bytes from the cache until the generation is bumped", async () => {
    const cache = new CatalogueCache(memoryGeneration())
    let name = "Enclave Base"
    const source = counter(() => [{ id: 1, name }])

    const first = await cache.answer("products", source.read)
    expect(first?.status).toBe("MISS")
    expect(JSON.parse(first!.body.toString())).toEqual([{ id: 1, name: "Enclave Base" }])
    const second = await cache.answer("products", source.read)
    expect(second?.status).toBe("HIT")
    expect(second!.body.equals(first!.body)).toBe(true)
    expect(second!.etag).toBe(first!.etag)
    expect(source.reads).toBe(1)

    name = "Enclave Base 2"
    // Without a bump the change is not seen: the write paths and subscribers must bump.
    expect(JSON.parse((await cache.answer("products", source.read))!.body.toString())[0].name).toBe("Enclave Base")
    await cache.bump()
    const third = await cache.answer("products", source.read)
    expect(third?.status).toBe("MISS")
    expect(JSON.parse(third!.body.toString())[0].name).toBe("Enclave Base 2")
    expect(third!.etag).not.toBe(first!.etag)
    expect(source.reads).toBe(2)
  })

  it("keeps compressed copies of a large answer that hold only their own bytes", async () => {
    const cache = new CatalogueCache(memoryGeneration())
    const products = Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Enclave Base ${i}`, price: 19_900 + i }))
    const source = counter(() => products)
    await cache.answer("products", source.read)
    // Compressed in the background once kept: a later hit carries the copies.
    await expect.poll(async () => (await cache.answer("products", source.read))?.br !== undefined).toBe(true)
    const hit = (await cache.answer("products", source.read))!
    expect(zlib.gunzipSync(hit.gzip!).equals(hit.body)).toBe(true)
    expect(zlib.brotliDecompressSync(hit.br!).equals(hit.body)).toBe(true)
    // Not views into zlib's 64 KB output chunks: each copy's memory is its size.
    expect([hit.gzip!.buffer.byteLength, hit.br!.buffer.byteLength]).toEqual([hit.gzip!.byteLength, hit.br!.byteLength])
    expect(source.reads).toBe(1)
  })

  it("keeps the entity tag when a bump did not change the bytes", async () => {
    const cache = new CatalogueCache(memoryGeneration())
    const source = counter(() => ({ id: 3 }))
    const before = await cache.answer("product:3", source.read)
    await cache.bump()
    const after = await cache.answer("product:3", source.read)
    expect(after?.status).toBe("MISS")
    expect(after!.etag).toBe(before!.etag)
  })

  it("keeps each key apart", async () => {
    const cache = new CatalogueCache(memoryGeneration())
    await cache.answer("product:1", async () => ({ id: 1 }))
    const two = await cache.answer("product:2", async () => ({ id: 2 }))
    expect(JSON.parse(two!.body.toString())).toEqual({ id: 2 })
    expect(JSON.parse((await cache.answer("product:1", async () => ({ id: 99 })))!.body.toString())).toEqual({ id: 1 })
  })

  it("reads once for a burst of concurrent misses", async () => {
    const cache = new CatalogueCache(memoryGeneration())
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    let reads = 0
    const read = async () => {
      reads++
      await gate
      return [1, 2, 3]
    }
    const answers = Promise.all(Array.from({ length: 20 }, () => cache.answer("products", read)))
    release()
    const all = await answers
    expect(reads).toBe(1)
    expect(new Set(all.map((a) => a!.body.toString()))).toEqual(new Set(["[1,2,3]"]))
  })

  it("does not keep a missing answer or a failed read", async () => {
    const cache = new CatalogueCache(memoryGeneration())
    expect(await cache.answer("product:404", async () => null)).toBeNull()
    expect((await cache.answer("product:404", async () => ({ id: 404 })))?.status).toBe("MISS")
    await expect(cache.answer("products", async () => Promise.reject(new Error("database down")))).rejects.toThrow("database down")
    expect((await cache.answer("products", async () => []))?.status).toBe("MISS")
  })

  it("reads from the source every time when the generation cannot be known", async () => {
    const broken = { current: async () => Promise.reject(new Error("no redis")), bump: async () => "1", close: async () => {} }
    const cache = new CatalogueCache(broken)
    const source = counter(() => ({ ok: true }))
    expect((await cache.answer("products", source.read))?.status).toBe("MISS")
    expect((await cache.answer("products", source.read))?.status).toBe("MISS")
    expect(source.reads).toBe(2)
  })
})

describe("CatalogueFacts", () => {
  /** A source of facts that records which keys each read asked for. */
  function source(values: Record<string, number>) {
    const asked: string[][] = []
    return {
      asked,
      read: async (missing: string[]) => {
        asked.push(missing)
        return new Map(missing.filter((key) => key in values).map((key) => [key, values[key]]))
      },
    }
  }

  it("reads only the keys it does not keep, in one read, and keeps them until a bump", async () => {
    const facts = new CatalogueFacts(memoryGeneration())
    const values = { a: 1, b: 2, c: 3 }
    const first = source(values)
    expect([...(await facts.many(["a", "b"], first.read))]).toEqual([
      ["a", 1],
      ["b", 2],
    ])
    expect([...(await facts.many(["b", "c", "a"], first.read))].sort()).toEqual([
      ["a", 1],
      ["b", 2],
      ["c", 3],
    ])
    expect(first.asked).toEqual([["a", "b"], ["c"]])

    values.a = 10
    expect((await facts.many(["a"], first.read)).get("a")).toBe(1)
    await facts.bump()
    expect((await facts.many(["a"], first.read)).get("a")).toBe(10)
    expect(first.asked).toEqual([["a", "b"], ["c"], ["a"]])
  })

  it("does not keep what the source did not find (an unknown product)", async () => {
    const facts = new CatalogueFacts(memoryGeneration())
    const facts1 = source({ a: 1 })
    expect(await facts.one("missing", async () => null)).toBeNull()
    expect((await facts.many(["a", "missing"], facts1.read)).has("missing")).toBe(false)
    await facts.many(["missing"], facts1.read)
    expect(facts1.asked).toEqual([["a", "missing"], ["missing"]])
  })

  it("follows a bump through another instance (the generation in Redis)", async () => {
    const url = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379"
    const key = `enclave:test:catalogue-facts:${randomBytes(6).toString("hex")}`
    const redis = new Redis(url)
    const one = new CatalogueFacts(redisGeneration(redis, key))
    const other = new CatalogueFacts(redisGeneration(new Redis(url), key))
    try {
      const values = { price: 1 }
      const read = source(values).read
      expect((await one.many(["price"], read)).get("price")).toBe(1)
      values.price = 2
      await other.bump()
      expect((await one.many(["price"], read)).get("price")).toBe(2)
    } finally {
      await redis.del(key)
      await one.close()
      await other.close()
    }
  })

  it("reads every time, keeping nothing, when the generation cannot be known", async () => {
    const broken = { current: async () => Promise.reject(new Error("no redis")), bump: async () => "1", close: async () => {} }
    const facts = new CatalogueFacts(broken)
    const counted = source({ a: 1 })
    await facts.many(["a"], counted.read)
    await facts.many(["a"], counted.read)
    expect(counted.asked).toEqual([["a"], ["a"]])
  })
})

describe("matchesIfNoneMatch", () => {
  const tag = '"abc"'
  it("matches the tag, weak or strong, alone or in a list, and *", () => {
    expect(matchesIfNoneMatch('"abc"', tag)).toBe(true)
    expect(matchesIfNoneMatch('W/"abc"', tag)).toBe(true)
    expect(matchesIfNoneMatch('"x", "abc"', tag)).toBe(true)
    expect(matchesIfNoneMatch("*", tag)).toBe(true)
  })
  it("does not match another tag or no header", () => {
    expect(matchesIfNoneMatch('"abd"', tag)).toBe(false)
    expect(matchesIfNoneMatch(undefined, tag)).toBe(false)
    expect(matchesIfNoneMatch("", tag)).toBe(false)
  })
})

describe("the generation in Redis", () => {
  const url = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379"
  const key = `enclave:test:catalogue-generation:${randomBytes(6).toString("hex")}`
  const connections = [new Redis(url), new Redis(url)]
  const [one, two] = connections.map((redis) => new CatalogueCache(redisGeneration(redis, key)))
  afterAll(async () => {
    await connections[0].del(key)
    for (const redis of connections) redis.disconnect()
  })

  it("makes a change bumped through one instance seen by the other on its next read", async () => {
    let stock = 5
    const read = async () => ({ id: 1, stockQuantity: stock })
    await one.answer("product:1", read)
    expect((await two.answer("product:1", read))?.status).toBe("MISS")
    expect((await one.answer("product:1", read))?.status).toBe("HIT")
    expect((await two.answer("product:1", read))?.status).toBe("HIT")

    stock = 4
    await one.bump()
    const seenByTwo = await two.answer("product:1", read)
    expect(seenByTwo?.status).toBe("MISS")
    expect(JSON.parse(seenByTwo!.body.toString())).toEqual({ id: 1, stockQuantity: 4 })
    expect((await one.answer("product:1", read))?.status).toBe("MISS")
    expect((await two.answer("product:1", read))?.status).toBe("HIT")
  })
})
