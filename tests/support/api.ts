/**
 * A caller of the /api facade as the storefront and admin are: JSON in and out, the session
 * cookie kept between calls. Tests sign in as a visitor, a fresh customer or the seeded admin.
 */
import { randomBytes, randomInt } from "node:crypto"
import http from "node:http"
import { testAddress } from "./address.ts"
import { shopUrl } from "./urls.ts"
import { TEST_ADMIN_PASSWORD } from "./shop.ts"

/**
 * Parsed JSON as tests read it: field by field, each test asserting (with expect, or a contract
 * schema's parse) the shape it relies on.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- checked by the assertions that read it, not by the compiler
export type Json = any

export interface ApiAnswer<T = Json> {
  status: number
  headers: Headers
  body: T
}

export interface RequestOptions {
  headers?: Record<string, string>
  /** A raw body (string, FormData, Blob): sent as is, without a JSON content type. */
  raw?: BodyInit
  /**
   * false: no Origin header on a state-changing call, as curl or another server sends it, rather
   * than the shop's own Origin a browser adds to every POST, PUT and DELETE from the shop's pages.
   */
  sameOrigin?: boolean
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"])

export class ApiClient {
  private cookies = new Map<string, string>()

  readonly baseUrl: string

  /** The loopback address requests are sent from (see `fromNewAddress`); unset: the system's choice. */
  readonly localAddress: string | undefined

  // Plain fields, not parameter properties: node's type stripping (npm run bench) refuses those.
  constructor(baseUrl: string = shopUrl(), localAddress?: string) {
    this.baseUrl = baseUrl
    this.localAddress = localAddress
  }

  /** The session cookie's value, to replay it from another client. */
  cookie(name = "enclave.sid"): string | undefined {
    return this.cookies.get(name)
  }

  setCookie(name: string, value: string) {
    this.cookies.set(name, value)
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ")
  }

  async request<T = Json>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { accept: "application/json" }
    // Like the storefront and the admin in a browser: their changes carry the shop's Origin.
    if (options.sameOrigin !== false && !SAFE_METHODS.has(method.toUpperCase())) headers.origin = new URL(this.baseUrl).origin
    Object.assign(headers, options.headers)
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader()
    let payload: BodyInit | undefined = options.raw
    if (payload === undefined && body !== undefined) {
      headers["content-type"] ??= "application/json"
      payload = JSON.stringify(body)
    }
    const res = this.localAddress
      ? await sendFrom(this.localAddress, this.baseUrl + path, method, headers, payload)
      : await fetch(this.baseUrl + path, { method, headers, body: payload, redirect: "manual" })
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";")
      const eq = pair.indexOf("=")
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) || attributes.some((a) => /^\s*max-age=0\b/i.test(a))
      if (expired || value === "") this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    const text = await res.text()
    let parsed: unknown = text
    if ((res.headers.get("content-type") ?? "").includes("json") && text) parsed = JSON.parse(text)
    return { status: res.status, headers: res.headers, body: parsed as T }
  }

  get<T = Json>(path: string, options?: RequestOptions) {
    return this.request<T>("GET", path, undefined, options)
  }
  post<T = Json>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>("POST", path, body, options)
  }
  put<T = Json>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>("PUT", path, body, options)
  }
  delete<T = Json>(path: string, options?: RequestOptions) {
    return this.request<T>("DELETE", path, undefined, options)
  }
}

/**
 * One request over a socket bound to `localAddress`. Linux routes all of 127.0.0.0/8 to loopback,
 * so a test can be many clients: the front door sees the bound address as the client's and
 * appends it to X-Forwarded-For, exactly as it does for a person on another network.
 */
function sendFrom(
  localAddress: string,
  url: string,
  method: string,
  headers: Record<string, string>,
  body: BodyInit | undefined,
): Promise<Response> {
  if (body !== undefined && typeof body !== "string") throw new Error("A request from another address takes a JSON or text body only")
  const target = new URL(url)
  return new Promise((resolve, reject) => {
    const request = http.request(
      // "localhost" may resolve to ::1, which a 127.x source cannot reach.
      {
        host: "127.0.0.1",
        port: target.port,
        path: target.pathname + target.search,
        method,
        headers: { ...headers, host: target.host },
        localAddress,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on("data", (chunk: Buffer) => chunks.push(chunk))
        res.on("end", () => {
          const answerHeaders = new Headers()
          for (let i = 0; i < res.rawHeaders.length; i += 2) answerHeaders.append(res.rawHeaders[i], res.rawHeaders[i + 1])
          const status = res.statusCode ?? 0
          const empty = status === 204 || status === 304 || method === "HEAD"
          resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers: answerHeaders }))
        })
        res.on("error", reject)
      },
    )
    request.on("error", reject)
    request.end(body)
  })
}

/**
 * A visitor from a loopback address no other test uses (127.10.0.0 – 127.209.255.255; the
 * system's own requests come from 127.0.0.1 or ::1): another client address as far as the
 * shop's per-address sign-in limits and locks can tell.
 */
export function fromNewAddress(baseUrl: string = shopUrl()): ApiClient {
  return new ApiClient(baseUrl, `127.${randomInt(10, 210)}.${randomInt(0, 256)}.${randomInt(1, 255)}`)
}

/** A new simulated card payment id (docs/product.md §4: `str-` and 16 hex digits): the shop accepts each one once. */
export function sandboxPaymentId(): string {
  return `str-${randomBytes(8).toString("hex")}`
}

/** A registration body that passes every docs/product.md §5 rule; override what a test is about. */
export function newUserDetails(overrides: Record<string, unknown> = {}) {
  const tag = randomBytes(4).toString("hex")
  return {
    username: `customer-${tag}`,
    email: `customer-${tag}@example.org`,
    password: "correct horse battery",
    isAdmin: false,
    ...testAddress,
    ...overrides,
  }
}

export function asVisitor(baseUrl: string = shopUrl()): ApiClient {
  return new ApiClient(baseUrl)
}

/** A newly registered customer, signed in (registration signs in), of the shared shop unless another is named. */
export async function asNewCustomer(overrides: Record<string, unknown> = {}, baseUrl: string = shopUrl()) {
  const client = new ApiClient(baseUrl)
  const details = newUserDetails(overrides)
  const answer = await client.post("/api/register", details)
  if (answer.status !== 201 && answer.status !== 200) {
    throw new Error(`register answered ${answer.status}: ${JSON.stringify(answer.body)}`)
  }
  return Object.assign(client, { user: answer.body as { id: number; username: string }, details })
}

/** The seeded admin (user `admin`, the test shop's ADMIN_PASSWORD), signed in. */
export async function asAdmin(): Promise<ApiClient> {
  const client = new ApiClient()
  const answer = await client.post("/api/login", { username: "admin", password: TEST_ADMIN_PASSWORD })
  if (answer.status !== 200) throw new Error(`admin login answered ${answer.status}: ${JSON.stringify(answer.body)}`)
  return client
}
