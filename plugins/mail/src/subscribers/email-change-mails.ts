import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { EMAIL_CHANGE_REQUESTED, type EmailChangeRequestedEvent } from "../mail/events"
import { recipientById } from "../mail/recipients"
import { shopTimeZone } from "../mail/time-zone"
import { eventKey, sendMailWithRetries } from "../mail/send"

/**
 * The new address as the old address's mail shows it: its first character and its domain
 * (a•••@example.net). The old address's reader is the account's owner as far as the shop knows,
 * but not always the person at the keyboard: an old mailbox may be shared, handed on or taken over,
 * and the new address is where the account's orders, invoices and reset links go from now on. The
 * owner still recognises their own address from its start and domain, and a stranger who asked for
 * the change learns nothing from this mail that they did not type themselves.
 */
export function maskedAddress(email: string): string {
  const at = email.lastIndexOf("@")
  if (at < 1) return "•••"
  return `${email[0]}•••${email.slice(at)}`
}

/**
 * A requested change of an account's e-mail: the new address gets the link to
 * confirm it, or, when another account has it, a note that it already belongs to an account (no
 * link, no name of the asking account); the old address is told in the same words either way, since
 * the person asking reads that mail too and must not learn from it which addresses have accounts.
 * Both in the language the customer used last.
 */
export default async function emailChangeMails({ event, container }: SubscriberArgs<EmailChangeRequestedEvent>) {
  const { id: userId, newEmail, confirmUrl } = event.data
  const at = new Date().toISOString()
  const toNew = eventKey(confirmUrl ? "email-change-confirm" : "email-change-taken", userId)
  const toOld = eventKey("email-change-requested", userId)
  const base = async () => {
    const user = await recipientById(container, userId)
    return user ? { user, timeZone: await shopTimeZone(container) } : null
  }
  const common = (userId: string, to: string, idempotencyKey: string) => ({
    to,
    idempotencyKey,
    receiverId: userId,
    trigger: event.name,
    resource: { type: "shop_user", id: userId },
  })
  await sendMailWithRetries(container, `Mail "email-change" to the new address of ${userId}`, async () => {
    const found = await base()
    if (!found) return null
    const { user, timeZone } = found
    if (!confirmUrl) {
      return {
        ...common(user.id, newEmail, toNew),
        template: "email-change-taken" as const,
        data: { language: user.language, timeZone, name: null, email: newEmail },
      }
    }
    return {
      ...common(user.id, newEmail, toNew),
      template: "email-change-confirm" as const,
      data: { language: user.language, timeZone, name: user.name, email: newEmail, username: user.username, at, confirmUrl },
    }
  })
  await sendMailWithRetries(container, `Mail "email-change-requested" to ${userId}`, async () => {
    const found = await base()
    if (!found) return null
    const { user, timeZone } = found
    return {
      ...common(user.id, user.email, toOld),
      template: "email-change-requested" as const,
      data: {
        language: user.language,
        timeZone,
        name: user.name,
        email: user.email,
        username: user.username,
        at,
        newEmail: maskedAddress(newEmail),
      },
    }
  })
}

export const config: SubscriberConfig = {
  event: EMAIL_CHANGE_REQUESTED,
  context: { subscriberId: "enclave-mail-email-change" },
}
