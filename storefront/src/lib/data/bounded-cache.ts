/**
 * A map that holds at most `maxBytes` (by the size each entry is given) in at most `maxEntries`
 * entries; past either, the entries used longest ago go first.
 *
 * The storefront's caches are keyed by addresses anyone can make up (a search, a query parameter
 * the page ignores), so a count alone bounds nothing: the page cache's 200 pages could each be a
 * copy of the whole catalogue listing.
 */
export class BoundedCache<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>()
  private total = 0

  constructor(
    readonly maxBytes: number,
    readonly maxEntries = Number.POSITIVE_INFINITY,
  ) {}

  get size(): number {
    return this.entries.size
  }

  /** The bytes counted for the entries held. */
  get bytes(): number {
    return this.total
  }

  /** The entry, now the most recently used. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    this.entries.delete(key)
    this.entries.set(key, entry)
    return entry.value
  }

  /** Keeps the value unless it alone is larger than the whole cache; false when it was not kept. */
  set(key: string, value: V, bytes: number): boolean {
    this.delete(key)
    if (bytes > this.maxBytes) return false
    this.entries.set(key, { value, bytes })
    this.total += bytes
    this.evict()
    return true
  }

  /** Counts more bytes for a value still kept under `key` (a page once its compressed copies are made). */
  grow(key: string, value: V, bytes: number) {
    const entry = this.entries.get(key)
    if (entry?.value !== value) return
    entry.bytes += bytes
    this.total += bytes
    // Too large now for the whole cache: it goes, whatever else would have to.
    if (entry.bytes > this.maxBytes) this.delete(key)
    this.evict()
  }

  delete(key: string): boolean {
    const entry = this.entries.get(key)
    if (!entry) return false
    this.entries.delete(key)
    this.total -= entry.bytes
    return true
  }

  private evict() {
    // A Map iterates in insertion order, and get() moves what it reads to the end.
    for (const [key, entry] of this.entries) {
      if (this.total <= this.maxBytes && this.entries.size <= this.maxEntries) return
      this.entries.delete(key)
      this.total -= entry.bytes
    }
  }
}
