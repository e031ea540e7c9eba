/**
 * What the front door (launcher/front-door.ts) and the storefront's page cache
 * (storefront/src/lib/data/page-cache.ts) share inside the one process they run in. The storefront is
 * a bundle of its own that the front door loads, so module state is not shared between them: they
 * meet through registered symbols on globalThis, named here once.
 *
 * The front door counts the API writes it passes on; the page cache hands the front door a page it
 * may send before Astro runs when no write has gone by since the page's data was last found current
 * (cached pages at static speed). Where the facade's catalogue generation is shared (Redis),
 * the front door also reads it for the page cache: a write that reached Medusa some other way (nginx
 * sends /api straight to the Medusa servers in the compose deployment) moves it before it is answered.
 *
 * This module imports nothing, Node's or anyone's.
 */

const API_WRITES = Symbol.for("enclave.front-door.api-writes")
const CACHED_PAGES = Symbol.for("enclave.storefront.cached-pages")
const CATALOGUE_GENERATION = Symbol.for("enclave.front-door.catalogue-generation")

/** How many API writes (any method but GET, HEAD and OPTIONS) the front door has passed on. */
export interface ApiWrites {
  count: number
}

type Shared = Record<symbol, unknown>

/** The front door's count, created by the front door; null when this process has no front door (Astro's own server). */
export function apiWritesOfFrontDoor(): ApiWrites | null {
  return ((globalThis as Shared)[API_WRITES] as ApiWrites | undefined) ?? null
}

/** The front door's count, created on first use. */
export function countApiWrites(): ApiWrites {
  return ((globalThis as Shared)[API_WRITES] ??= { count: 0 }) as ApiWrites
}

/**
 * Reads the facade's catalogue generation where every Medusa server shares it (Redis): null when it
 * cannot be read (Redis down), and then nothing is sent without asking the facade.
 */
export type CatalogueGenerationReader = () => Promise<string | null>

/** Set by a front door whose shop shares its catalogue generation in Redis. */
export function offerCatalogueGeneration(read: CatalogueGenerationReader) {
  ;(globalThis as Shared)[CATALOGUE_GENERATION] = read
}

/** The front door's reader of the catalogue generation, or null where the generation is not shared (one Medusa, no Redis). */
export function catalogueGenerationReader(): CatalogueGenerationReader | null {
  return ((globalThis as Shared)[CATALOGUE_GENERATION] as CatalogueGenerationReader | undefined) ?? null
}

/** The parts of a page request the cached page depends on, as they arrived (before any normalising). */
export interface PageRequest {
  url: string
  host: string | undefined
  cookie: string | undefined
  acceptLanguage: string | undefined
}

/** A cached page as it goes out: its headers, a weak ETag of its bytes, and the bytes in each encoding made so far. */
export interface ReadyPage {
  headers: [string, string][]
  etag: string
  body: Uint8Array
  gzip?: Uint8Array
  br?: Uint8Array
}

/** A kept page the front door may send, with the catalogue generation its data was last found current under. */
export interface UntouchedPage {
  page: ReadyPage
  /** Undefined where the generation is not shared (no reader), null when it could not be read then. */
  generation: string | null | undefined
}

export interface CachedPages {
  /**
   * The page kept for this request whose data no API write through this front door has touched since
   * it was last found current (for at most a second), or undefined: then Astro answers. Where the
   * generation is shared, the front door sends it only while the generation is still the one returned.
   */
  untouched(request: PageRequest): UntouchedPage | undefined
}

export function offerCachedPages(pages: CachedPages) {
  ;(globalThis as Shared)[CACHED_PAGES] = pages
}

/** The storefront's cached pages, once its page cache has been loaded (it is, with the first page rendered). */
export function cachedPages(): CachedPages | undefined {
  return (globalThis as Shared)[CACHED_PAGES] as CachedPages | undefined
}

/**
 * Whether an If-None-Match header names this page's ETag, so a 304 may answer. The comparison is the
 * weak one HTTP prescribes for If-None-Match (RFC 9110 §13.1.2): a tag matches with or without its
 * W/ prefix, and "*" matches any page that exists.
 */
export function matchesEtag(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === "*") return true
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "")
  const own = opaque(etag)
  return ifNoneMatch.split(",").some((tag) => opaque(tag) === own)
}
