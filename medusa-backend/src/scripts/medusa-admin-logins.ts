import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { grantMedusaAdminLoginWorkflow } from "@enclave/accounts"

/**
 * Every admin account without a Medusa admin user gets one, with its e-mail and the password it has
 * now (plugins/accounts/src/workflows/medusa-admin-login.ts): the first admin of a new shop, and the
 * admins of a shop set up before the shop's admins were Medusa's too (the launcher's set-up mark
 * `medusaAdmins`). An account Medusa already has another login for keeps the shop's sign-in only,
 * and the log says why: the shop must start all the same.
 */
export default async function ensureMedusaAdminLogins({ container }: ExecArgs) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "shop_user", fields: ["id", "username", "user.id"], filters: { is_admin: true } })
  const missing = (data as Array<{ id: string; username: string; user?: { id: string } | null }>).filter((account) => !account.user)
  for (const account of missing) {
    try {
      await grantMedusaAdminLoginWorkflow(container).run({ input: { shopUserId: account.id } })
      logger.info(`Enclave: ${account.username} is an admin user of Medusa too`)
    } catch (error) {
      logger.warn(`Enclave: ${account.username} has no Medusa admin user: ${(error as Error).message}`)
    }
  }
}
