/**
 * Solves the proof-of-work challenge of a 428 `challenge_required` sign-in answer (README "Signing
 * in") the way any client would: with ALTCHA's library, and answers what `altcha` must carry.
 */
import { challengeRequiredSchema } from "@enclave/contract"
import { solveChallenge } from "altcha-lib"
import { deriveKey } from "altcha-lib/algorithms/sha"

export async function solveSignInChallenge(answerBody: unknown): Promise<string> {
  const { challenge } = challengeRequiredSchema.parse(answerBody).details
  const solution = await solveChallenge({ challenge, deriveKey })
  if (!solution) throw new Error("the challenge could not be solved")
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64")
}
