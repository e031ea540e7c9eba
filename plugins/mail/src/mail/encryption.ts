import type { MedusaContainer } from "@medusajs/framework/types"
import { ACCOUNTS_MODULE, type AccountsModuleService } from "@enclave/accounts"
import { pgpKeyFacts, pgpKeyProblem } from "@enclave/accounts/pgp-key"
import { renderMail, type MailTemplate, type RenderedMail } from "../templates"
import type { AnyMailToSend } from "./send"

/**
 * The key a mail is encrypted to: the receiver's (docs/product.md "Encrypted mail"), when the mail
 * goes to the account's own address; null when it goes unencrypted.
 */
async function keyOf(container: MedusaContainer, mail: AnyMailToSend): Promise<string | null> {
  if (mail.encryptTo !== undefined) return mail.encryptTo
  if (!mail.receiverId) return null
  const [user] = await container
    .resolve<AccountsModuleService>(ACCOUNTS_MODULE)
    .listShopUsers({ id: mail.receiverId }, { select: ["email", "pgp_public_key"], take: 1 })
  if (!user?.pgp_public_key || user.email.toLowerCase() !== mail.to.toLowerCase()) return null
  return user.pgp_public_key
}

/**
 * The mail as it goes out: encrypted to the receiver's key when there is one; when that key cannot
 * be used any more (expired or revoked since it was saved), a short plain mail in its place that
 * says so and why, without the content.
 */
export async function sealedMail(
  container: MedusaContainer,
  mail: AnyMailToSend,
): Promise<{ template: MailTemplate; rendered: RenderedMail; encryptTo: string | null }> {
  const rendered = renderMail(mail.template, mail.data)
  const key = await keyOf(container, mail)
  if (!key) return { template: mail.template, rendered, encryptTo: null }
  const problem = await pgpKeyProblem(key)
  if (!problem) return { template: mail.template, rendered, encryptTo: key }
  const facts = await pgpKeyFacts(key)
  const reason = problem.code === "expired" || problem.code === "revoked" || problem.code === "no_encryption_key" ? problem.code : "other"
  const { language, timeZone, name, email } = mail.data
  const fallback = renderMail("pgp-key-failed", {
    language,
    timeZone,
    name,
    email,
    username: "",
    at: new Date().toISOString(),
    fingerprint: facts?.fingerprint ?? "",
    reason,
    reasonDate: problem.date ?? null,
  })
  return { template: "pgp-key-failed", rendered: fallback, encryptTo: null }
}
