import { createCustomersWorkflow, createRemoteLinkStep, setAuthAppMetadataStep } from "@medusajs/medusa/core-flows"
import { createStep, createWorkflow, StepResponse, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { ACCOUNTS_MODULE } from "../modules/accounts"
import type AccountsModuleService from "../modules/accounts/service"
import { splitName } from "./names"

export interface RegisterShopUserInput {
  username: string
  email: string
  password: string
  fullName?: string | null
  companyName?: string | null
  vatId?: string | null
  isAdmin: boolean
  addressLine1?: string | null
  addressLine2?: string | null
  city?: string | null
  state?: string | null
  postalCode?: string | null
  country?: string | null
}

/** The password goes to Medusa's emailpass provider (scrypt), keyed by the lower-case username. */
const createPasswordIdentityStep = createStep(
  "enclave-create-password-identity",
  async (input: { usernameKey: string; password: string }, { container }) => {
    const auth = container.resolve(Modules.AUTH)
    const result = await auth.register("emailpass", { body: { email: input.usernameKey, password: input.password } })
    if (!result.success || !result.authIdentity) {
      throw new MedusaError(MedusaError.Types.DUPLICATE_ERROR, "Username already taken")
    }
    return new StepResponse(result.authIdentity, result.authIdentity.id)
  },
  async (authIdentityId, { container }) => {
    if (authIdentityId) await container.resolve(Modules.AUTH).deleteAuthIdentities([authIdentityId])
  },
)

const createShopUserStep = createStep(
  "enclave-create-shop-user",
  async (input: RegisterShopUserInput, { container }) => {
    const accounts = container.resolve<AccountsModuleService>(ACCOUNTS_MODULE)
    const user = await accounts.createShopUsers({
      username: input.username,
      username_key: input.username.toLowerCase(),
      email: input.email,
      full_name: input.fullName || null,
      company_name: input.companyName || null,
      vat_id: input.vatId || null,
      is_admin: input.isAdmin,
      address_line1: input.addressLine1 || null,
      address_line2: input.addressLine2 || null,
      city: input.city || null,
      state: input.state || null,
      postal_code: input.postalCode || null,
      country: input.country || null,
      password_last_changed: new Date(),
    })
    return new StepResponse(user, user.id)
  },
  async (userId, { container }) => {
    if (userId) await container.resolve<AccountsModuleService>(ACCOUNTS_MODULE).deleteShopUsers([userId])
  },
)

/**
 * A new account: password identity, Medusa customer, shop user, and the links between them.
 * A failure at any step undoes the ones before it, so a half-made account never exists.
 */
export const registerShopUserWorkflow = createWorkflow("enclave-register-shop-user", (input: RegisterShopUserInput) => {
  const identityInput = transform({ input }, ({ input }) => ({ usernameKey: input.username.toLowerCase(), password: input.password }))
  const identity = createPasswordIdentityStep(identityInput)
  // Medusa's own workflow, so `customer.created` goes out as for any customer Medusa makes (plugins listen to it).
  const customersData = transform({ input }, ({ input }) => [
    {
      email: input.email,
      ...splitName(input.fullName),
      company_name: input.companyName || null,
      has_account: true,
      metadata: { username: input.username },
    },
  ])
  const customers = createCustomersWorkflow.runAsStep({ input: { customersData } })
  const customer = transform({ customers }, ({ customers }) => customers[0])
  const user = createShopUserStep(input)
  const links = transform({ user, customer }, ({ user, customer }) => [
    { [ACCOUNTS_MODULE]: { shop_user_id: user.id }, [Modules.CUSTOMER]: { customer_id: customer.id } },
  ])
  createRemoteLinkStep(links)
  const metadata = transform({ identity, user }, ({ identity, user }) => ({
    authIdentityId: identity.id,
    actorType: "shop_user",
    value: user.id,
  }))
  setAuthAppMetadataStep(metadata)
  return new WorkflowResponse(user)
})
