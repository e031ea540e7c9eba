import type { MedusaContainer } from "@medusajs/framework/types"
import { ACCOUNTS_MODULE, type AccountsModuleService, type ShopUser } from "@enclave/accounts"
import type { Language } from "@enclave/contract/i18n"

/** A shop user as a mail addresses them. */
export interface Recipient {
  id: string
  email: string
  username: string
  name: string | null
  language: Language
}

/** The language the customer used last (shop_user.language): their mails are in it; anything else is English. */
export function languageOf(user: object): Language {
  return (user as { language?: unknown }).language === "de" ? "de" : "en"
}

function recipientOf(user: ShopUser): Recipient {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    name: user.full_name?.trim() || user.username,
    language: languageOf(user),
  }
}

function accounts(container: MedusaContainer): AccountsModuleService {
  return container.resolve<AccountsModuleService>(ACCOUNTS_MODULE)
}

/** The shop user with this id (shopusr_…), or null when there is none (deleted meanwhile). */
export async function recipientById(container: MedusaContainer, id: string): Promise<Recipient | null> {
  const [user] = await accounts(container).listShopUsers({ id }, { take: 1 })
  return user ? recipientOf(user) : null
}

/** The shop user with this user number (the order details' user_number), or null. */
export async function recipientByNumber(container: MedusaContainer, userNumber: number): Promise<Recipient | null> {
  const [user] = await accounts(container).listShopUsers({ user_number: userNumber }, { take: 1 })
  return user ? recipientOf(user) : null
}
