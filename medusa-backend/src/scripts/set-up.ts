import type { ExecArgs } from "@medusajs/framework/types"
import createAdmin from "./create-admin"
import seed from "./seed"

/**
 * A new shop's catalogue and first administrator in one Medusa process: each `medusa exec` boots
 * Medusa anew (some 3 s), and the first start waited for two. Each part does nothing when what it
 * makes is already there.
 */
export default async function setUp(args: ExecArgs) {
  await seed(args)
  await createAdmin(args)
}
