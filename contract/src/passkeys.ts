import { z } from "zod"
import {
  DIRECTION_CONTROL_MESSAGE,
  MAX_PASSKEYS_PER_ACCOUNT,
  PASSKEY_NAME_LENGTH_MESSAGE,
  PASSKEY_NAME_MAX_LENGTH,
  PASSKEY_NAME_REQUIRED_MESSAGE,
  withoutDirectionControls,
  type PasskeyRefusalCode,
} from "./values.js"

/**
 * Passkeys and security keys (WebAuthn, FIDO2): an account's list, the ceremonies' options and the
 * browser's answers as the facade takes them. The options are WebAuthn's own JSON form
 * (PublicKeyCredentialCreationOptionsJSON / …RequestOptionsJSON), which @simplewebauthn/browser hands
 * to navigator.credentials as it is; the answers are the browser's RegistrationResponseJSON and
 * AuthenticationResponseJSON. Binary values travel as base64url.
 */

/** What each refusal says; `details.code` names it, so pages say it in their own language. */
export const passkeyMessages = {
  passkey_challenge_invalid: "This passkey request has expired or was used already. Please try again.",
  passkey_unknown: "This passkey is not registered with this shop",
  passkey_invalid: "The passkey could not be verified",
  passkey_already_registered: "This passkey is registered already",
  too_many_passkeys: `An account can have at most ${MAX_PASSKEYS_PER_ACCOUNT} passkeys: remove one first`,
  no_passkeys: "This account has no passkey: enter the code of your authenticator app",
  last_second_factor:
    "This passkey is your last second factor, and the shop requires two factors of its staff: turn on two-factor sign-in before removing it",
  staff_second_factor_required:
    "This shop requires staff to sign in with two factors. Add a passkey or turn on two-factor sign-in on your account page, then sign in again with it.",
  own_second_factor_required:
    "Sign in with two factors yourself (a passkey, or your password and an authenticator code) before requiring them of all staff",
} as const satisfies Record<PasskeyRefusalCode, string>

export const PASSKEY_NOT_FOUND_MESSAGE = "No such passkey"

/** `details` of a passkey refusal. */
export interface PasskeyRefusalDetails {
  code: PasskeyRefusalCode
}

/** A passkey's name: trimmed, 1 to PASSKEY_NAME_MAX_LENGTH characters, no direction controls (it is shown to people). */
export const passkeyNameSchema = z
  .string({ error: PASSKEY_NAME_REQUIRED_MESSAGE })
  .trim()
  .min(1, PASSKEY_NAME_REQUIRED_MESSAGE)
  .max(PASSKEY_NAME_MAX_LENGTH, PASSKEY_NAME_LENGTH_MESSAGE)
  .refine(withoutDirectionControls, DIRECTION_CONTROL_MESSAGE)

/** A passkey's id in the path: the id GET /api/account/passkeys answers. */
export const passkeyIdSchema = z.string().regex(/^passkey_[0-9A-Za-z]{10,40}$/, "Passkey id must be the id of one of your passkeys")

/** Binary data of a WebAuthn message, base64url without padding; 64 kB is far beyond any real one. */
const base64url = (name: string) =>
  z
    .string({ error: `${name} must be base64url text` })
    .max(65_536, `${name} is too long`)
    .regex(/^[A-Za-z0-9_-]*$/, `${name} must be base64url text`)

const credentialId = base64url("Credential id").min(1, "Credential id is required").max(1_366, "Credential id is too long")
const transports = z.array(z.string().max(32)).max(10)
const authenticatorAttachment = z.enum(["platform", "cross-platform"])

/** The browser's answer to navigator.credentials.create (RegistrationResponseJSON). */
export const passkeyRegistrationResponseSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal("public-key", { error: "Type must be public-key" }),
  response: z.object({
    clientDataJSON: base64url("clientDataJSON"),
    attestationObject: base64url("attestationObject"),
    authenticatorData: base64url("authenticatorData").optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url("publicKey").optional(),
  }),
  authenticatorAttachment: authenticatorAttachment.optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
})

/** The browser's answer to navigator.credentials.get (AuthenticationResponseJSON). */
export const passkeyAuthenticationResponseSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal("public-key", { error: "Type must be public-key" }),
  response: z.object({
    clientDataJSON: base64url("clientDataJSON"),
    authenticatorData: base64url("authenticatorData"),
    signature: base64url("signature"),
    userHandle: base64url("userHandle").optional(),
  }),
  authenticatorAttachment: authenticatorAttachment.optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
})

/** A body of these fields and no other: an unknown field is named in the 400. */
const strictBody = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.strictObject(shape, { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : undefined) })

/** POST /api/account/passkeys: the new passkey's name and the browser's answer to the registration options. */
export const passkeyRegistrationSchema = strictBody({ name: passkeyNameSchema, response: passkeyRegistrationResponseSchema })
export type PasskeyRegistration = z.infer<typeof passkeyRegistrationSchema>

/** PUT /api/account/passkeys/{id}. */
export const passkeyRenameSchema = strictBody({ name: passkeyNameSchema })
export type PasskeyRename = z.infer<typeof passkeyRenameSchema>

/** A passkey sign-in, the second step with a passkey, or a confirmation: the browser's answer to the request options. */
export const passkeyAssertionSchema = strictBody({ response: passkeyAuthenticationResponseSchema })
export type PasskeyAssertion = z.infer<typeof passkeyAssertionSchema>

/** One passkey of the account: what the account page shows. The public key stays on the server. */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string().datetime({ offset: true }),
  /** Null until it signs in or confirms something the first time. */
  lastUsedAt: z.string().datetime({ offset: true }).nullable(),
  /** How the browser said it reaches the authenticator (internal, usb, nfc, ble, hybrid). */
  transports: z.array(z.string()),
  /** Synced between devices (a passkey in a password manager or a phone's cloud) rather than bound to one. */
  synced: z.boolean(),
})
export type Passkey = z.infer<typeof passkeySchema>
export const passkeyListSchema = z.array(passkeySchema)

const credentialDescriptor = z.looseObject({ id: z.string(), type: z.literal("public-key"), transports: z.array(z.string()).optional() })

/** WebAuthn's PublicKeyCredentialCreationOptionsJSON: hand it to the browser's create() as it is. */
export const passkeyCreationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rp: z.looseObject({ name: z.string(), id: z.string().optional() }),
  user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.looseObject({ type: z.literal("public-key"), alg: z.number() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z.looseObject({}).optional(),
  attestation: z.string().optional(),
})
export type PasskeyCreationOptions = z.infer<typeof passkeyCreationOptionsSchema>

/** WebAuthn's PublicKeyCredentialRequestOptionsJSON: hand it to the browser's get() as it is. */
export const passkeyRequestOptionsSchema = z.looseObject({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().optional(),
  /** Empty for a username-less sign-in: the authenticator offers the passkeys it holds for the shop. */
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: z.enum(["required", "preferred", "discouraged"]).optional(),
})
export type PasskeyRequestOptions = z.infer<typeof passkeyRequestOptionsSchema>

/**
 * POST /api/account/deletion confirmed with a passkey instead of the password: the browser's answer
 * to POST /api/account/passkeys/confirm/options.
 */
export const accountDeletionByPasskeySchema = strictBody({ passkey: passkeyAuthenticationResponseSchema })
export type AccountDeletionByPasskey = z.infer<typeof accountDeletionByPasskeySchema>
