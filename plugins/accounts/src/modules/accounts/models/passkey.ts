import { model } from "@medusajs/framework/utils"

/**
 * A passkey or security key of an account (WebAuthn): only its public parts. The private key never
 * leaves the authenticator, so a copy of this table signs nobody in. `counter` is the authenticator's
 * signature counter, kept to notice a cloned key (authenticators that count; passkeys usually send 0).
 */
const Passkey = model
  .define("passkey", {
    id: model.id({ prefix: "passkey" }).primaryKey(),
    // base64url of the credential id the authenticator chose; unique across every account.
    credential_id: model.text(),
    // base64url of the COSE public key.
    public_key: model.text(),
    counter: model.number().default(0),
    // How the browser reaches it (internal, usb, nfc, ble, hybrid): offered back at sign-in.
    transports: model.json().nullable(),
    name: model.text(),
    // "multiDevice": synced by a password manager or the phone's cloud; "singleDevice": bound to one key.
    device_type: model.text(),
    backed_up: model.boolean().default(false),
    last_used_at: model.dateTime().nullable(),
    // The account, in this same module (the migration's foreign key removes its passkeys with it).
    shop_user_id: model.text(),
  })
  .indexes([{ on: ["credential_id"], unique: true, where: "deleted_at IS NULL" }, { on: ["shop_user_id"] }])

export default Passkey
