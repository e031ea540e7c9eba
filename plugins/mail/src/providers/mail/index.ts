import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import MailNotificationProviderService from "./service"

/** Medusa's notification provider for the "email" channel: SMTP with SMTP_URL, .eml files in DATA_DIR/mail without. */
export default ModuleProvider(Modules.NOTIFICATION, { services: [MailNotificationProviderService] })
