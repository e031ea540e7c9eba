/**
 * A mail server on loopback for the tests: a real SMTP server (the `smtp-server` package, no TLS,
 * authentication optional) that writes every message it receives as an .eml file into a folder,
 * and a reader that waits for a mail there and parses it with `mailparser`. The shop sends to it
 * as it would to any SMTP server (SMTP_URL); the folder outlives the test process that started the
 * server, so vitest and Playwright workers read it through ENCLAVE_MAILBOX.
 *
 * To prove retries, an address whose local part ends in `+failN` (e.g. `ada+fail2@example.org`) is
 * refused with a temporary error (451) the first N times a message is sent to it.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { simpleParser, type AddressObject } from "mailparser"
import { SMTPServer } from "smtp-server"

export interface Mailbox {
  /** Where each received message is written, one .eml file each. */
  dir: string
  port: number
  /** smtp://127.0.0.1:port, for SMTP_URL. */
  url: string
  close(): Promise<void>
}

export async function startMailbox(options: { dir?: string } = {}): Promise<Mailbox> {
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "enclave-mailbox-"))
  fs.mkdirSync(dir, { recursive: true })
  const refusals = new Map<string, number>()
  let received = 0
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: "test" })
    },
    onRcptTo(address, _session, callback) {
      const failures = Number(/\+fail(\d+)@/i.exec(address.address)?.[1] ?? 0)
      const key = address.address.toLowerCase()
      const refused = refusals.get(key) ?? 0
      if (refused < failures) {
        refusals.set(key, refused + 1)
        const error = Object.assign(new Error(`Mailbox of ${address.address} is busy, try again later`), { responseCode: 451 })
        return callback(error)
      }
      callback()
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = []
      stream.on("data", (chunk: Buffer) => chunks.push(chunk))
      stream.on("error", callback)
      stream.on("end", () => {
        const name = `${Date.now()}-${String(++received).padStart(5, "0")}.eml`
        // Written under another name first: a reader never sees half a message.
        const partial = path.join(dir, `.${name}.partial`)
        fs.writeFileSync(partial, Buffer.concat(chunks))
        fs.renameSync(partial, path.join(dir, name))
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => resolve())
  })
  const port = (server.server.address() as { port: number }).port
  return {
    dir,
    port,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export interface ReceivedMail {
  subject: string
  text: string
  html: string
  /** The To addresses, lower case. */
  to: string[]
  /** The sender as "Name <address>", e.g. "Enclave <shop@localhost>". */
  from: string
  /** The Date header. */
  date: Date
  /** The .eml file. */
  file: string
  /** When the file was written (the mail arrived). */
  receivedAt: Date
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : []
  return list.flatMap((group) => group.value.map((a) => (a.address ?? "").toLowerCase()))
}

/** "Name <address>" (unquoted), or the bare address. */
function sender(field: AddressObject | undefined): string {
  const first = field?.value[0]
  if (!first) return ""
  return first.name ? `${first.name} <${first.address}>` : (first.address ?? "")
}

const parsed = new Map<string, Promise<ReceivedMail>>()

/** One .eml file, parsed (kept: a file never changes once it is there). */
export function readMail(file: string): Promise<ReceivedMail> {
  let mail = parsed.get(file)
  if (!mail) {
    mail = (async () => {
      const source = fs.readFileSync(file)
      const message = await simpleParser(source)
      return {
        subject: message.subject ?? "",
        text: message.text ?? "",
        html: typeof message.html === "string" ? message.html : "",
        to: addresses(message.to),
        from: sender(message.from),
        date: message.date ?? new Date(0),
        file,
        receivedAt: fs.statSync(file).mtime,
      }
    })()
    parsed.set(file, mail)
  }
  return mail
}

/** Every mail in the folder (oldest first), parsed. */
export async function readMails(dir: string): Promise<ReceivedMail[]> {
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith(".eml") && !name.startsWith(".")) : []
  return Promise.all(files.sort().map((name) => readMail(path.join(dir, name))))
}

export interface MailQuery {
  /** A recipient (any case). */
  to: string
  subject?: RegExp
  /** Only mails that arrived at or after this time. */
  since?: Date
  /** Default 30 s. */
  timeoutMs?: number
  /** The folder; default ENCLAVE_MAILBOX. */
  dir?: string
}

/** The first mail (oldest) in the mailbox that matches, waiting for it to arrive. */
export async function waitForMail(query: MailQuery): Promise<ReceivedMail> {
  const dir = query.dir ?? process.env.ENCLAVE_MAILBOX
  if (!dir) throw new Error("ENCLAVE_MAILBOX is not set: the shop of these tests has no mailbox (tests/support/shop.ts starts one)")
  const to = query.to.toLowerCase()
  const deadline = Date.now() + (query.timeoutMs ?? 30_000)
  // File times have the file system's resolution: a second's slack keeps a mail of the same instant.
  const since = query.since ? query.since.getTime() - 1_000 : 0
  for (;;) {
    const mails = (await readMails(dir)).filter((mail) => mail.to.includes(to) && mail.receivedAt.getTime() >= since)
    const found = mails.find((mail) => !query.subject || query.subject.test(mail.subject))
    if (found) return found
    if (Date.now() > deadline) {
      const seen = mails.map((mail) => `"${mail.subject}"`).join(", ") || "none"
      throw new Error(
        `No mail to ${query.to}${query.subject ? ` with a subject matching ${query.subject}` : ""} arrived in ${dir} (mails to it: ${seen})`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
