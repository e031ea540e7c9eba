import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  CHALLENGE_REQUIRED_CODE,
  CHALLENGE_REQUIRED_MESSAGE,
  SIGN_IN_CHALLENGE_AFTER,
  SIGN_IN_CHALLENGE_COUNTER_MAX,
  SIGN_IN_CHALLENGE_COUNTER_MIN,
  SIGN_IN_CHALLENGE_MINUTES,
  SIGN_IN_CHALLENGE_WINDOW_MINUTES,
  type ChallengeRefusal,
} from "@enclave/contract"
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from "altcha-lib"
import { deriveKey } from "altcha-lib/algorithms/sha"
import { createHash, createHmac } from "node:crypto"
import { ShopError } from "@enclave/contract/shop-error"
import { accountsService } from "../users"

/**
 * The proof of work asked of sign-ins to an account that many addresses are guessing at (README
 * "Signing in"): ALTCHA's open-source library, self-hosted, nothing asked of a third party.
 *
 * A challenge is SHA-256 in ALTCHA's deterministic mode: the solver must try counters from 0 until
 * one gives the key the server derived from a counter it drew between SIGN_IN_CHALLENGE_COUNTER_MIN and
 * _MAX, about 50,000 hashes on average (about two seconds in a browser; `npm run bench` measures it). The challenge is
 * signed with keys derived from the shop's cookie secret, names the username it is for, runs out
 * after SIGN_IN_CHALLENGE_MINUTES and opens one sign-in only (table sign_in_challenge_used).
 */
const ALGORITHM = "SHA-256"

/** Operators may change the threshold (SIGN_IN_CHALLENGE_AFTER); the default is the contract's. */
export function challengeAfter(): number {
  const fromEnv = Number(process.env.SIGN_IN_CHALLENGE_AFTER)
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : SIGN_IN_CHALLENGE_AFTER
}

export const CHALLENGE_WINDOW_SECONDS = SIGN_IN_CHALLENGE_WINDOW_MINUTES * 60

let keys: { signature: string; key: string } | undefined

/** Two HMAC keys of their own, derived from the cookie secret, so a challenge signature never signs anything else. */
function challengeKeys(container: MedusaContainer) {
  if (keys) return keys
  const secret = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE).projectConfig.http.cookieSecret
  if (!secret) throw new Error("COOKIE_SECRET is required to sign sign-in challenges")
  const derive = (purpose: string) => createHmac("sha256", secret).update(`enclave sign-in challenge ${purpose}`).digest("hex")
  keys = { signature: derive("signature"), key: derive("key") }
  return keys
}

/** A new challenge for this username. */
export async function newChallenge(container: MedusaContainer, usernameKey: string): Promise<Challenge> {
  const { signature, key } = challengeKeys(container)
  return createChallenge({
    algorithm: ALGORITHM,
    cost: 1,
    counter: randomInt(SIGN_IN_CHALLENGE_COUNTER_MIN, SIGN_IN_CHALLENGE_COUNTER_MAX),
    deriveKey,
    data: { username: usernameKey },
    expiresAt: new Date(Date.now() + SIGN_IN_CHALLENGE_MINUTES * 60_000),
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: key,
  })
}

/** The 428 that hands out a challenge; `reason` says why a solution that was sent was not taken. */
export async function challengeRequired(container: MedusaContainer, usernameKey: string, reason?: ChallengeRefusal): Promise<ShopError> {
  const challenge = await newChallenge(container, usernameKey)
  return new ShopError("challenge_required", CHALLENGE_REQUIRED_MESSAGE, {
    code: CHALLENGE_REQUIRED_CODE,
    challenge,
    ...(reason ? { reason } : {}),
  })
}

/** What the client sent as `altcha`: base64 of `{ challenge, solution }`, as ALTCHA's widget sends it. */
function readPayload(altcha: unknown): { challenge: Challenge; solution: Solution } | null {
  if (typeof altcha !== "string" || altcha.length === 0 || altcha.length > 4000) return null
  try {
    const payload = JSON.parse(Buffer.from(altcha, "base64").toString("utf8")) as { challenge?: unknown; solution?: unknown }
    const challenge = payload?.challenge as Challenge | undefined
    const solution = payload?.solution as Solution | undefined
    if (!challenge || typeof challenge !== "object" || !challenge.parameters || typeof challenge.parameters !== "object") return null
    if (!solution || typeof solution !== "object") return null
    return { challenge, solution }
  } catch {
    return null
  }
}

/**
 * Checks a solution sent for this username and marks its challenge used. Resolves to null when it
 * opens this sign-in, else to why not (none sent counts as "invalid" only when something was sent).
 */
export async function useSolution(
  container: MedusaContainer,
  usernameKey: string,
  altcha: unknown,
): Promise<ChallengeRefusal | "missing" | null> {
  if (altcha === undefined || altcha === null || altcha === "") return "missing"
  const payload = readPayload(altcha)
  if (!payload || payload.challenge.parameters.data?.username !== usernameKey || payload.challenge.parameters.algorithm !== ALGORITHM) {
    return "invalid"
  }
  const { signature, key } = challengeKeys(container)
  let result: Awaited<ReturnType<typeof verifySolution>>
  try {
    result = await verifySolution({ ...payload, deriveKey, hmacSignatureSecret: signature, hmacKeySignatureSecret: key })
  } catch {
    // The library throws on parameters no challenge of ours has (an unknown algorithm, a bad prefix).
    return "invalid"
  }
  if (result.expired) return "expired"
  if (!result.verified) return "invalid"
  const expiresAt = new Date((payload.challenge.parameters.expiresAt ?? 0) * 1000)
  const digest = createHash("sha256")
    .update(payload.challenge.signature ?? "")
    .digest("hex")
  return (await accountsService(container).useSignInChallenge({ digest, expiresAt })) ? null : "used"
}
