import type { ExecArgs } from "@medusajs/framework/types"
import createAdmin from "./create-admin"
import createDemoCustomer from "./create-demo-customer"
import ensureMedusaAdminLogins from "./medusa-admin-logins"
import runMigrationScripts from "./migration-scripts"
import seed from "./seed"
import ensureTaxRegions from "./tax-regions"

/**
 * A new shop's data migration scripts, catalogue, first administrator (a Medusa admin user too), tax regions and
 * demo customer in one Medusa process: each `medusa exec` boots Medusa anew (some 3 s), and the first start waited
 * for two. Each part does nothing when what it makes is already there, so a shop set up before a part existed gets
 * just that part.
 */
export default async function setUp(args: ExecArgs) {
  // First, as `medusa db:migrate` would have run them: the seed and later parts may rely on what they fix.
  await runMigrationScripts(args)
  await seed(args)
  await createAdmin(args)
  await ensureMedusaAdminLogins(args)
  await ensureTaxRegions(args)
  await createDemoCustomer(args)
}
