/**
 * Server only. The compressed copies of an answer that is kept and sent many times: the public
 * catalogue answers (plugins/catalogue/src/cache.ts) and the storefront's cached pages
 * (storefront/src/lib/data/page-cache.ts). Made once, on libuv's threads, so a hit goes out as it is.
 */
import { promisify } from "node:util"
import zlib from "node:zlib"

const gzip = promisify(zlib.gzip)
const brotli = promisify(zlib.brotliCompress)

/** Brotli at 6 of 11: within a few percent of its smallest for HTML and JSON, in a fraction of the time. */
const BROTLI_QUALITY = 6

export interface CompressedCopies {
  gzip: Buffer
  br: Buffer
}

/** gzip and brotli copies of the bytes, each in memory of its own (ownBytes). */
export async function compressedCopies(body: Uint8Array): Promise<CompressedCopies> {
  const [gzipped, brotlied] = await Promise.all([
    gzip(body),
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
  ])
  return { gzip: ownBytes(gzipped), br: ownBytes(brotlied) }
}

/**
 * The bytes in a buffer of their own, so that what a cache counts is what it holds. zlib answers with
 * a view into its 64 KB output chunk (Node 24): kept as they came, a catalogue page's 3 KB of gzip
 * and 1 KB of brotli held 128 KB, and a cache of a few hundred pages or answers tens of MB more than
 * it counted. (Buffer.copyBytesFrom would copy into Node's shared pool, which is as bad.)
 */
export function ownBytes(bytes: Uint8Array): Buffer {
  if (bytes.byteLength === bytes.buffer.byteLength && Buffer.isBuffer(bytes)) return bytes
  return Buffer.from(new Uint8Array(bytes).buffer)
}
