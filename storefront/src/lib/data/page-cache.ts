/**
 * The catalogue pages' HTML cache (for speed): home, /products, /product/{id} and the service pages
 * (/privacy, /terms, /returns, /shipping) are sent from the HTML rendered last time as long as the facade's
 * answers they were rendered from are unchanged.
 *
 * What these pages depend on, and so what a cached page is keyed on:
 * - the address as requested, origin, path and query (the catalogue's search, level and sort; the header's
 *   language form and the "try again" link repeat the address; canonical and hreflang links name the origin);
 * - the language the page is rendered in (from the `language` cookie or Accept-Language);
 * - the year (the footer's copyright line);
 * - the facade's catalogue answers the render used (recorded while rendering, see catalogue-answers.ts): the
 *   products (asked in the page's language: a German page depends on the German answers), and on every page the footer's (products for the tier links, the visitors' payment methods for the
 *   badges) and where shown the shipping methods (home, /shipping). The facade changes these answers' ETags
 *   when an admin saves a product, a shipping method or the payment settings, so the next request renders anew.
 * Nothing else: a visitor's page renders nothing of the visitor's (the header says "Account", the cart is
 * filled in by the browser), so one visitor's page can be sent to another. A request with the session
 * cookie is rendered for its user (the header names them) and neither kept nor answered from here. A render that
 * sets a cookie, answers anything but 200 (not found, API unavailable) or used an answer without an
 * ETag is never kept.
 *
 * A request revalidates the page's answers with If-None-Match: one 304 from the facade's own cache
 * and the HTML goes out without rendering; any change (a bump of the facade's catalogue generation
 * that changed the bytes) renders anew from the fresh answer, which this request already holds.
 * It need not ask while no API write has gone through the front door since the page's answers were
 * last found current, for at most UNTOUCHED_FOR_MS (cached pages at static speed): a busy
 * page then asks the facade about once a second instead of on every request. Where the Medusa servers
 * share the catalogue generation in Redis, it must also be the one read before the page was last found
 * current: writes that reach Medusa without passing this front door (nginx sends /api straight to the
 * servers in the compose deployment) move it before they are answered.
 */
import { createHash } from "node:crypto"
import type { APIContext, MiddlewareNext } from "astro"
import { apiBaseUrl } from "./http"
import { hasSessionCookie } from "./session"
import { answerKey, catalogueHeaders, keepAnswer, keptAnswer, recordingDependencies, type Dependency } from "./catalogue-answers"
import { compressedCopies } from "@enclave/contract/compression"
import { resolveLanguage, type Language } from "@enclave/contract/i18n"
import {
  apiWritesOfFrontDoor,
  catalogueGenerationReader,
  matchesEtag,
  offerCachedPages,
  type PageRequest,
  type ReadyPage,
  type UntouchedPage,
} from "@enclave/contract/page-door"
import { languageOfAddress, publicOrigin } from "../seo"
import { BoundedCache } from "./bounded-cache"

interface CachedPage extends ReadyPage {
  /** Kept as bytes: encoding the text again for every answer costs more than anything else here. */
  body: Uint8Array<ArrayBuffer>
  dependencies: Dependency[]
  /**
   * When the dependencies were last found current: the front door's write count then, the catalogue
   * generation read then where it is shared (undefined where not, null when unreadable), and the time.
   */
  checked: { writes: number | null; generation: string | null | undefined; at: number }
}

/**
 * The front door's count of API writes passed on (launcher/front-door.ts), or null when this server
 * runs without it (Astro's own server): then every hit asks the facade.
 */
function apiWritesSoFar(): number | null {
  return apiWritesOfFrontDoor()?.count ?? null
}

/**
 * The facade's catalogue generation where the front door reads it from Redis (several Medusa servers;
 * in the compose deployment /api writes reach them without passing this front door), undefined where
 * it is not shared, null when it cannot be read. Read before anything is asked: the facade moves it
 * before it answers a write, so a page found current under it stays current while it is unchanged.
 */
async function generationNow(): Promise<string | null | undefined> {
  const read = catalogueGenerationReader()
  if (!read) return undefined
  return read().catch(() => null)
}

/** Whether a page may go out without asking the facade (the rule of the module's comment). */
function isUntouched(page: CachedPage, writes: number | null, generation: string | null | undefined, now: number): boolean {
  const { checked } = page
  return (
    writes !== null &&
    checked.writes === writes &&
    now - checked.at < UNTOUCHED_FOR_MS &&
    generation !== null &&
    checked.generation === generation
  )
}

/**
 * How long a page whose data no write has touched since goes out without asking the facade. Every
 * change a person makes (staff's saves, a purchase, a payment provider's webhook) is a write through
 * the front door and takes effect on the next request; this bounds what nobody asked for through it
 * (work Medusa finishes after answering, a second front door in front of the same Medusa).
 */
const UNTOUCHED_FOR_MS = 1000

/**
 * Searches and query parameters make addresses without end: past this many pages, or this many bytes
 * of HTML and its compressed copies, the pages read longest ago go. A catalogue page is some 30 KB
 * with 10 KB more compressed; the test suite's catalogue of hundreds of products filled 200 pages
 * with 5.7 MB, and each one could have been the whole listing.
 */
const MAX_PAGES = 200
const MAX_PAGE_BYTES = 4 * 1024 * 1024
const pages = new BoundedCache<CachedPage>(MAX_PAGE_BYTES, MAX_PAGES)
const REQUEST_TIMEOUT_MS = 10_000

/** The legal and service pages: the same for everyone, built from the shipping methods and the footer's answers. */
const servicePages = new Set(["/privacy", "/terms", "/returns", "/shipping"])

/** The catalogue and service pages; everything else (account, checkout, orders, auth) is always rendered. */
function isCataloguePage(pathname: string): boolean {
  return (
    pathname === "/" ||
    pathname === "/products" ||
    pathname === "/products/" ||
    /^\/product\/[^/]+\/?$/.test(pathname) ||
    servicePages.has(pathname.replace(/\/$/, ""))
  )
}

/**
 * `url` is the address as it arrived (the Request's, not Astro's normalised `context.url`): the front
 * door finds a page by the same key before Astro has seen the request (pageBeforeRendering).
 */
export function pageKey(url: URL, language: string, now: Date = new Date()): string | null {
  if (!isCataloguePage(url.pathname)) return null
  return `${language}\u0000${now.getUTCFullYear()}\u0000${publicOrigin(url)}${url.pathname}${url.search}`
}

/**
 * The language the middleware will render a request in (src/middleware.ts), or null when telling it
 * would take more than the plain cases: a `language` cookie that is not exactly en or de, or given
 * twice, is left to Astro's cookie parser by letting Astro answer.
 */
function languageBeforeRendering(url: URL, cookie: string | undefined, acceptLanguage: string | undefined): Language | null {
  const ofAddress = languageOfAddress(url)
  if (ofAddress) return ofAddress
  let stored: string | undefined
  for (const pair of (cookie ?? "").split(";")) {
    const equals = pair.indexOf("=")
    if (equals < 0 || pair.slice(0, equals).trim() !== "language") continue
    const value = pair.slice(equals + 1).trim()
    if (stored !== undefined || (value !== "en" && value !== "de")) return null
    stored = value
  }
  return resolveLanguage(stored, acceptLanguage)
}

/**
 * The page the front door may send before Astro runs (cached pages at static speed): one
 * kept for this address and language whose data no API write has touched since it was last found
 * current, for at most UNTOUCHED_FOR_MS: the same rule as a hit below, decided without building a
 * Request. The address is built as Astro's node adapter builds it (host header and path as sent),
 * so both find the same entry; anything else is left to Astro.
 */
function pageBeforeRendering(request: PageRequest): UntouchedPage | undefined {
  if (/(?:^|;\s*)enclave\.sid=/.test(request.cookie ?? "")) return undefined
  const writes = apiWritesSoFar()
  if (writes === null || typeof request.host !== "string") return undefined
  const address = `http://${request.host}${request.url}`
  if (!URL.canParse(address)) return undefined
  const url = new URL(address)
  const language = languageBeforeRendering(url, request.cookie, request.acceptLanguage)
  const key = language && pageKey(url, language)
  const cached = key ? pages.get(key) : undefined
  // The front door compares the generation itself, once it has read it for this request.
  if (!cached || !isUntouched(cached, writes, cached.checked.generation, performance.now())) return undefined
  return { page: cached, generation: cached.checked.generation }
}
offerCachedPages({ untouched: pageBeforeRendering })

/**
 * Compresses a kept page once, off the event loop, for the front door to send as it is: compressing
 * on every request would cost more than the rest of sending it. Until both are done, a browser that
 * takes compressed answers gets the page through Astro's path, compressed per request.
 */
function compressOnce(key: string, page: CachedPage) {
  void compressedCopies(page.body).then(
    (copies) => {
      page.gzip = copies.gzip
      page.br = copies.br
      pages.grow(key, page, copies.gzip.byteLength + copies.br.byteLength)
    },
    () => undefined,
  )
}

/** A weak tag (the same page goes out in three encodings) of the bytes. */
function tagOf(body: Uint8Array): string {
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`
}

/** The kept page, or 304 when the browser already holds these bytes. */
function sendPage(page: CachedPage, request: Request, cache: "HIT" | "MISS"): Response {
  const headers = new Headers(page.headers)
  headers.set("x-cache", cache)
  headers.set("etag", page.etag)
  if (matchesEtag(request.headers.get("if-none-match"), page.etag)) {
    headers.delete("content-type")
    return new Response(null, { status: 304, headers })
  }
  return new Response(page.body, { status: 200, headers })
}

type Check = "unchanged" | "changed" | "failed"

/** Revalidations under way, per answer and tag, with when they were sent. */
const checks = new Map<string, { sentAt: number; result: Promise<Check> }>()

/**
 * Asks the facade whether the answer at `path` still has the tag `etag`. A check already under way
 * is shared only when it was sent after this request arrived: it then sees every change that was
 * answered before (write paths bump before they answer), so a burst of requests costs one check.
 * A changed answer is kept (catalogue-answers.ts) for the render that follows.
 */
function revalidate(path: string, language: Language, etag: string, arrivedAt: number): Promise<Check> {
  const key = `${answerKey(path, language)}\u0000${etag}`
  const running = checks.get(key)
  if (running && running.sentAt >= arrivedAt) return running.result
  const sentAt = performance.now()
  const result = (async (): Promise<Check> => {
    let response: Response
    try {
      response = await fetch(`${apiBaseUrl()}${path}`, {
        headers: catalogueHeaders(language, etag),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      })
    } catch {
      // The render that follows meets the same trouble and shows the page's "unavailable" state.
      return "failed"
    }
    if (response.status === 304) return "unchanged"
    const newTag = response.headers.get("etag")
    if (response.ok && newTag) {
      try {
        keepAnswer(path, language, { etag: newTag, body: await response.json() })
        return "changed"
      } catch {
        return "failed"
      }
    }
    await response.body?.cancel()
    return "failed"
  })()
  checks.set(key, { sentAt, result })
  const forget = () => {
    if (checks.get(key)?.result === result) checks.delete(key)
  }
  result.then(forget, forget)
  return result
}

/**
 * True when every answer the page was rendered from is still the facade's answer. Paths whose kept
 * answer is known to be current are added to `revalidated`, so the render that follows (if any) uses
 * them without asking again.
 */
async function stillFresh(dependencies: Dependency[], revalidated: Set<string>, arrivedAt: number): Promise<boolean> {
  const results = await Promise.all(
    dependencies.map(async ({ path, language, etag }) => {
      const check = await revalidate(path, language, etag, arrivedAt)
      if (check === "failed") return false
      // The kept answer is the current one unless another render kept a newer one meanwhile.
      if (check === "changed" || keptAnswer(path, language)?.etag === etag) revalidated.add(answerKey(path, language))
      return check === "unchanged" && keptAnswer(path, language)?.etag === etag
    }),
  )
  return results.every(Boolean)
}

/**
 * Serves a catalogue page from the cache or renders it (and keeps it). Other requests go straight
 * to `next`. Answers carry `X-Cache: HIT|MISS` on catalogue pages.
 */
export async function cataloguePage(context: APIContext, next: MiddlewareNext): Promise<Response> {
  // A signed-in person's page names them in its header: rendered for them alone.
  if (context.request.method !== "GET" || hasSessionCookie(context.request)) return next()
  const arrivedAt = performance.now()
  const key = pageKey(new URL(context.request.url), context.locals.language)
  if (!key) return next()

  // Read before anything is asked: a write answered while this request checks makes the next one check again.
  const writes = apiWritesSoFar()
  const generation = await generationNow()
  const revalidated = new Set<string>()
  const cached = pages.get(key)
  const untouched = cached !== undefined && isUntouched(cached, writes, generation, arrivedAt)
  if (cached && (untouched || (await stillFresh(cached.dependencies, revalidated, arrivedAt)))) {
    if (!untouched) cached.checked = { writes, generation, at: arrivedAt }
    return sendPage(cached, context.request, "HIT")
  }

  const { result: response, dependencies } = await recordingDependencies(() => next(), revalidated)
  const cacheable =
    response.status === 200 &&
    !response.headers.has("set-cookie") &&
    dependencies.length > 0 &&
    dependencies.every((d) => d.etag !== "") &&
    (response.headers.get("content-type") ?? "").startsWith("text/html")
  if (!cacheable) {
    if (cached) pages.delete(key)
    return response
  }
  const body = new Uint8Array(await response.arrayBuffer())
  const headers: [string, string][] = [...response.headers.entries()].filter(
    ([name]) => name !== "content-length" && name !== "x-cache" && name !== "etag" && name !== "vary",
  )
  // The page is negotiated: its language follows the cookie or the browser's languages.
  headers.push(["vary", "Accept-Language, Cookie"])
  const page: CachedPage = { headers, etag: tagOf(body), body, dependencies, checked: { writes, generation, at: arrivedAt } }
  if (pages.set(key, page, body.byteLength)) compressOnce(key, page)
  return sendPage(page, context.request, "MISS")
}
