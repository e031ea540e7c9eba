import { createStep, createWorkflow, StepResponse, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { emitEventStep, useQueryGraphStep } from "@medusajs/medusa/core-flows"
import { ACCOUNTS_MODULE } from "../modules/accounts"
import type AccountsModuleService from "../modules/accounts/service"
import { grantMedusaAdminLoginWorkflow } from "./medusa-admin-login"

export interface ChangeShopUserPasswordInput {
  userId: string
  usernameKey: string
  newPassword: string
}

/** The new password goes to Medusa's emailpass provider (scrypt); undone by putting the old hash back. */
const setPasswordStep = createStep(
  "enclave-set-password",
  async (input: { usernameKey: string; newPassword: string }, { container }) => {
    const auth = container.resolve(Modules.AUTH)
    const [identity] = await auth.listProviderIdentities({ entity_id: input.usernameKey, provider: "emailpass" })
    if (!identity) throw new MedusaError(MedusaError.Types.NOT_FOUND, "The account has no password to change")
    const result = await auth.updateProvider("emailpass", { entity_id: input.usernameKey, password: input.newPassword })
    if (!result.success) throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, result.error ?? "The password could not be changed")
    return new StepResponse(undefined, { id: identity.id, provider_metadata: identity.provider_metadata })
  },
  async (previous, { container }) => {
    if (previous) await container.resolve(Modules.AUTH).updateProviderIdentities([previous])
  },
)

/**
 * The time of the change, which also ends every session signed in before it (the facade compares
 * each session's sign-in time with it).
 */
const markPasswordChangedStep = createStep(
  "enclave-mark-password-changed",
  async (input: { userId: string }, { container }) => {
    const accounts = container.resolve<AccountsModuleService>(ACCOUNTS_MODULE)
    const [before] = await accounts.listShopUsers({ id: input.userId }, { select: ["id", "password_last_changed"], take: 1 })
    const changedAt = new Date()
    await accounts.updateShopUsers({ id: input.userId, password_last_changed: changedAt })
    return new StepResponse(changedAt, before)
  },
  async (before, { container }) => {
    if (before) await container.resolve<AccountsModuleService>(ACCOUNTS_MODULE).updateShopUsers(before)
  },
)

/**
 * A new password for an account whose current one the caller has already checked (or whose reset
 * link it has used up). `shop_user.password_changed` mails the customer that it happened. An
 * admin's Medusa login changes with it (medusa-admin-login.ts), or neither does.
 */
export const changeShopUserPasswordWorkflow = createWorkflow("enclave-change-shop-user-password", (input: ChangeShopUserPasswordInput) => {
  setPasswordStep(input)
  const changedAt = markPasswordChangedStep(input)
  const { data: found } = useQueryGraphStep({
    entity: "shop_user",
    fields: ["id", "is_admin"],
    filters: { id: input.userId },
  }).config({ name: "enclave-find-changed-account" })
  when("enclave-admin-password-changed", { found }, ({ found }) =>
    Boolean((found[0] as { is_admin?: boolean } | undefined)?.is_admin),
  ).then(() => {
    grantMedusaAdminLoginWorkflow.runAsStep({ input: transform({ input }, ({ input }) => ({ shopUserId: input.userId })) })
  })
  emitEventStep({ eventName: "shop_user.password_changed", data: transform({ input }, ({ input }) => ({ id: input.userId })) })
  return new WorkflowResponse(changedAt)
})
