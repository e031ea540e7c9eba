import { createHash, randomInt } from "node:crypto"
import { Secret, TOTP } from "otpauth"

/**
 * Two-factor sign-in by RFC 6238 (TOTP): HMAC-SHA1, six digits, 30-second steps, one step either
 * side of now accepted for clocks that drift. What is kept of it: the secret, sealed
 * (contract/secret-box); the last step accepted, so a code works once; digests of the recovery codes.
 */
export const TOTP_PERIOD_SECONDS = 30
const ISSUER = "Enclave"
const RECOVERY_CODE_COUNT = 10
// No 0/o, 1/l/i: a recovery code is copied from paper by hand.
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"

const totpOf = (secretBase32: string, label = "") =>
  new TOTP({ issuer: ISSUER, label, algorithm: "SHA1", digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) })

/** A new secret of 160 bits (RFC 4226's recommendation) in base32, and the otpauth:// address of it. */
export function newTotpSecret(accountName: string): { secret: string; otpauthUrl: string } {
  const secret = new Secret({ size: 20 }).base32
  return { secret, otpauthUrl: totpOf(secret, accountName).toString() }
}

/** The time step a six-digit code belongs to (now, or one either side), or null when it is no code of the secret. */
export function totpStepOf(secretBase32: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now, window: 1 })
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta
}

/** Ten codes of `xxxxx-xxxxx`, about 49 bits each. */
export function newRecoveryCodes(): string[] {
  const part = () => Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("")
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${part()}-${part()}`)
}

/** How a recovery code is kept and compared: its digest, ignoring case and the dash. */
export function recoveryCodeDigest(code: string): string {
  return createHash("sha256").update(code.replace(/[\s-]/g, "").toLowerCase()).digest("hex")
}

export const isRecoveryCode = (code: string) => /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/.test(code.trim())
