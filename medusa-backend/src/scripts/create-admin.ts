import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { ACCOUNTS_MODULE, registerShopUserWorkflow, type AccountsModuleService } from "@enclave/accounts"

/**
 * The shop's first administrator: user `admin` with ADMIN_PASSWORD (the launcher generates one
 * and prints it). Run once per database by the launcher; does nothing when `admin` exists.
 */
export default async function createAdmin({ container }: ExecArgs) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const password = process.env.ADMIN_PASSWORD
  if (!password) throw new Error("ADMIN_PASSWORD is not set: the launcher sets it, a deployment must set it")
  const accounts = container.resolve<AccountsModuleService>(ACCOUNTS_MODULE)
  if ((await accounts.listShopUsers({ username_key: "admin" })).length > 0) {
    logger.info("Enclave: the admin account exists already")
    return
  }
  await registerShopUserWorkflow(container).run({
    input: {
      username: "admin",
      email: process.env.ADMIN_EMAIL || "admin@enclave.shop",
      password,
      fullName: "Shop Administrator",
      isAdmin: true,
    },
  })
  logger.info("Enclave: created the admin account")
}
