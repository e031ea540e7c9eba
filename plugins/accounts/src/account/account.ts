import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import {
  EMAIL_CHANGE_LINK_INVALID_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  type EmailChangeConfirm,
  type PasswordChange,
  type ProfileUpdate,
} from "@enclave/contract"
import { changeShopUserPasswordWorkflow } from "../workflows/change-shop-user-password"
import { confirmShopUserEmailChangeWorkflow, requestShopUserEmailChangeWorkflow } from "../workflows/email-change"
import { updateShopUserProfileWorkflow } from "../workflows/update-shop-user-profile"
import { ShopError } from "@enclave/contract/shop-error"
import { passwordMatches } from "../sign-in/sign-in"
import { countAttempt, countSuccess, failureError } from "../sign-in/guard"
import { accountsService, findUserById, type ShopUserRow } from "../users"

export const WRONG_CURRENT_PASSWORD_MESSAGE = "Current password is incorrect"
export const WRONG_PASSWORD_MESSAGE = "Password is incorrect"

/**
 * A customer's own profile (docs/product.md §5 rules): name, company and address change at once. A
 * different e-mail is answered as `pendingEmail` and changes nothing yet: the route answers first
 * and then asks for it (requestEmailChange), so neither the answer nor its time tells whether
 * another account has that address.
 */
export async function updateProfile(
  container: MedusaContainer,
  user: ShopUserRow,
  profile: ProfileUpdate,
): Promise<{ user: ShopUserRow; pendingEmail: string | null }> {
  const { email, ...rest } = profile
  const newEmail = email.toLowerCase()
  const { result } = await updateShopUserProfileWorkflow(container).run({ input: { userId: user.id, profile: rest } })
  return { user: result as ShopUserRow, pendingEmail: newEmail === user.email.toLowerCase() ? null : newEmail }
}

/**
 * Mails the link for a new address (or, when another account has it, a note to that address that it
 * already has an account), and tells the account's current address; runs after the answer.
 */
export async function requestEmailChange(container: MedusaContainer, userId: string, newEmail: string, shopOrigin: string): Promise<void> {
  const [holder] = await accountsService(container).listShopUsers({ email: newEmail }, { select: ["id"], take: 1 })
  await requestShopUserEmailChangeWorkflow(container).run({
    input: { userId, newEmail, taken: Boolean(holder && holder.id !== userId), shopOrigin },
  })
}

/** The link of the new address's mail: the account takes the address (once; 409 when another account took it meanwhile). */
export async function confirmEmailChange(container: MedusaContainer, body: EmailChangeConfirm): Promise<ShopUserRow> {
  try {
    const { result } = await confirmShopUserEmailChangeWorkflow(container).run({ input: { token: body.token } })
    return (await findUserById(container, result.userId))!
  } catch (error) {
    if (MedusaError.isMedusaError(error) && error.type === MedusaError.Types.DUPLICATE_ERROR) {
      throw new ShopError("email_taken", EMAIL_TAKEN_MESSAGE, { fields: { email: EMAIL_TAKEN_MESSAGE } })
    }
    if (MedusaError.isMedusaError(error) && error.type === MedusaError.Types.INVALID_DATA) {
      throw new ShopError("email_change_link_invalid", EMAIL_CHANGE_LINK_INVALID_MESSAGE, {
        fields: { token: EMAIL_CHANGE_LINK_INVALID_MESSAGE },
      })
    }
    throw error
  }
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
  const attempt = await countAttempt(container, user.username_key, clientAddress, "counted")
  if (!(await passwordMatches(container, user.username_key, body.currentPassword))) {
    const wrong = new ShopError("wrong_password", WRONG_CURRENT_PASSWORD_MESSAGE, {
      fields: { currentPassword: WRONG_CURRENT_PASSWORD_MESSAGE },
    })
    throw failureError(attempt, wrong)
  }
  await countSuccess(container, attempt)
  const { result: changedAt } = await changeShopUserPasswordWorkflow(container).run({
    input: { userId: user.id, usernameKey: user.username_key, newPassword: body.newPassword },
  })
  return changedAt
}
