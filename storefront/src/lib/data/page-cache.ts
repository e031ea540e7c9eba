/**
 * The catalogue pages' HTML cache (issue 7, Speed): home, /products, /product/{id} and the service pages
 * (/privacy, /terms, /returns, /shipping) are sent from the HTML rendered last time as long as the facade's
 * answers they were rendered from are unchanged.
 *
 * What these pages depend on, and so what a cached page is keyed on:
 * - the address as requested, origin, path and query (the catalogue's search, level and sort; the header's
 *   language form and the "try again" link repeat the address; canonical and hreflang links name the origin);
 * - the language the page is rendered in (from the `language` cookie or Accept-Language);
 * - the year (the footer's copyright line);
 * - the facade's catalogue answers the render used (recorded while rendering, see catalogue-answers.ts): the
 *   products (asked in the page's language: a German page depends on the German answers, issue 18), and on every page the footer's (products for the tier links, the visitors' payment methods for the
 *   badges) and where shown the shipping methods (home, /shipping). The facade changes these answers' ETags
 *   when an admin saves a product, a shipping method or the payment settings, so the next request renders anew.
 * Nothing else: these pages do not render anything of the visitor's (the header's account part and
 * the cart are filled in by the browser), so one visitor's page can be sent to another. A render that
 * sets a cookie, answers anything but 200 (not found, API unavailable) or used an answer without an
 * ETag is never kept.
 *
 * A request revalidates the page's answers with If-None-Match: one 304 from the facade's own cache
 * and the HTML goes out without rendering; any change (a bump of the facade's catalogue generation
 * that changed the bytes) renders anew from the fresh answer, which this request already holds.
 * It need not ask while no API write has gone through the front door since the page's answers were
 * last found current, for at most UNTOUCHED_FOR_MS (issue 18, cached pages at static speed): a busy
 * page then asks the facade about once a second instead of on every request.
 */
import type { APIContext, MiddlewareNext } from "astro"
import { apiBaseUrl } from "./http"
import { answerKey, catalogueHeaders, keepAnswer, keptAnswer, recordingDependencies, type Dependency } from "./catalogue-answers"
import type { Language } from "@enclave/contract/i18n"
import { publicOrigin } from "../seo"

interface CachedPage {
  /** Kept as bytes: encoding the text again for every answer costs more than anything else here. */
  html: Uint8Array<ArrayBuffer>
  headers: [string, string][]
  dependencies: Dependency[]
  /** When the dependencies were last found current: the front door's write count then, and the time. */
  checked: { writes: number | null; at: number }
}

/**
 * The front door's count of API writes passed on (launcher/front-door.ts), or null when this server
 * runs without it (Astro's own server): then every hit asks the facade.
 */
function apiWritesSoFar(): number | null {
  const writes = (globalThis as Record<symbol, { count: number } | undefined>)[Symbol.for("enclave.front-door.api-writes")]
  return writes ? writes.count : null
}

/**
 * How long a page whose data no write has touched since goes out without asking the facade. Every
 * change a person makes (staff's saves, a purchase, a payment provider's webhook) is a write through
 * the front door and takes effect on the next request; this bounds what nobody asked for through it
 * (work Medusa finishes after answering, a second front door in front of the same Medusa).
 */
const UNTOUCHED_FOR_MS = 1000

const pages = new Map<string, CachedPage>()
/** Searches make addresses without end: past this many pages the cache starts over. */
const MAX_PAGES = 200
const REQUEST_TIMEOUT_MS = 10_000

/** The legal and service pages (issue 19): the same for everyone, built from the shipping methods and the footer's answers. */
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

export function pageKey(url: URL, language: string, now: Date = new Date()): string | null {
  if (!isCataloguePage(url.pathname)) return null
  return `${language}\u0000${now.getUTCFullYear()}\u0000${publicOrigin(url)}${url.pathname}${url.search}`
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
  if (context.request.method !== "GET") return next()
  const arrivedAt = performance.now()
  const key = pageKey(context.url, context.locals.language)
  if (!key) return next()

  // Read before anything is asked: a write answered while this request checks makes the next one check again.
  const writes = apiWritesSoFar()
  const revalidated = new Set<string>()
  const cached = pages.get(key)
  const untouched =
    cached !== undefined && writes !== null && cached.checked.writes === writes && arrivedAt - cached.checked.at < UNTOUCHED_FOR_MS
  if (cached && (untouched || (await stillFresh(cached.dependencies, revalidated, arrivedAt)))) {
    if (!untouched) cached.checked = { writes, at: arrivedAt }
    const headers = new Headers(cached.headers)
    headers.set("x-cache", "HIT")
    return new Response(cached.html, { status: 200, headers })
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
  const html = new Uint8Array(await response.arrayBuffer())
  const headers: [string, string][] = [...response.headers.entries()].filter(([name]) => name !== "content-length" && name !== "x-cache")
  if (pages.size >= MAX_PAGES && !pages.has(key)) pages.clear()
  pages.set(key, { html, headers, dependencies, checked: { writes, at: arrivedAt } })
  const answer = new Headers(headers)
  answer.set("x-cache", "MISS")
  return new Response(html, { status: 200, headers: answer })
}
