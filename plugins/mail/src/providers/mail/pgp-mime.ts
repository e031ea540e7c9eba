import MimeNode from "nodemailer/lib/mime-node"
import * as openpgp from "openpgp"
import type { RenderedMail } from "../../templates"

/**
 * A mail encrypted to the recipient's OpenPGP key as PGP/MIME (RFC 3156): the whole mail (its text
 * and HTML parts, and its real subject as a protected header) is one MIME entity, encrypted and
 * carried in a multipart/encrypted message whose own subject says only that it is encrypted.
 */
export async function pgpMimeMessage(input: {
  from: string
  to: string
  /** The subject shown outside the encryption. */
  outerSubject: string
  mail: RenderedMail
  armoredKey: string
}): Promise<Buffer> {
  const inner = new MimeNode("multipart/alternative")
  // Protected headers ("memory hole"): a client that decrypts shows this subject instead of the outer one.
  inner.setHeader("Content-Type", 'multipart/alternative; protected-headers="v1"')
  inner.setHeader("Subject", input.mail.subject)
  inner.setHeader("From", input.from)
  inner.setHeader("To", input.to)
  inner.createChild("text/plain; charset=utf-8").setContent(input.mail.text)
  inner.createChild("text/html; charset=utf-8").setContent(input.mail.html)
  const entity = await buildNode(inner, true)

  const key = await openpgp.readKey({ armoredKey: input.armoredKey })
  const encrypted = await openpgp.encrypt({
    message: await openpgp.createMessage({ binary: entity }),
    encryptionKeys: key,
    format: "armored",
  })

  const outer = new MimeNode('multipart/encrypted; protocol="application/pgp-encrypted"')
  outer.setHeader({ From: input.from, To: input.to, Subject: input.outerSubject })
  outer
    .createChild("application/pgp-encrypted")
    .setHeader("Content-Description", "PGP/MIME version identification")
    .setHeader("Content-Transfer-Encoding", "7bit")
    .setContent("Version: 1\r\n")
  outer
    .createChild('application/octet-stream; name="encrypted.asc"')
    .setHeader("Content-Description", "OpenPGP encrypted message")
    .setHeader("Content-Disposition", 'inline; filename="encrypted.asc"')
    .setHeader("Content-Transfer-Encoding", "7bit")
    .setContent(encrypted)
  return buildNode(outer, false)
}

/** The node as bytes; the inner entity without the top-level Date, Message-ID and MIME-Version a root node would get. */
async function buildNode(node: MimeNode, entityOnly: boolean): Promise<Buffer> {
  const built = await new Promise<Buffer>((resolve, reject) => node.build((error, message) => (error ? reject(error) : resolve(message))))
  if (!entityOnly) return built
  const text = built.toString("utf8")
  const split = text.indexOf("\r\n\r\n")
  const headers = text
    .slice(0, split)
    .split(/\r\n(?![ \t])/)
    .filter((line) => !/^(Date|Message-ID|MIME-Version):/i.test(line))
  return Buffer.from(`${headers.join("\r\n")}\r\n\r\n${text.slice(split + 4)}`, "utf8")
}
