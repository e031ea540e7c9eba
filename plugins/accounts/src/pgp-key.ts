import * as openpgp from "openpgp"
import type { PgpKeyRefusal } from "@enclave/contract/privacy"

/**
 * The customer's OpenPGP public key (docs/product.md "Encrypted mail"), read and checked with
 * OpenPGP.js: the account page takes a key only when mails can be encrypted to it for the
 * account's address, and the mail plugin checks it again at each send, since a key may expire or
 * be revoked after it was saved.
 */
export interface PgpKeyFacts {
  /** Upper-case hex. */
  fingerprint: string
  userIds: string[]
  algorithm: string
  createdAt: string
  /** Null: it does not expire. */
  expiresAt: string | null
}

export type PgpKeyProblem = { code: PgpKeyRefusal; date?: string; email?: string }
export type PgpKeyCheck = { ok: true; armored: string; facts: PgpKeyFacts } | ({ ok: false } & PgpKeyProblem)

async function readPublicKey(armored: string): Promise<openpgp.Key | null> {
  try {
    return await openpgp.readKey({ armoredKey: armored })
  } catch {
    return null
  }
}

function algorithmOf(key: openpgp.Key): string {
  const info = key.getAlgorithmInfo() as { algorithm: string; bits?: number; curve?: string }
  return [info.algorithm, info.curve ?? (info.bits ? String(info.bits) : null)].filter(Boolean).join(" ")
}

async function factsOf(key: openpgp.Key): Promise<PgpKeyFacts> {
  const expiration = await key.getExpirationTime()
  return {
    fingerprint: key.getFingerprint().toUpperCase(),
    userIds: key.getUserIDs(),
    algorithm: algorithmOf(key),
    createdAt: key.getCreationTime().toISOString(),
    expiresAt: expiration instanceof Date ? expiration.toISOString() : null,
  }
}

/** Why mails cannot be encrypted to this key at `now`, or null when they can. */
async function problemOf(key: openpgp.Key, now: Date): Promise<PgpKeyProblem | null> {
  if (await key.isRevoked(undefined, undefined, now)) return { code: "revoked" }
  const expiration = await key.getExpirationTime()
  if (expiration instanceof Date && expiration.getTime() <= now.getTime()) return { code: "expired", date: expiration.toISOString() }
  try {
    await key.getEncryptionKey(undefined, now)
  } catch {
    return { code: "no_encryption_key" }
  }
  return null
}

const emailOf = (userId: string) =>
  (/<([^<>\s]+@[^<>\s]+)>\s*$/.exec(userId)?.[1] ?? (userId.includes("@") ? userId.trim() : "")).toLowerCase()

/** Whether the text is a public key mails to `email` can be encrypted to now; the key as OpenPGP.js armours it again. */
export async function checkPublicKey(armored: string, email: string, now = new Date()): Promise<PgpKeyCheck> {
  if (/-----BEGIN PGP PRIVATE KEY BLOCK-----/.test(armored)) return { ok: false, code: "private_key" }
  const key = await readPublicKey(armored)
  if (!key) return { ok: false, code: "not_a_key" }
  if (key.isPrivate()) return { ok: false, code: "private_key" }
  const problem = await problemOf(key, now)
  if (problem) return { ok: false, ...problem }
  if (!key.getUserIDs().some((userId) => emailOf(userId) === email.toLowerCase())) return { ok: false, code: "email_missing", email }
  return { ok: true, armored: key.armor(), facts: await factsOf(key) }
}

/** The public facts of a stored key (for the account page and the data download); null when it no longer reads. */
export async function pgpKeyFacts(armored: string): Promise<PgpKeyFacts | null> {
  const key = await readPublicKey(armored)
  return key ? factsOf(key) : null
}

/** Why a stored key cannot be used for a mail now (expired or revoked since it was saved), or null when it can. */
export async function pgpKeyProblem(armored: string, now = new Date()): Promise<PgpKeyProblem | null> {
  const key = await readPublicKey(armored)
  return key ? problemOf(key, now) : { code: "not_a_key" }
}

/** The bytes encrypted to the key, ASCII-armoured (an OpenPGP message, RFC 9580). */
export async function encryptToKey(armored: string, bytes: Uint8Array): Promise<string> {
  const key = await openpgp.readKey({ armoredKey: armored })
  return openpgp.encrypt({ message: await openpgp.createMessage({ binary: bytes }), encryptionKeys: key, format: "armored" })
}
