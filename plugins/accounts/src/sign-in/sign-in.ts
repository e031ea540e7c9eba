import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import {
  INVALID_CREDENTIALS_MESSAGE,
  INVALID_TWO_FACTOR_CODE_MESSAGE,
  TWO_FACTOR_EXPIRED_MESSAGE,
  type LoginRequest,
  type RegisterRequest,
} from "@enclave/contract"
import { registerShopUserWorkflow } from "../workflows/register-shop-user"
import scrypt from "scrypt-kdf"
import { ShopError } from "@enclave/contract/shop-error"
import type { Language } from "@enclave/contract/i18n"
import { staffSecondFactorRequired } from "@enclave/catalogue"
import { hasPasskeys } from "../passkeys/passkeys"
import { countAttempt, countCodeFailure, countSuccess, failureError, type Attempt } from "./guard"
import { accountsService, findUserById, findUserByUsername, type ShopUserRow } from "../users"

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

/** The account is in: its counters start from zero, and the sign-in and its language are noted. */
export async function signedIn(container: MedusaContainer, attempt: Attempt, user: ShopUserRow, language: Language | null) {
  await countSuccess(container, attempt)
  return accountsService(container).updateShopUsers({
    id: user.id,
    login_attempts: 0,
    locked_until: null,
    last_login: new Date(),
    ...(language ? { language } : {}),
  })
}

/**
 * Signs in from one client address (`clientAddress`, as the per-address limit keys it). The
 * counting and locks (sign-in-guard.ts) come first and see only the username's text, so a
 * username nobody has gets the same answers as one that exists.
 *
 * An account with two-factor sign-in on is not in yet after its password: the answer says a code
 * is due, and the attempt stays counted as a failure until the code is right (so a password
 * thief cannot reset the count between guesses at the code).
 */
export async function signIn(
  container: MedusaContainer,
  credentials: LoginRequest,
  clientAddress: string,
  language: Language | null,
): Promise<{ user: ShopUserRow; secondFactorDue: boolean }> {
  const usernameKey = credentials.username.trim().toLowerCase()
  const attempt = await countAttempt(container, usernameKey, clientAddress, { signIn: { altcha: credentials.altcha } })
  const user = await findUserByUsername(container, usernameKey)
  const matches = await passwordMatches(container, usernameKey, credentials.password)
  if (!user) await spendPasswordCheckTime(credentials.password)
  if (!user || !matches) throw failureError(attempt, new ShopError("invalid_credentials", INVALID_CREDENTIALS_MESSAGE))
  if (user.two_factor_enabled) return { user, secondFactorDue: true }
  // An admin whose only second factor is a passkey, while the shop requires two of its staff: the
  // password step asks for the passkey, as it asks others for their code, so the session gets both.
  if (user.is_admin && (await staffSecondFactorRequired(container)) && (await hasPasskeys(container, user.id))) {
    return { user, secondFactorDue: true }
  }
  return { user: await signedIn(container, attempt, user, language), secondFactorDue: false }
}

/**
 * The second step of a two-factor sign-in: a code of the authenticator app or a recovery code,
 * counted by the same rule as a password (a wrong one is a failed sign-in of this account from
 * this address).
 */
export async function completeSecondFactor(
  container: MedusaContainer,
  userId: string,
  code: string,
  clientAddress: string,
  language: Language | null,
): Promise<ShopUserRow> {
  const user = await findUserById(container, userId)
  if (!user?.two_factor_enabled) throw new ShopError("two_factor_expired", TWO_FACTOR_EXPIRED_MESSAGE)
  const attempt = await countAttempt(container, user.username_key, clientAddress, "onFailure")
  if (!(await accountsService(container).useTwoFactorCode(user.id, code))) {
    await countCodeFailure(container, attempt)
    throw failureError(
      attempt,
      new ShopError("invalid_two_factor_code", INVALID_TWO_FACTOR_CODE_MESSAGE, { fields: { code: INVALID_TWO_FACTOR_CODE_MESSAGE } }),
    )
  }
  return signedIn(container, attempt, user, language)
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

export async function register(container: MedusaContainer, body: RegisterRequest, language: Language | null): Promise<ShopUserRow> {
  const accounts = accountsService(container)
  const usernameKey = body.username.toLowerCase()
  const email = body.email.toLowerCase()
  if ((await accounts.listShopUsers({ username_key: usernameKey }, { take: 1 })).length > 0) {
    throw new ShopError("username_taken", "Username already taken", { fields: { username: "Username already taken" } })
  }
  if ((await accounts.listShopUsers({ email }, { take: 1 })).length > 0) {
    throw new ShopError("email_taken", "An account with this email address already exists", {
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
        companyName: body.companyName,
        vatId: body.vatId,
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
    return (await accounts.updateShopUsers({ id: result.id, last_login: new Date(), language: language ?? "en" })) as ShopUserRow
  } catch (error) {
    // Two registrations racing for one username or email: the unique indexes decide, the loser hears why.
    if (isTakenKey(error)) throw new ShopError("username_taken", "Username or email address already registered")
    throw error
  }
}
