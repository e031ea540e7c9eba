import type { MedusaContainer } from "@medusajs/framework/types"
import {
  PGP_KEY_REMOVED_MESSAGE,
  PGP_KEY_SAVED_MESSAGE,
  pgpKeyRefusalMessage,
  type PgpKey,
  type PgpKeySave,
  type PgpKeySaved,
} from "@enclave/contract"
import { ShopError } from "@enclave/contract/shop-error"
import { checkPublicKey, pgpKeyFacts } from "../pgp-key"
import { removeShopUserPgpKeyWorkflow, saveShopUserPgpKeyWorkflow } from "../workflows/pgp-key"
import type { ShopUserRow } from "../users"

/*
 * An account's OpenPGP key: every mail to the customer is encrypted to it (the mail plugin). The key is
 * checked before it is taken, so a mail is never sent to a key that cannot be used for the address.
 */

/** The stored key's public facts, or null when the account has none. */
export async function pgpKeyOf(user: Pick<ShopUserRow, "pgp_public_key">): Promise<PgpKey | null> {
  return user.pgp_public_key ? pgpKeyFacts(user.pgp_public_key) : null
}

/** Takes the key when mails to the account's address can be encrypted to it now; else a 400 that says why (`details.code`). */
export async function savePgpKey(container: MedusaContainer, user: ShopUserRow, body: PgpKeySave): Promise<PgpKeySaved> {
  const checked = await checkPublicKey(body.publicKey, user.email)
  if (!checked.ok) {
    const message = pgpKeyRefusalMessage(checked.code, { email: checked.email, date: checked.date?.slice(0, 10) })
    throw new ShopError(
      "pgp_key_refused",
      message,
      {
        code: checked.code,
        ...(checked.date ? { date: checked.date } : {}),
        ...(checked.email ? { email: checked.email } : {}),
        fields: { publicKey: message },
      },
      { params: { reason: checked.code } },
    )
  }
  await saveShopUserPgpKeyWorkflow(container).run({
    input: { userId: user.id, armored: checked.armored, fingerprint: checked.facts.fingerprint },
  })
  return { key: checked.facts, message: PGP_KEY_SAVED_MESSAGE }
}

export async function removePgpKey(container: MedusaContainer, user: ShopUserRow): Promise<{ message: string }> {
  await removeShopUserPgpKeyWorkflow(container).run({ input: { userId: user.id } })
  return { message: PGP_KEY_REMOVED_MESSAGE }
}
