import { model } from "@medusajs/framework/utils"

/**
 * A person who signs in to the shop (docs/product.md §3 User). The password itself lives in Medusa's auth
 * module (emailpass provider, scrypt), keyed by `username_key`; this row holds the profile, the
 * admin flag and the sign-in bookkeeping. `user_number` is the whole-number id of the /api contract.
 * The cart the user is filling is linked (links/shop-user-cart.ts), as is their Medusa customer.
 */
const ShopUser = model
  .define("shop_user", {
    id: model.id({ prefix: "shopusr" }).primaryKey(),
    user_number: model.autoincrement(),
    username: model.text(),
    // Lower-case username: "Admin" and "admin" are one account, so nobody can pose as another.
    username_key: model.text(),
    email: model.text(),
    full_name: model.text().nullable(),
    // With both, a business customer (invoice and wire transfer); the VAT ID normalised (DE123456789).
    company_name: model.text().nullable(),
    vat_id: model.text().nullable(),
    is_admin: model.boolean().default(false),
    address_line1: model.text().nullable(),
    address_line2: model.text().nullable(),
    city: model.text().nullable(),
    state: model.text().nullable(),
    postal_code: model.text().nullable(),
    country: model.text().nullable(),
    two_factor_enabled: model.boolean().default(false),
    // Sealed with a key derived from APP_SECRET (contract/secret-box), never the clear secret.
    two_factor_secret: model.text().nullable(),
    // The secret of a set-up not yet confirmed with a code; sealed the same way.
    two_factor_pending_secret: model.text().nullable(),
    // SHA-256 digests of the unused recovery codes.
    two_factor_recovery_codes: model.json().nullable(),
    // The TOTP time step of the last code accepted: a code of it or an earlier one is refused (no replay).
    two_factor_last_step: model.number().nullable(),
    // The storefront language the customer used last ("en" | "de"): the language of their mails.
    language: model.text().default("en"),
    encryption_key: model.text().nullable(),
    // The ASCII-armoured OpenPGP public key every mail to the customer is encrypted to (pgp-key.ts), and its fingerprint.
    pgp_public_key: model.text().nullable(),
    pgp_fingerprint: model.text().nullable(),
    security_questions: model.json().nullable(),
    last_login: model.dateTime().nullable(),
    login_attempts: model.number().default(0),
    locked_until: model.dateTime().nullable(),
    password_last_changed: model.dateTime().nullable(),
  })
  .indexes([
    { on: ["user_number"], unique: true },
    { on: ["username_key"], unique: true, where: "deleted_at IS NULL" },
    { on: ["email"], unique: true, where: "deleted_at IS NULL" },
  ])

export default ShopUser
