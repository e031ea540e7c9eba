import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

/** Where a new product is sold, shipped from and stocked: what the seed set up for the shop. */
export interface ShopDefaults {
  salesChannelId: string
  shippingProfileId: string
  stockLocationId: string
}

/**
 * The store's default sales channel, the default shipping profile, and the first warehouse that
 * serves that channel. Read per request: they are three small queries, and a cached id would
 * outlive an operator's change in Medusa.
 */
export async function shopDefaults(container: MedusaContainer): Promise<ShopDefaults> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const [store] = await container.resolve(Modules.STORE).listStores({}, { select: ["id", "default_sales_channel_id"] })
  const salesChannelId = store?.default_sales_channel_id
  const [shippingProfile] = await container.resolve(Modules.FULFILLMENT).listShippingProfiles({ type: "default" })
  if (!salesChannelId || !shippingProfile) {
    throw new Error("The shop has no default sales channel or shipping profile: was it seeded?")
  }
  const { data: channels } = await query.graph({
    entity: "sales_channel",
    fields: ["id", "stock_locations.id"],
    filters: { id: salesChannelId },
  })
  const stockLocationId = (channels[0] as { stock_locations?: Array<{ id: string } | null> } | undefined)?.stock_locations?.find(
    Boolean,
  )?.id
  if (!stockLocationId) throw new Error("The shop's default sales channel has no warehouse to keep stock in")
  return { salesChannelId, shippingProfileId: shippingProfile.id, stockLocationId }
}
