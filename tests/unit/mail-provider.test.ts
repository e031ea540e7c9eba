/**
 * The mail provider (plugins/mail/src/providers/mail) on its own, as Medusa's Notification Module
 * calls it: without SMTP_URL it writes each mail as an .eml file and logs one line; with SMTP_URL it
 * sends to a real SMTP server (the tests' loopback mailbox), whose temporary refusal reaches the
 * caller, and the subscribers' retry (withRetries) gets the mail through at a later attempt.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { MedusaContainer } from "@medusajs/framework/types"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { MailNotificationProviderService } from "../../plugins/mail/src/providers/mail/service.ts"
import { withRetries } from "../../plugins/mail/src/mail/send.ts"
import { readMails, startMailbox, waitForMail, type Mailbox } from "../support/mailbox.ts"

function recordingLogger() {
  const lines: string[] = []
  const logger = {
    info: (line: string) => lines.push(`info ${line}`),
    warn: (line: string) => lines.push(`warn ${line}`),
    error: (line: string) => lines.push(`error ${line}`),
  }
  return { lines, logger }
}

const content = { subject: "Ihre Enclave-Bestellung #7 ist bestätigt", text: "Grüße, Ada <3", html: "<p>Grüße, Ada &lt;3</p>" }

describe("mail provider without SMTP_URL", () => {
  const mailDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "enclave-mail-files-")), "mail")
  afterAll(() => fs.rmSync(path.dirname(mailDir), { recursive: true, force: true }))

  it("writes the mail as a parseable .eml file into the mail folder and logs one line", async () => {
    const { lines, logger } = recordingLogger()
    const provider = new MailNotificationProviderService({ logger }, { mailDir, from: "Enclave <shop@localhost>" })
    const result = await provider.send({ to: "ada@example.org", channel: "email", template: "order-confirmation", content })
    expect(result.id).toMatch(/@/)
    const files = fs.readdirSync(mailDir)
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{8}\.eml$/)
    const [mail] = await readMails(mailDir)
    expect(mail).toMatchObject({ subject: content.subject, to: ["ada@example.org"], from: "Enclave <shop@localhost>" })
    expect(mail.text.trim()).toBe(content.text)
    expect(mail.html).toBe(content.html)
    expect(lines).toEqual([`info Mail to ada@example.org: "${content.subject}" written to ${path.join(mailDir, files[0])}`])
  })

  it("renders the named template from the data when it is given no content", async () => {
    const { logger } = recordingLogger()
    const provider = new MailNotificationProviderService({ logger }, { mailDir })
    await provider.send({
      to: "bob@example.org",
      channel: "email",
      template: "two-factor-disabled",
      data: {
        language: "de",
        timeZone: "Europe/Berlin",
        name: "Bob",
        email: "bob@example.org",
        username: "bob",
        at: new Date().toISOString(),
      },
    })
    const mail = await waitForMail({ dir: mailDir, to: "bob@example.org", timeoutMs: 1_000 })
    expect(mail.subject).toBe("Die Zwei-Faktor-Anmeldung ist für Ihr Enclave-Konto deaktiviert")
    expect(mail.from).toBe("Enclave <shop@localhost>")
    expect(mail.text).toContain("Guten Tag Bob,")
    await expect(provider.send({ to: "bob@example.org", channel: "email", template: "no-such-mail" })).rejects.toThrow(/template/)
  })

  it("refuses options without a folder or with an address that is not SMTP", () => {
    expect(() => MailNotificationProviderService.validateOptions({})).toThrow(/mailDir/)
    expect(() => MailNotificationProviderService.validateOptions({ mailDir, smtpUrl: "http://x" })).toThrow(/smtp/)
    expect(() => MailNotificationProviderService.validateOptions({ mailDir, smtpUrl: "smtp://127.0.0.1:25" })).not.toThrow()
  })
})

describe("mail provider with SMTP_URL", () => {
  let mailbox: Mailbox
  beforeAll(async () => {
    mailbox = await startMailbox()
  })
  afterAll(async () => {
    await mailbox.close()
    fs.rmSync(mailbox.dir, { recursive: true, force: true })
  })

  it("sends through the SMTP server, From as configured", async () => {
    const { lines, logger } = recordingLogger()
    const provider = new MailNotificationProviderService(
      { logger },
      { mailDir: "/nonexistent", smtpUrl: mailbox.url, from: "Shop <s@x.test>" },
    )
    await provider.send({ to: "carol@example.org", channel: "email", template: "order-confirmation", content })
    const mail = await waitForMail({ dir: mailbox.dir, to: "carol@example.org", subject: /#7/, timeoutMs: 5_000 })
    expect(mail).toMatchObject({ subject: content.subject, from: "Shop <s@x.test>", html: content.html })
    expect(lines).toEqual([])
  })

  it("a temporary refusal fails the send; the subscribers' retry sends it at the next attempt", async () => {
    const { lines, logger } = recordingLogger()
    const provider = new MailNotificationProviderService({ logger }, { mailDir: "/nonexistent", smtpUrl: mailbox.url })
    const to = "dave+fail1@example.org"
    // What a subscriber has of Medusa's container here: its logger.
    const container = { resolve: () => logger } as unknown as MedusaContainer
    let attempts = 0
    await withRetries(
      container,
      "Test mail",
      async () => {
        attempts++
        await provider.send({ to, channel: "email", template: "order-confirmation", content })
      },
      [50, 50],
    )
    expect(attempts).toBe(2)
    expect(lines[0]).toMatch(/^warn Test mail: attempt 1 failed \(.*451.*\); trying again in 0\.05 s$/)
    expect(lines[1]).toBe("info Test mail: sent at attempt 2")
    expect((await waitForMail({ dir: mailbox.dir, to, timeoutMs: 5_000 })).subject).toBe(content.subject)
  })

  it("gives up after the last attempt and throws its error", async () => {
    const { lines, logger } = recordingLogger()
    const provider = new MailNotificationProviderService({ logger }, { mailDir: "/nonexistent", smtpUrl: mailbox.url })
    const container = { resolve: () => logger } as unknown as MedusaContainer
    const job = () =>
      provider.send({ to: "erin+fail5@example.org", channel: "email", template: "order-confirmation", content }).then(() => {})
    await expect(withRetries(container, "Doomed mail", job, [10, 10])).rejects.toThrow(/451/)
    expect(lines.map((line) => line.split(" ")[0])).toEqual(["warn", "warn", "error"])
    expect(lines[2]).toMatch(/^error Doomed mail: not sent, gave up after 3 attempts/)
  })
})
