import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import signature from "cookie-signature"
import Redis from "ioredis"
import { randomBytes } from "node:crypto"
import type { AccountsModuleService } from "@enclave/accounts"
import { accountsService } from "../accounts/users"
import { redisKey } from "./redis-keys"

/**
 * Sign-in sessions of the shop. The cookie carries only a random id (signed with COOKIE_SECRET, in
 * express-session's `s:<id>.<sig>` form); what the id means lives server-side: in the `session`
 * table (docs/product.md §3: sid, sess, expire) or, with REDIS_URL, in Redis, so sessions survive restarts
 * and are shared by every server instance.
 *
 * Medusa's own express-session (cookie `connect.sid`, memory store) serves its /auth routes; the
 * shop's session is separate so neither can overwrite the other.
 */
export const SESSION_COOKIE = "enclave.sid"
const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000
/** Extend a session at most once a day, so a busy customer does not cost a write per request. */
const TOUCH_AFTER_MS = 24 * 60 * 60 * 1000

export interface SessionData {
  userId: string
  signedInAt: number
  touchedAt: number
}

interface SessionStore {
  get(sid: string): Promise<SessionData | null>
  set(sid: string, data: SessionData, ttlMs: number): Promise<void>
  destroy(sid: string): Promise<void>
}

/** Without Redis: the accounts module's session table, through its service. */
class PostgresSessionStore implements SessionStore {
  constructor(private readonly accounts: AccountsModuleService) {}
  async get(sid: string) {
    return (await this.accounts.findSession(sid)) as SessionData | null
  }
  async set(sid: string, data: SessionData, ttlMs: number) {
    await this.accounts.saveSession({ sid, data, expire: new Date(Date.now() + ttlMs) })
    // Expired rows are swept now and then rather than on every sign-in.
    if (Math.random() < 0.02) await this.accounts.pruneSessions()
  }
  async destroy(sid: string) {
    await this.accounts.endSession(sid)
  }
}

class RedisSessionStore implements SessionStore {
  constructor(private readonly redis: Redis) {}
  async get(sid: string) {
    const value = await this.redis.get(redisKey("sess", sid))
    return value ? (JSON.parse(value) as SessionData) : null
  }
  async set(sid: string, data: SessionData, ttlMs: number) {
    await this.redis.set(redisKey("sess", sid), JSON.stringify(data), "PX", ttlMs)
  }
  async destroy(sid: string) {
    await this.redis.del(redisKey("sess", sid))
  }
}

let store: SessionStore | undefined
let secret: string | undefined

function sessionStore(container: MedusaContainer): SessionStore {
  if (store) return store
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  secret = config.projectConfig.http.cookieSecret
  if (!secret) throw new Error("COOKIE_SECRET is required to sign session cookies")
  const redisUrl = config.projectConfig.redisUrl
  store = redisUrl
    ? new RedisSessionStore(new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }))
    : new PostgresSessionStore(accountsService(container))
  return store
}

/** The session cookie as cookie-parser read it (any value, valid or not), undefined when none was sent. */
export function rawSessionCookie(req: MedusaRequest): unknown {
  return (req as unknown as { cookies?: Record<string, unknown> }).cookies?.[SESSION_COOKIE]
}

function sessionIdFrom(req: MedusaRequest): string | null {
  // cookie-parser turns a `j:{...}` cookie into an object: only a string can be one of ours.
  const raw = rawSessionCookie(req)
  if (typeof raw !== "string" || !raw.startsWith("s:")) return null
  const sid = signature.unsign(raw.slice(2), secret!)
  return sid === false ? null : sid
}

function writeCookie(req: MedusaRequest, res: MedusaResponse, sid: string | null) {
  const options = {
    httpOnly: true,
    sameSite: "lax" as const,
    // Behind the front door or a TLS proxy, X-Forwarded-Proto tells Medusa (trust proxy) the scheme.
    secure: req.secure,
    path: "/",
  }
  if (sid === null) res.clearCookie(SESSION_COOKIE, options)
  else res.cookie(SESSION_COOKIE, "s:" + signature.sign(sid, secret!), { ...options, maxAge: SESSION_TTL_MS })
}

/** The signed-in user's id, or null. Extends the session when it is older than a day. */
export async function readSession(req: MedusaRequest, res: MedusaResponse): Promise<SessionData | null> {
  const sessions = sessionStore(req.scope)
  const sid = sessionIdFrom(req)
  if (!sid) return null
  const data = await sessions.get(sid)
  if (!data) return null
  if (Date.now() - data.touchedAt > TOUCH_AFTER_MS) {
    const touched = { ...data, touchedAt: Date.now() }
    await sessions.set(sid, touched, SESSION_TTL_MS)
    writeCookie(req, res, sid)
    return touched
  }
  return data
}

/** Signs a user in with a brand-new session id (never the one the request came with: no fixation). */
export async function startSession(req: MedusaRequest, res: MedusaResponse, userId: string) {
  const sessions = sessionStore(req.scope)
  const previous = sessionIdFrom(req)
  if (previous) await sessions.destroy(previous)
  const sid = randomBytes(24).toString("base64url")
  const now = Date.now()
  await sessions.set(sid, { userId, signedInAt: now, touchedAt: now }, SESSION_TTL_MS)
  writeCookie(req, res, sid)
}

export async function endSession(req: MedusaRequest, res: MedusaResponse) {
  const sessions = sessionStore(req.scope)
  const sid = sessionIdFrom(req)
  if (sid) await sessions.destroy(sid)
  writeCookie(req, res, null)
}
