import type { AuthenticatedMedusaRequest, MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { INVALID_CREDENTIALS_MESSAGE, passkeyMessages } from "@enclave/contract"
import { staffSecondFactorRequired } from "@enclave/catalogue"
import { ShopError } from "@enclave/contract/shop-error"
import { clientAddress } from "./sign-in-limit"
import { passwordMatches, countAttempt, countSuccess, failureError, accountsService } from "@enclave/accounts"

export const MEDUSA_SECOND_FACTOR_MESSAGE =
  "This admin signs in with two factors: send the code of your authenticator app, or a recovery code, as `code`"

/** The shop account behind a Medusa admin login (links/shop-user-medusa-user.ts in the accounts plugin), if any. */
async function accountOfMedusaLogin(req: MedusaRequest, email: string) {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "user", fields: ["id", "shop_user.id", "shop_user.two_factor_enabled"], filters: { email } })
  return (data[0] as { shop_user?: { id: string; two_factor_enabled: boolean } | null } | undefined)?.shop_user ?? null
}

/**
 * Medusa's own sign-in of admin users, POST /auth/user/emailpass (docs/extending.md): what Medusa's
 * dashboard calls through /medusa when MEDUSA_DASHBOARD is on, and a merchant's scripts directly.
 * The shop's admins sign in there with their shop password, so it keeps the shop's rules: the limit
 * per address and minute (limitSignIns, before this), the counts and locks of sign-in-guard.ts
 * with the e-mail for the username, and the second factor of an admin who has one, sent as `code`
 * (Medusa's dashboard has no field for it: such an admin uses the admin API).
 */
export async function guardMedusaSignIn(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  try {
    const body = (req.body ?? {}) as { email?: unknown; password?: unknown; code?: unknown; altcha?: unknown }
    const email = typeof body.email === "string" ? body.email.trim() : ""
    const attempt = await countAttempt(req.scope, email.toLowerCase(), clientAddress(req), { signIn: { altcha: body.altcha } })
    const account = await accountOfMedusaLogin(req, email)
    // Medusa's sign-in takes no passkey: under the staff setting, its admins need an authenticator code.
    if (account && !account.two_factor_enabled && (await staffSecondFactorRequired(req.scope))) {
      if (!(await passwordMatches(req.scope, email, typeof body.password === "string" ? body.password : ""))) {
        throw failureError(attempt, new ShopError("invalid_credentials", INVALID_CREDENTIALS_MESSAGE))
      }
      const code = "staff_second_factor_required"
      throw new ShopError(code, passkeyMessages[code], { code }, { status: 401 })
    }
    if (account?.two_factor_enabled) {
      // Medusa would hand out a token for the password alone.
      if (!(await passwordMatches(req.scope, email, typeof body.password === "string" ? body.password : ""))) {
        throw failureError(attempt, new ShopError("invalid_credentials", INVALID_CREDENTIALS_MESSAGE))
      }
      const code = typeof body.code === "string" ? body.code.trim() : ""
      if (!code || !(await accountsService(req.scope).useTwoFactorCode(account.id, code))) {
        throw failureError(
          attempt,
          new ShopError("medusa_second_factor_required", MEDUSA_SECOND_FACTOR_MESSAGE, { fields: { code: MEDUSA_SECOND_FACTOR_MESSAGE } }),
        )
      }
    }
    // Medusa checks the password and answers; a sign-in it lets in counts as the account's success.
    res.once("finish", () => {
      if (res.statusCode !== 200) return
      countSuccess(req.scope, attempt).catch((error) => req.scope.resolve(ContainerRegistrationKeys.LOGGER).warn(String(error)))
    })
    next()
  } catch (error) {
    next(error)
  }
}

export const MEDUSA_ADMIN_GONE_MESSAGE = "This sign-in to Medusa's admin has ended: sign in again"

/** When a Medusa token was signed (its `iat`, whole seconds), in milliseconds; null for no bearer token. */
function bearerIssuedAt(authorization: string | undefined): number | null {
  const [scheme, token] = (authorization ?? "").split(" ")
  if (scheme?.toLowerCase() !== "bearer" || !token) return null
  try {
    const { iat } = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { iat?: unknown }
    return typeof iat === "number" ? iat * 1000 : null
  } catch {
    return null
  }
}

type SessionWithSignIn = { enclave_signed_in_at?: number | null }

/**
 * POST /auth/session turns a token into Medusa's session cookie (the dashboard's way): the session
 * keeps when that token was signed, so that a password change ends it like the token.
 */
export function noteMedusaSessionSignIn(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const session = (req as unknown as { session?: SessionWithSignIn }).session
  if (session) session.enclave_signed_in_at = bearerIssuedAt(req.headers.authorization)
  next()
}

/**
 * Medusa's admin API trusts a token it signed until it expires, a day later, and its session as
 * long: a demoted admin, or whoever signed in before the password changed, would keep their way
 * in. So each call of a Medusa user checks that the user is still there and, for the shop's admins,
 * that the account is still an admin and signed in after its last password change, as the shop's
 * own sessions do. A Medusa user a merchant made without the shop (`medusa user`) is Medusa's alone.
 */
export async function endStaleMedusaAdminAccess(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  try {
    const context = (req as AuthenticatedMedusaRequest).auth_context
    if (!context?.actor_id || context.actor_type !== "user") return next()
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "user",
      fields: ["id", "shop_user.is_admin", "shop_user.password_last_changed"],
      filters: { id: context.actor_id },
    })
    const user = data[0] as { shop_user?: { is_admin: boolean; password_last_changed: string | Date | null } | null } | undefined
    if (!user) return next(new ShopError("medusa_admin_gone", MEDUSA_ADMIN_GONE_MESSAGE))
    const account = user.shop_user
    if (account && !account.is_admin) return next(new ShopError("medusa_admin_gone", MEDUSA_ADMIN_GONE_MESSAGE))
    const signedInAt =
      bearerIssuedAt(req.headers.authorization) ?? (req as unknown as { session?: SessionWithSignIn }).session?.enclave_signed_in_at ?? null
    // Whole seconds, as the token's time is.
    const changedAt = account?.password_last_changed ? Math.floor(new Date(account.password_last_changed).getTime() / 1000) * 1000 : null
    if (account && changedAt !== null && (signedInAt === null || signedInAt < changedAt)) {
      return next(new ShopError("medusa_admin_gone", MEDUSA_ADMIN_GONE_MESSAGE))
    }
    next()
  } catch (error) {
    next(error)
  }
}
