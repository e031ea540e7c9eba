/**
 * The proof of work a sign-in may be asked for (README "Signing in"): when an account has had many
 * failed sign-ins from anywhere, POST /api/login answers 428 with an ALTCHA challenge, which the
 * browser solves here and sends back as `altcha`. The solver is loaded only then.
 */
import type { ChallengeRequired } from "@enclave/contract"
import { CHALLENGE_REQUIRED_CODE } from "@enclave/contract/values"
import { ApiRequestError } from "./api"

type Challenge = ChallengeRequired["details"]["challenge"]

/** The challenge of a 428 `challenge_required` answer, null for any other failure. */
export function challengeOf(error: unknown): Challenge | null {
  if (!(error instanceof ApiRequestError) || error.code !== CHALLENGE_REQUIRED_CODE) return null
  const details = error.details as { challenge?: unknown } | null
  if (!details?.challenge || typeof details.challenge !== "object") return null
  return details.challenge as Challenge
}

/** Thrown when this browser cannot hash (no Web Crypto outside a secure context) or gave up. */
export class ChallengeUnsolvedError extends Error {
  override name = "ChallengeUnsolvedError"
  constructor(readonly reason: "unsupported" | "failed") {
    super(reason)
  }
}

/** Solves the challenge; answers what `altcha` must carry: base64 of `{ challenge, solution }`. */
export async function solveSignInChallenge(challenge: Challenge): Promise<string> {
  if (!globalThis.crypto?.subtle) throw new ChallengeUnsolvedError("unsupported")
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([import("altcha-lib"), import("altcha-lib/algorithms/web/sha")])
  const solution = await solveChallenge({ challenge, deriveKey })
  if (!solution) throw new ChallengeUnsolvedError("failed")
  return btoa(JSON.stringify({ challenge, solution }))
}
