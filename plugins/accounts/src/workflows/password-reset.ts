import { createStep, createWorkflow, StepResponse, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { RESET_LINK_INVALID_MESSAGE } from "@enclave/contract/values"
import { ACCOUNTS_MODULE } from "../modules/accounts"
import type AccountsModuleService from "../modules/accounts/service"
import { changeShopUserPasswordWorkflow } from "./change-shop-user-password"

const accounts = (container: { resolve<T>(key: string): T }) => container.resolve<AccountsModuleService>(ACCOUNTS_MODULE)

const createResetTokenStep = createStep(
  "enclave-create-password-reset-token",
  async (input: { userId: string }, { container }) => {
    const created = await accounts(container).createPasswordResetToken(input.userId)
    return new StepResponse(created.token, created.id)
  },
  async (id, { container }) => {
    if (id) await accounts(container).deletePasswordResets(id)
  },
)

/** A new link ends the account's older ones: a link found in an old mail (or a mailbox read by someone else) stops working. */
const endOlderResetLinksStep = createStep(
  "enclave-end-older-password-reset-links",
  async (input: { userId: string }, { container }) => {
    const ended = await accounts(container).endOpenPasswordResets(input.userId)
    return new StepResponse(ended.length, ended)
  },
  async (ended, { container }) => {
    for (const id of ended ?? []) await accounts(container).reopenPasswordResetToken(id)
  },
)

/**
 * Mails a reset link: the account's older links end, the token is made and its digest kept here; the
 * link travels in the event `shop_user.password_reset_requested` to the mail subscriber, which runs in
 * the worker.
 */
export const requestShopUserPasswordResetWorkflow = createWorkflow(
  "enclave-request-password-reset",
  (input: { userId: string; shopOrigin: string }) => {
    endOlderResetLinksStep(input)
    const token = createResetTokenStep(input)
    const data = transform({ input, token }, ({ input, token }) => ({
      id: input.userId,
      resetUrl: `${input.shopOrigin}/auth/reset?token=${encodeURIComponent(token)}`,
    }))
    emitEventStep({ eventName: "shop_user.password_reset_requested", data })
    return new WorkflowResponse(undefined)
  },
)

const useResetTokenStep = createStep(
  "enclave-use-password-reset-token",
  async (input: { token: string }, { container }) => {
    const used = await accounts(container).usePasswordResetToken(input.token)
    if (!used) throw new MedusaError(MedusaError.Types.INVALID_DATA, RESET_LINK_INVALID_MESSAGE)
    const [user] = await accounts(container).listShopUsers({ id: used.userId }, { select: ["id", "username_key"], take: 1 })
    if (!user) throw new MedusaError(MedusaError.Types.INVALID_DATA, RESET_LINK_INVALID_MESSAGE)
    return new StepResponse({ userId: user.id, usernameKey: user.username_key }, used.resetId)
  },
  async (resetId, { container }) => {
    if (resetId) await accounts(container).reopenPasswordResetToken(resetId)
  },
)

/**
 * A new password through a mailed link: the token is used up, then the password changes as on the
 * account page (every session ends; `shop_user.password_changed` mails the customer). When the new
 * password cannot be set, the link works again.
 */
export const resetShopUserPasswordWorkflow = createWorkflow("enclave-reset-password", (input: { token: string; newPassword: string }) => {
  const account = useResetTokenStep(input)
  const changeInput = transform({ input, account }, ({ input, account }) => ({
    userId: account.userId,
    usernameKey: account.usernameKey,
    newPassword: input.newPassword,
  }))
  changeShopUserPasswordWorkflow.runAsStep({ input: changeInput })
  return new WorkflowResponse(account)
})
