import type { Context } from "@medusajs/framework/types"
import { InjectManager, MedusaContext, MedusaService } from "@medusajs/framework/utils"
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import { deriveSecretKey, openSecret, sealSecret, type SecretKey } from "@enclave/contract/secret-box"
import { createHash, randomBytes } from "node:crypto"
import EmailChange from "./models/email-change"
import Passkey from "./models/passkey"
import PasswordReset from "./models/password-reset"
import ShopUser from "./models/shop-user"
import SignInRecord from "./models/sign-in-record"
import { isRecoveryCode, newRecoveryCodes, newTotpSecret, recoveryCodeDigest, totpStepOf } from "./two-factor"

export interface AccountsModuleOptions {
  /** APP_SECRET: the key for the stored two-factor secrets is derived from it. */
  appSecret?: string
}

/** What of an account's two-factor state a change may need to undo. */
export interface TwoFactorState {
  id: string
  two_factor_enabled: boolean
  two_factor_secret: string | null
  two_factor_pending_secret: string | null
  two_factor_recovery_codes: string[] | null
  two_factor_last_step: number | null
}

const TWO_FACTOR_FIELDS = [
  "id",
  "two_factor_enabled",
  "two_factor_secret",
  "two_factor_pending_secret",
  "two_factor_recovery_codes",
  "two_factor_last_step",
] as const

/** How long a password-reset link works. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000
const digestOf = (token: string) => createHash("sha256").update(token).digest("hex")

/**
 * How long a link confirming a new e-mail address works: a day, longer than a reset link, since the
 * customer may first have to set up or find the new mailbox; it changes nothing but the address.
 */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000

/** One sign-in counter of the table sign_in_guard (migration Migration20261123210000). */
export interface SignInCounter {
  failures: number
  lockedUntil: Date | null
  knownUntil: Date | null
}

/** The three counters one attempt was counted in. */
export interface SignInCounts {
  /** (username, client address) */
  pair: SignInCounter
  /** the client address, over every username */
  perAddress: SignInCounter
  /** the username, over every address */
  perUsername: SignInCounter
}

export interface CountSignInAttemptInput {
  usernameKey: string
  address: string
  /** Failures count within this window from the first one. */
  windowSeconds: number
  /** How long a lock lasts. */
  lockSeconds: number
  /** The failure that locks the username for this address. */
  pairLockAfter: number
  /** The failure that locks the address for every username. */
  addressLockAfter: number
}

export interface RecordSignInSuccessInput {
  usernameKey: string
  address: string
  /** How long the address skips the per-username delay. */
  knownAddressDays: number
}

/** A lock that ran out, or a window that ran out without a lock: the next failure starts counting from one. */
const EXPIRED = `(case when g.locked_until is null then g.window_ends <= now() else g.locked_until <= now() end)`

const toCounter = (row: Record<string, unknown>): SignInCounter => ({
  failures: Number(row.failures),
  lockedUntil: row.locked_until ? new Date(row.locked_until as string) : null,
  knownUntil: row.known_until ? new Date(row.known_until as string) : null,
})

class AccountsModuleService extends MedusaService({ ShopUser, PasswordReset, EmailChange, SignInRecord, Passkey }) {
  private readonly twoFactorKey: SecretKey

  constructor(container: Record<string, unknown>, options: AccountsModuleOptions = {}) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    // Fails at boot, not at the first two-factor set-up, when the deployment forgot APP_SECRET.
    this.twoFactorKey = deriveSecretKey(options.appSecret, "enclave/accounts/two-factor/v1")
  }

  /** Sealed for one account: a secret copied to another account's row does not open there. */
  private seal(userId: string, secret: string) {
    return sealSecret(this.twoFactorKey, secret, `two_factor_secret:${userId}`)
  }
  /**
   * The clear secret, or null when it cannot be opened (APP_SECRET changed since it was sealed):
   * the app's codes are then refused like wrong ones, and the recovery codes (digests) still work.
   */
  private open(userId: string, sealed: string): string | null {
    try {
      return openSecret(this.twoFactorKey, sealed, `two_factor_secret:${userId}`)
    } catch {
      return null
    }
  }

  async twoFactorStateOf(userId: string): Promise<TwoFactorState> {
    const [row] = await this.listShopUsers({ id: userId }, { select: [...TWO_FACTOR_FIELDS], take: 1 })
    return row as unknown as TwoFactorState
  }

  /** Puts back a two-factor state read before a change (a workflow's compensation). */
  async restoreTwoFactorState(state: TwoFactorState): Promise<void> {
    await this.updateShopUsers(state as never)
  }

  /** A new secret for the account to confirm; sign-in does not ask for it until it is confirmed. */
  async beginTwoFactorSetup(userId: string, accountName: string): Promise<{ secret: string; otpauthUrl: string }> {
    const created = newTotpSecret(accountName)
    await this.updateShopUsers({ id: userId, two_factor_pending_secret: this.seal(userId, created.secret) })
    return created
  }

  /**
   * Turns two-factor sign-in on when `code` belongs to the pending secret: the secret becomes the
   * account's, the code's step is used up, and ten recovery codes are made (answered this once,
   * kept as digests). Null when the code is wrong.
   */
  async confirmTwoFactorSetup(userId: string, code: string): Promise<string[] | null> {
    const state = await this.twoFactorStateOf(userId)
    if (!state.two_factor_pending_secret) return null
    const secret = this.open(userId, state.two_factor_pending_secret)
    const step = secret === null ? null : totpStepOf(secret, code)
    if (step === null) return null
    const recoveryCodes = newRecoveryCodes()
    await this.updateShopUsers({
      id: userId,
      two_factor_enabled: true,
      two_factor_secret: state.two_factor_pending_secret,
      two_factor_pending_secret: null,
      two_factor_last_step: step,
      two_factor_recovery_codes: recoveryCodes.map(recoveryCodeDigest) as never,
    })
    return recoveryCodes
  }

  async turnOffTwoFactor(userId: string): Promise<void> {
    await this.updateShopUsers({
      id: userId,
      two_factor_enabled: false,
      two_factor_secret: null,
      two_factor_pending_secret: null,
      two_factor_recovery_codes: null,
      two_factor_last_step: null,
    })
  }

  /**
   * Whether `code` lets the account in, using it up in the same statement: a TOTP code only for a
   * step later than the last one accepted, a recovery code only while its digest is still listed.
   * Two requests with one code: one wins, the other is refused.
   */
  @InjectManager()
  async useTwoFactorCode(userId: string, code: string, @MedusaContext() sharedContext: Context<SqlEntityManager> = {}): Promise<boolean> {
    const state = await this.twoFactorStateOf(userId)
    if (!state?.two_factor_enabled || !state.two_factor_secret) return false
    const manager = sharedContext.manager!
    if (isRecoveryCode(code)) {
      const rows: unknown[] = await manager.execute(
        `update shop_user set two_factor_recovery_codes = two_factor_recovery_codes - ?::text, updated_at = now()
          where id = ? and two_factor_enabled and jsonb_exists(two_factor_recovery_codes, ?::text) returning id`,
        [recoveryCodeDigest(code), userId, recoveryCodeDigest(code)],
      )
      return rows.length > 0
    }
    const secret = this.open(userId, state.two_factor_secret)
    const step = secret === null ? null : totpStepOf(secret, code)
    if (step === null) return false
    const rows: unknown[] = await manager.execute(
      `update shop_user set two_factor_last_step = ?, updated_at = now()
        where id = ? and two_factor_enabled and (two_factor_last_step is null or two_factor_last_step < ?) returning id`,
      [step, userId, step],
    )
    return rows.length > 0
  }

  /** A new reset link's token for the account (its digest is kept, valid PASSWORD_RESET_TTL_MS). */
  async createPasswordResetToken(userId: string): Promise<{ id: string; token: string }> {
    const token = randomBytes(32).toString("base64url")
    const created = await this.createPasswordResets({
      shop_user_id: userId,
      token_hash: digestOf(token),
      expires_at: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
    })
    return { id: created.id, token }
  }

  /**
   * Uses up a reset token in one statement (so two requests with one link cannot both pass) and
   * every other open link of the account with it. Answers the account, or null for a token that
   * is unknown, used or expired.
   */
  @InjectManager()
  async usePasswordResetToken(
    token: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {},
  ): Promise<{ resetId: string; userId: string } | null> {
    const rows: Array<{ id: string; shop_user_id: string }> = await sharedContext.manager!.execute(
      `update password_reset set used_at = now(), updated_at = now()
        where token_hash = ? and used_at is null and expires_at > now() and deleted_at is null
        returning id, shop_user_id`,
      [digestOf(token)],
    )
    const used = rows[0]
    if (!used) return null
    await sharedContext.manager!.execute(
      `update password_reset set used_at = now(), updated_at = now() where shop_user_id = ? and used_at is null`,
      [used.shop_user_id],
    )
    return { resetId: used.id, userId: used.shop_user_id }
  }

  /**
   * Ends every open reset link of the account (a newer one is about to be mailed: only the newest
   * works). Answers the ids it ended, so a failed request can open them again.
   */
  @InjectManager()
  async endOpenPasswordResets(userId: string, @MedusaContext() sharedContext: Context<SqlEntityManager> = {}): Promise<string[]> {
    const rows: Array<{ id: string }> = await sharedContext.manager!.execute(
      `update password_reset set used_at = now(), updated_at = now()
        where shop_user_id = ? and used_at is null and deleted_at is null
        returning id`,
      [userId],
    )
    return rows.map((row) => row.id)
  }

  /** Makes a used link work again (the compensation of a reset whose new password could not be set). */
  async reopenPasswordResetToken(resetId: string): Promise<void> {
    await this.updatePasswordResets({ id: resetId, used_at: null })
  }

  /** A new e-mail-change link's token for the account and address (its digest is kept, valid EMAIL_CHANGE_TTL_MS). */
  async createEmailChangeToken(userId: string, newEmail: string): Promise<{ id: string; token: string }> {
    const token = randomBytes(32).toString("base64url")
    const created = await this.createEmailChanges({
      shop_user_id: userId,
      new_email: newEmail,
      token_hash: digestOf(token),
      expires_at: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
    })
    return { id: created.id, token }
  }

  /**
   * Ends every open e-mail-change link of the account (a newer request replaces them: only the
   * address asked for last can become the account's). Answers the ids it ended.
   */
  @InjectManager()
  async endOpenEmailChanges(userId: string, @MedusaContext() sharedContext: Context<SqlEntityManager> = {}): Promise<string[]> {
    const rows: Array<{ id: string }> = await sharedContext.manager!.execute(
      `update email_change set used_at = now(), updated_at = now()
        where shop_user_id = ? and used_at is null and deleted_at is null
        returning id`,
      [userId],
    )
    return rows.map((row) => row.id)
  }

  /**
   * Uses up an e-mail-change token in one statement (two requests with one link cannot both pass).
   * Answers the account and its new address, or null for a token that is unknown, used or expired.
   */
  @InjectManager()
  async useEmailChangeToken(
    token: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {},
  ): Promise<{ changeId: string; userId: string; newEmail: string } | null> {
    const rows: Array<{ id: string; shop_user_id: string; new_email: string }> = await sharedContext.manager!.execute(
      `update email_change set used_at = now(), updated_at = now()
        where token_hash = ? and used_at is null and expires_at > now() and deleted_at is null
        returning id, shop_user_id, new_email`,
      [digestOf(token)],
    )
    const used = rows[0]
    return used ? { changeId: used.id, userId: used.shop_user_id, newEmail: used.new_email } : null
  }

  /** Makes a used or ended e-mail-change link work again (a workflow's compensation). */
  async reopenEmailChanges(ids: string[]): Promise<void> {
    if (ids.length > 0) await this.updateEmailChanges(ids.map((id) => ({ id, used_at: null })))
  }

  /**
   * Counts a sign-in attempt in all three counters in one statement, so parallel attempts each
   * count. A username is counted by its text, whether or not an account has it. The account's row
   * mirrors the per-username count and any lock, for the admin's users list; the same update runs
   * for a username nobody has (it changes no row), so both cost the same.
   */
  @InjectManager()
  async countSignInAttempt(
    input: CountSignInAttemptInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {},
  ): Promise<SignInCounts> {
    const { usernameKey, address, windowSeconds, lockSeconds, pairLockAfter, addressLockAfter } = input
    const rows: Record<string, unknown>[] = await sharedContext.manager!.execute(
      `with counted as (
         insert into sign_in_guard as g (username_key, address, failures, lock_after, window_ends, locked_until)
         select k.username_key, k.address, 1, k.lock_after, now() + make_interval(secs => ?),
                case when k.lock_after <= 1 then now() + make_interval(secs => ?) end
           from (values (?::text, ?::text, ?::int), ('', ?, ?), (?, '', null)) as k (username_key, address, lock_after)
         on conflict (username_key, address) do update set
           failures = case when ${EXPIRED} then 1 else g.failures + 1 end,
           lock_after = excluded.lock_after,
           window_ends = case when ${EXPIRED} then excluded.window_ends else g.window_ends end,
           locked_until = case
             when ${EXPIRED} then excluded.locked_until
             when g.locked_until is null and g.failures + 1 >= excluded.lock_after then now() + make_interval(secs => ?)
             else g.locked_until end
         returning g.username_key, g.address, g.failures, g.locked_until, g.known_until
       ), account as (
         update shop_user set
           login_attempts = (select failures from counted where address = ''),
           locked_until = greatest(shop_user.locked_until, (select locked_until from counted where username_key <> '' and address <> '')),
           updated_at = now()
         where username_key = ? and deleted_at is null
       )
       select * from counted`,
      [windowSeconds, lockSeconds, usernameKey, address, pairLockAfter, address, addressLockAfter, usernameKey, lockSeconds, usernameKey],
    )
    const find = (match: (row: Record<string, unknown>) => boolean) => toCounter(rows.find(match)!)
    return {
      pair: find((r) => r.username_key !== "" && r.address !== ""),
      perAddress: find((r) => r.username_key === ""),
      perUsername: find((r) => r.address === ""),
    }
  }

  /**
   * One more failure (or attempt not yet known to succeed) of the username over every address, in
   * its own hourly window (the row with the address '*'). Returns the count with this one, so
   * parallel attempts each learn a different number and no burst slips past the challenge.
   */
  @InjectManager()
  async countAccountFailure(
    input: { usernameKey: string; windowSeconds: number },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {},
  ): Promise<number> {
    const rows: { failures: number }[] = await sharedContext.manager!.execute(
      `insert into sign_in_guard as g (username_key, address, failures, window_ends)
       values (?, '*', 1, now() + make_interval(secs => ?))
       on conflict (username_key, address) do update set
         failures = case when g.window_ends <= now() then 1 else g.failures + 1 end,
         window_ends = case when g.window_ends <= now() then excluded.window_ends else g.window_ends end
       returning g.failures`,
      [input.usernameKey, input.windowSeconds],
    )
    return Number(rows[0]!.failures)
  }

  /** Takes back an attempt of countAccountFailure that was refused before it could guess anything. */
  @InjectManager()
  async uncountAccountFailure(usernameKey: string, @MedusaContext() sharedContext: Context<SqlEntityManager> = {}): Promise<void> {
    await sharedContext.manager!.execute(
      `update sign_in_guard set failures = greatest(failures - 1, 0) where username_key = ? and address = '*'`,
      [usernameKey],
    )
  }

  /** Marks a solved sign-in challenge used; false when it was used before (a replay). */
  @InjectManager()
  async useSignInChallenge(
    input: { digest: string; expiresAt: Date },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {},
  ): Promise<boolean> {
    const rows: unknown[] = await sharedContext.manager!.execute(
      `insert into sign_in_challenge_used (digest, expires_at) values (?, ?) on conflict (digest) do nothing returning 1`,
      [input.digest, input.expiresAt],
    )
    return rows.length === 1
  }

  /**
   * The right password: this username starts counting from zero, for this address and overall, and
   * the address becomes one the account is known at. The attempt no longer counts against the
   * address, but the address's other failures stay (signing in to one's own account must not
   * wipe out guesses at others).
   */
  @InjectManager()
  async recordSignInSuccess(
    input: RecordSignInSuccessInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {},
  ): Promise<void> {
    const { usernameKey, address, knownAddressDays } = input
    await sharedContext.manager!.execute(
      `with pair as (
         update sign_in_guard set failures = 0, locked_until = null, known_until = now() + make_interval(days => ?)
          where username_key = ? and address = ?
         returning 1
       ), per_username as (
         update sign_in_guard set failures = 0 where username_key = ? and address = ''
         returning 1
       ), per_account_hour as (
         -- The hour's count keeps the failures: only this sign-in's own count is taken back.
         update sign_in_guard set failures = case when window_ends <= now() then 0 else greatest(failures - 1, 0) end
          where username_key = ? and address = '*'
         returning 1
       )
       update sign_in_guard
          set failures = greatest(failures - 1, 0),
              locked_until = case when failures - 1 < lock_after then null else locked_until end
        where username_key = '' and address = ?`,
      [knownAddressDays, usernameKey, address, usernameKey, usernameKey, address],
    )
  }

  /**
   * Sign-in sessions without Redis live in this module's `session` table (sid, sess, expire); the
   * facade keeps them here through these calls. What a session holds is the facade's business.
   */
  @InjectManager()
  async findSession(sid: string, @MedusaContext() sharedContext: Context<SqlEntityManager> = {}): Promise<unknown> {
    const rows: { sess: unknown }[] = await sharedContext.manager!.execute(`select sess from "session" where sid = ? and expire > now()`, [
      sid,
    ])
    const sess = rows[0]?.sess
    return typeof sess === "string" ? JSON.parse(sess) : (sess ?? null)
  }

  @InjectManager()
  async saveSession(
    input: { sid: string; data: unknown; expire: Date },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {},
  ): Promise<void> {
    await sharedContext.manager!.execute(
      `insert into "session" (sid, sess, expire) values (?, ?, ?)
       on conflict (sid) do update set sess = excluded.sess, expire = excluded.expire`,
      [input.sid, JSON.stringify(input.data), input.expire],
    )
  }

  /** The live sessions of one user (the facade keeps the user's id in each session's data). */
  @InjectManager()
  async listSessionsOf(
    userId: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {},
  ): Promise<Array<{ sid: string; data: unknown }>> {
    const rows: { sid: string; sess: unknown }[] = await sharedContext.manager!.execute(
      `select sid, sess from "session" where sess->>'userId' = ? and expire > now()`,
      [userId],
    )
    return rows.map((row) => ({ sid: row.sid, data: typeof row.sess === "string" ? JSON.parse(row.sess) : row.sess }))
  }

  @InjectManager()
  async endSession(sid: string, @MedusaContext() sharedContext: Context<SqlEntityManager> = {}): Promise<void> {
    await sharedContext.manager!.execute(`delete from "session" where sid = ?`, [sid])
  }

  @InjectManager()
  async pruneSessions(@MedusaContext() sharedContext: Context<SqlEntityManager> = {}): Promise<void> {
    await sharedContext.manager!.execute(`delete from "session" where expire < now()`)
  }

  /** Marks the sign-in records of these sessions (by digest) ended now; those already ended keep their time. */
  @InjectManager()
  async endSignInRecords(digests: string[], @MedusaContext() sharedContext: Context<SqlEntityManager> = {}): Promise<void> {
    if (digests.length === 0) return
    await sharedContext.manager!.execute(
      `update sign_in_record set ended_at = now(), updated_at = now() where session_digest in (?) and ended_at is null`,
      [digests],
    )
  }

  /** The accounts with sign-in records still open, and those records' session digests. */
  @InjectManager()
  async openSignInRecords(
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {},
  ): Promise<Array<{ shopUserId: string; digests: string[] }>> {
    const rows: Array<{ shop_user_id: string; digests: string[] }> = await sharedContext.manager!.execute(
      `select shop_user_id, array_agg(session_digest) as digests from sign_in_record
        where ended_at is null and deleted_at is null group by shop_user_id`,
    )
    return rows.map((row) => ({ shopUserId: row.shop_user_id, digests: row.digests }))
  }

  /**
   * Deletes the records whose session ended more than `days` ago and blanks the client address of
   * every sign-in older than that; answers how many of each.
   */
  @InjectManager()
  async pruneSignInRecords(
    days: number,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {},
  ): Promise<{ deleted: number; addressesCleared: number }> {
    const deleted: unknown[] = await sharedContext.manager!.execute(
      `delete from sign_in_record where ended_at < now() - make_interval(days => ?) returning id`,
      [days],
    )
    const cleared: unknown[] = await sharedContext.manager!.execute(
      `update sign_in_record set address = null, network = null, updated_at = now()
        where signed_in_at < now() - make_interval(days => ?) and (address is not null or network is not null) returning id`,
      [days],
    )
    return { deleted: deleted.length, addressesCleared: cleared.length }
  }

  /**
   * A passkey ceremony's challenge without Redis: kept for one answer until `expiresAt`. What it is
   * for (`purpose`) and whose it is are the facade's business.
   */
  @InjectManager()
  async savePasskeyChallenge(
    input: { challenge: string; purpose: string; userId: string | null; expiresAt: Date },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {},
  ): Promise<void> {
    await sharedContext.manager!.execute(
      `insert into passkey_challenge (challenge, purpose, shop_user_id, expires_at) values (?, ?, ?, ?)`,
      [input.challenge, input.purpose, input.userId, input.expiresAt],
    )
    // Challenges nobody answered are swept now and then rather than on every ceremony.
    if (Math.random() < 0.02) await sharedContext.manager!.execute(`delete from passkey_challenge where expires_at < now()`)
  }

  /**
   * Uses up a challenge in one statement, so two answers with one challenge cannot both pass. Null
   * for one that is unknown, used or expired.
   */
  @InjectManager()
  async takePasskeyChallenge(
    challenge: string,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {},
  ): Promise<{ purpose: string; userId: string | null } | null> {
    const rows: Array<{ purpose: string; shop_user_id: string | null; live: boolean }> = await sharedContext.manager!.execute(
      `delete from passkey_challenge where challenge = ? returning purpose, shop_user_id, expires_at > now() as live`,
      [challenge],
    )
    const taken = rows[0]
    return taken?.live ? { purpose: taken.purpose, userId: taken.shop_user_id } : null
  }

  /** A passkey signed something: its counter moves on and it is marked used. */
  @InjectManager()
  async recordPasskeyUse(
    input: { id: string; counter: number },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {},
  ): Promise<void> {
    await sharedContext.manager!.execute(`update passkey set counter = ?, last_used_at = now(), updated_at = now() where id = ?`, [
      input.counter,
      input.id,
    ])
  }

  /** Deletes the counters whose window, lock and known address have all run out. */
  @InjectManager()
  async pruneSignInGuard(@MedusaContext() sharedContext: Context<SqlEntityManager> = {}): Promise<void> {
    await sharedContext.manager!.execute(
      `delete from sign_in_guard where window_ends < now() and coalesce(locked_until, '-infinity') < now() and coalesce(known_until, '-infinity') < now()`,
    )
    await sharedContext.manager!.execute(`delete from sign_in_challenge_used where expires_at < now()`)
  }
}

export default AccountsModuleService
