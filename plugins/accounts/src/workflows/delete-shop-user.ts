import { createStep, createWorkflow, StepResponse, transform, WorkflowResponse, when } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import {
  acquireLockStep,
  deleteCustomersWorkflow,
  emitEventStep,
  releaseLockStep,
  removeRemoteLinkStep,
  updateCustomersWorkflow,
} from "@medusajs/medusa/core-flows"
import { ACCOUNTS_MODULE } from "../modules/accounts"
import type AccountsModuleService from "../modules/accounts/service"

/** What the last mail needs of a deleted account: the row is gone by the time the worker sends it. */
export interface ShopUserDeletedEvent {
  id: string
  email: string
  username: string
  name: string
  language: string
  pgpPublicKey: string | null
}

interface AccountToDelete extends ShopUserDeletedEvent {
  usernameKey: string
  customerId: string | null
  cartId: string | null
}

const readAccountStep = createStep("enclave-read-account-to-delete", async (input: { userId: string }, { container }) => {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "shop_user",
    fields: ["id", "username", "username_key", "email", "full_name", "language", "pgp_public_key", "customer.id", "cart.id"],
    filters: { id: input.userId },
  })
  const row = data[0] as
    | {
        id: string
        username: string
        username_key: string
        email: string
        full_name: string | null
        language: string
        pgp_public_key: string | null
        customer?: { id: string } | null
        cart?: { id: string } | null
      }
    | undefined
  if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Shop user ${input.userId} not found`)
  const account: AccountToDelete = {
    id: row.id,
    email: row.email,
    username: row.username,
    usernameKey: row.username_key,
    name: row.full_name?.trim() || row.username,
    language: row.language,
    pgpPublicKey: row.pgp_public_key,
    customerId: row.customer?.id ?? null,
    cartId: row.cart?.id ?? null,
  }
  return new StepResponse(account)
})

/** The open cart goes with the account (soft-deleted, so a failure later brings it back). */
const deleteCartStep = createStep(
  "enclave-delete-account-cart",
  async (input: { cartId: string | null }, { container }) => {
    if (!input.cartId) return new StepResponse(null, null)
    await container.resolve(Modules.CART).softDeleteCarts([input.cartId])
    return new StepResponse(input.cartId, input.cartId)
  },
  async (cartId, { container }) => {
    if (cartId) await container.resolve(Modules.CART).restoreCarts([cartId])
  },
)

/**
 * The orders stay, as the law's retention requires (§ 147 AO, § 257 HGB: invoices ten years), with
 * their own e-mail and addresses; Medusa's order says in its metadata that the account that placed it
 * was deleted, so Medusa's admin API, the shop's admin and any plugin see the same.
 */
const markOrdersStep = createStep(
  "enclave-mark-orders-account-deleted",
  async (input: { customerId: string | null; at: string }, { container }) => {
    if (!input.customerId) return new StepResponse([], [])
    const orders = container.resolve(Modules.ORDER)
    const found = await orders.listOrders({ customer_id: input.customerId }, { select: ["id", "metadata"], take: null })
    if (found.length > 0) {
      await orders.updateOrders(found.map((o) => ({ id: o.id, metadata: { ...(o.metadata ?? {}), account_deleted_at: input.at } })))
    }
    return new StepResponse(
      found.map((o) => o.id),
      found.map((o) => ({ id: o.id, metadata: o.metadata ?? null })),
    )
  },
  async (before, { container }) => {
    if (before && before.length > 0) await container.resolve(Modules.ORDER).updateOrders(before as never)
  },
)

/**
 * The password identity in Medusa's auth module: deleted for good (it holds the password's hash),
 * so the username can be registered again. Nothing after it can fail but the account's own row.
 */
const deletePasswordIdentityStep = createStep("enclave-delete-password-identity", async (input: { usernameKey: string }, { container }) => {
  const auth = container.resolve(Modules.AUTH)
  const identities = await auth.listProviderIdentities({ entity_id: input.usernameKey, provider: "emailpass" }, { take: null })
  const ids = [...new Set(identities.map((identity) => identity.auth_identity_id).filter((id): id is string => Boolean(id)))]
  if (ids.length > 0) await auth.deleteAuthIdentities(ids)
  return new StepResponse(ids.length)
})

/** The account's row, and with it (foreign keys) its reset and e-mail links, sign-in records and passkeys. */
const deleteShopUserStep = createStep("enclave-delete-shop-user-row", async (input: { userId: string }, { container }) => {
  await container.resolve<AccountsModuleService>(ACCOUNTS_MODULE).deleteShopUsers([input.userId])
  return new StepResponse(input.userId)
})

/**
 * Deletes a customer's account (GDPR Art. 17) and keeps what the law makes the shop keep: the cart,
 * the links, the Medusa customer (its e-mail, name and phone cleared first, then deleted by Medusa's own
 * workflow, so `customer.deleted` goes out), the password identity and the account's row go; the
 * orders stay, marked. `shop_user.deleted` carries what the last mail needs. The caller has ended
 * the sessions and checked the password.
 */
export const deleteShopUserWorkflow = createWorkflow("enclave-delete-shop-user", (input: { userId: string }) => {
  // Two deletions at once (a double click, two tabs): the second finds no account (NOT_FOUND) instead of mailing twice.
  const lockKey = transform({ input }, ({ input }) => `enclave-delete-shop-user:${input.userId}`)
  acquireLockStep({ key: lockKey, timeout: 30, ttl: 120 })
  const account = readAccountStep(input)
  const at = transform({}, () => new Date().toISOString())
  deleteCartStep(transform({ account }, ({ account }) => ({ cartId: account.cartId })))
  markOrdersStep(transform({ account, at }, ({ account, at }) => ({ customerId: account.customerId, at })))
  const links = transform({ input }, ({ input }) => ({ [ACCOUNTS_MODULE]: { shop_user_id: input.userId } }))
  // The step's input type is an index signature the workflow SDK's data wrapper does not satisfy.
  removeRemoteLinkStep(links as unknown as Parameters<typeof removeRemoteLinkStep>[0])
  when({ account }, ({ account }) => Boolean(account.customerId)).then(() => {
    updateCustomersWorkflow.runAsStep({
      input: transform({ account }, ({ account }) => ({
        selector: { id: account.customerId! },
        // The orders keep their own e-mail and addresses; the customer's row, soft-deleted by Medusa, keeps nothing of the person.
        update: {
          email: null,
          first_name: null,
          last_name: null,
          phone: null,
          company_name: null,
          has_account: false,
          metadata: { account_deleted_at: new Date().toISOString() },
        },
      })),
    })
    deleteCustomersWorkflow.runAsStep({ input: transform({ account }, ({ account }) => ({ ids: [account.customerId!] })) })
  })
  deletePasswordIdentityStep(transform({ account }, ({ account }) => ({ usernameKey: account.usernameKey })))
  deleteShopUserStep(input)
  const event = transform({ account }, ({ account }): ShopUserDeletedEvent => ({
    id: account.id,
    email: account.email,
    username: account.username,
    name: account.name,
    language: account.language,
    pgpPublicKey: account.pgpPublicKey,
  }))
  emitEventStep({ eventName: "shop_user.deleted", data: event })
  releaseLockStep({ key: lockKey })
  return new WorkflowResponse(event)
})
