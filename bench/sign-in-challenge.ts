/**
 * The proof of work a sign-in to a guessed-at account costs (README "Signing in"): challenges made as the
 * shop makes them (ALTCHA, SHA-256, deterministic mode, the contract's counter range), solved with native
 * node:crypto (what a guesser's script uses) and with WebCrypto (what a browser uses).
 */
import { SIGN_IN_CHALLENGE_COUNTER_MAX, SIGN_IN_CHALLENGE_COUNTER_MIN } from "@enclave/contract"
import { createChallenge, randomInt, solveChallenge } from "altcha-lib"
import { deriveKey as nativeKey } from "altcha-lib/algorithms/sha"
import { deriveKey as webCryptoKey } from "altcha-lib/algorithms/web/sha"

const CHALLENGES = 10

export interface ChallengeSection {
  challenges: number
  native: { medianMs: number; maxMs: number }
  webCrypto: { medianMs: number; maxMs: number }
}

async function solveTimes(deriveKey: typeof nativeKey): Promise<{ medianMs: number; maxMs: number }> {
  const times: number[] = []
  for (let i = 0; i < CHALLENGES; i++) {
    const challenge = await createChallenge({
      algorithm: "SHA-256",
      cost: 1,
      counter: randomInt(SIGN_IN_CHALLENGE_COUNTER_MIN, SIGN_IN_CHALLENGE_COUNTER_MAX),
      deriveKey: nativeKey,
      hmacSignatureSecret: "bench signature key",
      hmacKeySignatureSecret: "bench key signature key",
    })
    const started = performance.now()
    if (!(await solveChallenge({ challenge, deriveKey }))) throw new Error("a challenge could not be solved")
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { medianMs: Math.round(times[Math.floor(times.length / 2)]), maxMs: Math.round(times[times.length - 1]) }
}

export async function challengeSection(): Promise<ChallengeSection> {
  return { challenges: CHALLENGES, native: await solveTimes(nativeKey), webCrypto: await solveTimes(webCryptoKey) }
}

export function challengeMarkdown(section: ChallengeSection): string[] {
  return [
    `| sign-in challenge (SHA-256, counter ${SIGN_IN_CHALLENGE_COUNTER_MIN.toLocaleString("en")}–${SIGN_IN_CHALLENGE_COUNTER_MAX.toLocaleString("en")}), ${section.challenges} solved | median | max |`,
    `|---|---:|---:|`,
    `| node:crypto (a guesser's script) | ${section.native.medianMs} ms | ${section.native.maxMs} ms |`,
    `| WebCrypto (a browser) | ${section.webCrypto.medianMs} ms | ${section.webCrypto.maxMs} ms |`,
  ]
}
