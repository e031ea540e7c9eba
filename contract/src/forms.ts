/**
 * The request schemas people fill in as forms: sign-in, registration, the profile, passwords, one-time
 * codes, password resets and the shipping address. The facade validates the requests with them and the
 * storefront its forms, so they are written with zod/mini, whose unused parts a browser bundle leaves
 * out ("@enclave/contract/forms"); "@enclave/contract" re-exports them with the rest.
 *
 * zod/mini sets no error texts of its own: every check here names its message, and on the server the
 * classic zod the other schemas use supplies the English defaults for what is left (unknown keys).
 */
import * as z from "zod/mini"
import { normaliseVatId, vatIdProblem } from "./vat.js"
import { PGP_KEY_MAX_LENGTH } from "./privacy.js"
import {
  DIRECTION_CONTROL_MESSAGE,
  EMAIL_CHANGE_LINK_INVALID_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
  shippingCountryCode,
  UNKNOWN_COUNTRY_MESSAGE,
  withoutDirectionControls,
} from "./values.js"

/** A text field, as ./text.ts's: missing (or null) it says `required`, a value of another type that it must be a string. */
const text = (name: string, required = `${name} is required`) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : `${name} must be a string`) })

const withoutControls = () => z.refine<string>(withoutDirectionControls, DIRECTION_CONTROL_MESSAGE)

/**
 * A country the shop ships to, so no address is accepted that no method can deliver to; an empty one is left to the field's own "required", one with
 * direction controls to their message.
 */
const shipsThere = () =>
  z.refine<string>(
    (value) => value.length < 2 || !withoutDirectionControls(value) || shippingCountryCode(value) !== null,
    UNKNOWN_COUNTRY_MESSAGE,
  )

// ---------------------------------------------------------------------------------------------
// The shipping address (docs/product.md §3), with the checkout messages of docs/product.md §5

/** A trimmed line of the address: at least `min` characters (else `${label} is required`), at most `max`. */
const addressLine = (label: string, min: number, max: number) =>
  text(label).check(z.trim(), z.minLength(min, `${label} is required`), z.maxLength(max, `${label} is too long`), withoutControls())

export const shippingAddressSchema = z.strictObject({
  fullName: addressLine("Full name", 2, 200),
  addressLine1: addressLine("Address line 1", 5, 200),
  addressLine2: z.nullable(
    z.optional(text("Address line 2").check(z.trim(), z.maxLength(200, "Address line 2 is too long"), withoutControls())),
  ),
  city: addressLine("City", 2, 100),
  state: addressLine("State", 2, 100),
  postalCode: addressLine("Postal code", 3, 20),
  country: addressLine("Country", 2, 100).check(shipsThere()),
})
export type ShippingAddress = z.infer<typeof shippingAddressSchema>

// ---------------------------------------------------------------------------------------------
// Accounts (docs/product.md §5)

/** Usernames are how people sign in: short, unambiguous, no spaces. */
export const usernameSchema = text("Username").check(
  z.trim(),
  z.minLength(1, "Username is required"),
  z.minLength(3, "Username must be at least 3 characters"),
  z.maxLength(50, "Username must be at most 50 characters"),
  z.regex(/^[A-Za-z0-9._-]+$/, "Username may contain only letters, digits, dots, dashes and underscores"),
)

export const passwordSchema = text("Password").check(
  z.minLength(1, "Password is required"),
  z.minLength(8, "Password must be at least 8 characters"),
  // scrypt hashes any length, but a megabyte password is an attack, not a password.
  z.maxLength(200, "Password must be at most 200 characters"),
)

const required = (message: string, max = 200) =>
  text(message.replace(/ is required$/, ""), message).check(
    z.trim(),
    z.minLength(1, message),
    z.maxLength(max, `${message.replace(/ is required$/, "")} is too long`),
    withoutControls(),
  )

const optionalText = (label: string) =>
  z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(200, `${label} is too long`), withoutControls())))

export const EMAIL_REQUIRED_MESSAGE = "Email is required"
/** An empty address is named as missing, not as malformed. */
const emailSchema = text("Email", "Invalid email address").check(
  z.trim(),
  z.minLength(1, EMAIL_REQUIRED_MESSAGE),
  z.maxLength(254, "Invalid email address"),
  z.email("Invalid email address"),
)

/**
 * A VAT ID, optional: empty means none; else normalised (upper case, no spaces, dots or dashes)
 * and checked for its country's form.
 */
const vatIdSchema = z.nullable(
  z.optional(
    z.pipe(
      z.pipe(text("VAT ID").check(z.maxLength(40, "VAT ID is too long")), z.transform(normaliseVatId)).check(
        z.superRefine((vatId, ctx) => {
          const problem = vatId === "" ? null : vatIdProblem(vatId)
          if (problem) ctx.addIssue({ code: "custom", message: problem })
        }),
      ),
      z.transform((vatId: string) => vatId || null),
    ),
  ),
)

/** The profile's fields with the register form's rules (docs/product.md §5): registration and PUT /api/account. */
const profileFields = {
  email: emailSchema,
  fullName: optionalText("Full name"),
  /** With a VAT ID: a business customer (invoice and wire transfer). */
  companyName: optionalText("Company name"),
  vatId: vatIdSchema,
  addressLine1: required("Street address is required"),
  addressLine2: optionalText("Address line 2"),
  city: required("City is required", 100),
  state: required("State/Province is required", 100),
  postalCode: required("Postal code is required", 20),
  country: required("Country is required", 100).check(shipsThere()),
}

const PASSWORDS_DIFFER = { message: "Passwords don't match", path: ["confirmPassword"] }

/**
 * POST /api/register (docs/product.md §5). `isAdmin` is accepted because the storefront sends it, and
 * ignored: admins exist only through the seed or `npm run admin:promote`.
 */
export const registerSchema = z
  .strictObject({
    username: usernameSchema,
    email: profileFields.email,
    password: passwordSchema,
    confirmPassword: z.optional(z.string()),
    fullName: profileFields.fullName,
    companyName: profileFields.companyName,
    vatId: profileFields.vatId,
    isAdmin: z.optional(z.boolean()),
    addressLine1: profileFields.addressLine1,
    addressLine2: profileFields.addressLine2,
    city: profileFields.city,
    state: profileFields.state,
    postalCode: profileFields.postalCode,
    country: profileFields.country,
  })
  .check(z.refine((body) => body.confirmPassword === undefined || body.confirmPassword === body.password, PASSWORDS_DIFFER))
export type RegisterRequest = z.infer<typeof registerSchema>

/** The storefront's register form: the same rules, and the password typed twice. */
export const registerFormSchema = z
  .safeExtend(registerSchema, { confirmPassword: z.string() })
  .check(z.refine((body) => body.confirmPassword === body.password, PASSWORDS_DIFFER))

/**
 * PUT /api/account: the signed-in customer's own profile. The username stays what it was; a new e-mail
 * becomes the account's only through the link mailed to it (POST /api/account/email/confirm).
 */
export const profileUpdateSchema = z.strictObject(profileFields)
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>

/** POST /api/account/password. A wrong current password counts toward the sign-in lock. */
export const passwordChangeSchema = z
  .strictObject({
    currentPassword: text("Current password").check(
      z.minLength(1, "Current password is required"),
      z.maxLength(200, "Current password is incorrect"),
    ),
    newPassword: passwordSchema,
  })
  .check(
    z.refine((body) => body.newPassword !== body.currentPassword, {
      message: "The new password must differ from the current one",
      path: ["newPassword"],
    }),
  )
export type PasswordChange = z.infer<typeof passwordChangeSchema>

/** The storefront's change-password form: the new password typed twice. */
export const passwordChangeFormSchema = z
  .safeExtend(passwordChangeSchema, { confirmPassword: z.string() })
  .check(z.refine((body) => body.confirmPassword === body.newPassword, PASSWORDS_DIFFER))

/**
 * A one-time code: six digits of the authenticator app (RFC 6238), or one of the ten recovery codes
 * (`xxxxx-xxxxx`, letters and digits). Spaces people type between groups are dropped.
 */
export const twoFactorCodeSchema = z.strictObject({
  code: z.pipe(
    z.pipe(
      text("Code"),
      z.transform((code: string) => code.replace(/\s+/g, "")),
    ),
    z
      .string()
      .check(
        z.minLength(1, "Code is required"),
        z.regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, "Enter the 6-digit code from your authenticator app or a recovery code"),
      ),
  ),
})
export type TwoFactorCode = z.infer<typeof twoFactorCodeSchema>

/** POST /api/password-reset: always the same answer, whether or not the address has an account. */
export const passwordResetRequestSchema = z.strictObject({ email: emailSchema })
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>

/** POST /api/password-reset/confirm: the token from the mail's link and the new password. */
export const passwordResetConfirmSchema = z.strictObject({
  token: text("Token", RESET_LINK_INVALID_MESSAGE).check(
    z.minLength(1, RESET_LINK_INVALID_MESSAGE),
    z.maxLength(200, RESET_LINK_INVALID_MESSAGE),
  ),
  password: passwordSchema,
})
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>

/** POST /api/account/email/confirm: the token of the link mailed to the new address. */
export const emailChangeConfirmSchema = z.strictObject({
  token: text("Token", EMAIL_CHANGE_LINK_INVALID_MESSAGE).check(
    z.minLength(1, EMAIL_CHANGE_LINK_INVALID_MESSAGE),
    z.maxLength(200, EMAIL_CHANGE_LINK_INVALID_MESSAGE),
  ),
})
export type EmailChangeConfirm = z.infer<typeof emailChangeConfirmSchema>

/** The storefront's reset form: the new password typed twice. */
export const passwordResetFormSchema = z
  .safeExtend(passwordResetConfirmSchema, { confirmPassword: z.string() })
  .check(z.refine((body) => body.confirmPassword === body.password, PASSWORDS_DIFFER))

/** POST /api/login. Only presence is checked here: a wrong shape must not hint at which part is wrong. */
export const loginSchema = z.strictObject({
  username: text("Username").check(z.trim(), z.minLength(1, "Username is required"), z.maxLength(200, INVALID_CREDENTIALS_MESSAGE)),
  password: text("Password").check(z.minLength(1, "Password is required"), z.maxLength(200, INVALID_CREDENTIALS_MESSAGE)),
  /** A solved sign-in challenge (base64 of ALTCHA's JSON payload), when a 428 asked for one. */
  altcha: z.optional(text("Challenge solution").check(z.maxLength(4000, "Challenge solution is too long"))),
})
export type LoginRequest = z.infer<typeof loginSchema>

// ---------------------------------------------------------------------------------------------
// The account's privacy (docs/product.md "Your data")

/** PUT /api/account/pgp-key: an ASCII-armoured OpenPGP public key, pasted or read from a file. */
export const pgpKeySaveSchema = z.strictObject({
  publicKey: text("Public key", "Paste your public key").check(
    z.trim(),
    z.minLength(1, "Paste your public key"),
    z.maxLength(PGP_KEY_MAX_LENGTH, "This key is too large"),
  ),
})
export type PgpKeySave = z.infer<typeof pgpKeySaveSchema>

/** POST /api/account/deletion: the password confirms that the account's owner deletes it. */
export const accountDeletionSchema = z.strictObject({
  password: text("Password").check(z.minLength(1, "Password is required"), z.maxLength(200, "Password is incorrect")),
})
export type AccountDeletion = z.infer<typeof accountDeletionSchema>
