import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { ACCOUNTS_MODULE, ShopUserCustomerLink, type AccountsModuleService, type ShopUser } from "@enclave/accounts"
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

/**
 * The shop user behind a Medusa customer (an order's customer: who placed it), or null for a customer
 * no shop user has (a guest of Medusa's Store API) or an account since deleted.
 */
export async function recipientByCustomer(container: MedusaContainer, customerId: string): Promise<Recipient | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: ShopUserCustomerLink.entryPoint,
    fields: ["shop_user.id", "shop_user.email", "shop_user.username", "shop_user.full_name", "shop_user.language"],
    filters: { customer_id: customerId },
  })
  const user = (data[0] as { shop_user?: ShopUser | null } | undefined)?.shop_user
  return user ? recipientOf(user) : null
}
