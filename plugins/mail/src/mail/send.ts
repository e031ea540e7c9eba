import { randomUUID } from "node:crypto"
import type { FilterableNotificationProps, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, NotificationStatus } from "@medusajs/framework/utils"
import { encryptedMailSubject, type MailTemplate, type MailTemplates, type RenderedMail } from "../templates"
import type { EncryptedContent } from "../providers/mail/service"

/**
 * Waits between the attempts of one mail: a mail server that is down for a moment or refuses a
 * message for now (4xx) gets it again 2 s, 10 s, 1 min and 5 min later. The subscriber runs in
 * the worker after the order or account change was committed, so however long this takes, and
 * whether or not the mail finally goes out, the customer's request is long answered.
 */
export const RETRY_DELAYS_MS: readonly number[] = [2_000, 10_000, 60_000, 300_000]

export interface MailToSend<K extends MailTemplate> {
  template: K
  to: string
  data: MailTemplates[K]
  /**
   * One mail per key: a retry or a second delivery of the same event does not send it again once
   * it went out (see sendOnce).
   */
  idempotencyKey: string
  /** What the mail is about (the notification row names it), e.g. the Medusa order. */
  resource?: { type: string; id: string }
  /** The shop user it goes to, when there is one. */
  receiverId?: string | null
  /** The event that caused it. */
  trigger: string
  /**
   * The OpenPGP key to encrypt to when the account is no longer there to read it from (the mail
   * confirming a deletion); otherwise the receiver's stored key is used.
   */
  encryptTo?: string | null
}

/** A mail of any of the templates. */
export type AnyMailToSend = { [K in MailTemplate]: MailToSend<K> }[MailTemplate]

/** A key unique to one event, for mails of things that happen more than once (a password change). */
export function eventKey(template: MailTemplate, id: string): string {
  return `${template}:${id}:${randomUUID()}`
}

/** How many attempts one mail may make over all deliveries of its event. */
export const MAX_ATTEMPTS = 10

/**
 * Renders the mail and hands it to the Notification Module on the "email" channel (our provider,
 * plugins/mail/src/providers/mail). The rendered mail is passed as the notification's content;
 * the notification row keeps only the template and the language, not the mail's text: a reset
 * link is a secret and must not sit in the database beside its hash.
 *
 * Each attempt is a notification of its own, keyed `<key>#<attempt>`. Medusa 2.21 sends a
 * notification again under a key whose earlier send failed, but then fails to record it (it
 * updates a row id it never created) and throws although the mail went out: a retry under one key
 * would mail the customer at every attempt. So an attempt first looks at the earlier ones: one that
 * went out (or is going out) ends it; otherwise the next unused key is taken. Two deliveries of one
 * event that race for the same key meet the key's unique index: one of them fails and, at its
 * retry, finds the other's.
 */
async function sendOnce(container: MedusaContainer, mail: AnyMailToSend): Promise<void> {
  const notifications = container.resolve(Modules.NOTIFICATION)
  const keys = Array.from({ length: MAX_ATTEMPTS }, (_, i) => `${mail.idempotencyKey}#${i + 1}`)
  // The key is a column of the notification (and filterable), though its DTO types leave it out.
  const byKey = { idempotency_key: keys } as unknown as FilterableNotificationProps
  const earlier = (await notifications.listNotifications(byKey, {
    select: ["idempotency_key", "status"],
    take: null,
  })) as unknown as Array<{ idempotency_key: string | null; status: string }>
  if (earlier.some((n) => n.status !== NotificationStatus.FAILURE)) return
  const used = new Set(earlier.map((n) => n.idempotency_key))
  const key = keys.find((k) => !used.has(k))
  if (!key) throw new Error(`all ${MAX_ATTEMPTS} attempts of ${mail.idempotencyKey} failed`)
  const { template, rendered, encryptTo } = await sealedMail(container, mail)
  const content: RenderedMail & EncryptedContent = encryptTo
    ? { ...rendered, encryptTo, encryptedSubject: encryptedMailSubject(mail.data.language) }
    : rendered
  await notifications.createNotifications({
    to: mail.to,
    channel: "email",
    template,
    // The subject is kept for the customer's data download; the text never is (a reset link is a secret).
    data: { language: mail.data.language, subject: rendered.subject, encrypted: Boolean(encryptTo) },
    content,
    idempotency_key: key,
    trigger_type: mail.trigger,
    resource_type: mail.resource?.type ?? null,
    resource_id: mail.resource?.id ?? null,
    receiver_id: mail.receiverId ?? null,
  })
}

/**
 * The mail as it goes out: encrypted to the receiver's OpenPGP key, or a notice in its place when
 * that key cannot be used (./encryption.ts; loaded when a mail is sent, so the retry helpers above
 * stand without the accounts plugin).
 */
async function sealedMail(container: MedusaContainer, mail: AnyMailToSend) {
  const { sealedMail: seal } = await import("./encryption.js")
  return seal(container, mail)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Runs `job` (read what the mail needs, then send it) until it succeeds, at most
 * RETRY_DELAYS_MS.length + 1 times. The last failure is thrown, so the event bus records it.
 */
export async function withRetries(
  container: MedusaContainer,
  what: string,
  job: () => Promise<void>,
  delays = RETRY_DELAYS_MS,
): Promise<void> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  for (let attempt = 1; ; attempt++) {
    try {
      await job()
      if (attempt > 1) logger.info(`${what}: sent at attempt ${attempt}`)
      return
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      const delay = delays[attempt - 1]
      if (delay === undefined) {
        logger.error(`${what}: not sent, gave up after ${attempt} attempts: ${reason}`)
        throw error
      }
      logger.warn(`${what}: attempt ${attempt} failed (${reason}); trying again in ${delay / 1000} s`)
      await sleep(delay)
    }
  }
}

/** Sends one mail, retried (withRetries). `prepare` reads its data anew at each attempt; null: nothing to send. */
export async function sendMailWithRetries(
  container: MedusaContainer,
  what: string,
  prepare: () => Promise<AnyMailToSend | null>,
): Promise<void> {
  await withRetries(container, what, async () => {
    const mail = await prepare()
    if (mail) await sendOnce(container, mail)
  })
}
