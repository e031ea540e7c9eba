import { createStep, createWorkflow, StepResponse, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { ACCOUNTS_MODULE } from "../modules/accounts"
import type AccountsModuleService from "../modules/accounts/service"

const accounts = (container: { resolve<T>(key: string): T }) => container.resolve<AccountsModuleService>(ACCOUNTS_MODULE)

interface PgpKeyColumns {
  id: string
  pgp_public_key: string | null
  pgp_fingerprint: string | null
}

const setPgpKeyStep = createStep(
  "enclave-set-pgp-key",
  async (input: PgpKeyColumns, { container }) => {
    const [before] = await accounts(container).listShopUsers(
      { id: input.id },
      { select: ["id", "pgp_public_key", "pgp_fingerprint"], take: 1 },
    )
    await accounts(container).updateShopUsers(input)
    return new StepResponse(undefined, before as PgpKeyColumns | undefined)
  },
  async (before, { container }) => {
    if (before) await accounts(container).updateShopUsers(before)
  },
)

/**
 * Stores the key the customer's mails are encrypted to (checked by the caller with checkPublicKey);
 * `shop_user.pgp_key_saved` makes the mail plugin send an encrypted test mail.
 */
export const saveShopUserPgpKeyWorkflow = createWorkflow(
  "enclave-save-pgp-key",
  (input: { userId: string; armored: string; fingerprint: string }) => {
    setPgpKeyStep(
      transform({ input }, ({ input }) => ({ id: input.userId, pgp_public_key: input.armored, pgp_fingerprint: input.fingerprint })),
    )
    emitEventStep({ eventName: "shop_user.pgp_key_saved", data: transform({ input }, ({ input }) => ({ id: input.userId })) })
    return new WorkflowResponse(undefined)
  },
)

/** Mails go unencrypted again. */
export const removeShopUserPgpKeyWorkflow = createWorkflow("enclave-remove-pgp-key", (input: { userId: string }) => {
  setPgpKeyStep(transform({ input }, ({ input }) => ({ id: input.userId, pgp_public_key: null, pgp_fingerprint: null })))
  return new WorkflowResponse(undefined)
})
