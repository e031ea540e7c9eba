import { model } from "@medusajs/framework/utils"

/**
 * One sign-in of an account (docs/product.md "Your data"): when, with which browser, from which
 * client address, how, and when its session ended. The session itself lives in the session store;
 * this row names it by the digest the account page shows (never the session's id). A scheduled job
 * deletes the rows SIGN_IN_RECORD_DAYS after their session ended and blanks the addresses of
 * sign-ins older than that, so the records do not pile up and no address is kept for long.
 */
const SignInRecord = model
  .define("sign_in_record", {
    id: model.id({ prefix: "signin" }).primaryKey(),
    shop_user_id: model.text(),
    session_digest: model.text(),
    // "password", "two_factor", "passkey", "registration" or "password_change": how it was opened.
    method: model.text(),
    user_agent: model.text().nullable(),
    address: model.text().nullable(),
    // The address's network (IPv4 /24, IPv6 /48): roughly where, shown on the account page.
    network: model.text().nullable(),
    signed_in_at: model.dateTime(),
    ended_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["shop_user_id"] }, { on: ["session_digest"], unique: true }])

export default SignInRecord
