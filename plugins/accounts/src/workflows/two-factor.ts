import { createStep, createWorkflow, StepResponse, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { INVALID_TWO_FACTOR_CODE_MESSAGE } from "@enclave/contract/values"
import { ACCOUNTS_MODULE } from "../modules/accounts"
import type AccountsModuleService from "../modules/accounts/service"

const accounts = (container: { resolve<T>(key: string): T }) => container.resolve<AccountsModuleService>(ACCOUNTS_MODULE)

const confirmTwoFactorStep = createStep(
  "enclave-confirm-two-factor",
  async (input: { userId: string; code: string }, { container }) => {
    const before = await accounts(container).twoFactorStateOf(input.userId)
    const recoveryCodes = await accounts(container).confirmTwoFactorSetup(input.userId, input.code)
    if (!recoveryCodes) throw new MedusaError(MedusaError.Types.INVALID_DATA, INVALID_TWO_FACTOR_CODE_MESSAGE)
    return new StepResponse(recoveryCodes, before)
  },
  async (before, { container }) => {
    if (before) await accounts(container).restoreTwoFactorState(before)
  },
)

const turnOffTwoFactorStep = createStep(
  "enclave-turn-off-two-factor",
  async (input: { userId: string }, { container }) => {
    const before = await accounts(container).twoFactorStateOf(input.userId)
    await accounts(container).turnOffTwoFactor(input.userId)
    return new StepResponse(undefined, before)
  },
  async (before, { container }) => {
    if (before) await accounts(container).restoreTwoFactorState(before)
  },
)

/**
 * Turns two-factor sign-in on with a code of the secret set up before; answers the ten recovery
 * codes. The mail saying so is sent by a subscriber of `shop_user.two_factor_enabled`.
 */
export const enableShopUserTwoFactorWorkflow = createWorkflow("enclave-enable-two-factor", (input: { userId: string; code: string }) => {
  const recoveryCodes = confirmTwoFactorStep(input)
  emitEventStep({ eventName: "shop_user.two_factor_enabled", data: transform({ input }, ({ input }) => ({ id: input.userId })) })
  return new WorkflowResponse(recoveryCodes)
})

/** Turns two-factor sign-in off (the caller has checked a code); `shop_user.two_factor_disabled` tells the customer. */
export const disableShopUserTwoFactorWorkflow = createWorkflow("enclave-disable-two-factor", (input: { userId: string }) => {
  turnOffTwoFactorStep(input)
  emitEventStep({ eventName: "shop_user.two_factor_disabled", data: transform({ input }, ({ input }) => ({ id: input.userId })) })
  return new WorkflowResponse(undefined)
})
