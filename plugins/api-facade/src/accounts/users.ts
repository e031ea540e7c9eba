import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { User } from "@enclave/contract"
import { ACCOUNTS_MODULE } from "@enclave/accounts/.medusa/server/src/modules/accounts"


/** A shop_user row as the accounts module returns it. */
export interface ShopUserRow {
  id: string
  user_number: number
  username: string
  username_key: string
  email: string
  full_name: string | null
  is_admin: boolean
  address_line1: string | null
  address_line2: string | null
  city: string | null
  state: string | null
  postal_code: string | null
  country: string | null
  two_factor_enabled: boolean
  last_login: Date | string | null
  login_attempts: number
  locked_until: Date | string | null
  password_last_changed: Date | string | null
  cart_id: string | null
  created_at: Date | string
}

/** One sign-in counter as the accounts module returns it (table sign_in_guard). */
export interface SignInCounter {
  failures: number
  lockedUntil: Date | null
  knownUntil: Date | null
}

/** The counters one sign-in attempt was counted in: (username, address), address, username. */
export interface SignInCounts {
  pair: SignInCounter
  perAddress: SignInCounter
  perUsername: SignInCounter
}

export interface AccountsService {
  listShopUsers(filters?: Record<string, unknown>, config?: Record<string, unknown>): Promise<ShopUserRow[]>
  createShopUsers(data: Record<string, unknown>): Promise<ShopUserRow>
  updateShopUsers(data: Record<string, unknown>): Promise<ShopUserRow>
  countSignInAttempt(input: {
    usernameKey: string
    address: string
    windowSeconds: number
    lockSeconds: number
    pairLockAfter: number
    addressLockAfter: number
  }): Promise<SignInCounts>
  recordSignInSuccess(input: { usernameKey: string; address: string; knownAddressDays: number }): Promise<void>
  pruneSignInGuard(): Promise<void>
  /** Points the user at cart `to` only while they point at `from`; whether it moved. */
  moveCart(input: { userId: string; from: string | null; to: string | null }): Promise<boolean>
}

export function accountsService(container: MedusaContainer): AccountsService {
  return container.resolve(ACCOUNTS_MODULE) as AccountsService
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
