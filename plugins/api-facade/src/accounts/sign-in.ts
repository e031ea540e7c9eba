import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { INVALID_CREDENTIALS_MESSAGE, type LoginRequest, type RegisterRequest } from "@enclave/contract"
import { registerShopUserWorkflow } from "@enclave/accounts"
import scrypt from "scrypt-kdf"
import { ApiError } from "../http/api-error"
import { countAttempt, countSuccess, failureError } from "./sign-in-guard"
import { accountsService, findUserByUsername, type ShopUserRow } from "./users"

/**
 * A username nobody has costs as much time as a wrong password: the same identity look-up (which
 * finds nothing) and a hash of the same strength as the emailpass provider's, so response times
 * do not reveal which usernames exist.
 */
let decoyHash: Promise<Buffer> | undefined
async function spendPasswordCheckTime(password: string) {
  decoyHash ??= scrypt.kdf("decoy password of no account", { logN: 15, r: 8, p: 1 })
  await scrypt.verify(await decoyHash, password)
}

/** Whether this is the password of the username's identity in Medusa's auth module (emailpass, scrypt). */
export async function passwordMatches(container: MedusaContainer, usernameKey: string, password: string): Promise<boolean> {
  const result = await container.resolve(Modules.AUTH).authenticate("emailpass", { body: { email: usernameKey, password } } as never)
  return result.success
}

/**
 * Signs in from one client address (`clientAddress`, as the per-address limit keys it). The
 * counting and locks (sign-in-guard.ts) come first and see only the username's text, so a
 * username nobody has gets the same answers as one that exists.
 */
export async function signIn(container: MedusaContainer, credentials: LoginRequest, clientAddress: string): Promise<ShopUserRow> {
  const usernameKey = credentials.username.trim().toLowerCase()
  const attempt = await countAttempt(container, usernameKey, clientAddress)
  const user = await findUserByUsername(container, usernameKey)
  const matches = await passwordMatches(container, usernameKey, credentials.password)
  if (!user) await spendPasswordCheckTime(credentials.password)
  if (!user || !matches) throw failureError(attempt, new ApiError(401, INVALID_CREDENTIALS_MESSAGE))
  await countSuccess(container, attempt)
  return accountsService(container).updateShopUsers({ id: user.id, login_attempts: 0, locked_until: null, last_login: new Date() })
}

/**
 * What a lost registration race throws, by Medusa's error type: the password identity's step says
 * DUPLICATE_ERROR, and Medusa turns a unique index's refusal (shop user, customer) into INVALID_DATA.
 * The body was validated before, so INVALID_DATA here can only be such a key.
 */
function isTakenKey(error: unknown): boolean {
  return (
    MedusaError.isMedusaError(error) && (error.type === MedusaError.Types.DUPLICATE_ERROR || error.type === MedusaError.Types.INVALID_DATA)
  )
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
    // Two registrations racing for one username or email: the unique indexes decide, the loser hears why.
    if (isTakenKey(error)) throw new ApiError(409, "Username or email address already registered")
    throw error
  }
}
