import { useQueryGraphStep } from "@medusajs/medusa/core-flows"
import { createStep, createWorkflow, StepResponse, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { Modules } from "@medusajs/framework/utils"
import { ACCOUNTS_MODULE } from "../modules/accounts"
import type AccountsModuleService from "../modules/accounts/service"
import { splitName } from "./names"

/** The profile a customer changes at once; a new e-mail waits for its link (email-change.ts). */
export interface ShopUserProfile {
  fullName?: string | null
  companyName?: string | null
  vatId?: string | null
  addressLine1: string
  addressLine2?: string | null
  city: string
  state: string
  postalCode: string
  country: string
}

export interface UpdateShopUserProfileInput {
  userId: string
  profile: ShopUserProfile
}

const PROFILE_COLUMNS = [
  "full_name",
  "company_name",
  "vat_id",
  "address_line1",
  "address_line2",
  "city",
  "state",
  "postal_code",
  "country",
] as const

const updateShopUserStep = createStep(
  "enclave-update-shop-user-profile",
  async ({ userId, profile }: UpdateShopUserProfileInput, { container }) => {
    const accounts = container.resolve<AccountsModuleService>(ACCOUNTS_MODULE)
    const [before] = await accounts.listShopUsers({ id: userId }, { select: ["id", ...PROFILE_COLUMNS], take: 1 })
    const user = await accounts.updateShopUsers({
      id: userId,
      full_name: profile.fullName || null,
      // Business details a caller leaves out stay as they are (a form without them must not erase them).
      ...(profile.companyName !== undefined ? { company_name: profile.companyName || null } : {}),
      ...(profile.vatId !== undefined ? { vat_id: profile.vatId || null } : {}),
      address_line1: profile.addressLine1,
      address_line2: profile.addressLine2 || null,
      city: profile.city,
      state: profile.state,
      postal_code: profile.postalCode,
      country: profile.country,
    })
    return new StepResponse(user, before)
  },
  async (before, { container }) => {
    if (before) await container.resolve<AccountsModuleService>(ACCOUNTS_MODULE).updateShopUsers(before)
  },
)

/** Medusa's customer behind the account carries the same name and company (orders are addressed with them). */
const updateCustomerContactStep = createStep(
  "enclave-update-customer-contact",
  async (input: { customerId: string; fullName?: string | null; companyName?: string | null }, { container }) => {
    const customers = container.resolve(Modules.CUSTOMER)
    const before = await customers.retrieveCustomer(input.customerId, {
      select: ["id", "first_name", "last_name", "company_name"],
    })
    await customers.updateCustomers(input.customerId, {
      ...splitName(input.fullName),
      ...(input.companyName !== undefined ? { company_name: input.companyName || null } : {}),
    })
    return new StepResponse(undefined, before)
  },
  async (before, { container }) => {
    if (before) {
      await container.resolve(Modules.CUSTOMER).updateCustomers(before.id, {
        first_name: before.first_name,
        last_name: before.last_name,
        company_name: before.company_name,
      })
    }
  },
)

/**
 * A customer's own profile: the shop user's row and the linked Medusa customer change together, or
 * (a failure at either step) neither does. The e-mail is not part of it: a new address becomes the
 * account's only through the link mailed to it (email-change.ts).
 */
export const updateShopUserProfileWorkflow = createWorkflow("enclave-update-shop-user-profile", (input: UpdateShopUserProfileInput) => {
  const { data: found } = useQueryGraphStep({
    entity: "shop_user",
    fields: ["id", "customer.id"],
    filters: { id: input.userId },
    options: { throwIfKeyNotFound: true },
  })
  const user = updateShopUserStep(input)
  const contact = transform({ found, input }, ({ found, input }) => ({
    customerId: (found[0] as { customer: { id: string } }).customer.id,
    fullName: input.profile.fullName,
    companyName: input.profile.companyName,
  }))
  updateCustomerContactStep(contact)
  return new WorkflowResponse(user)
})
