import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import ShopUserCartLink from "../links/shop-user-cart"
import { ACCOUNTS_MODULE } from "../modules/accounts"

const BATCH = 500

/**
 * Shops from before the links kept each shop user's cart as the text column shop_user.cart_id. Set-up
 * runs this once, after the link tables exist: each user's open cart becomes the link
 * links/shop-user-cart.ts names, then the column goes. A cart that is gone or already an order is not
 * linked (the user's next add starts a new one, as it did before). Users linked already are skipped,
 * so a run that was cut off finishes on the next start.
 */
export default async function moveCartIdsIntoLinks({ container }: ExecArgs) {
  const db = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const hasColumn = await db.schema.hasColumn("shop_user", "cart_id")
  if (!hasColumn) return

  const rows: Array<{ id: string; cart_id: string }> = await db("shop_user")
    .select("id", "cart_id")
    .whereNotNull("cart_id")
    .whereNull("deleted_at")
    .orderBy("id")
  let linked = 0
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH)
    const linksOf = (filters: Record<string, string[]>) =>
      query.graph({ entity: ShopUserCartLink.entryPoint, fields: ["shop_user_id", "cart_id"], filters }).then(({ data }) => data)
    const [byUser, byCart, carts] = await Promise.all([
      linksOf({ shop_user_id: batch.map((r) => r.id) }),
      linksOf({ cart_id: batch.map((r) => r.cart_id) }),
      container.resolve(Modules.CART).listCarts({ id: batch.map((r) => r.cart_id) }, { select: ["id", "completed_at"], take: null }),
    ])
    const links = [...byUser, ...byCart] as Array<{ shop_user_id: string; cart_id: string }>
    const usersDone = new Set(links.map((l) => l.shop_user_id))
    // One user per cart: a cart linked already (or named twice) stays with the first.
    const cartsTaken = new Set(links.map((l) => l.cart_id))
    const open = new Set(carts.filter((c) => !c.completed_at).map((c) => c.id))
    const missing = batch.filter((r) => {
      if (usersDone.has(r.id) || cartsTaken.has(r.cart_id) || !open.has(r.cart_id)) return false
      cartsTaken.add(r.cart_id)
      return true
    })
    if (missing.length) {
      await link.create(missing.map((r) => ({ [ACCOUNTS_MODULE]: { shop_user_id: r.id }, [Modules.CART]: { cart_id: r.cart_id } })))
    }
    linked += missing.length
  }
  await db.schema.alterTable("shop_user", (t) => t.dropColumn("cart_id"))
  logger.info(`Linked ${linked} shop users to their open carts`)
}
