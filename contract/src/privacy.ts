/**
 * The account's privacy: mail encrypted to the customer's OpenPGP key, the data download, the
 * deletion of the account and how long sign-in records are kept (docs/product.md "Your data").
 * Plain values without zod, so the storefront's islands read them at @enclave/contract/privacy.
 */

/** Why a public key is not taken (PUT /api/account/pgp-key, 400 `details.code`), or no longer used at send time. */
export const PGP_KEY_REFUSALS = ["not_a_key", "private_key", "revoked", "expired", "no_encryption_key", "email_missing"] as const
export type PgpKeyRefusal = (typeof PGP_KEY_REFUSALS)[number]

/** The words of each refusal; `{email}` and `{date}` are filled from `details`. */
export const PGP_KEY_REFUSAL_MESSAGES: Record<PgpKeyRefusal, string> = {
  not_a_key: "This is not an ASCII-armoured OpenPGP public key (it begins with -----BEGIN PGP PUBLIC KEY BLOCK-----)",
  private_key: "This is a private key. Never share it: paste the public key instead",
  revoked: "This key has been revoked",
  expired: "This key expired on {date}",
  no_encryption_key: "This key has no usable encryption subkey",
  email_missing: "None of this key's user IDs has your account's e-mail address {email}",
}

/** The largest key text taken: a 4096-bit RSA key with several user IDs and signatures stays well under it. */
export const PGP_KEY_MAX_LENGTH = 100_000

/** Ended sessions and the client addresses of sign-in records are deleted after this many days unless SIGN_IN_RECORD_DAYS says otherwise. */
export const SIGN_IN_RECORD_DAYS = 30

/** POST /api/account/deletion's refusal for an administrator (409 `details.code`). */
export const ADMIN_ACCOUNT_DELETION_CODE = "admin_account"
export const ADMIN_ACCOUNT_DELETION_MESSAGE =
  "An administrator's account cannot be deleted here: another administrator must first take the admin role away"

export const ACCOUNT_DELETED_MESSAGE = "Your account has been deleted"
export const PGP_KEY_SAVED_MESSAGE = "Key saved. We sent you an encrypted test mail"
export const PGP_KEY_REMOVED_MESSAGE = "Key removed. Mails are no longer encrypted"
export const SESSION_ENDED_MESSAGE = "Session signed out"
export const SESSION_NOT_FOUND_MESSAGE = "No such session of your account"

/** The refusal's English words with its details filled in. */
export function pgpKeyRefusalMessage(code: PgpKeyRefusal, details: { email?: string; date?: string } = {}): string {
  return PGP_KEY_REFUSAL_MESSAGES[code].replace("{email}", details.email ?? "").replace("{date}", details.date ?? "")
}
