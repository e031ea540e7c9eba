import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { ShopUserDeletedEvent } from "@enclave/accounts"
import { SHOP_USER_DELETED } from "../mail/events"
import { eventKey, sendMailWithRetries } from "../mail/send"
import { shopTimeZone } from "../mail/time-zone"

/**
 * The last mail of a deleted account, confirming the deletion (docs/product.md "Your data"). The
 * account's row is gone by now: the event carries its address, name, language and OpenPGP key, so
 * the mail is encrypted as every mail to the customer was.
 */
export default async function accountDeletedMail({ event, container }: SubscriberArgs<ShopUserDeletedEvent>) {
  const account = event.data
  const key = eventKey("account-deleted", account.id)
  const at = new Date().toISOString()
  await sendMailWithRetries(container, `Mail "account-deleted" to ${account.id}`, async () => ({
    template: "account-deleted",
    to: account.email,
    idempotencyKey: key,
    trigger: event.name,
    resource: { type: "shop_user", id: account.id },
    receiverId: null,
    encryptTo: account.pgpPublicKey,
    data: {
      language: account.language === "de" ? "de" : "en",
      timeZone: await shopTimeZone(container),
      name: account.name,
      email: account.email,
      username: account.username,
      at,
    },
  }))
}

export const config: SubscriberConfig = {
  event: SHOP_USER_DELETED,
  context: { subscriberId: "enclave-mail-account-deleted" },
}
