import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import {
  MAX_PASSKEYS_PER_ACCOUNT,
  PASSKEY_CHALLENGE_MINUTES,
  PASSKEY_NOT_FOUND_MESSAGE,
  passkeyMessages,
  type Passkey,
  type PasskeyAssertion,
  type PasskeyCreationOptions,
  type PasskeyRefusalCode,
  type PasskeyRegistration,
  type PasskeyRequestOptions,
} from "@enclave/contract"
import type { PasskeyRow } from "../index"
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type WebAuthnCredential,
} from "@simplewebauthn/server"
import { isoBase64URL } from "@simplewebauthn/server/helpers"
import { ShopError } from "@enclave/contract/shop-error"
import type { Language } from "@enclave/contract/i18n"
import { staffSecondFactorRequired } from "@enclave/catalogue"
import { keepChallenge, takeChallenge, type ChallengePurpose } from "./challenges"
import { signedIn } from "../sign-in/sign-in"
import { countAttempt, countCodeFailure, countSuccess, failureError, type Attempt } from "../sign-in/guard"
import { accountsService, findUserById, type ShopUserRow } from "../users"

/**
 * Passkeys and security keys (WebAuthn, with @simplewebauthn/server). A passkey signs in on its own:
 * it is something the person has (the authenticator) unlocked by something they know or are (its
 * PIN or biometrics, which a username-less sign-in requires), so it needs no authenticator code. It
 * also serves as the second step after the password, where user verification is only preferred: a
 * plain security key without a PIN is a second factor beside the password.
 *
 * Every account keeps its password, so a passkey is never an account's only way in: removing one is
 * refused only when it would take away the second factor the shop requires of staff (an admin's last
 * passkey while "staff must use two factors" is on and two-factor sign-in is off).
 */

type AuthenticatorTransportFuture = NonNullable<WebAuthnCredential["transports"]>[number]

const TIMEOUT_MS = PASSKEY_CHALLENGE_MINUTES * 60 * 1000
const RP_NAME = "Enclave"

/** The relying party a ceremony is for: the shop's origin (PUBLIC_URL, else the request's) and its host. */
export interface RelyingParty {
  id: string
  origin: string
}

/** What a passkey ceremony runs with: the container, and the relying party the facade read off the request. */
export interface PasskeyCeremony {
  container: MedusaContainer
  rp: RelyingParty
}

export function passkeyRefusal(status: number, code: PasskeyRefusalCode): ShopError {
  return new ShopError(code, passkeyMessages[code], { code }, { status })
}

const transportsOf = (row: PasskeyRow): AuthenticatorTransportFuture[] =>
  Array.isArray(row.transports) ? (row.transports as AuthenticatorTransportFuture[]) : []

function toContractPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
    transports: transportsOf(row),
    synced: row.device_type === "multiDevice",
  }
}

async function passkeyRowsOf(container: MedusaContainer, userId: string): Promise<PasskeyRow[]> {
  return (await accountsService(container).listPasskeys({ shop_user_id: userId }, { order: { created_at: "ASC" } })) as PasskeyRow[]
}

/** GET /api/account/passkeys: oldest first. */
export async function listPasskeys(container: MedusaContainer, user: ShopUserRow): Promise<Passkey[]> {
  return (await passkeyRowsOf(container, user.id)).map(toContractPasskey)
}

export async function hasPasskeys(container: MedusaContainer, userId: string): Promise<boolean> {
  return (await accountsService(container).listPasskeys({ shop_user_id: userId }, { take: 1, select: ["id"] })).length > 0
}

/** POST /api/account/passkeys/registration-options: a discoverable credential with user verification, none of the account's own again. */
export async function registrationOptions(ceremony: PasskeyCeremony, user: ShopUserRow): Promise<PasskeyCreationOptions> {
  const existing = await passkeyRowsOf(ceremony.container, user.id)
  if (existing.length >= MAX_PASSKEYS_PER_ACCOUNT) throw passkeyRefusal(409, "too_many_passkeys")
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: ceremony.rp.id,
    userName: user.username,
    // The account's id, not its name or e-mail: the authenticator keeps this handle, and it tells nobody anything.
    userID: isoBase64URL.toBuffer(isoBase64URL.fromUTF8String(user.id)),
    userDisplayName: user.full_name?.trim() || user.username,
    timeout: TIMEOUT_MS,
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  })
  await keepChallenge(ceremony.container, options.challenge, { purpose: "registration", userId: user.id })
  return options as unknown as PasskeyCreationOptions
}

/**
 * Answers whether a challenge the browser signed is one this ceremony issued, using it up either way:
 * simplewebauthn asks it while verifying, so a replayed or foreign challenge fails the verification.
 */
function challengeCheck(container: MedusaContainer, purpose: ChallengePurpose, userId: string | null) {
  const outcome = { refused: false }
  const check = async (challenge: string) => {
    const issued = await takeChallenge(container, challenge)
    const fits = issued !== null && issued.purpose === purpose && (userId === null || issued.userId === userId)
    if (!fits) outcome.refused = true
    return fits
  }
  return { check, outcome }
}

/** POST /api/account/passkeys: checks the browser's answer to the registration options and keeps the passkey's public parts. */
export async function registerPasskey(ceremony: PasskeyCeremony, user: ShopUserRow, body: PasskeyRegistration): Promise<Passkey> {
  const rp = ceremony.rp
  const { check, outcome } = challengeCheck(ceremony.container, "registration", user.id)
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>
  try {
    verification = await verifyRegistrationResponse({
      response: body.response as never,
      expectedChallenge: check,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    })
  } catch {
    throw passkeyRefusal(400, outcome.refused ? "passkey_challenge_invalid" : "passkey_invalid")
  }
  if (!verification.verified) throw passkeyRefusal(400, "passkey_invalid")
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo
  const accounts = accountsService(ceremony.container)
  if ((await accounts.listPasskeys({ credential_id: credential.id }, { take: 1, select: ["id"] })).length > 0) {
    throw passkeyRefusal(409, "passkey_already_registered")
  }
  if ((await passkeyRowsOf(ceremony.container, user.id)).length >= MAX_PASSKEYS_PER_ACCOUNT) throw passkeyRefusal(409, "too_many_passkeys")
  try {
    const row = await accounts.createPasskeys({
      shop_user_id: user.id,
      credential_id: credential.id,
      public_key: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: (credential.transports ?? body.response.response.transports ?? []) as never,
      name: body.name,
      device_type: credentialDeviceType,
      backed_up: credentialBackedUp,
    })
    return toContractPasskey(row as PasskeyRow)
  } catch (error) {
    // Two registrations of one credential racing: the unique index decides.
    if (MedusaError.isMedusaError(error) && error.type === MedusaError.Types.INVALID_DATA)
      throw passkeyRefusal(409, "passkey_already_registered")
    throw error
  }
}

async function ownPasskey(container: MedusaContainer, user: ShopUserRow, id: string): Promise<PasskeyRow> {
  const [row] = await accountsService(container).listPasskeys({ id, shop_user_id: user.id }, { take: 1 })
  if (!row) throw new ShopError("passkey_not_found", PASSKEY_NOT_FOUND_MESSAGE)
  return row as PasskeyRow
}

export async function renamePasskey(container: MedusaContainer, user: ShopUserRow, id: string, name: string): Promise<Passkey> {
  await ownPasskey(container, user, id)
  return toContractPasskey((await accountsService(container).updatePasskeys({ id, name })) as PasskeyRow)
}

/**
 * Whether the account would still have the second factor the shop requires of it without `leaving`
 * (a passkey being removed, or "totp" being turned off). Only admins are held to it, and only while
 * the staff setting is on.
 */
export async function keepsRequiredSecondFactor(container: MedusaContainer, user: ShopUserRow, leaving: string): Promise<boolean> {
  if (!user.is_admin || !(await staffSecondFactorRequired(container))) return true
  const totp = user.two_factor_enabled && leaving !== "totp"
  const passkeys = (await passkeyRowsOf(container, user.id)).filter((row) => row.id !== leaving)
  return totp || passkeys.length > 0
}

/** DELETE /api/account/passkeys/{id}: gone at once; a sign-in with it afterwards is refused as unknown. */
export async function removePasskey(container: MedusaContainer, user: ShopUserRow, id: string): Promise<void> {
  await ownPasskey(container, user, id)
  if (!(await keepsRequiredSecondFactor(container, user, id))) throw passkeyRefusal(409, "last_second_factor")
  await accountsService(container).deletePasskeys(id)
}

// ---- Assertions: sign-in, second step, confirmation ----

async function requestOptions(
  ceremony: PasskeyCeremony,
  purpose: ChallengePurpose,
  user: ShopUserRow | null,
  userVerification: "required" | "preferred",
): Promise<PasskeyRequestOptions> {
  const rows = user ? await passkeyRowsOf(ceremony.container, user.id) : []
  if (user && rows.length === 0) throw passkeyRefusal(409, "no_passkeys")
  const options = await generateAuthenticationOptions({
    rpID: ceremony.rp.id,
    timeout: TIMEOUT_MS,
    userVerification,
    // Username-less: no list, the authenticator offers what it holds for the shop.
    allowCredentials: rows.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
  })
  await keepChallenge(ceremony.container, options.challenge, { purpose, userId: user?.id ?? null })
  return options as unknown as PasskeyRequestOptions
}

/** POST /api/login/passkey/options: for a username-less sign-in (discoverable credentials, user verification required). */
export const signInOptions = (ceremony: PasskeyCeremony) => requestOptions(ceremony, "sign-in", null, "required")

/** POST /api/login/passkey/second-factor/options: the pending sign-in's account's passkeys. */
export const secondFactorOptions = (ceremony: PasskeyCeremony, user: ShopUserRow) =>
  requestOptions(ceremony, "second-factor", user, "preferred")

/** POST /api/account/passkeys/confirm/options: the signed-in account's passkeys, for verifyPasskeyConfirmation. */
export const confirmationOptions = (ceremony: PasskeyCeremony, user: ShopUserRow) =>
  requestOptions(ceremony, "confirmation", user, "required")

async function passkeyByCredential(container: MedusaContainer, credentialId: string): Promise<PasskeyRow | null> {
  const [row] = await accountsService(container).listPasskeys({ credential_id: credentialId }, { take: 1 })
  return (row as PasskeyRow | undefined) ?? null
}

/**
 * Verifies an assertion of `passkey` for the ceremony `purpose` (of `userId`, or of whoever the
 * passkey belongs to), then moves its counter on. Throws the refusal with `status` otherwise.
 */
async function verifyAssertion(
  ceremony: PasskeyCeremony,
  passkey: PasskeyRow | null,
  body: PasskeyAssertion,
  expected: { purpose: ChallengePurpose; userId: string | null; requireUserVerification: boolean; status: number },
): Promise<PasskeyRow> {
  const { check, outcome } = challengeCheck(ceremony.container, expected.purpose, expected.userId)
  if (!passkey || (expected.userId !== null && passkey.shop_user_id !== expected.userId)) {
    // Used up all the same: a challenge answered with an unknown credential opens nothing later.
    await check(challengeOf(body)).catch(() => false)
    throw passkeyRefusal(expected.status, "passkey_unknown")
  }
  // A discoverable credential names its account (the handle given at registration): it must be the passkey's.
  const handle = body.response.response.userHandle
  if (handle && isoBase64URL.toUTF8String(handle) !== passkey.shop_user_id) {
    await check(challengeOf(body)).catch(() => false)
    throw passkeyRefusal(expected.status, "passkey_invalid")
  }
  const rp = ceremony.rp
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>
  try {
    verification = await verifyAuthenticationResponse({
      response: body.response as never,
      expectedChallenge: check,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: isoBase64URL.toBuffer(passkey.public_key),
        counter: Number(passkey.counter),
        transports: transportsOf(passkey),
      },
      requireUserVerification: expected.requireUserVerification,
    })
  } catch {
    throw passkeyRefusal(expected.status, outcome.refused ? "passkey_challenge_invalid" : "passkey_invalid")
  }
  if (!verification.verified) throw passkeyRefusal(expected.status, "passkey_invalid")
  await accountsService(ceremony.container).recordPasskeyUse({ id: passkey.id, counter: verification.authenticationInfo.newCounter })
  return passkey
}

/** The challenge in the browser's clientDataJSON ("" when it cannot be read). */
function challengeOf(body: PasskeyAssertion): string {
  try {
    const data = JSON.parse(isoBase64URL.toUTF8String(body.response.response.clientDataJSON)) as { challenge?: unknown }
    return typeof data.challenge === "string" ? data.challenge : ""
  } catch {
    return ""
  }
}

/**
 * A username-less sign-in key for the sign-in guard: the account's username when the credential is
 * one of the shop's, else a key of the credential itself, so an unknown credential counts against the
 * client's address like an unknown username.
 */
const unknownCredentialKey = (credentialId: string) => `passkey:${credentialId.slice(0, 64)}`

/**
 * POST /api/login/passkey: a username-less sign-in. Counted by the sign-in guard like a password
 * (the per-address limits and locks hold whatever one signs in with); no proof-of-work challenge,
 * since a signature cannot be guessed.
 */
export async function signInWithPasskey(
  ceremony: PasskeyCeremony,
  body: PasskeyAssertion,
  clientAddress: string,
  language: Language | null,
): Promise<ShopUserRow> {
  const passkey = await passkeyByCredential(ceremony.container, body.response.id)
  const user = passkey ? await findUserById(ceremony.container, passkey.shop_user_id) : null
  const attempt = await countAttempt(
    ceremony.container,
    user?.username_key ?? unknownCredentialKey(body.response.id),
    clientAddress,
    "counted",
  )
  try {
    await verifyAssertion(ceremony, user ? passkey : null, body, {
      purpose: "sign-in",
      userId: null,
      requireUserVerification: true,
      status: 401,
    })
  } catch (error) {
    throw error instanceof ShopError ? failureError(attempt, error) : error
  }
  return signedIn(ceremony.container, attempt, user!, language)
}

/**
 * POST /api/login/passkey/second-factor: the pending sign-in's second step with a passkey instead of
 * an authenticator code, counted as a code is (sign-in.ts completeSecondFactor).
 */
export async function completeSecondFactorWithPasskey(
  ceremony: PasskeyCeremony,
  user: ShopUserRow,
  body: PasskeyAssertion,
  clientAddress: string,
  language: Language | null,
): Promise<ShopUserRow> {
  const attempt: Attempt = await countAttempt(ceremony.container, user.username_key, clientAddress, "onFailure")
  try {
    const passkey = await passkeyByCredential(ceremony.container, body.response.id)
    await verifyAssertion(ceremony, passkey, body, {
      purpose: "second-factor",
      userId: user.id,
      requireUserVerification: false,
      status: 401,
    })
  } catch (error) {
    if (!(error instanceof ShopError)) throw error
    await countCodeFailure(ceremony.container, attempt)
    throw failureError(attempt, error)
  }
  return signedIn(ceremony.container, attempt, user, language)
}

/**
 * Verifies that the signed-in `user` has just confirmed something with one of their passkeys: `body` is
 * the browser's answer to the options of POST /api/account/passkeys/confirm/options (user verification
 * required, so it stands in for the password). Counted like a password confirmation: a failure is a
 * failed sign-in of the account from this address (5 lock it there, 423), a success resets the count.
 * Throws the refusal (400 with `details.code`, or 423/429) when it does not hold; resolves otherwise.
 * For a route that confirms a grave change (deleting the account) with a passkey instead of the password:
 *
 *   const { response } = validate(passkeyAssertionSchema, { response: req.body.passkey })
 *   await verifyPasskeyConfirmation(passkeyCeremony(req), user, { response }, clientAddress(req))
 */
export async function verifyPasskeyConfirmation(
  ceremony: PasskeyCeremony,
  user: ShopUserRow,
  body: PasskeyAssertion,
  clientAddress: string,
): Promise<void> {
  const attempt = await countAttempt(ceremony.container, user.username_key, clientAddress, "counted")
  try {
    const passkey = await passkeyByCredential(ceremony.container, body.response.id)
    await verifyAssertion(ceremony, passkey, body, { purpose: "confirmation", userId: user.id, requireUserVerification: true, status: 400 })
  } catch (error) {
    throw error instanceof ShopError ? failureError(attempt, error) : error
  }
  await countSuccess(ceremony.container, attempt)
}
