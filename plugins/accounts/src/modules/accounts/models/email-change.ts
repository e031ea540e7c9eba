import { model } from "@medusajs/framework/utils"

/**
 * A change of an account's e-mail that waits for its confirmation link: the new address
 * is not the account's until a link mailed to it is used, so nobody can move an account onto an
 * address they cannot read. Only the SHA-256 of the link's token is kept, as for password resets; a
 * link works once (`used_at`) and for a day (`expires_at`); a newer request ends the older ones.
 */
const EmailChange = model
  .define("email_change", {
    id: model.id({ prefix: "emailchg" }).primaryKey(),
    token_hash: model.text(),
    new_email: model.text(),
    expires_at: model.dateTime(),
    used_at: model.dateTime().nullable(),
    // The account, in this same module (the migration's foreign key removes its changes with it).
    shop_user_id: model.text(),
  })
  .indexes([{ on: ["token_hash"], unique: true }, { on: ["shop_user_id"] }])

export default EmailChange
