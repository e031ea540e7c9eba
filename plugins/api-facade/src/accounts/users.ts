import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { User } from "@enclave/contract"
import { ACCOUNTS_MODULE, type AccountsModuleService, type ShopUser, type SignInCounter, type SignInCounts } from "@enclave/accounts"

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
