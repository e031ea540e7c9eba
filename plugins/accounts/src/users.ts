import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { User } from "@enclave/contract"
import { ACCOUNTS_MODULE } from "./modules/accounts"
import ShopUserCustomerLink from "./links/shop-user-customer"
import type { AccountsModuleService, ShopUser, SignInCounter, SignInCounts } from "./index"

/** A shop_user row as the accounts module returns it. */
export type ShopUserRow = ShopUser
export type { SignInCounter, SignInCounts }

export function accountsService(container: MedusaContainer): AccountsModuleService {
  return container.resolve<AccountsModuleService>(ACCOUNTS_MODULE)
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

export function isLocked(row: Pick<ShopUserRow, "locked_until">, now = Date.now()): boolean {
  return row.locked_until !== null && new Date(row.locked_until).getTime() > now
}

/** The contract's User: profile and sign-in state, never a secret. */
export function toContractUser(row: ShopUserRow): User {
  const locked = isLocked(row)
  return {
    id: row.user_number,
    username: row.username,
    email: row.email,
    fullName: row.full_name,
    companyName: row.company_name,
    vatId: row.vat_id,
    isAdmin: row.is_admin,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    city: row.city,
    state: row.state,
    postalCode: row.postal_code,
    country: row.country,
    twoFactorEnabled: row.two_factor_enabled,
    loginAttempts: row.login_attempts,
    accountLocked: locked,
    lockedUntil: locked ? iso(row.locked_until) : null,
    lastLogin: iso(row.last_login),
    passwordLastChanged: iso(row.password_last_changed),
    createdAt: iso(row.created_at)!,
  }
}

export async function findUserById(container: MedusaContainer, id: string): Promise<ShopUserRow | null> {
  const [row] = await accountsService(container).listShopUsers({ id }, { take: 1 })
  return row ?? null
}

export async function findUserByNumber(container: MedusaContainer, userNumber: number): Promise<ShopUserRow | null> {
  const [row] = await accountsService(container).listShopUsers({ user_number: userNumber }, { take: 1 })
  return row ?? null
}

export async function findUserByUsername(container: MedusaContainer, username: string): Promise<ShopUserRow | null> {
  const [row] = await accountsService(container).listShopUsers({ username_key: username.trim().toLowerCase() }, { take: 1 })
  return row ?? null
}

export async function listUsers(container: MedusaContainer): Promise<User[]> {
  const rows = await accountsService(container).listShopUsers({}, { order: { user_number: "ASC" } })
  return rows.map(toContractUser)
}

/** A shop user's Medusa customer never changes (made with the account): kept once read. */
const customerOfUser = new Map<string, string>()
const KEPT_CUSTOMERS = 10_000

/** The Medusa customer behind a shop user (carts and orders belong to it). */
export async function customerIdOf(container: MedusaContainer, userId: string): Promise<string> {
  const kept = customerOfUser.get(userId)
  if (kept) return kept
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "shop_user", fields: ["id", "customer.id"], filters: { id: userId } })
  const customerId = (data[0] as { customer?: { id: string } } | undefined)?.customer?.id
  if (!customerId) throw new Error(`Shop user ${userId} has no Medusa customer`)
  if (customerOfUser.size >= KEPT_CUSTOMERS) customerOfUser.clear()
  customerOfUser.set(userId, customerId)
  return customerId
}

/**
 * Medusa customer → the number of the shop user behind it, as far as read: the pair is made with the
 * account and never changes. A customer without a shop user (a guest of Medusa's Store API) is not kept.
 */
const userNumberOfCustomer = new Map<string, number>()

/**
 * The shop users' numbers behind these Medusa customers (the accounts plugin's shop-user-customer link),
 * keyed by customer id; a customer no shop user has is left out. How the shop knows who placed an order:
 * Medusa's order names its customer.
 */
export async function userNumbersOfCustomers(
  container: MedusaContainer,
  customerIds: ReadonlyArray<string | null | undefined>,
): Promise<Map<string, number>> {
  const wanted = [...new Set(customerIds.filter((id): id is string => Boolean(id)))]
  const unknown = wanted.filter((id) => !userNumberOfCustomer.has(id))
  if (unknown.length) {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: ShopUserCustomerLink.entryPoint,
      fields: ["customer_id", "shop_user.user_number"],
      filters: { customer_id: unknown },
    })
    if (userNumberOfCustomer.size + unknown.length > KEPT_CUSTOMERS) userNumberOfCustomer.clear()
    for (const row of data as Array<{ customer_id: string; shop_user?: { user_number: number } | null }>) {
      if (row.shop_user) userNumberOfCustomer.set(row.customer_id, Number(row.shop_user.user_number))
    }
  }
  return new Map(wanted.flatMap((id) => (userNumberOfCustomer.has(id) ? [[id, userNumberOfCustomer.get(id)!] as const] : [])))
}

/** The shop user behind a Medusa customer, or null (a guest of Medusa's Store API, a deleted account). */
export async function findUserByCustomer(container: MedusaContainer, customerId: string): Promise<ShopUserRow | null> {
  const userNumber = (await userNumbersOfCustomers(container, [customerId])).get(customerId)
  return userNumber === undefined ? null : findUserByNumber(container, userNumber)
}
