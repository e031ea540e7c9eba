/**
 * A map that holds at most `maxBytes` (by the size each entry is given) in at most `maxEntries`
 * entries; past either, the entries used longest ago go first.
 *
 * The storefront's caches are keyed by addresses anyone can make up (a search, a query parameter
 * the page ignores), so a count alone bounds nothing: the page cache's 200 pages could each be a
 * copy of the whole catalogue listing.
 */
export class BoundedCache<V> {
  private readonly entries = new Map<string, { value: V; bytes: number; used: number }>()
  private total = 0
  /** Counts reads and writes: an entry's `used` is when it was last read or written. */
  private clock = 0

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

  /**
   * The entry, now the most recently used. Only a number is written: the front door reads cached pages
   * tens of thousands of times a second, and moving the entry to the Map's end on each read cost a
   * measurable part of the cached product page's rate (docs/architecture.md, Frontend, has the numbers).
   */
  get(key: string): V | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    entry.used = ++this.clock
    return entry.value
  }

  /** Keeps the value unless it alone is larger than the whole cache; false when it was not kept. */
  set(key: string, value: V, bytes: number): boolean {
    this.delete(key)
    if (bytes > this.maxBytes) return false
    this.entries.set(key, { value, bytes, used: ++this.clock })
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

  /** Only when something new is kept past a limit: a look over every entry for the one used longest ago. */
  private evict() {
    while (this.total > this.maxBytes || this.entries.size > this.maxEntries) {
      let oldest: string | undefined
      let oldestUse = Number.POSITIVE_INFINITY
      for (const [key, entry] of this.entries) {
        if (entry.used < oldestUse) {
          oldest = key
          oldestUse = entry.used
        }
      }
      if (oldest === undefined) return
      this.delete(oldest)
    }
  }
}
