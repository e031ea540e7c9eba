import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import {
  PASSWORD_CHANGED,
  PASSWORD_RESET_REQUESTED,
  TWO_FACTOR_DISABLED,
  TWO_FACTOR_ENABLED,
  type PasswordResetRequestedEvent,
  type ShopUserEvent,
} from "../mail/events"
import { recipientById } from "../mail/recipients"
import { shopTimeZone } from "../mail/time-zone"
import { eventKey, sendMailWithRetries } from "../mail/send"

const templates = {
  [PASSWORD_CHANGED]: "password-changed",
  [PASSWORD_RESET_REQUESTED]: "password-reset",
  [TWO_FACTOR_ENABLED]: "two-factor-enabled",
  [TWO_FACTOR_DISABLED]: "two-factor-disabled",
} as const

/**
 * The account's security mails, to the account's e-mail in the language the customer used last:
 * password changed, password reset link, two-factor sign-in turned on or off. Each event is one
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
