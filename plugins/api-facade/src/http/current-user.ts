import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { NOT_AN_ADMIN_MESSAGE, passkeyMessages } from "@enclave/contract"
import { accountsService, findUserById, type ShopUserRow } from "@enclave/accounts"
import { ShopError } from "@enclave/contract/shop-error"
import { endSession, readSession } from "./session"
import { chosenLanguage } from "./shop-origin"
import { staffSecondFactorRequired } from "@enclave/catalogue"

type WithUser = MedusaRequest & { shopUser?: ShopUserRow | null; signedInWithTwoFactors?: boolean }

/** Middleware for every /api call: who is calling, from the session cookie (null for a visitor). */
export async function identifyCaller(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  try {
    const session = await readSession(req, res)
    let user = session ? await findUserById(req.scope, session.userId) : null
    // A password change ends every session signed in before it (a stolen cookie among them).
    if (session && user?.password_last_changed && session.signedInAt < new Date(user.password_last_changed).getTime()) {
      await endSession(req, res)
      user = null
    }
    // The language of the customer's mails is the one they used last in the storefront.
    const language = chosenLanguage(req)
    if (user && language && user.language !== language) user = await accountsService(req.scope).updateShopUsers({ id: user.id, language })
    ;(req as WithUser).shopUser = user
    ;(req as WithUser).signedInWithTwoFactors = Boolean(user && session?.twoFactors)
    next()
  } catch (error) {
    next(error)
  }
}

export function currentUser(req: MedusaRequest): ShopUserRow | null {
  return (req as WithUser).shopUser ?? null
}

export function requireUser(req: MedusaRequest, message = "You must be logged in"): ShopUserRow {
  const user = currentUser(req)
  if (!user) throw new ShopError("not_signed_in", message)
  return user
}

/** Whether this request's session was signed in with two factors (a passkey, or the password and a second step). */
export function signedInWithTwoFactors(req: MedusaRequest): boolean {
  return (req as WithUser).signedInWithTwoFactors === true
}

/**
 * Guard of every /api/admin/* path: the server decides, from the stored account, never the client.
 * While the shop requires two factors of its staff, an admin signed in with the password alone is
 * still signed in (to reach the account page and add a passkey or turn on two-factor sign-in) but
 * not let into the back office: 403 with `details.code` staff_second_factor_required.
 */
export async function requireAdmin(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  try {
    const user = currentUser(req)
    if (!user) return next(new ShopError("not_signed_in", "You must be logged in"))
    if (!user.is_admin) return next(new ShopError("not_an_admin", NOT_AN_ADMIN_MESSAGE))
    if (!signedInWithTwoFactors(req) && (await staffSecondFactorRequired(req.scope))) {
      const code = "staff_second_factor_required"
      return next(new ShopError(code, passkeyMessages[code], { code }))
    }
    next()
  } catch (error) {
    next(error)
  }
}
