import { z } from "zod"
import { text } from "./text.js"
import { normaliseVatId, vatIdProblem } from "./vat.js"
import { DIRECTION_CONTROL_MESSAGE, INVALID_CREDENTIALS_MESSAGE, RESET_LINK_INVALID_MESSAGE, withoutDirectionControls } from "./values.js"

/** Usernames are how people sign in: short, unambiguous, no spaces. */
export const usernameSchema = text("Username")
  .trim()
  .min(1, "Username is required")
  .min(3, "Username must be at least 3 characters")
  .max(50, "Username must be at most 50 characters")
  .regex(/^[A-Za-z0-9._-]+$/, "Username may contain only letters, digits, dots, dashes and underscores")

export const passwordSchema = text("Password")
  .min(1, "Password is required")
  .min(8, "Password must be at least 8 characters")
  // scrypt hashes any length, but a megabyte password is an attack, not a password.
  .max(200, "Password must be at most 200 characters")

const required = (message: string, max = 200) =>
  text(message.replace(/ is required$/, ""), message)
    .trim()
    .min(1, message)
    .max(max, `${message.replace(/ is required$/, "")} is too long`)
    .refine(withoutDirectionControls, DIRECTION_CONTROL_MESSAGE)

const optionalText = (label: string) =>
  z.string().trim().max(200, `${label} is too long`).refine(withoutDirectionControls, DIRECTION_CONTROL_MESSAGE).optional().nullable()

export const EMAIL_REQUIRED_MESSAGE = "Email is required"
/** An empty address is named as missing, not as malformed (issue 19). */
const emailSchema = text("Email", "Invalid email address")
  .trim()
  .min(1, EMAIL_REQUIRED_MESSAGE)
  .max(254, "Invalid email address")
  .email("Invalid email address")

/**
 * A VAT ID, optional: empty means none; else normalised (upper case, no spaces, dots or dashes)
 * and checked for its country's form.
 */
const vatIdSchema = text("VAT ID")
  .max(40, "VAT ID is too long")
  .transform(normaliseVatId)
  .superRefine((vatId, ctx) => {
    const problem = vatId === "" ? null : vatIdProblem(vatId)
    if (problem) ctx.addIssue({ code: "custom", message: problem })
  })
  .transform((vatId) => vatId || null)
  .optional()
  .nullable()

/** The profile's fields with the register form's rules (docs/product.md §5): registration and PUT /api/account. */
const profileFields = {
  email: emailSchema,
  fullName: optionalText("Full name"),
  /** With a VAT ID: a business customer (invoice and wire transfer, issue 17). */
  companyName: optionalText("Company name"),
  vatId: vatIdSchema,
  addressLine1: required("Street address is required"),
  addressLine2: optionalText("Address line 2"),
  city: required("City is required", 100),
  state: required("State/Province is required", 100),
  postalCode: required("Postal code is required", 20),
  country: required("Country is required", 100),
}

/**
 * POST /api/register (docs/product.md §5). `isAdmin` is accepted because the storefront sends it, and
 * ignored: admins exist only through the seed or `npm run admin:promote`.
 */
export const registerSchema = z
  .strictObject({
    username: usernameSchema,
    email: profileFields.email,
    password: passwordSchema,
    confirmPassword: z.string().optional(),
    fullName: profileFields.fullName,
    companyName: profileFields.companyName,
    vatId: profileFields.vatId,
    isAdmin: z.boolean().optional(),
    addressLine1: profileFields.addressLine1,
    addressLine2: profileFields.addressLine2,
    city: profileFields.city,
    state: profileFields.state,
    postalCode: profileFields.postalCode,
    country: profileFields.country,
  })
  .refine((body) => body.confirmPassword === undefined || body.confirmPassword === body.password, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  })
export type RegisterRequest = z.infer<typeof registerSchema>

/** The storefront's register form: the same rules, and the password typed twice. */
export const registerFormSchema = registerSchema
  .safeExtend({ confirmPassword: z.string() })
  .refine((body) => body.confirmPassword === body.password, { message: "Passwords don't match", path: ["confirmPassword"] })

/** PUT /api/account: the signed-in customer's own profile. The username stays what it was. */
export const profileUpdateSchema = z.strictObject(profileFields)
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>

/** POST /api/account/password. A wrong current password counts toward the sign-in lock. */
export const passwordChangeSchema = z
  .strictObject({
    currentPassword: text("Current password").min(1, "Current password is required").max(200, "Current password is incorrect"),
    newPassword: passwordSchema,
  })
  .refine((body) => body.newPassword !== body.currentPassword, {
    message: "The new password must differ from the current one",
    path: ["newPassword"],
  })
export type PasswordChange = z.infer<typeof passwordChangeSchema>

/** The storefront's change-password form: the new password typed twice. */
export const passwordChangeFormSchema = passwordChangeSchema
  .safeExtend({ confirmPassword: z.string() })
  .refine((body) => body.confirmPassword === body.newPassword, { message: "Passwords don't match", path: ["confirmPassword"] })

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
})
export type AccountSession = z.infer<typeof accountSessionSchema>
export const accountSessionListSchema = z.array(accountSessionSchema)

/** DELETE /api/account/sessions: every other session of the account ended. */
export const sessionsEndedSchema = z.object({ message: z.string(), ended: z.number().int().min(0) })
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>

/**
 * A one-time code: six digits of the authenticator app (RFC 6238), or one of the ten recovery codes
 * (`xxxxx-xxxxx`, letters and digits). Spaces people type between groups are dropped.
 */
export const twoFactorCodeSchema = z.strictObject({
  code: text("Code")
    .transform((code) => code.replace(/\s+/g, ""))
    .pipe(
      z
        .string()
        .min(1, "Code is required")
        .regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, "Enter the 6-digit code from your authenticator app or a recovery code"),
    ),
})
export type TwoFactorCode = z.infer<typeof twoFactorCodeSchema>

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

/** POST /api/password-reset: always the same answer, whether or not the address has an account. */
export const passwordResetRequestSchema = z.strictObject({ email: emailSchema })
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>

/** POST /api/password-reset/confirm: the token from the mail's link and the new password. */
export const passwordResetConfirmSchema = z.strictObject({
  token: text("Token", RESET_LINK_INVALID_MESSAGE).min(1, RESET_LINK_INVALID_MESSAGE).max(200, RESET_LINK_INVALID_MESSAGE),
  password: passwordSchema,
})
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>

/** The storefront's reset form: the new password typed twice. */
export const passwordResetFormSchema = passwordResetConfirmSchema
  .safeExtend({ confirmPassword: z.string() })
  .refine((body) => body.confirmPassword === body.password, { message: "Passwords don't match", path: ["confirmPassword"] })

/** POST /api/login. Only presence is checked here: a wrong shape must not hint at which part is wrong. */
export const loginSchema = z.strictObject({
  username: text("Username").trim().min(1, "Username is required").max(200, INVALID_CREDENTIALS_MESSAGE),
  password: text("Password").min(1, "Password is required").max(200, INVALID_CREDENTIALS_MESSAGE),
})
export type LoginRequest = z.infer<typeof loginSchema>

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
export const userListSchema = z.array(userSchema)

/**
 * GET /api/session: who is signed in, null for a visitor. Pages ask this instead of GET /api/user,
 * whose documented 401 for a visitor browsers log as an error on every signed-out page (issue 19).
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
