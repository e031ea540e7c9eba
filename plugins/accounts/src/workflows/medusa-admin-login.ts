import type { CreateAuthIdentityDTO } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  createRemoteLinkStep,
  createUserAccountWorkflow,
  removeUserAccountWorkflow,
  revokeApiKeysWorkflow,
  setAuthAppMetadataStep,
  updateUsersWorkflow,
  useQueryGraphStep,
} from "@medusajs/medusa/core-flows"
import { ACCOUNTS_MODULE } from "../modules/accounts"
import type AccountsModuleService from "../modules/accounts/service"
import { splitName } from "./names"

/**
 * An admin of the shop is also an admin user of Medusa (docs/extending.md), so Medusa's admin API
 * and its dashboard accept the shop's admin: a Medusa user with the account's e-mail, linked to the
 * account (links/shop-user-medusa-user.ts), whose login in Medusa's auth module (emailpass, keyed by
 * the e-mail) carries the same password as the account's own login (keyed by the username).
 *
 * The shop never knows a password it has not just been typed, so the Medusa login is given the
 * account's password hash as the emailpass provider keeps it (scrypt, salt and parameters inside):
 * the same password opens both, also for an admin made by `npm run admin:promote` or a shop set up
 * before this existed. Every change of the password or e-mail copies it again; a demoted admin's
 * Medusa user and login go.
 */

const EMAILPASS = "emailpass"

interface AdminAccount {
  id: string
  username_key: string
  email: string
  full_name: string | null
  is_admin: boolean
  user: { id: string; email: string } | null
}

interface LoginCopy {
  authIdentityId: string
  /** The login is already the Medusa user's (its auth identity names the user). */
  isUsersLogin: boolean
}

type LoginUndo =
  | { created: string }
  | {
      restore: { id: string; entity_id: string; provider_metadata?: Record<string, unknown> }
      /** The unused login of the new e-mail that gave way, to make again. */
      removed?: CreateAuthIdentityDTO
    }

/**
 * The Medusa login of the account's e-mail gets the account's password hash: the Medusa user's own
 * login (moved to the new e-mail when it changed), else a login of that e-mail nobody signs in as
 * (one Medusa's own registration left), else a new one. A login of that e-mail that is someone
 * else's (a Medusa user the shop did not make) is refused: the shop does not take over accounts.
 */
const copyAdminLoginStep = createStep(
  "enclave-copy-admin-login",
  async (input: { usernameKey: string; email: string; userId: string | null }, { container }) => {
    const auth = container.resolve(Modules.AUTH)
    const [accountLogin] = await auth.listProviderIdentities({ entity_id: input.usernameKey, provider: EMAILPASS })
    const password = accountLogin?.provider_metadata?.password
    if (!password) throw new MedusaError(MedusaError.Types.NOT_FOUND, "The account has no password to sign in to Medusa with")

    const [own] = input.userId
      ? await auth.listAuthIdentities({ app_metadata: { user_id: input.userId } }, { relations: ["provider_identities"] })
      : []
    const ownLogin = own?.provider_identities?.find((identity) => identity.provider === EMAILPASS)
    const [holder] = await auth.listProviderIdentities({ entity_id: input.email, provider: EMAILPASS }, { relations: ["auth_identity"] })
    const holderIsSomeoneElse =
      holder &&
      holder.id !== ownLogin?.id &&
      Object.values(holder.auth_identity?.app_metadata ?? {}).some((actor) => actor !== null && actor !== undefined)
    if (holderIsSomeoneElse) {
      throw new MedusaError(
        MedusaError.Types.DUPLICATE_ERROR,
        `Medusa has another login with the e-mail ${input.email}: remove that Medusa user, or give this account another e-mail`,
      )
    }
    let removed: CreateAuthIdentityDTO | undefined
    if (ownLogin && holder && holder.id !== ownLogin.id) {
      // The e-mail's unused login gives way to the user's own, which moves to it.
      const [unused] = await auth.listAuthIdentities({ id: [holder.auth_identity!.id] }, { relations: ["provider_identities"] })
      await auth.deleteAuthIdentities([unused.id])
      removed = {
        id: unused.id,
        app_metadata: unused.app_metadata ?? undefined,
        provider_identities: (unused.provider_identities ?? []).map(({ id, provider, entity_id, provider_metadata, user_metadata }) => ({
          id,
          provider,
          entity_id,
          provider_metadata,
          user_metadata,
        })),
      }
    }
    const login = ownLogin ?? holder
    if (login) {
      const authIdentityId = ownLogin ? own!.id : holder!.auth_identity!.id
      await auth.updateProviderIdentities([{ id: login.id, entity_id: input.email, provider_metadata: { password } }])
      const undo: LoginUndo = { restore: { id: login.id, entity_id: login.entity_id, provider_metadata: login.provider_metadata }, removed }
      return new StepResponse<LoginCopy, LoginUndo>({ authIdentityId, isUsersLogin: Boolean(ownLogin) }, undo)
    }
    const [created] = await auth.createAuthIdentities([
      { provider_identities: [{ provider: EMAILPASS, entity_id: input.email, provider_metadata: { password } }] },
    ])
    return new StepResponse<LoginCopy, LoginUndo>({ authIdentityId: created.id, isUsersLogin: false }, { created: created.id })
  },
  async (undo, { container }) => {
    if (!undo) return
    const auth = container.resolve(Modules.AUTH)
    if ("created" in undo) return void (await auth.deleteAuthIdentities([undo.created]))
    await auth.updateProviderIdentities([undo.restore])
    if (undo.removed) await auth.createAuthIdentities([undo.removed])
  },
)

/**
 * Gives an admin account its Medusa user and login, or brings them in step with the account
 * (e-mail, password). Run by set-up, `npm run admin:promote`, and every password or e-mail change
 * of an admin; a failing step undoes the ones before it.
 */
export const grantMedusaAdminLoginWorkflow = createWorkflow("enclave-grant-medusa-admin-login", (input: { shopUserId: string }) => {
  const { data: found } = useQueryGraphStep({
    entity: "shop_user",
    fields: ["id", "username_key", "email", "full_name", "is_admin", "user.id", "user.email"],
    filters: { id: input.shopUserId },
    options: { throwIfKeyNotFound: true },
  }).config({ name: "enclave-find-admin-account" })
  const account = transform({ found }, ({ found }) => {
    const row = found[0] as unknown as AdminAccount
    if (!row.is_admin) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "Only an admin account signs in to Medusa's admin")
    return row
  })
  const login = copyAdminLoginStep(
    transform({ account }, ({ account }) => ({
      usernameKey: account.username_key,
      email: account.email,
      userId: account.user?.id ?? null,
    })),
  )

  when("enclave-medusa-admin-is-new", { account }, ({ account }) => !account.user).then(() => {
    const user = createUserAccountWorkflow.runAsStep({
      input: transform({ account, login }, ({ account, login }) => ({
        authIdentityId: login.authIdentityId,
        userData: { email: account.email, ...splitName(account.full_name) },
      })),
    })
    createRemoteLinkStep(
      transform({ account, user }, ({ account, user }) => [
        { [ACCOUNTS_MODULE]: { shop_user_id: account.id }, [Modules.USER]: { user_id: user.id } },
      ]),
    )
  })

  when("enclave-medusa-admin-email-changed", { account }, ({ account }) => !!account.user && account.user.email !== account.email).then(
    () => {
      updateUsersWorkflow.runAsStep({
        input: transform({ account }, ({ account }) => ({ updates: [{ id: account.user!.id, email: account.email }] })),
      })
    },
  )

  // A Medusa user whose login had gone (deleted in Medusa) signs in with the new one.
  when("enclave-medusa-admin-login-renewed", { account, login }, ({ account, login }) => !!account.user && !login.isUsersLogin).then(() => {
    setAuthAppMetadataStep(
      transform({ account, login }, ({ account, login }) => ({
        authIdentityId: login.authIdentityId,
        actorType: "user",
        value: account.user!.id,
      })),
    )
  })

  return new WorkflowResponse(login)
})

/**
 * A demoted admin's Medusa user and login go (Medusa's own workflow; its link to the account with
 * it), and so do the secret API keys that user made: each opens Medusa's admin API on its own.
 * Revoking them comes last, as Medusa cannot undo it.
 */
export const revokeMedusaAdminLoginWorkflow = createWorkflow("enclave-revoke-medusa-admin-login", (input: { shopUserId: string }) => {
  const { data: found } = useQueryGraphStep({
    entity: "shop_user",
    fields: ["id", "user.id"],
    filters: { id: input.shopUserId },
  }).config({ name: "enclave-find-demoted-account" })
  const userId = transform({ found }, ({ found }) => (found[0] as unknown as Pick<AdminAccount, "user"> | undefined)?.user?.id ?? null)
  // No user, no creator: an id no key has.
  const { data: keys } = useQueryGraphStep({
    entity: "api_key",
    fields: ["id"],
    filters: transform({ userId }, ({ userId }) => ({ created_by: userId ?? "", type: "secret" as const, revoked_at: null })),
  }).config({ name: "enclave-find-demoted-admins-keys" })
  when("enclave-demoted-had-medusa-admin", { userId }, ({ userId }) => userId !== null).then(() => {
    removeUserAccountWorkflow.runAsStep({ input: transform({ userId }, ({ userId }) => ({ userId: userId! })) })
  })
  // Never with an empty selector, which would be every key.
  when("enclave-demoted-admin-made-keys", { keys }, ({ keys }) => keys.length > 0).then(() => {
    revokeApiKeysWorkflow.runAsStep({
      input: transform({ keys }, ({ keys }) => ({
        selector: { id: (keys as Array<{ id: string }>).map((key) => key.id) },
        revoke: { revoked_by: "enclave-admin-role", revoke_in: 0 },
      })),
    })
  })
  return new WorkflowResponse(undefined)
})

const setAdminRoleStep = createStep(
  "enclave-set-admin-role",
  async (input: { shopUserId: string; isAdmin: boolean }, { container }) => {
    const accounts = container.resolve<AccountsModuleService>(ACCOUNTS_MODULE)
    const [before] = await accounts.listShopUsers({ id: input.shopUserId }, { select: ["id", "is_admin"], take: 1 })
    if (!before) throw new MedusaError(MedusaError.Types.NOT_FOUND, "No such account")
    await accounts.updateShopUsers({ id: input.shopUserId, is_admin: input.isAdmin })
    return new StepResponse(undefined, { id: before.id, is_admin: before.is_admin })
  },
  async (before, { container }) => {
    if (before) await container.resolve<AccountsModuleService>(ACCOUNTS_MODULE).updateShopUsers(before)
  },
)

/**
 * `npm run admin:promote` (medusa-backend/src/scripts/admin-role.ts): the admin role, and with it the
 * Medusa admin user, given or taken away together.
 */
export const setShopAdminRoleWorkflow = createWorkflow("enclave-set-shop-admin-role", (input: { shopUserId: string; isAdmin: boolean }) => {
  setAdminRoleStep(input)
  when("enclave-admin-role-given", { input }, ({ input }) => input.isAdmin).then(() => {
    grantMedusaAdminLoginWorkflow.runAsStep({ input: transform({ input }, ({ input }) => ({ shopUserId: input.shopUserId })) })
  })
  when("enclave-admin-role-taken", { input }, ({ input }) => !input.isAdmin).then(() => {
    revokeMedusaAdminLoginWorkflow.runAsStep({ input: transform({ input }, ({ input }) => ({ shopUserId: input.shopUserId })) })
  })
  return new WorkflowResponse(undefined)
})
