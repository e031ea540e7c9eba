/**
 * One-time codes of RFC 6238 (TOTP: HMAC-SHA1, 30-second steps, 6 digits) computed with node:crypto
 * alone, so the tests check the shop's two-factor sign-in against an implementation of their own
 * rather than the server's library.
 */
import { createHmac } from "node:crypto"

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
export const STEP_SECONDS = 30

/** RFC 4648 base32 (the form authenticator apps take keys in): spaces, dashes and padding ignored, any case. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, "").toUpperCase()
  let bits = 0
  let value = 0
  const bytes: number[] = []
  for (const char of clean) {
    const index = BASE32.indexOf(char)
    if (index < 0) throw new Error(`Not a base32 character: ${JSON.stringify(char)}`)
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      bits -= 8
      bytes.push((value >>> bits) & 0xff)
    }
  }
  return Buffer.from(bytes)
}

/** The time step a moment falls in (RFC 6238 T). */
export function timeStep(at: number = Date.now()): number {
  return Math.floor(at / 1000 / STEP_SECONDS)
}

/** RFC 4226 HOTP of a raw key and a counter: dynamic truncation to `digits` digits. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8)
  message.writeBigUInt64BE(BigInt(counter))
  const mac = createHmac("sha1", key).update(message).digest()
  const offset = mac[mac.length - 1]! & 0x0f
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits
  return String(binary).padStart(digits, "0")
}

/** The code of a base32 secret for a time step (the current one unless given). */
export function totp(secret: string, step: number = timeStep()): string {
  return hotp(base32Decode(secret), step)
}

/**
 * Codes for one secret as a person would type them one after another: a server accepts each code
 * once (and none older than the last one used), so every call answers the code of a step later than
 * the one before: the current step, or the next (servers take one step either side), else it waits.
 */
export class Authenticator {
  private lastStep = -1
  readonly secret: string
  constructor(secret: string) {
    this.secret = secret
  }

  async nextCode(): Promise<string> {
    for (;;) {
      const now = timeStep()
      const step = Math.max(now, this.lastStep + 1)
      if (step <= now + 1) {
        this.lastStep = step
        return totp(this.secret, step)
      }
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
  }

  /** Six digits that are none of the codes the server would take now. */
  wrongCode(): string {
    const now = timeStep()
    const valid = new Set([now - 1, now, now + 1, now + 2].map((step) => totp(this.secret, step)))
    for (let n = 0; ; n++) {
      const candidate = String((Number(totp(this.secret, now)) + 123_457 * (n + 1)) % 1_000_000).padStart(6, "0")
      if (!valid.has(candidate)) return candidate
    }
  }
}
