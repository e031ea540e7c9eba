/**
 * A caller of the /api facade as the storefront and admin are: JSON in and out, the session
 * cookie kept between calls. Tests sign in as a visitor, a fresh customer or the seeded admin.
 */
import { randomBytes } from "node:crypto"
import { shopUrl } from "./urls.ts"
import { TEST_ADMIN_PASSWORD } from "./shop.ts"

export interface ApiAnswer<T = any> {
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

  // A plain field, not a parameter property: node's type stripping (npm run bench) refuses those.
  constructor(baseUrl: string = shopUrl()) {
    this.baseUrl = baseUrl
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

  async request<T = any>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<ApiAnswer<T>> {
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
    const res = await fetch(this.baseUrl + path, { method, headers, body: payload, redirect: "manual" })
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

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>("GET", path, undefined, options)
  }
  post<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>("POST", path, body, options)
  }
  put<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>("PUT", path, body, options)
  }
  delete<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>("DELETE", path, undefined, options)
  }
}

/** A registration body that passes every SPEC §5 rule; override what a test is about. */
export function newUserDetails(overrides: Record<string, unknown> = {}) {
  const tag = randomBytes(4).toString("hex")
  return {
    username: `customer-${tag}`,
    email: `customer-${tag}@example.org`,
    password: "correct horse battery",
    fullName: "Ada Lovelace",
    isAdmin: false,
    addressLine1: "Unter den Linden 1",
    addressLine2: "",
    city: "Berlin",
    state: "Berlin",
    postalCode: "10117",
    country: "Germany",
    ...overrides,
  }
}

export function asVisitor(): ApiClient {
  return new ApiClient()
}

/** A newly registered customer, signed in (registration signs in). */
export async function asNewCustomer(overrides: Record<string, unknown> = {}) {
  const client = new ApiClient()
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
