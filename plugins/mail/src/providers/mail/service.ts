import { randomBytes } from "node:crypto"
import fs from "node:fs/promises"
import path from "node:path"
import type { Logger, NotificationTypes } from "@medusajs/framework/types"
import { AbstractNotificationProviderService, MedusaError } from "@medusajs/framework/utils"
import nodemailer, { type Transporter } from "nodemailer"
import { isMailTemplate, renderMail, type MailTemplates, type RenderedMail } from "../../templates"
import { pgpMimeMessage } from "./pgp-mime"

/**
 * What the shop's sender adds to a notification's content (never stored: Medusa keeps no content):
 * the recipient's OpenPGP public key and the subject to show outside the encryption.
 */
export interface EncryptedContent {
  encryptTo?: string
  encryptedSubject?: string
}

export const DEFAULT_MAIL_FROM = "Enclave <shop@localhost>"

export interface MailProviderOptions {
  /** The Notification Module's channels this provider serves (medusa-config.ts: ["email"]). */
  channels?: string[]
  /** smtp:// or smtps:// address of the mail server, with user and password if it wants them. None: mails become files. */
  smtpUrl?: string
  /** The sender, e.g. "Enclave <shop@example.org>". */
  from?: string
  /** Where mails are written as .eml files when there is no SMTP server (DATA_DIR/mail). */
  mailDir: string
}

/**
 * The shop's e-mail provider for Medusa's Notification Module (channel "email"). With an SMTP
 * server (SMTP_URL) it sends through it; without one, as on a plain `npm start`, it writes each
 * mail as a complete .eml file (what the SMTP server would have received) into DATA_DIR/mail and
 * logs one line, so the shop runs without a mail server and every mail can still be opened.
 *
 * nodemailer builds the message in both cases (its SMTP transport, or its stream transport for
 * the file). The mail is the notification's `content` (subject, text, html) when the sender
 * rendered it, otherwise the shop's template named by `template`, rendered from `data`.
 */
export class MailNotificationProviderService extends AbstractNotificationProviderService {
  static identifier = "mail"

  private readonly logger: Pick<Logger, "info" | "warn">
  private readonly from: string
  private readonly mailDir: string
  private readonly smtp: boolean
  private readonly transport: Transporter

  static validateOptions(options: Record<string, unknown>): void {
    if (typeof options.mailDir !== "string" || !options.mailDir) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "The mail provider needs mailDir (DATA_DIR/mail)")
    }
    if (options.smtpUrl !== undefined && options.smtpUrl !== "" && !/^smtps?:\/\//.test(String(options.smtpUrl))) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "SMTP_URL must start with smtp:// or smtps://")
    }
  }

  constructor({ logger }: { logger: Pick<Logger, "info" | "warn"> }, options: MailProviderOptions) {
    super()
    this.logger = logger
    this.from = options.from || DEFAULT_MAIL_FROM
    this.mailDir = options.mailDir
    this.smtp = Boolean(options.smtpUrl)
    this.transport = options.smtpUrl
      ? nodemailer.createTransport({
          url: options.smtpUrl,
          // A mail server that does not answer fails the attempt soon; the sender retries it.
          connectionTimeout: 15_000,
          greetingTimeout: 15_000,
          socketTimeout: 30_000,
        })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" })
  }

  async send(notification: NotificationTypes.ProviderSendNotificationDTO): Promise<NotificationTypes.ProviderSendNotificationResultsDTO> {
    const mail = this.mailOf(notification)
    const encryption = notification.content as EncryptedContent | null | undefined
    if (typeof encryption?.encryptTo === "string") {
      const from = notification.from || this.from
      const raw = await pgpMimeMessage({
        from,
        to: notification.to,
        outerSubject: encryption.encryptedSubject || mail.subject,
        mail,
        armoredKey: encryption.encryptTo,
      })
      const info = await this.transport.sendMail({ from, to: notification.to, raw })
      if (this.smtp) return { id: info.messageId }
      const file = await this.writeFile((info as { message: Buffer }).message)
      this.logger.info(`Mail to ${notification.to}: encrypted (PGP/MIME) written to ${file}`)
      return { id: info.messageId }
    }
    const message = {
      from: notification.from || this.from,
      to: notification.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    }
    const info = await this.transport.sendMail(message)
    if (this.smtp) return { id: info.messageId }
    const file = await this.writeFile((info as { message: Buffer }).message)
    this.logger.info(`Mail to ${notification.to}: "${mail.subject}" written to ${file}`)
    return { id: info.messageId }
  }

  private mailOf(notification: NotificationTypes.ProviderSendNotificationDTO): RenderedMail {
    const content = notification.content
    if (content?.subject && (content.text || content.html)) {
      return { subject: content.subject, text: content.text ?? "", html: content.html ?? "" }
    }
    if (!isMailTemplate(notification.template)) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `No content and no known mail template "${notification.template}"`)
    }
    return renderMail(notification.template, (notification.data ?? {}) as unknown as MailTemplates[typeof notification.template])
  }

  /** Written under a temporary name, then renamed: whoever watches the folder never reads half a mail. */
  private async writeFile(message: Buffer): Promise<string> {
    await fs.mkdir(this.mailDir, { recursive: true })
    const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`
    const file = path.join(this.mailDir, name)
    const partial = path.join(this.mailDir, `.${name}.partial`)
    await fs.writeFile(partial, message)
    await fs.rename(partial, file)
    return file
  }
}

export default MailNotificationProviderService
