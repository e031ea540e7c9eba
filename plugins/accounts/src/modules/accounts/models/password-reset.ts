import { model } from "@medusajs/framework/utils"

/**
 * A password-reset link that was mailed: only the SHA-256 of its token is kept, so a database dump
 * cannot reset anyone's password. A link works once (`used_at`) and for an hour (`expires_at`).
 */
const PasswordReset = model
  .define("password_reset", {
    id: model.id({ prefix: "pwreset" }).primaryKey(),
    token_hash: model.text(),
    expires_at: model.dateTime(),
    used_at: model.dateTime().nullable(),
    // The account, in this same module (the migration's foreign key removes its links with it).
    shop_user_id: model.text(),
  })
  .indexes([{ on: ["token_hash"], unique: true }, { on: ["shop_user_id"] }])

export default PasswordReset
