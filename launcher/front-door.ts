import compression from "compression"
import fs from "node:fs"
import http from "node:http"
import path from "node:path"
import { pathToFileURL } from "node:url"
import { createProxyServer } from "http-proxy-3"
import sirv from "sirv"
import {
  cachedPages,
  countApiWrites,
  matchesEtag,
  offerCatalogueGeneration,
  type CatalogueGenerationReader,
  type ReadyPage,
} from "@enclave/contract/page-door"
import type { ErrorCode } from "@enclave/contract/http-errors"
import { knownHosts, UNKNOWN_HOST_MESSAGE, unknownHostOf } from "@enclave/contract/public-address"
import { repoRoot } from "./env.ts"
import type { MedusaState } from "./medusa.ts"
import { securityHeadersFor } from "./security-headers.ts"

type Next = (error?: unknown) => void
type Handler = (req: http.IncomingMessage, res: http.ServerResponse, next?: Next) => void

export interface FrontDoorOptions {
  /** Where the /api facade answers: one Medusa server, or several that take turns. */
  apiUrl: string | string[]
  /** Uploaded product images (DATA_DIR/uploads). */
  uploadsDir: string
  /** Whether the Medusa server at this address is up or being restarted by the launcher (launcher/medusa.ts); unknown means up. */
  medusaState?: (apiUrl: string) => MedusaState
  /**
   * Reads the facade's catalogue generation where the Medusa servers share it (Redis): a kept page
   * goes out without asking the facade only while it is unchanged (launcher/catalogue-generation.ts).
   */
  catalogueGeneration?: CatalogueGenerationReader
  /**
   * How many trusted proxies stand in front of this front door (a TLS terminator, nginx): only their
   * entries of X-Forwarded-Proto tell whether the browser came over HTTPS (HSTS). 0: it is the edge.
   */
  proxiesInFront?: number
  /**
   * MEDUSA_DASHBOARD=on: /app (Medusa's dashboard) goes to Medusa as it is, and /medusa/admin/… and
   * /medusa/auth/… (the dashboard's calls) to Medusa's /admin/… and /auth/…. Off: both are the
   * storefront's, like any other path.
   */
  medusaDashboard?: boolean
}

export const RESTARTING_MESSAGE = "The shop is restarting, please try again"

/**
 * How many API writes (any method but GET, HEAD and OPTIONS) this front door has passed on, counted
 * the moment Medusa's answer arrives, before the caller can see it. The storefront's page cache
 * (storefront/src/lib/data/page-cache.ts), which runs in this process, reads it: while no write has
 * gone by since it last checked a page's data with the facade, nothing a person can do has changed
 * that data, and the page goes out without asking again (@enclave/contract/page-door).
 */
const apiWrites = countApiWrites()
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"])

/** The encodings an Accept-Encoding header takes (q above 0); none named means only identity. */
function takesEncoding(acceptEncoding: string | undefined, encoding: string): boolean {
  let wildcard: number | undefined
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...parameters] = part.split(";").map((piece) => piece.trim().toLowerCase())
    const qParameter = parameters.find((parameter) => parameter.startsWith("q="))
    const q = qParameter ? Number(qParameter.slice(2)) : 1
    if (name === encoding) return q > 0
    if (name === "*") wildcard = q
  }
  return wildcard !== undefined ? wildcard > 0 : encoding === "identity"
}

/** The catalogue page the storefront's page cache says may go out without asking the facade, if any. */
function untouchedPage(req: http.IncomingMessage) {
  const url = req.url ?? "/"
  if (req.method !== "GET" || escapesApi(url)) return undefined
  return cachedPages()?.untouched({
    url,
    host: req.headers.host,
    cookie: req.headers.cookie,
    acceptLanguage: req.headers["accept-language"],
  })
}

/**
 * Sends a catalogue page the storefront's page cache says is current, before Astro runs (cached
 * pages at static speed): no Request to build, no render, no question to the facade, and the
 * page compressed once rather than per request. False when Astro must answer: the browser wants an
 * encoding not made yet.
 */
function sendCachedPage(req: http.IncomingMessage, res: http.ServerResponse, page: ReadyPage): boolean {
  const acceptEncoding = req.headers["accept-encoding"]
  const encoding =
    takesEncoding(acceptEncoding, "br") && page.br
      ? "br"
      : takesEncoding(acceptEncoding, "gzip") && page.gzip
        ? "gzip"
        : ["br", "gzip", "deflate"].some((name) => takesEncoding(acceptEncoding, name)) || !takesEncoding(acceptEncoding, "identity")
          ? undefined
          : "identity"
  if (!encoding) return false
  for (const [name, value] of page.headers) res.setHeader(name, name === "vary" ? `${value}, Accept-Encoding` : value)
  res.setHeader("etag", page.etag)
  res.setHeader("x-cache", "HIT")
  // Tells the two kinds of hit apart for people and tests: this one never reached Astro.
  res.setHeader("server-timing", 'page-cache;desc="sent by the front door"')
  if (matchesEtag(req.headers["if-none-match"], page.etag)) {
    res.removeHeader("content-type")
    res.writeHead(304)
    res.end()
    return true
  }
  const body = encoding === "br" ? page.br! : encoding === "gzip" ? page.gzip! : page.body
  if (encoding !== "identity") res.setHeader("content-encoding", encoding)
  res.setHeader("content-length", body.byteLength)
  res.writeHead(200)
  res.end(body)
  return true
}

const storefrontDir = path.join(repoRoot, "storefront", "dist")
const adminDir = path.join(repoRoot, "admin", "dist")

/** An answer of the front door's own: an error body like the facade's (docs/product.md §8), or health's. */
function sendJson(res: http.ServerResponse, status: number, body: { message: string; code: ErrorCode; [more: string]: unknown }) {
  if (res.headersSent) return res.end()
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" })
  res.end(JSON.stringify(body))
}

/**
 * An address meant for the API that would not reach it as written: dot segments that climb out
 * of /api (the proxy resolves them, so Medusa would answer for another path), or /api behind
 * doubled slashes or backslashes. Answered as the facade's JSON 404, never as a storefront page.
 */
export function escapesApi(url: string): boolean {
  const rawPath = url.split("?")[0]
  let resolved: string
  try {
    resolved = new URL(rawPath.replaceAll("%2e", ".").replaceAll("%2E", "."), "http://door").pathname
  } catch {
    return false
  }
  const underApi = (path: string) => path === "/api" || path.startsWith("/api/")
  const looksLikeApi = /^[/\\]+api(?:[/\\]|$)/.test(rawPath)
  return (underApi(rawPath) && !underApi(resolved)) || (looksLikeApi && !underApi(rawPath))
}

/** The path as Medusa would resolve it: dot segments (also written %2e) applied, the query kept. */
function resolvedPath(url: string): string | null {
  const [rawPath, ...query] = url.split("?")
  try {
    const resolved = new URL(rawPath.replaceAll("%2e", ".").replaceAll("%2E", "."), "http://door").pathname
    return query.length ? `${resolved}?${query.join("?")}` : resolved
  } catch {
    return null
  }
}

const underPath = (url: string, prefix: string) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`)

/**
 * What of Medusa's API the dashboard may reach under /medusa: its admin API, and signing in with
 * the shop's admin login (which sign-in methods there are, Medusa's own second factor if one is set
 * up there), keeping the session and refreshing the token. Not the Store API and customer sign-in (the facade is the
 * shop's), nor Medusa's own registration, password reset and password change: an admin's Medusa
 * login is made, changed and taken away by the shop (docs/extending.md).
 */
const DASHBOARD_CALLS = [
  /^\/admin(?:[/?]|$)/,
  /^\/auth\/user\/(?:emailpass|providers)(?:\?|$)/,
  /^\/auth\/(?:session|token\/refresh)(?:\?|$)/,
  /^\/auth\/mfa\//,
]

/**
 * Where a request of Medusa's dashboard goes (MEDUSA_DASHBOARD=on): "medusa" with the path Medusa
 * gets, "refused" for any other path under /app or /medusa, or null when it is not the dashboard's.
 * Judged on the resolved path, so `/app/../admin/…` cannot reach Medusa's admin API unprefixed.
 */
export function dashboardRoute(url: string): { to: "medusa"; path: string } | { to: "refused" } | null {
  const raw = url.split("?")[0]
  if (!underPath(raw, "/app") && !underPath(raw, "/medusa")) return null
  const resolved = resolvedPath(url)
  if (resolved && underPath(resolved, "/app")) return { to: "medusa", path: resolved }
  const inner = resolved && underPath(resolved, "/medusa") ? resolved.slice("/medusa".length) : ""
  return DASHBOARD_CALLS.some((call) => call.test(inner)) ? { to: "medusa", path: inner } : { to: "refused" }
}

let storefrontLoading: Promise<Handler> | undefined

/**
 * The storefront's server-side renderer (Astro's handler), loaded once. `npm start` asks for it
 * while Medusa starts, on the other core, instead of after (about 0.1 s of every start).
 */
export function loadStorefront(): Promise<Handler> {
  storefrontLoading ??= (async () => {
    const entry = path.join(storefrontDir, "server", "entry.mjs")
    if (!fs.existsSync(entry)) throw new Error(`The storefront is not built (${entry} is missing): run npm run build`)
    if (!fs.existsSync(path.join(adminDir, "index.html"))) throw new Error("The admin is not built: run npm run build")
    // The server bundle loads React from node_modules, whose react-dom/server picks its development
    // build unless NODE_ENV says production, and that build renders pages markedly slower
    // (docs/architecture.md, Frontend, has the numbers). Medusa is started with the same default
    // (launcher/medusa.ts); a NODE_ENV that is set (tests: "test") is kept.
    process.env.NODE_ENV ||= "production"
    return ((await import(pathToFileURL(entry).href)) as { handler: Handler }).handler
  })()
  return storefrontLoading
}

/**
 * The one origin people use: `/api/*` goes to Medusa with cookies intact, `/admin` is the back
 * office's static app, and everything else is the server-rendered storefront. Responses are
 * compressed here because Astro's node adapter does not compress.
 */
export async function createFrontDoor(options: FrontDoorOptions): Promise<http.Server> {
  const storefront = await loadStorefront()

  const compress = compression() as unknown as Handler
  // Without a keep-alive agent every proxied request opens a new connection to Medusa and
  // answers `connection: close`, which costs people a TCP handshake per API call.
  // `timeout` also makes the agent honour Medusa's `Keep-Alive: timeout=5` hint (Node only applies
  // the hint when an agent timeout is set): an idle connection is dropped before Medusa closes it,
  // instead of being reused at the moment Medusa closes it (a reset, answered as a 502).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128, timeout: 4_000 })
  const apiUrls = [options.apiUrl].flat()
  if (apiUrls.length === 0) throw new Error("The front door needs at least one Medusa server")
  const medusaState = options.medusaState ?? (() => "running")
  // Round robin: the servers share everything through PostgreSQL and Redis, so any one may answer;
  // one the launcher is restarting is skipped while another is up.
  let turn = 0
  const nextApiUrl = (): string | undefined => {
    for (let i = 0; i < apiUrls.length; i++) {
      const url = apiUrls[turn++ % apiUrls.length]
      if (medusaState(url) !== "restarting") return url
    }
    return undefined
  }
  const proxy = createProxyServer({ xfwd: true, proxyTimeout: 60_000, agent })
  // A safety net under the facade's own fix (http/powered-by.ts): no answer names the framework
  // behind it, whichever server answered. Runs before the proxy copies Medusa's headers.
  proxy.on("proxyRes", (proxyRes, req) => {
    delete proxyRes.headers["x-powered-by"]
    // Hop-by-hop: Medusa's hint is about its own connection to the front door. The client's
    // connection is the front door's, kept as long as it says.
    if (proxyRes.headers["keep-alive"]) proxyRes.headers["keep-alive"] = `timeout=${KEEP_ALIVE_MS / 1000}`
    if (!READ_METHODS.has(req.method ?? "GET")) apiWrites.count++
  })
  /** Which server each proxied request went to, for its error answer. */
  const targets = new WeakMap<http.IncomingMessage, string>()
  /** While the launcher restarts Medusa, /api answers at once that it will be back, rather than hanging. */
  const sendRestarting = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (res.headersSent) return res.end()
    res.writeHead(503, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "retry-after": "5" })
    res.end(
      JSON.stringify({
        ...(req.url?.startsWith("/api/health") ? { status: "unavailable" } : {}),
        message: RESTARTING_MESSAGE,
        code: "unavailable",
      }),
    )
  }
  /** GETs already sent again after a reset. */
  const resent = new WeakSet<http.IncomingMessage>()
  proxy.on("error", (error, req, res) => {
    // A write cut off may still have been done: it counts like one answered.
    if (!READ_METHODS.has(req.method ?? "GET")) apiWrites.count++
    if (!(res instanceof http.ServerResponse)) return
    // A connection reset before any answer: a GET or HEAD changes nothing, so it may go once more
    // (a kept-alive connection can still be closed by Medusa just as it is reused).
    const reset = (error as NodeJS.ErrnoException).code === "ECONNRESET"
    if (reset && (req.method === "GET" || req.method === "HEAD") && !res.headersSent && !resent.has(req)) {
      resent.add(req)
      const target = nextApiUrl()
      if (target) {
        targets.set(req, target)
        return void proxy.web(req, res, { target })
      }
    }
    // A request cut off by Medusa's crash: the launcher learns of the exit a moment after the
    // socket breaks, so look again for up to a second before calling Medusa unreachable.
    const answer = (triesLeft: number) => {
      const target = targets.get(req)
      if (target && medusaState(target) === "restarting") return sendRestarting(req, res)
      if (triesLeft > 0 && options.medusaState) return void setTimeout(() => answer(triesLeft - 1), 50)
      const isHealth = req.url?.startsWith("/api/health")
      sendJson(res, isHealth ? 503 : 502, {
        ...(isHealth ? { status: "unavailable" } : {}),
        message: "The shop's server is not answering. Please try again in a moment.",
        code: isHealth ? "unavailable" : "provider_failed",
      })
    }
    answer(20)
  })
  const clientAssets = sirv(path.join(storefrontDir, "client"), {
    etag: true,
    setHeaders: (res, pathname) => {
      // Astro fingerprints everything under /_astro/, so those files never change.
      if (pathname.startsWith("/_astro/")) res.setHeader("cache-control", "public, max-age=31536000, immutable")
    },
  }) as Handler
  const admin = sirv(adminDir, {
    single: true,
    etag: true,
    setHeaders: (res, pathname) => {
      // Vite names everything under assets/ by its content hash, so those files never change either.
      if (pathname.startsWith("/assets/")) res.setHeader("cache-control", "public, max-age=31536000, immutable")
    },
  }) as Handler
  const uploads = sirv(options.uploadsDir, { etag: true, dev: true }) as Handler

  /**
   * docs/product.md §2/§6 route guard of the back office, decided by the server before the app is sent: a
   * visitor goes to /auth, a signed-in customer to /. The app's own files (scripts, styles) hold no
   * data and are served to anyone; every admin call of the app is guarded again by the facade.
   */
  const adminGate = async (req: http.IncomingMessage): Promise<"admin" | "visitor" | "customer" | "unknown"> => {
    const cookie = req.headers.cookie ?? ""
    if (!/(?:^|;\s*)enclave\.sid=/.test(cookie)) return "visitor"
    try {
      const answer = await fetch(`${nextApiUrl()}/api/user`, {
        headers: { cookie, accept: "application/json" },
        signal: AbortSignal.timeout(10_000),
      })
      if (answer.status === 401) return "visitor"
      if (!answer.ok) return "unknown"
      return ((await answer.json()) as { isAdmin?: boolean }).isAdmin === true ? "admin" : "customer"
    } catch {
      return "unknown"
    }
  }
  const isAdminPage = (path: string) => !/\.[a-z0-9]+$/i.test(path) || path.endsWith(".html")

  const route = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = req.url ?? "/"
    if (escapesApi(url)) return sendJson(res, 404, { message: `No API call ${req.method} ${url.split("?")[0]}`, code: "not_found" })
    if (url === "/api" || url.startsWith("/api/") || url.startsWith("/api?")) {
      const target = nextApiUrl()
      if (!target) return sendRestarting(req, res)
      targets.set(req, target)
      return proxy.web(req, res, { target })
    }
    const dashboard = options.medusaDashboard ? dashboardRoute(url) : null
    if (dashboard?.to === "refused")
      return sendJson(res, 404, { message: `No such path ${req.method} ${url.split("?")[0]}`, code: "not_found" })
    if (dashboard) {
      const target = nextApiUrl()
      if (!target) return sendRestarting(req, res)
      targets.set(req, target)
      req.url = dashboard.path
      return proxy.web(req, res, { target })
    }
    if (url === "/admin" || url.startsWith("/admin?")) {
      res.writeHead(308, { location: "/admin/" + url.slice("/admin".length) })
      return res.end()
    }
    if (url.startsWith("/admin/")) {
      const path = url.split("?")[0]
      const serve = () => {
        req.url = url.slice("/admin".length)
        admin(req, res, () => sendJson(res, 404, { message: "Not found", code: "not_found" }))
      }
      if (!isAdminPage(path)) return serve()
      void adminGate(req).then((who) => {
        res.setHeader("cache-control", "private, no-store")
        if (who === "admin") return serve()
        if (who === "unknown")
          return sendJson(res, 503, { message: "The shop's server is not answering. Please try again in a moment.", code: "unavailable" })
        // A visitor comes back to the page asked for once signed in (/auth follows only a path of this shop).
        res.writeHead(302, { location: who === "visitor" ? `/auth?return=${encodeURIComponent(url)}` : "/" })
        res.end()
      })
      return
    }
    if (url.startsWith("/uploads/")) {
      req.url = url.slice("/uploads".length)
      return uploads(req, res, () => {
        req.url = url
        storefront(req, res)
      })
    }
    // Without a `next`, Astro renders its own 404 page for paths it has no route for.
    clientAssets(req, res, () => storefront(req, res))
  }

  const readGeneration = options.catalogueGeneration
  if (readGeneration) offerCatalogueGeneration(readGeneration)
  const answer = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const fail: Next = (error) => {
      if (error) console.error("front door:", error)
      if (!res.headersSent) res.writeHead(error ? 500 : 404, { "content-type": "text/plain; charset=utf-8" })
      res.end(error ? "Internal error" : "404 Page Not Found")
    }
    compress(req, res, (error) => (error ? fail(error) : route(req, res)))
  }

  // PUBLIC_URL's host, ALLOWED_HOSTS and loopback (@enclave/contract/public-address): a page or an
  // API answer for any other Host would let that name stand for the shop.
  const known = knownHosts({ PUBLIC_URL: process.env.PUBLIC_URL, ALLOWED_HOSTS: process.env.ALLOWED_HOSTS })
  const proxiesInFront = options.proxiesInFront ?? 0
  const server = http.createServer((req, res) => {
    // Before anything answers, so every answer (pages, files, redirects, errors) carries them.
    for (const [name, value] of Object.entries(securityHeadersFor(req, { proxiesInFront, medusaDashboard: options.medusaDashboard }))) {
      res.setHeader(name, value)
    }
    const unknownHost = unknownHostOf(req.headers, known)
    if (unknownHost !== null) return refuseHost(req, res, unknownHost)
    const untouched = untouchedPage(req)
    if (!untouched) return answer(req, res)
    if (!readGeneration) return void (sendCachedPage(req, res, untouched.page) || answer(req, res))
    // The generation moves before a write through any Medusa server is answered: unchanged since the
    // page was found current, nothing the page shows has changed.
    void readGeneration()
      .catch(() => null)
      .then((generation) => {
        const current = generation !== null && generation === untouched.generation
        if (!(current && sendCachedPage(req, res, untouched.page))) answer(req, res)
      })
  })
  // Node closes an idle kept-alive connection after 5 s. A client that does not read the
  // `Keep-Alive: timeout` hint (Playwright's request context, many HTTP libraries, load balancers)
  // may send its next request on it just as it closes and get a reset it does not retry. Load
  // balancers keep idle connections for 60 s, so the shop keeps them longer; Node wants the headers
  // timeout above the keep-alive one.
  server.on("clientError", answerClientError)
  server.keepAliveTimeout = KEEP_ALIVE_MS
  server.headersTimeout = KEEP_ALIVE_MS + 1_000
  return server
}

export const HEADERS_TOO_LARGE_MESSAGE = "The request's headers are too large: its address or cookies are too long"

/**
 * A request Node's parser refuses before any handler runs: Node's own answer is a bare status line,
 * without a body or the shop's security headers. Headers too large (an address or cookies beyond 16 kB)
 * get the facade's JSON 431, anything else malformed a JSON 400; the connection closes either way.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: import("node:stream").Duplex) {
  if (!socket.writable || (socket as { _httpMessage?: unknown })._httpMessage) return void socket.destroy()
  const tooLarge = error.code === "HPE_HEADER_OVERFLOW"
  const status = tooLarge ? "431 Request Header Fields Too Large" : "400 Bad Request"
  const answer: { message: string; code: ErrorCode } = tooLarge
    ? { message: HEADERS_TOO_LARGE_MESSAGE, code: "headers_too_large" }
    : { message: "The request could not be read: it is not valid HTTP", code: "invalid_input" }
  const body = JSON.stringify(answer)
  const headers = {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(body)),
    "Cache-Control": "no-store",
    ...securityHeadersFor({ url: "/api", headers: {}, socket: {} } as unknown as http.IncomingMessage),
    Connection: "close",
  }
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\r\n")
  socket.end(`HTTP/1.1 ${status}\r\n${head}\r\n\r\n${body}`)
}

/** A 400 for a host the shop does not answer to: the facade's JSON error on /api, a line of text elsewhere. */
function refuseHost(req: http.IncomingMessage, res: http.ServerResponse, host: string) {
  const url = req.url ?? "/"
  if (url === "/api" || url.startsWith("/api/") || url.startsWith("/api?"))
    return sendJson(res, 400, {
      message: UNKNOWN_HOST_MESSAGE,
      code: "unknown_host",
      details: { fields: { host: `Unknown host: ${host.slice(0, 100)}` } },
    })
  res.writeHead(400, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" })
  res.end(`${UNKNOWN_HOST_MESSAGE}.\n`)
}

/** How long the front door keeps an idle kept-alive connection open. */
export const KEEP_ALIVE_MS = 65_000
