import type { MedusaContainer } from "@medusajs/framework/types"
import {
  LOGIN_LOCK_MINUTES,
  MAX_LOGIN_ATTEMPTS,
  MAX_SIGN_IN_FAILURES_PER_ADDRESS,
  networkLockedMessage,
  signInLockedMessage,
} from "@enclave/contract"
import { setTimeout as sleep } from "node:timers/promises"
import { ShopError } from "@enclave/contract/shop-error"
import { CHALLENGE_WINDOW_SECONDS, challengeAfter, challengeRequired, useSolution } from "./challenge"
import { accountsService } from "../users"
import type { SignInCounter } from "../modules/accounts/service"

/**
 * The sign-in rule (README "Signing in"). Each attempt is counted before the password is checked,
 * in three counters that live in PostgreSQL (table sign_in_guard of the accounts module), shared by every server instance:
 *
 * - (username, client address): the MAX_LOGIN_ATTEMPTS-th failure within the window locks that
 *   username for that address for LOGIN_LOCK_MINUTES (423), even with the right password. Only that address: the
 *   account is never locked as a whole, so nobody can lock its owner out from elsewhere.
 * - client address: the SIGN_IN_FAILURES_PER_ADDRESS-th failure within the window refuses that
 *   address every sign-in for LOGIN_LOCK_MINUTES (429): guessing across many usernames.
 * - username (every address): guessing one account from many addresses. Past DELAY_AFTER
 *   failures each further attempt waits a growing delay, at most MAX_DELAY_MS, except from an
 *   address the account signed in from before. A delay, never a refusal: it slows a botnet down
 *   without giving it a lock-out button.
 *
 * - username over the hour (every address, row address '*'): past challengeAfter() failures within
 *   an hour, a sign-in of that username must bring a solved proof-of-work challenge (428 hands
 *   one out, sign-in-challenge.ts). Counted like the others before the check and taken back when
 *   the sign-in succeeds, so it keeps failures only; a refused attempt counts nothing.
 *
 * A username is counted by its text, whether or not an account has it, so known and unknown
 * usernames get the same answers at the same attempts.
 */

const MAX_DELAY_MS = 2_000
const FIRST_DELAY_MS = 250
const DELAY_AFTER = 2 * MAX_LOGIN_ATTEMPTS
/**
 * A delayed attempt holds its connection; past this many at once in one process, attempts are
 * answered undelayed, so a flood cannot tie up the server's connections (the locks still apply).
 */
const MAX_DELAYED_AT_ONCE = 64
/** How long an address the account signed in from skips the per-username delay. */
const KNOWN_ADDRESS_DAYS = 30

/**
 * Failures count within this window from the first one. It is not the lock time: an operator may
 * shorten locks without letting a guesser spread five tries over a longer time.
 */
const WINDOW_SECONDS = LOGIN_LOCK_MINUTES * 60

/** How long a lock lasts; LOGIN_LOCK_MINUTES overrides it for operators. */
function lockSeconds(): number {
  const fromEnv = Number(process.env.LOGIN_LOCK_MINUTES)
  return (Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : LOGIN_LOCK_MINUTES) * 60
}

function failuresPerAddress(): number {
  const fromEnv = Number(process.env.SIGN_IN_FAILURES_PER_ADDRESS)
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : MAX_SIGN_IN_FAILURES_PER_ADDRESS
}

type Counter = SignInCounter

/** One attempt, counted: what the password check may go on with, and how to answer a failure. */
export interface Attempt {
  usernameKey: string
  address: string
  pair: Counter
  perAddress: Counter
  perUsername: Counter
}

const minutesUntil = (until: Date | null) =>
  Math.max(1, Math.ceil(((until?.getTime() ?? Date.now() + lockSeconds() * 1000) - Date.now()) / 60_000))

/** The details say what is locked and for how long, so the storefront can say it in the visitor's language. */
function usernameLocked(counter: Counter): ShopError {
  const minutes = minutesUntil(counter.lockedUntil)
  return new ShopError("account_locked", signInLockedMessage(minutes), { lock: "username", minutes }, { params: { minutes } })
}

function addressLocked(counter: Counter): ShopError {
  const minutes = minutesUntil(counter.lockedUntil)
  return new ShopError("network_locked", networkLockedMessage(minutes), { lock: "address", minutes }, { params: { minutes } })
}

/**
 * How an attempt counts toward the username's hour (the challenge):
 * - `signIn`: a sign-in's first step, which must bring a solved challenge (`altcha`) past the threshold;
 * - `counted`: a signed-in user confirming with the password, counted but never challenged;
 * - `onFailure`: the second factor, whose password step was counted already; a wrong code adds one (countCodeFailure).
 */
export type HourCount = { signIn: { altcha: unknown } } | "counted" | "onFailure"

/**
 * Counts the attempt in all counters (the accounts module does it in one statement, so parallel
 * attempts each count) and refuses it when its username is locked for this address, the address
 * is locked, or the username's hour wants a challenge that was not solved.
 */
export async function countAttempt(container: MedusaContainer, usernameKey: string, address: string, hour: HourCount): Promise<Attempt> {
  const accounts = accountsService(container)
  if (hour !== "onFailure") {
    const ordinal = await accounts.countAccountFailure({ usernameKey, windowSeconds: CHALLENGE_WINDOW_SECONDS })
    if (typeof hour === "object" && ordinal > challengeAfter()) {
      const refusal = await useSolution(container, usernameKey, hour.signIn.altcha)
      if (refusal !== null) {
        await accounts.uncountAccountFailure(usernameKey)
        throw await challengeRequired(container, usernameKey, refusal === "missing" ? undefined : refusal)
      }
    }
  }
  const counts = await accounts.countSignInAttempt({
    usernameKey,
    address,
    windowSeconds: WINDOW_SECONDS,
    lockSeconds: lockSeconds(),
    pairLockAfter: MAX_LOGIN_ATTEMPTS,
    addressLockAfter: failuresPerAddress(),
  })
  // Rows of long-past windows are swept now and then rather than on every attempt.
  if (Math.random() < 0.01) await accounts.pruneSignInGuard()
  const attempt: Attempt = {
    usernameKey,
    address,
    ...counts,
  }
  // Past the limit: refused without looking at the password (nor at whether the account exists).
  if (attempt.pair.failures > MAX_LOGIN_ATTEMPTS) throw usernameLocked(attempt.pair)
  if (attempt.perAddress.failures > failuresPerAddress()) throw addressLocked(attempt.perAddress)
  await delayUnderAttack(attempt)
  return attempt
}

let delayedNow = 0

/** The growing, bounded delay of a username that many addresses are failing on. */
async function delayUnderAttack(attempt: Attempt) {
  const failuresBefore = attempt.perUsername.failures - 1
  if (failuresBefore < DELAY_AFTER) return
  if (attempt.pair.knownUntil && attempt.pair.knownUntil.getTime() > Date.now()) return
  if (delayedNow >= MAX_DELAYED_AT_ONCE) return
  delayedNow++
  try {
    await sleep(Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failuresBefore - DELAY_AFTER)))
  } finally {
    delayedNow--
  }
}

/** A wrong second-factor code counts toward the username's hour (its password step was counted and stays so). */
export async function countCodeFailure(container: MedusaContainer, attempt: Attempt): Promise<void> {
  await accountsService(container).countAccountFailure({ usernameKey: attempt.usernameKey, windowSeconds: CHALLENGE_WINDOW_SECONDS })
}

/** The answer to a wrong password (or a username nobody has): 423, 429 or 401, by the counts alone. */
export function failureError(attempt: Attempt, invalidCredentials: ShopError): ShopError {
  if (attempt.pair.failures >= MAX_LOGIN_ATTEMPTS) return usernameLocked(attempt.pair)
  if (attempt.perAddress.failures >= failuresPerAddress()) return addressLocked(attempt.perAddress)
  return invalidCredentials
}

/**
 * The right password: this username starts counting from zero, for this address and overall, and
 * the address becomes one the account is known at. The attempt no longer counts against the
 * address, but the address's other failures stay (signing in to one's own account must not
 * wipe out guesses at others).
 */
export async function countSuccess(container: MedusaContainer, attempt: Attempt) {
  await accountsService(container).recordSignInSuccess({
    usernameKey: attempt.usernameKey,
    address: attempt.address,
    knownAddressDays: KNOWN_ADDRESS_DAYS,
  })
}
