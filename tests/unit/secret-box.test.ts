/**
 * The encryption of secrets at rest (payment provider keys, two-factor secrets): what is stored is
 * never the secret, reads back exactly, and cannot be altered, moved or read with another key.
 */
import { describe, expect, it } from "vitest"
import { deriveSecretKey, openSecret, sealSecret } from "../../contract/src/secret-box.ts"

const PURPOSE = "enclave/payment-settings/secret-box/v1"
const key = deriveSecretKey("an-app-secret-of-the-test-shop-0123456789", PURPOSE)
const secret = "sk_test_51HcT2nExampleSecretKey0000"

/** Flips one character of a base64url part, keeping it valid base64url. */
function flip(part: string, at = 0): string {
  const c = part[at]
  return part.slice(0, at) + (c === "A" ? "B" : "A") + part.slice(at + 1)
}

describe("secret box", () => {
  it("reads back exactly what was sealed, including non-ASCII and empty-looking text", () => {
    for (const value of [secret, "ä€𝄞 spaces  and\nnewlines", "x"]) {
      expect(openSecret(key, sealSecret(key, value, "paypalSecret"), "paypalSecret")).toBe(value)
    }
  })

  it("stores a versioned value that does not contain the secret", () => {
    const sealed = sealSecret(key, secret, "stripeSecretKey")
    expect(sealed).toMatch(/^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/)
    expect(sealed).not.toContain(secret)
    expect(sealed).not.toContain(secret.slice(-8))
    expect(sealed).not.toContain(Buffer.from(secret).toString("base64url"))
  })

  it("uses a fresh IV every time: the same secret seals to different values", () => {
    const sealed = new Set(Array.from({ length: 20 }, () => sealSecret(key, secret, "stripeSecretKey")))
    expect(sealed.size).toBe(20)
    const ivs = new Set([...sealed].map((s) => s.split(":")[1]))
    expect(ivs.size).toBe(20)
  })

  it("refuses a value whose ciphertext, tag or IV was altered", () => {
    const sealed = sealSecret(key, secret, "stripeSecretKey")
    const [version, iv, tag, data] = sealed.split(":")
    for (const tampered of [
      [version, iv, tag, flip(data)].join(":"),
      [version, iv, tag, flip(data, data.length - 2)].join(":"),
      [version, iv, flip(tag), data].join(":"),
      [version, flip(iv), tag, data].join(":"),
      [version, iv, tag, data.slice(0, -2)].join(":"),
    ]) {
      expect(() => openSecret(key, tampered, "stripeSecretKey")).toThrow()
    }
  })

  it("refuses a value moved to another field, or read with another APP_SECRET", () => {
    const sealed = sealSecret(key, secret, "stripeSecretKey")
    expect(() => openSecret(key, sealed, "paypalSecret")).toThrow(/cannot be decrypted/)
    const otherKey = deriveSecretKey("another-app-secret-entirely-9876543210", PURPOSE)
    expect(() => openSecret(otherKey, sealed, "stripeSecretKey")).toThrow(/cannot be decrypted/)
  })

  it("refuses text that is not a sealed value", () => {
    for (const value of [secret, "v2:a:b:c", "v1:abc", ""]) {
      expect(() => openSecret(key, value, "stripeSecretKey")).toThrow()
    }
  })

  it("gives each purpose its own key", () => {
    const twoFactorKey = deriveSecretKey("an-app-secret-of-the-test-shop-0123456789", "enclave/accounts/two-factor/v1")
    expect(() => openSecret(twoFactorKey, sealSecret(key, secret, "x"), "x")).toThrow(/cannot be decrypted/)
  })

  it("derives the same key from the same APP_SECRET and fails clearly without one", () => {
    const again = deriveSecretKey("an-app-secret-of-the-test-shop-0123456789", PURPOSE)
    expect(openSecret(again, sealSecret(key, secret, "x"), "x")).toBe(secret)
    expect(() => deriveSecretKey(undefined, PURPOSE)).toThrow(/APP_SECRET is not set/)
    expect(() => deriveSecretKey("", PURPOSE)).toThrow(/APP_SECRET is not set/)
    expect(() => deriveSecretKey("short", PURPOSE)).toThrow(/APP_SECRET is too short/)
  })
})
