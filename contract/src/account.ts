import { z } from "zod"

// The request schemas of accounts (sign-in, registration, profile, passwords, codes, resets) are forms: ./forms.ts.
export {
  EMAIL_REQUIRED_MESSAGE,
  emailChangeConfirmSchema,
  loginSchema,
  passwordChangeFormSchema,
  passwordChangeSchema,
  passwordResetConfirmSchema,
  passwordResetFormSchema,
  passwordResetRequestSchema,
  passwordSchema,
  profileUpdateSchema,
  registerFormSchema,
  registerSchema,
  twoFactorCodeSchema,
  usernameSchema,
  pgpKeySaveSchema,
  accountDeletionSchema,
  type PgpKeySave,
  type AccountDeletion,
  type EmailChangeConfirm,
  type LoginRequest,
  type PasswordChange,
  type PasswordResetConfirm,
  type PasswordResetRequest,
  type ProfileUpdate,
  type RegisterRequest,
  type TwoFactorCode,
} from "./forms.js"

/** GET /api/account/sessions: one signed-in session of the account (its id is a digest, never the cookie's secret). */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
  /** The browser's User-Agent at sign-in; null for sessions from before it was kept. */
  userAgent: z.string().nullable(),
  signedInAt: z.string().datetime({ offset: true }),
  /** When the session was last used, to five minutes. */
  lastSeenAt: z.string().datetime({ offset: true }),
  /**
   * Roughly where it signed in from: the client's network (IPv4 /24, IPv6 /48), never the whole
   * address; null when the shop did not keep one (older sessions, or records past SIGN_IN_RECORD_DAYS).
   */
  network: z.string().nullable(),
})
export type AccountSession = z.infer<typeof accountSessionSchema>
export const accountSessionListSchema = z.array(accountSessionSchema)

/** DELETE /api/account/sessions: every other session of the account ended. */
export const sessionsEndedSchema = z.object({ message: z.string(), ended: z.number().int().min(0) })
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>

/** POST /api/account/two-factor/setup: a new secret to put into the authenticator app (not on until enabled). */
export const twoFactorSetupSchema = z.object({
  /** The secret in base32, for typing into the app by hand. */
  secret: z.string(),
  /** The otpauth:// address the QR code holds. */
  otpauthUrl: z.string(),
  /** The QR code of otpauthUrl as an SVG document. */
  qrCodeSvg: z.string(),
})
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>

/** POST /api/account/two-factor/enable: the ten single-use recovery codes, shown this once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()).length(10) })
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>

/** POST /api/login of an account with two-factor sign-in: the password was right, a code must follow. */
export const twoFactorRequiredSchema = z.object({ twoFactorRequired: z.literal(true) })
export type TwoFactorRequired = z.infer<typeof twoFactorRequiredSchema>

/**
 * A user as every answer carries it (docs/product.md §3). Never a password hash, 2FA secret or encryption
 * key: those fields do not exist on the wire.
 */
export const userSchema = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  /** A business customer has both a company name and a VAT ID. */
  companyName: z.string().nullable(),
  vatId: z.string().nullable(),
  isAdmin: z.boolean(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  loginAttempts: z.number().int().min(0),
  accountLocked: z.boolean(),
  /** Until when sign-in is refused after too many failed attempts; null when not locked. */
  lockedUntil: z.string().datetime({ offset: true }).nullable(),
  lastLogin: z.string().datetime({ offset: true }).nullable(),
  passwordLastChanged: z.string().datetime({ offset: true }).nullable(),
  createdAt: z.string().datetime({ offset: true }),
})
export type User = z.infer<typeof userSchema>

/**
 * PUT /api/account's answer: the account as it is now, and when the body asked for another e-mail,
 * that address (still waiting for its link) and EMAIL_CHANGE_SENT_MESSAGE: the same whether or not
 * another account has the address.
 */
export const profileUpdateAnswerSchema = userSchema.extend({
  pendingEmail: z.string().optional(),
  message: z.string().optional(),
})
export type ProfileUpdateAnswer = z.infer<typeof profileUpdateAnswerSchema>
export const userListSchema = z.array(userSchema)

/**
 * GET /api/session: who is signed in, null for a visitor. Pages ask this instead of GET /api/user,
 * whose documented 401 for a visitor browsers log as an error on every signed-out page.
 */
export const sessionStateSchema = z.object({ user: userSchema.nullable() })
export type SessionState = z.infer<typeof sessionStateSchema>

/** A path id (user, order, cart item, shipping method): a whole number, else a 400. */
export const wholeNumberIdSchema = (what: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${what} id must be a whole number`)
    .transform(Number)
    .refine((n) => n >= 1, `${what} id must be a whole number`)

/** GET/PUT /api/account/pgp-key: the key mails to the account are encrypted to (its public facts; null: none). */
export const pgpKeySchema = z.object({
  /** 40 hex digits (v4) or 64 (v6), upper case. */
  fingerprint: z.string(),
  userIds: z.array(z.string()),
  algorithm: z.string(),
  createdAt: z.string().datetime({ offset: true }),
  /** Null: it does not expire. */
  expiresAt: z.string().datetime({ offset: true }).nullable(),
})
export type PgpKey = z.infer<typeof pgpKeySchema>
export const pgpKeyStateSchema = z.object({ key: pgpKeySchema.nullable() })
export type PgpKeyState = z.infer<typeof pgpKeyStateSchema>
export const pgpKeySavedSchema = z.object({ key: pgpKeySchema, message: z.string() })
export type PgpKeySaved = z.infer<typeof pgpKeySavedSchema>

/** One sign-in of the account as the data download lists it (kept SIGN_IN_RECORD_DAYS after it ended). */
export const signInRecordSchema = z.object({
  signedInAt: z.string().datetime({ offset: true }),
  endedAt: z.string().datetime({ offset: true }).nullable(),
  userAgent: z.string().nullable(),
  /** The client's address; null once SIGN_IN_RECORD_DAYS have passed. */
  address: z.string().nullable(),
  method: z.string(),
})
export type SignInRecord = z.infer<typeof signInRecordSchema>

/**
 * GET /api/account/data: everything the shop holds about the signed-in customer (GDPR Art. 15, 20),
 * as one JSON file; docs/product.md "Your data" describes each part.
 */
export const accountDataSchema = z.object({
  account: z.looseObject({ username: z.string(), email: z.string() }),
  addresses: z.array(z.looseObject({})),
  orders: z.array(z.looseObject({ id: z.number() })),
  withdrawals: z.array(z.looseObject({})),
  signIns: z.array(signInRecordSchema),
  /** The live sessions, as the account page lists them. */
  sessions: z.array(z.looseObject({})),
  passkeys: z.array(z.looseObject({})),
  pgpKey: z.looseObject({}).nullable(),
  mails: z.array(z.object({ subject: z.string().nullable(), template: z.string(), sentAt: z.string(), status: z.string() })),
  consents: z.array(z.looseObject({})),
})
export type AccountData = z.infer<typeof accountDataSchema>
