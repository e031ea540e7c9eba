import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { shopTimeZoneOfStore } from "@enclave/contract/values"

/** The shop's time zone as the admin set it in the shop details (kept with Medusa's store), for the mails' dates. */
export async function shopTimeZone(container: MedusaContainer): Promise<string> {
  const [store] = await container.resolve(Modules.STORE).listStores({}, { select: ["metadata"], take: 1 })
  return shopTimeZoneOfStore(store?.metadata)
}
