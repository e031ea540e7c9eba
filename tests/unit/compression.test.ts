/**
 * The compressed copies the facade's catalogue cache and the storefront's page cache keep
 * (@enclave/contract/compression): they decompress to the answer, and each holds only its own bytes,
 * so the caches hold what they count.
 */
import zlib from "node:zlib"
import { describe, expect, it } from "vitest"
import { compressedCopies, ownBytes } from "@enclave/contract/compression"

/** A catalogue page's worth of HTML: 50 KB that compresses to a few KB. */
const page = Buffer.from(
  `<!doctype html><html lang="de"><body><ul>${Array.from({ length: 1500 }, (_, i) => `<li>Enclave Base ${(i * 7919) % 1000} €</li>`).join("")}</ul></body></html>`,
)

describe("compressedCopies", () => {
  it("makes gzip and brotli copies that decompress to the bytes", async () => {
    const copies = await compressedCopies(page)
    expect(zlib.gunzipSync(copies.gzip).equals(page)).toBe(true)
    expect(zlib.brotliDecompressSync(copies.br).equals(page)).toBe(true)
    expect(copies.gzip.byteLength).toBeLessThan(page.byteLength / 5)
    expect(copies.br.byteLength).toBeLessThan(copies.gzip.byteLength)
  })

  it("keeps each copy in memory of its own, not in zlib's output chunk", async () => {
    // zlib's own answer is a few KB seen through a chunk of tens of KB: what a cache would have held.
    const straight = zlib.gzipSync(page)
    expect(straight.buffer.byteLength).toBeGreaterThan(4 * straight.byteLength)
    const copies = await compressedCopies(page)
    for (const copy of [copies.gzip, copies.br]) {
      expect(Buffer.isBuffer(copy)).toBe(true)
      expect(copy.buffer.byteLength).toBe(copy.byteLength)
    }
  })
})

describe("ownBytes", () => {
  it("copies a view into a larger buffer out into one of its own, with the same bytes", () => {
    const chunk = Buffer.alloc(64 * 1024, 7)
    chunk.write("enclave", 100)
    const view = chunk.subarray(100, 107)
    const own = ownBytes(view)
    expect(own.toString()).toBe("enclave")
    expect(own.buffer.byteLength).toBe(7)
    // A copy: the chunk can go, and writing to it later does not change what was kept.
    chunk.write("changed", 100)
    expect(own.toString()).toBe("enclave")
  })

  it("keeps a Buffer that already owns all of its memory as it is", () => {
    const whole = Buffer.from(new Uint8Array([1, 2, 3]).buffer)
    expect(ownBytes(whole)).toBe(whole)
  })

  it("answers a Buffer for a plain Uint8Array, so Express sends it as bytes", () => {
    const own = ownBytes(new Uint8Array([104, 105]))
    expect(Buffer.isBuffer(own)).toBe(true)
    expect(own.toString()).toBe("hi")
  })
})
