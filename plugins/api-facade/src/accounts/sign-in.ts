import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import {
  INVALID_CREDENTIALS_MESSAGE,
  LOGIN_LOCK_MINUTES,
  MAX_LOGIN_ATTEMPTS,
  type LoginRequest,
  type RegisterRequest,
} from "@enclave/contract"
import { registerShopUserWorkflow } from "@enclave/accounts/.medusa/server/src/workflows/register-shop-user"
import scrypt from "scrypt-kdf"
import { ApiError } from "../http/api-error"
import { sqlRows } from "../http/database"
import { accountsService, findUserByUsername, isLocked, type ShopUserRow } from "./users"

/** How long sign-in stays refused after too many failures; LOGIN_LOCK_MINUTES overrides it for operators. */
function lockMinutes(): number {
  const fromEnv = Number(process.env.LOGIN_LOCK_MINUTES)
  return Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : LOGIN_LOCK_MINUTES
}

function lockedMessage(until: Date | string): string {
  const minutes = Math.max(1, Math.ceil((new Date(until).getTime() - Date.now()) / 60_000))
  return `Your account is locked after ${MAX_LOGIN_ATTEMPTS} failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`
}

/**
 * An unknown username costs as much time as a wrong password, so response times do not reveal
 * which usernames exist.
 */
let decoyHash: Promise<Buffer> | undefined
async function spendPasswordCheckTime(password: string) {
  decoyHash ??= scrypt.kdf("decoy password of no account", { logN: 15, r: 8, p: 1 })
  await scrypt.verify(await decoyHash, password)
}

/** Counts a failed attempt atomically (parallel guesses each count) and locks at the limit. */
async function recordFailure(container: MedusaContainer, user: ShopUserRow): Promise<{ locked: boolean; until: Date | null }> {
  const until = new Date(Date.now() + lockMinutes() * 60_000)
  const rows = await sqlRows(
    container,
    `update shop_user
        set login_attempts = login_attempts + 1,
            locked_until = case when login_attempts + 1 >= ? then ?::timestamptz else locked_until end,
            updated_at = now()
      where id = ?
      returning login_attempts, locked_until`,
    [MAX_LOGIN_ATTEMPTS, until.toISOString(), user.id],
  )
  const lockedUntil = rows[0]?.locked_until as Date | null
  return { locked: lockedUntil !== null && lockedUntil !== undefined && isLocked({ locked_until: lockedUntil }), until: lockedUntil ?? null }
}

export async function signIn(container: MedusaContainer, credentials: LoginRequest): Promise<ShopUserRow> {
  const user = await findUserByUsername(container, credentials.username)
  if (!user) {
    await spendPasswordCheckTime(credentials.password)
    throw new ApiError(401, INVALID_CREDENTIALS_MESSAGE)
  }
  if (isLocked(user)) throw new ApiError(423, lockedMessage(user.locked_until!))
  const accounts = accountsService(container)
  if (user.locked_until !== null) {
    // The lock ran out: the next attempts start counting from zero.
    await accounts.updateShopUsers({ id: user.id, login_attempts: 0, locked_until: null })
  }
  const auth = container.resolve(Modules.AUTH)
  const result = await auth.authenticate("emailpass", {
    body: { email: user.username_key, password: credentials.password },
  } as never)
  if (!result.success) {
    const failure = await recordFailure(container, user)
    if (failure.locked && failure.until) throw new ApiError(423, lockedMessage(failure.until))
    throw new ApiError(401, INVALID_CREDENTIALS_MESSAGE)
  }
  return accounts.updateShopUsers({ id: user.id, login_attempts: 0, locked_until: null, last_login: new Date() })
}

export async function register(container: MedusaContainer, body: RegisterRequest): Promise<ShopUserRow> {
  const accounts = accountsService(container)
  const usernameKey = body.username.toLowerCase()
  const email = body.email.toLowerCase()
  if ((await accounts.listShopUsers({ username_key: usernameKey }, { take: 1 })).length > 0) {
    throw new ApiError(409, "Username already taken", { fields: { username: "Username already taken" } })
  }
  if ((await accounts.listShopUsers({ email }, { take: 1 })).length > 0) {
    throw new ApiError(409, "An account with this email address already exists", {
      fields: { email: "An account with this email address already exists" },
    })
  }
  try {
    const { result } = await registerShopUserWorkflow(container).run({
      input: {
        username: body.username,
        email,
        password: body.password,
        fullName: body.fullName,
        // Whatever the body says: admins are made only by the seed or `npm run admin:promote`.
        isAdmin: false,
        addressLine1: body.addressLine1,
        addressLine2: body.addressLine2,
        city: body.city,
        state: body.state,
        postalCode: body.postalCode,
        country: body.country,
      },
    })
    return (await accounts.updateShopUsers({ id: result.id, last_login: new Date() })) as ShopUserRow
  } catch (error) {
    // Two registrations racing for one username or email: the unique index decides, the loser hears why.
    const message = String((error as Error)?.message ?? "")
    if (/unique|already exists|duplicate|already taken/i.test(message)) {
      throw new ApiError(409, "Username or email address already registered")
    }
    throw error
  }
}
