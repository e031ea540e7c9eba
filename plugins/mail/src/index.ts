/**
 * What other parts of the shop may use of the mail plugin (its package's "." export): the events
 * its subscribers send mails on, and the templates (for tests and previews). Medusa loads the
 * provider itself through the "./providers/*" export (medusa-config.ts) and the subscribers
 * from the plugin's subscribers folder.
 */
export * from "./mail/events"
export { MAIL_TEMPLATES, renderMail, type MailTemplate, type MailTemplates, type RenderedMail } from "./templates"
export { DEFAULT_MAIL_FROM, type MailProviderOptions } from "./providers/mail/service"
