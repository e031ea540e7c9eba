import type { MedusaContainer } from "@medusajs/framework/types"
import type { PasswordChange, ProfileUpdate } from "@enclave/contract"
import { changeShopUserPasswordWorkflow, updateShopUserProfileWorkflow } from "@enclave/accounts"
import { ApiError } from "../http/api-error"
import { passwordMatches } from "./sign-in"
import { countAttempt, countSuccess, failureError } from "./sign-in-guard"
import { accountsService, type ShopUserRow } from "./users"

export const EMAIL_TAKEN_MESSAGE = "An account with this email address already exists"
export const WRONG_CURRENT_PASSWORD_MESSAGE = "Current password is incorrect"

/** A customer's own profile (docs/product.md §5 rules); the e-mail address must stay unique. */
export async function updateProfile(container: MedusaContainer, user: ShopUserRow, profile: ProfileUpdate): Promise<ShopUserRow> {
  const email = profile.email.toLowerCase()
  const [holder] = await accountsService(container).listShopUsers({ email }, { select: ["id"], take: 1 })
  if (holder && holder.id !== user.id) throw new ApiError(409, EMAIL_TAKEN_MESSAGE, { fields: { email: EMAIL_TAKEN_MESSAGE } })
  const { result } = await updateShopUserProfileWorkflow(container).run({ input: { userId: user.id, profile: { ...profile, email } } })
  return result as ShopUserRow
}

/**
 * Checks the current password as a sign-in does, counted by the same rule (sign-in-guard.ts: a
 * wrong one here is a failed sign-in of this account from this address), then sets the new one.
 * Answers the time of the change: every session signed in before it has ended.
 */
export async function changePassword(
  container: MedusaContainer,
  user: ShopUserRow,
  body: PasswordChange,
  clientAddress: string,
): Promise<Date> {
  const attempt = await countAttempt(container, user.username_key, clientAddress)
  if (!(await passwordMatches(container, user.username_key, body.currentPassword))) {
    const wrong = new ApiError(400, WRONG_CURRENT_PASSWORD_MESSAGE, { fields: { currentPassword: WRONG_CURRENT_PASSWORD_MESSAGE } })
    throw failureError(attempt, wrong)
  }
  await countSuccess(container, attempt)
  const { result: changedAt } = await changeShopUserPasswordWorkflow(container).run({
    input: { userId: user.id, usernameKey: user.username_key, newPassword: body.newPassword },
  })
  return changedAt
}
