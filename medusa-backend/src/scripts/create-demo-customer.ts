import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { ACCOUNTS_MODULE, registerShopUserWorkflow, type AccountsModuleService } from "@enclave/accounts"
import { demoCustomer } from "./seed/catalogue"

/**
 * The seeded demo customer, a real shop account (user `demo`) so a newcomer can try the shop as a
 * customer at once: created with DEMO_PASSWORD, which `npm start` generates and prints like the
 * admin's. A deployment that does not set DEMO_PASSWORD gets no demo account. Does nothing when
 * `demo` exists.
 */
export default async function createDemoCustomer({ container }: ExecArgs) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const password = process.env.DEMO_PASSWORD
  if (!password) {
    logger.info("Enclave: no DEMO_PASSWORD, so no demo customer account")
    return
  }
  const accounts = container.resolve<AccountsModuleService>(ACCOUNTS_MODULE)
  if ((await accounts.listShopUsers({ username_key: demoCustomer.username })).length > 0) {
    logger.info("Enclave: the demo customer exists already")
    return
  }
  const { address, ...account } = demoCustomer
  await registerShopUserWorkflow(container).run({ input: { ...account, ...address, password, isAdmin: false } })
  logger.info("Enclave: created the demo customer account")
}
