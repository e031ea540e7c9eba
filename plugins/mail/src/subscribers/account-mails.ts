import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import {
  PASSWORD_CHANGED,
  PASSWORD_RESET_REQUESTED,
  PGP_KEY_SAVED,
  TWO_FACTOR_DISABLED,
  TWO_FACTOR_ENABLED,
  type PasswordResetRequestedEvent,
  type ShopUserEvent,
} from "../mail/events"
import { ACCOUNTS_MODULE, type AccountsModuleService } from "@enclave/accounts"
import type { MedusaContainer } from "@medusajs/framework/types"
import { recipientById } from "../mail/recipients"
import { shopTimeZone } from "../mail/time-zone"
import { eventKey, sendMailWithRetries } from "../mail/send"

const accounts = (container: MedusaContainer) => container.resolve<AccountsModuleService>(ACCOUNTS_MODULE)

const templates = {
  [PASSWORD_CHANGED]: "password-changed",
  [PASSWORD_RESET_REQUESTED]: "password-reset",
  [TWO_FACTOR_ENABLED]: "two-factor-enabled",
  [TWO_FACTOR_DISABLED]: "two-factor-disabled",
  [PGP_KEY_SAVED]: "pgp-key-test",
} as const

/**
 * The account's security mails, to the account's e-mail in the language the customer used last:
 * password changed, password reset link, two-factor sign-in turned on or off, and the encrypted
 * test mail when an OpenPGP key is saved. Each event is one
 * mail (a second password change is a second mail); its retries share one key, so a retry after a
 * send that did go out does not send it again.
 */
export default async function accountMail({ event, container }: SubscriberArgs<ShopUserEvent | PasswordResetRequestedEvent>) {
  const template = templates[event.name as keyof typeof templates]
  if (!template) return
  const userId = event.data.id
  const key = eventKey(template, userId)
  // When it happened: the event's time, not the (later) time of a retry.
  const at = new Date().toISOString()
  await sendMailWithRetries(container, `Mail "${template}" to ${userId}`, async () => {
    const user = await recipientById(container, userId)
    if (!user) return null
    const base = {
      language: user.language,
      timeZone: await shopTimeZone(container),
      name: user.name,
      email: user.email,
      username: user.username,
      at,
    }
    const common = {
      to: user.email,
      idempotencyKey: key,
      receiverId: user.id,
      trigger: event.name,
      resource: { type: "shop_user", id: user.id },
    }
    if (template === "pgp-key-test") {
      const fingerprint = (await accounts(container).listShopUsers({ id: user.id }, { select: ["pgp_fingerprint"], take: 1 }))[0]
        ?.pgp_fingerprint
      // Removed again before the worker got to it: no test mail.
      if (!fingerprint) return null
      return { ...common, template, data: { ...base, fingerprint } }
    }
    if (template === "password-reset") {
      const resetUrl = (event.data as PasswordResetRequestedEvent).resetUrl
      return { ...common, template, data: { ...base, resetUrl } }
    }
    return { ...common, template, data: base }
  })
}

export const config: SubscriberConfig = {
  event: Object.keys(templates),
  context: { subscriberId: "enclave-mail-account" },
}
