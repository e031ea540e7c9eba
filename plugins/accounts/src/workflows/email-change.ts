import { createStep, createWorkflow, StepResponse, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { emitEventStep, useQueryGraphStep } from "@medusajs/medusa/core-flows"
import { EMAIL_CHANGE_LINK_INVALID_MESSAGE, EMAIL_TAKEN_MESSAGE } from "@enclave/contract/values"
import { ACCOUNTS_MODULE } from "../modules/accounts"
import type AccountsModuleService from "../modules/accounts/service"
import { grantMedusaAdminLoginWorkflow } from "./medusa-admin-login"

const accounts = (container: { resolve<T>(key: string): T }) => container.resolve<AccountsModuleService>(ACCOUNTS_MODULE)

/** A new request replaces the account's older ones: only the address asked for last can still be confirmed. */
const endOlderEmailChangesStep = createStep(
  "enclave-end-older-email-changes",
  async (input: { userId: string }, { container }) => {
    const ended = await accounts(container).endOpenEmailChanges(input.userId)
    return new StepResponse(ended.length, ended)
  },
  async (ended, { container }) => {
    await accounts(container).reopenEmailChanges(ended ?? [])
  },
)

/** The link's token, or null for an address another account has (no link can move this account there). */
const createEmailChangeTokenStep = createStep(
  "enclave-create-email-change-token",
  async (input: { userId: string; newEmail: string; taken: boolean }, { container }) => {
    if (input.taken) return new StepResponse(null as string | null, null as string | null)
    const created = await accounts(container).createEmailChangeToken(input.userId, input.newEmail)
    return new StepResponse(created.token as string | null, created.id as string | null)
  },
  async (id, { container }) => {
    if (id) await accounts(container).deleteEmailChanges(id)
  },
)

export interface RequestEmailChangeInput {
  userId: string
  newEmail: string
  /** Whether another account has the address: then the new address's mail says so, with no link. */
  taken: boolean
  shopOrigin: string
}

/**
 * A customer asks for a new e-mail address: the account's older requests end, a link
 * is made for the new address (its token's digest kept here) unless another account has that
 * address, and `shop_user.email_change_requested` carries it to the mail subscriber, which writes
 * to the new address (the link, or that it already has an account) and tells the old one.
 */
export const requestShopUserEmailChangeWorkflow = createWorkflow("enclave-request-email-change", (input: RequestEmailChangeInput) => {
  endOlderEmailChangesStep(input)
  const token = createEmailChangeTokenStep(input)
  const data = transform({ input, token }, ({ input, token }) => ({
    id: input.userId,
    newEmail: input.newEmail,
    confirmUrl: token ? `${input.shopOrigin}/account/email/confirm?token=${encodeURIComponent(token)}` : null,
  }))
  emitEventStep({ eventName: "shop_user.email_change_requested", data })
  return new WorkflowResponse(undefined)
})

const useEmailChangeTokenStep = createStep(
  "enclave-use-email-change-token",
  async (input: { token: string }, { container }) => {
    const used = await accounts(container).useEmailChangeToken(input.token)
    if (!used) throw new MedusaError(MedusaError.Types.INVALID_DATA, EMAIL_CHANGE_LINK_INVALID_MESSAGE)
    return new StepResponse({ userId: used.userId, newEmail: used.newEmail }, used.changeId)
  },
  async (changeId, { container }) => {
    if (changeId) await accounts(container).reopenEmailChanges([changeId])
  },
)

/**
 * The account's new address, if no other account took it since the link was mailed (DUPLICATE_ERROR
 * then: the link's holder owns that mailbox, so saying so reveals nothing to a stranger). The unique
 * index decides a race; its refusal is told apart by looking again.
 */
const setShopUserEmailStep = createStep(
  "enclave-set-shop-user-email",
  async (input: { userId: string; newEmail: string }, { container }) => {
    const service = accounts(container)
    const takenByOther = async () => {
      const [holder] = await service.listShopUsers({ email: input.newEmail }, { select: ["id"], take: 1 })
      return Boolean(holder && holder.id !== input.userId)
    }
    if (await takenByOther()) throw new MedusaError(MedusaError.Types.DUPLICATE_ERROR, EMAIL_TAKEN_MESSAGE)
    const [before] = await service.listShopUsers({ id: input.userId }, { select: ["id", "email"], take: 1 })
    if (!before) throw new MedusaError(MedusaError.Types.INVALID_DATA, EMAIL_CHANGE_LINK_INVALID_MESSAGE)
    try {
      await service.updateShopUsers({ id: input.userId, email: input.newEmail })
    } catch (error) {
      if (await takenByOther()) throw new MedusaError(MedusaError.Types.DUPLICATE_ERROR, EMAIL_TAKEN_MESSAGE)
      throw error
    }
    return new StepResponse(before.email, { id: before.id, email: before.email })
  },
  async (before, { container }) => {
    if (before) await accounts(container).updateShopUsers(before)
  },
)

/** Medusa's customer behind the account carries the same e-mail (orders are addressed with it). */
const setCustomerEmailStep = createStep(
  "enclave-set-customer-email",
  async (input: { customerId: string; email: string }, { container }) => {
    const customers = container.resolve(Modules.CUSTOMER)
    const before = await customers.retrieveCustomer(input.customerId, { select: ["id", "email"] })
    await customers.updateCustomers(input.customerId, { email: input.email })
    return new StepResponse(undefined, { id: before.id, email: before.email })
  },
  async (before, { container }) => {
    if (before) await container.resolve(Modules.CUSTOMER).updateCustomers(before.id, { email: before.email })
  },
)

/**
 * The link of the new address's mail: the token is used up, and the account, its Medusa customer
 * and (for an admin) its Medusa user and login take the new address together, or none does and the
 * link works again. Answers the account's id.
 */
export const confirmShopUserEmailChangeWorkflow = createWorkflow("enclave-confirm-email-change", (input: { token: string }) => {
  const change = useEmailChangeTokenStep(input)
  const { data: found } = useQueryGraphStep({
    entity: "shop_user",
    fields: ["id", "is_admin", "customer.id"],
    filters: { id: change.userId },
    options: { throwIfKeyNotFound: true },
  })
  setShopUserEmailStep(change)
  const customer = transform({ found, change }, ({ found, change }) => ({
    customerId: (found[0] as { customer: { id: string } }).customer.id,
    email: change.newEmail,
  }))
  setCustomerEmailStep(customer)
  // An admin's Medusa user and login follow the e-mail (medusa-admin-login.ts).
  when("enclave-admin-email-confirmed", { found }, ({ found }) => Boolean((found[0] as { is_admin?: boolean }).is_admin)).then(() => {
    grantMedusaAdminLoginWorkflow.runAsStep({ input: transform({ change }, ({ change }) => ({ shopUserId: change.userId })) })
  })
  return new WorkflowResponse(change)
})
