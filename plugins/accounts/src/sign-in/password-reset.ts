import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { RESET_LINK_INVALID_MESSAGE, type PasswordResetConfirm } from "@enclave/contract"
import { requestShopUserPasswordResetWorkflow, resetShopUserPasswordWorkflow } from "../workflows/password-reset"
import { ShopError } from "@enclave/contract/shop-error"
import { accountsService } from "../users"

/**
 * Mails a reset link when the address has an account; says nothing either way (the route answers
 * 202 in both cases). The mail itself is sent by the worker, so both cases take about as long.
 */
export async function requestPasswordReset(container: MedusaContainer, email: string, shopOrigin: string): Promise<void> {
  const [user] = await accountsService(container).listShopUsers({ email: email.toLowerCase() }, { select: ["id"], take: 1 })
  if (!user) return
  await requestShopUserPasswordResetWorkflow(container).run({ input: { userId: user.id, shopOrigin } })
}

/** Sets the new password with a link's token: once, within the hour; every session of the account ends. */
export async function confirmPasswordReset(container: MedusaContainer, body: PasswordResetConfirm): Promise<void> {
  try {
    await resetShopUserPasswordWorkflow(container).run({ input: { token: body.token, newPassword: body.password } })
  } catch (error) {
    if (MedusaError.isMedusaError(error) && error.type === MedusaError.Types.INVALID_DATA) {
      throw new ShopError("reset_link_invalid", RESET_LINK_INVALID_MESSAGE, { fields: { token: RESET_LINK_INVALID_MESSAGE } })
    }
    throw error
  }
}
