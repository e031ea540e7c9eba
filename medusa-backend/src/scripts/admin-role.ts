import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { ACCOUNTS_MODULE, setShopAdminRoleWorkflow, type AccountsModuleService } from "@enclave/accounts"

/**
 * `npm run admin:promote -- USERNAME [--revoke]` (launcher/admin-promote.ts) runs this as
 * `medusa exec … USERNAME grant|revoke`: the admin role and the Medusa admin user that goes with it,
 * given or taken away in one workflow.
 */
export default async function setAdminRole({ container, args }: ExecArgs) {
  const [username, action] = args
  if (!username || (action !== "grant" && action !== "revoke")) throw new Error("Usage: admin-role USERNAME grant|revoke")
  const accounts = container.resolve<AccountsModuleService>(ACCOUNTS_MODULE)
  const [account] = await accounts.listShopUsers({ username_key: username.toLowerCase() }, { select: ["id", "username"], take: 1 })
  if (!account) throw new Error(`No account named "${username}"`)
  await setShopAdminRoleWorkflow(container).run({ input: { shopUserId: account.id, isAdmin: action === "grant" } })
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .info(`Enclave: ${account.username} ${action === "grant" ? "is now" : "is no longer"} an admin`)
}
