import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto"

/**
 * Authenticated encryption of secrets kept in the database (the payment provider keys, the
 * two-factor secrets): AES-256-GCM
 * with a fresh 12-byte IV per value, the key derived from APP_SECRET. A stolen database dump
 * (or backup) alone does not reveal a key; tampering with a stored value makes it unreadable
 * instead of silently wrong.
 *
 * Stored form: `v1:<iv>:<tag>:<ciphertext>`, each part base64url. The version lets a later key
 * or algorithm change read old values.
 */
const VERSION = "v1"
const IV_BYTES = 12
const TAG_BYTES = 16

export type SecretKey = Buffer & { readonly __secretKey: unique symbol }

/**
 * The AES key for one purpose's secrets: HKDF-SHA256 over APP_SECRET with the purpose as its info,
 * so the key never equals any other use of it, nor another purpose's key.
 */
export function deriveSecretKey(appSecret: string | undefined, purpose: string): SecretKey {
  if (!appSecret) {
    throw new Error(
      "APP_SECRET is not set: stored secrets are encrypted with a key derived from it. The launcher sets it; a deployment must set it.",
    )
  }
  if (appSecret.length < 16) throw new Error("APP_SECRET is too short: use at least 16 random characters (e.g. openssl rand -hex 32)")
  const key = hkdfSync("sha256", appSecret, "enclave", purpose, 32)
  return Buffer.from(key) as SecretKey
}

/**
 * Encrypts one secret. `context` (e.g. the field name) is authenticated with it, so a value
 * copied into another field does not decrypt there.
 */
export function sealSecret(key: SecretKey, plaintext: string, context: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES })
  cipher.setAAD(Buffer.from(context, "utf8"))
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()])
  const tag = cipher.getAuthTag()
  return [VERSION, iv.toString("base64url"), tag.toString("base64url"), ciphertext.toString("base64url")].join(":")
}

/** Decrypts a value of sealSecret; throws when it was altered, sealed for another context or with another key. */
export function openSecret(key: SecretKey, sealed: string, context: string): string {
  const parts = sealed.split(":")
  if (parts.length !== 4 || parts[0] !== VERSION) throw new Error("Not a sealed secret (expected v1:<iv>:<tag>:<ciphertext>)")
  const [, iv64, tag64, data64] = parts
  const iv = Buffer.from(iv64, "base64url")
  const tag = Buffer.from(tag64, "base64url")
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new Error("Not a sealed secret (bad IV or tag length)")
  const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES })
  decipher.setAAD(Buffer.from(context, "utf8"))
  decipher.setAuthTag(tag)
  try {
    return Buffer.concat([decipher.update(Buffer.from(data64, "base64url")), decipher.final()]).toString("utf8")
  } catch {
    throw new Error(`The stored ${context} cannot be decrypted: it was altered, or APP_SECRET changed since it was saved`)
  }
}
