import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import signature from "cookie-signature"
import Redis from "ioredis"
import { createHash, randomBytes } from "node:crypto"
import type { AccountsModuleService } from "@enclave/accounts"
import { PENDING_SIGN_IN_COOKIE, PENDING_SIGN_IN_MINUTES, SESSION_COOKIE, type AccountSession } from "@enclave/contract"
import { accountsService } from "@enclave/accounts"
import { shopRedisKey } from "@enclave/contract/redis-keys"
import { cameToShopOverHttps } from "./proxies"
import { clientAddress } from "./sign-in-limit"

/**
 * Sign-in sessions of the shop. The cookie carries only a random id (signed with COOKIE_SECRET, in
 * express-session's `s:<id>.<sig>` form); what the id means lives server-side: in the `session`
 * table (docs/product.md §3: sid, sess, expire) or, with REDIS_URL, in Redis, so sessions survive restarts
 * and are shared by every server instance.
 *
 * Medusa's own express-session (cookie `connect.sid`, memory store) serves its /auth routes; the
 * shop's session is separate so neither can overwrite the other.
 */
const PENDING_TTL_MS = PENDING_SIGN_IN_MINUTES * 60 * 1000
const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000
/** Extend a session at most once a day, so a busy customer does not cost a write per request. */
const TOUCH_AFTER_MS = 24 * 60 * 60 * 1000

/** How often a session's "last seen" is written: at most once in this time, not on every request. */
const SEEN_EVERY_MS = 5 * 60 * 1000
/** Enough of a User-Agent header to tell browsers and devices apart on the account page. */
const USER_AGENT_LENGTH = 300

export interface SessionData {
  userId: string
  signedInAt: number
  touchedAt: number
  /** The browser's User-Agent at sign-in (sessions made before it was kept have none). */
  userAgent?: string
  /** When the session was last used, to the SEEN_EVERY_MS. */
  seenAt?: number
  /** The client's network at sign-in (networkOf), shown on the account page as roughly where. */
  network?: string
  /**
   * A sign-in whose password was right and whose two-factor code is still due: it signs nobody in
   * (readSession refuses it, whatever cookie carries it) and lives PENDING_TTL_MS.
   */
  awaitingSecondFactor?: boolean
  /**
   * Signed in with two factors: a passkey (possession and the authenticator's PIN or biometrics), or the
   * password and a second step. The shop's "staff must use two factors" setting lets admins into the
   * back office only from such a session.
   */
  twoFactors?: boolean
}

interface SessionStore {
  get(sid: string): Promise<SessionData | null>
  set(sid: string, data: SessionData, ttlMs: number): Promise<void>
  destroy(sid: string): Promise<void>
  /** The live sessions of one user. */
  listOf(userId: string): Promise<Array<{ sid: string; data: SessionData }>>
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
  async listOf(userId: string) {
    return (await this.accounts.listSessionsOf(userId)) as Array<{ sid: string; data: SessionData }>
  }
}

class RedisSessionStore implements SessionStore {
  constructor(private readonly redis: Redis) {}
  async get(sid: string) {
    const value = await this.redis.get(shopRedisKey("sess", sid))
    return value ? (JSON.parse(value) as SessionData) : null
  }
  async set(sid: string, data: SessionData, ttlMs: number) {
    // Each user's session ids in a set of their own, so the account page can list and end them.
    const ofUser = shopRedisKey("user-sessions", data.userId)
    await this.redis
      .multi()
      .set(shopRedisKey("sess", sid), JSON.stringify(data), "PX", ttlMs)
      .sadd(ofUser, sid)
      .pexpire(ofUser, ttlMs)
      .exec()
  }
  async destroy(sid: string) {
    const data = await this.get(sid)
    await this.redis.del(shopRedisKey("sess", sid))
    if (data) await this.redis.srem(shopRedisKey("user-sessions", data.userId), sid)
  }
  async listOf(userId: string) {
    const ofUser = shopRedisKey("user-sessions", userId)
    const sids = await this.redis.smembers(ofUser)
    if (sids.length === 0) return []
    const values = await this.redis.mget(sids.map((sid) => shopRedisKey("sess", sid)))
    const live: Array<{ sid: string; data: SessionData }> = []
    const gone: string[] = []
    sids.forEach((sid, i) => {
      const value = values[i]
      if (value) live.push({ sid, data: JSON.parse(value) as SessionData })
      else gone.push(sid)
    })
    // Sessions that ran out meanwhile leave the set as it is read.
    if (gone.length > 0) await this.redis.srem(ofUser, ...gone)
    return live
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

function sessionIdFrom(req: MedusaRequest, cookie = SESSION_COOKIE): string | null {
  // cookie-parser turns a `j:{...}` cookie into an object: only a string can be one of ours.
  const raw = (req as unknown as { cookies?: Record<string, unknown> }).cookies?.[cookie]
  if (typeof raw !== "string" || !raw.startsWith("s:")) return null
  const sid = signature.unsign(raw.slice(2), secret!)
  return sid === false ? null : sid
}

function writeCookie(req: MedusaRequest, res: MedusaResponse, sid: string | null) {
  const options = {
    httpOnly: true,
    sameSite: "lax" as const,
    // Behind the front door or a TLS proxy, their entries of X-Forwarded-Proto tell the scheme (http/proxies.ts).
    secure: cameToShopOverHttps(req),
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
  if (!data || data.awaitingSecondFactor) return null
  const now = Date.now()
  if (now - data.touchedAt > TOUCH_AFTER_MS) {
    const touched = { ...data, touchedAt: now, seenAt: now }
    await sessions.set(sid, touched, SESSION_TTL_MS)
    writeCookie(req, res, sid)
    return touched
  }
  if (now - (data.seenAt ?? data.touchedAt) > SEEN_EVERY_MS) {
    const seen = { ...data, seenAt: now }
    // Same expiry as before: being seen does not extend the session, only its daily touch does.
    await sessions.set(sid, seen, Math.max(1, data.touchedAt + SESSION_TTL_MS - now))
    return seen
  }
  return data
}

/** How a session was opened, as its sign-in record says. */
export type SignInMethod = "password" | "two_factor" | "passkey" | "registration" | "password_change"

/**
 * Roughly where an address is: its IPv4 /24 or IPv6 /48 network, never the whole address. The
 * account page shows it beside the browser, so a customer can tell their own sessions from others.
 */
export function networkOf(address: string): string | null {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(address)
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`
  if (address === "::1") return address
  if (!address.includes(":")) return null
  const groups = address
    .replace(/\/\d+$/, "")
    .split("::")[0]!
    .split(":")
    .filter(Boolean)
    .slice(0, 3)
  while (groups.length < 3) groups.push("0")
  return `${groups.join(":")}::/48`
}

/** Signs a user in with a brand-new session id (never the one the request came with: no fixation), and records the sign-in. */
export async function startSession(
  req: MedusaRequest,
  res: MedusaResponse,
  userId: string,
  // One factor unless the caller says it checked two: the back office's staff rule then errs on the safe side.
  how: { method: SignInMethod; twoFactors?: boolean },
) {
  const sessions = sessionStore(req.scope)
  const accounts = accountsService(req.scope)
  const previous = sessionIdFrom(req)
  if (previous) {
    await sessions.destroy(previous)
    await accounts.endSignInRecords([publicId(previous)])
  }
  const sid = randomBytes(24).toString("base64url")
  const now = Date.now()
  const userAgent = String(req.headers["user-agent"] ?? "").slice(0, USER_AGENT_LENGTH) || undefined
  const address = clientAddress(req)
  const network = networkOf(address) ?? undefined
  await sessions.set(
    sid,
    { userId, signedInAt: now, touchedAt: now, seenAt: now, userAgent, network, twoFactors: how.twoFactors ?? false },
    SESSION_TTL_MS,
  )
  await accounts.createSignInRecords({
    shop_user_id: userId,
    session_digest: publicId(sid),
    method: how.method,
    user_agent: userAgent ?? null,
    address,
    network: network ?? null,
    signed_in_at: new Date(now),
  })
  writeCookie(req, res, sid)
}

/**
 * The password was right and a two-factor code is due: a pending sign-in under a new id, in its
 * own cookie, that signs nobody in until completeSecondFactor turns it into a session.
 */
export async function startPendingSignIn(req: MedusaRequest, res: MedusaResponse, userId: string) {
  const sessions = sessionStore(req.scope)
  const previous = sessionIdFrom(req, PENDING_SIGN_IN_COOKIE)
  if (previous) await sessions.destroy(previous)
  const sid = randomBytes(24).toString("base64url")
  const now = Date.now()
  await sessions.set(sid, { userId, signedInAt: now, touchedAt: now, awaitingSecondFactor: true }, PENDING_TTL_MS)
  res.cookie(PENDING_SIGN_IN_COOKIE, "s:" + signature.sign(sid, secret!), {
    httpOnly: true,
    sameSite: "strict",
    secure: cameToShopOverHttps(req),
    path: "/api/login",
    maxAge: PENDING_TTL_MS,
  })
}

/** The user whose pending sign-in this request carries, or null (none, ran out, or not a pending one). */
export async function pendingSignInOf(req: MedusaRequest): Promise<string | null> {
  const sid = sessionIdFrom(req, PENDING_SIGN_IN_COOKIE)
  if (!sid) return null
  const data = await sessionStore(req.scope).get(sid)
  return data?.awaitingSecondFactor ? data.userId : null
}

/** Ends the pending sign-in this request carries (done, or given up). */
export async function endPendingSignIn(req: MedusaRequest, res: MedusaResponse) {
  const sid = sessionIdFrom(req, PENDING_SIGN_IN_COOKIE)
  if (sid) await sessionStore(req.scope).destroy(sid)
  res.clearCookie(PENDING_SIGN_IN_COOKIE, { httpOnly: true, sameSite: "strict", secure: cameToShopOverHttps(req), path: "/api/login" })
}

/** What the account page shows of a session: never its id (the cookie's secret), only a digest of it. */
const publicId = (sid: string) => createHash("sha256").update(sid).digest("hex").slice(0, 16)

/** The user's live sessions, the current one marked, most recently used first. */
export async function sessionsOf(req: MedusaRequest, userId: string): Promise<AccountSession[]> {
  const current = sessionIdFrom(req)
  const listed = await sessionStore(req.scope).listOf(userId)
  return (
    listed
      .filter(({ data }) => !data.awaitingSecondFactor)
      .map(({ sid, data }) => ({
        id: publicId(sid),
        current: sid === current,
        userAgent: data.userAgent ?? null,
        signedInAt: new Date(data.signedInAt).toISOString(),
        lastSeenAt: new Date(data.seenAt ?? data.touchedAt).toISOString(),
        network: data.network ?? null,
      }))
      // ISO times of one format sort as text.
      .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt))
  )
}

/** Ends every session of the user but the one this request came with; answers how many ended. */
export async function endOtherSessions(req: MedusaRequest, userId: string): Promise<number> {
  const sessions = sessionStore(req.scope)
  const current = sessionIdFrom(req)
  const others = (await sessions.listOf(userId)).filter(({ sid }) => sid !== current)
  for (const { sid } of others) await sessions.destroy(sid)
  await accountsService(req.scope).endSignInRecords(others.map(({ sid }) => publicId(sid)))
  return others.length
}

/** Ends one other session of the user, named by the digest the account page shows; false when the user has no such session. */
export async function endOtherSession(req: MedusaRequest, userId: string, id: string): Promise<boolean> {
  const sessions = sessionStore(req.scope)
  const current = sessionIdFrom(req)
  const found = (await sessions.listOf(userId)).find(({ sid }) => sid !== current && publicId(sid) === id)
  if (!found) return false
  await sessions.destroy(found.sid)
  await accountsService(req.scope).endSignInRecords([id])
  return true
}

/** Ends every session of the user, this one too (the account is being deleted). */
export async function endAllSessions(req: MedusaRequest, res: MedusaResponse, userId: string): Promise<void> {
  const sessions = sessionStore(req.scope)
  const all = await sessions.listOf(userId)
  for (const { sid } of all) await sessions.destroy(sid)
  await accountsService(req.scope).endSignInRecords(all.map(({ sid }) => publicId(sid)))
  writeCookie(req, res, null)
}

/**
 * The digests of the user's sessions that are still live (the scheduled job ends the sign-in
 * records of those that ran out or were ended by a password change).
 */
export async function liveSessionDigests(container: MedusaContainer, userId: string, endedBefore: Date | null): Promise<Set<string>> {
  const listed = await sessionStore(container).listOf(userId)
  return new Set(
    listed
      .filter(({ data }) => !data.awaitingSecondFactor && (endedBefore === null || data.signedInAt >= endedBefore.getTime()))
      .map(({ sid }) => publicId(sid)),
  )
}

export async function endSession(req: MedusaRequest, res: MedusaResponse) {
  const sessions = sessionStore(req.scope)
  const sid = sessionIdFrom(req)
  if (sid) {
    await sessions.destroy(sid)
    await accountsService(req.scope).endSignInRecords([publicId(sid)])
  }
  writeCookie(req, res, null)
}
