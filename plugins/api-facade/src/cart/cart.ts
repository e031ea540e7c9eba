import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  addToCartWorkflow,
  createCartWorkflow,
  deleteLineItemsWorkflow,
  updateLineItemInCartWorkflow,
} from "@medusajs/medusa/core-flows"
import type { AddToCartRequest, CartItem } from "@enclave/contract"
import { accountsService, customerIdOf, findUserById, type ShopUserRow } from "../accounts/users"
import { catalogueEntries, findCatalogueEntry, type CatalogueEntry } from "../catalogue/products"
import { ApiError } from "../http/api-error"
import { sqlRows } from "../http/database"
import { shopContext } from "./shop-context"

/** A line of the Medusa cart, with the numbers the shop put in its metadata. */
export interface CartLine {
  id: string
  quantity: number
  itemNumber: number
  productNumber: number
}

export interface UserCart {
  id: string
  lines: CartLine[]
}

function toLine(item: { id: string; quantity: number | string; metadata?: Record<string, unknown> | null }): CartLine | null {
  const itemNumber = Number(item.metadata?.item_number)
  const productNumber = Number(item.metadata?.product_number)
  if (!Number.isInteger(itemNumber) || !Number.isInteger(productNumber)) return null
  return { id: item.id, quantity: Number(item.quantity), itemNumber, productNumber }
}

async function readCart(container: MedusaContainer, cartId: string): Promise<UserCart | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: ["id", "completed_at", "items.id", "items.quantity", "items.metadata", "items.created_at"],
    filters: { id: cartId },
  })
  const cart = data[0] as
    | { id: string; completed_at: string | null; items?: Array<{ id: string; quantity: number; metadata: Record<string, unknown> | null; created_at: string }> }
    | undefined
  if (!cart || cart.completed_at) return null
  const items = [...(cart.items ?? [])].sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)))
  return { id: cart.id, lines: items.map(toLine).filter((l): l is CartLine => l !== null) }
}

/** The user's open cart, or null when they have none yet (a visit to the cart creates nothing). */
export async function findCart(container: MedusaContainer, user: ShopUserRow): Promise<UserCart | null> {
  return user.cart_id ? readCart(container, user.cart_id) : null
}

/**
 * The user's open cart, starting one (in their region, for their customer) when there is none.
 * Runs under the cart lock only, after withCartLock re-read the user's cart id.
 */
async function ensureCart(container: MedusaContainer, user: ShopUserRow): Promise<UserCart> {
  const existing = await findCart(container, user)
  if (existing) return existing
  const context = await shopContext(container)
  const { result } = await createCartWorkflow(container).run({
    input: {
      region_id: context.defaultRegionId,
      sales_channel_id: context.salesChannelId,
      customer_id: await customerIdOf(container, user.id),
      email: user.email,
      currency_code: "eur",
    },
  })
  await accountsService(container).updateShopUsers({ id: user.id, cart_id: result.id })
  user.cart_id = result.id
  return { id: result.id, lines: [] }
}

/**
 * How long a cart change waits for the ones queued before it (a double click, several tabs, a
 * script): each holder takes well under a second, so this is room for dozens, and stays under
 * the front door's 60 s proxy timeout so the caller gets our answer rather than a gateway's.
 */
const CART_LOCK_WAIT_SECONDS = 45

export const CART_BUSY_MESSAGE = "Your cart is being changed by another request: please try again in a moment"

/**
 * One user's cart changes one at a time, on every server instance (Medusa's locking module).
 *
 * The user row the request read before it queued here says which cart was theirs then; the
 * change ahead of it may since have started the cart (the first add) or made it into an order.
 * So the cart id is read again once the lock is held: a stale one made each racing first add
 * start a cart of its own, and only the last stayed the user's (every other add answered 201
 * and was lost).
 */
async function withCartLock<T>(container: MedusaContainer, user: ShopUserRow, work: () => Promise<T>): Promise<T> {
  const locking = container.resolve(Modules.LOCKING)
  let holding = false
  try {
    return await locking.execute(
      `enclave-cart:${user.id}`,
      async () => {
        holding = true
        const fresh = await findUserById(container, user.id)
        if (!fresh) throw new ApiError(401, "Your account no longer exists")
        user.cart_id = fresh.cart_id
        return work()
      },
      { timeout: CART_LOCK_WAIT_SECONDS },
    )
  } catch (error) {
    // Never got the lock (waited too long, or the lock store failed): nothing was changed.
    if (!holding) throw new ApiError(409, CART_BUSY_MESSAGE)
    throw error
  }
}

function stockMessage(entry: CatalogueEntry, wanted: number): string {
  const stock = entry.product.stockQuantity
  if (stock <= 0) return `${entry.product.name} is out of stock`
  return `Only ${stock} of ${entry.product.name} left in stock (you asked for ${wanted})`
}

async function nextItemNumber(container: MedusaContainer): Promise<number> {
  const rows = await sqlRows(container, `select nextval('enclave_item_number_seq') as n`)
  return Number(rows[0].n)
}

export async function listCartItems(container: MedusaContainer, user: ShopUserRow): Promise<CartItem[]> {
  const cart = await findCart(container, user)
  if (!cart || cart.lines.length === 0) return []
  const entries = await catalogueEntries(container, cart.lines.map((l) => l.productNumber))
  return cart.lines.flatMap((line) => {
    const entry = entries.get(line.productNumber)
    if (!entry) return []
    const { product } = entry
    return [
      {
        id: line.itemNumber,
        userId: user.user_number,
        productId: product.id,
        quantity: line.quantity,
        product: { id: product.id, name: product.name, price: product.price, imageUrl: product.imageUrl, stockQuantity: product.stockQuantity },
      },
    ]
  })
}

/** Adds a product, or more of it when it is in the cart already; never more than the stock. */
export async function addToCart(container: MedusaContainer, user: ShopUserRow, request: AddToCartRequest) {
  const entry = await findCatalogueEntry(container, request.productId)
  if (!entry) throw new ApiError(404, `Product ${request.productId} not found`)
  await withCartLock(container, user, async () => {
    const cart = await ensureCart(container, user)
    const line = cart.lines.find((l) => l.productNumber === entry.product.id)
    const wanted = (line?.quantity ?? 0) + request.quantity
    if (wanted > entry.product.stockQuantity) throw new ApiError(409, stockMessage(entry, wanted), { stockQuantity: entry.product.stockQuantity })
    if (line) {
      await updateLineItemInCartWorkflow(container).run({ input: { cart_id: cart.id, item_id: line.id, update: { quantity: wanted } } })
    } else {
      const itemNumber = await nextItemNumber(container)
      await addToCartWorkflow(container).run({
        input: {
          cart_id: cart.id,
          items: [{ variant_id: entry.variantId, quantity: request.quantity, metadata: { item_number: itemNumber, product_number: entry.product.id } }],
        },
      })
    }
  })
}

/** The user's own line with this number, or a 404: another user's item number is never found. */
async function ownLine(container: MedusaContainer, user: ShopUserRow, itemNumber: number): Promise<{ cart: UserCart; line: CartLine }> {
  const cart = await findCart(container, user)
  const line = cart?.lines.find((l) => l.itemNumber === itemNumber)
  if (!cart || !line) throw new ApiError(404, `Cart item ${itemNumber} not found`)
  return { cart, line }
}

export async function setCartItemQuantity(container: MedusaContainer, user: ShopUserRow, itemNumber: number, quantity: number) {
  await withCartLock(container, user, async () => {
    const { cart, line } = await ownLine(container, user, itemNumber)
    const entry = await findCatalogueEntry(container, line.productNumber)
    if (!entry) throw new ApiError(404, "This product is no longer sold")
    if (quantity > line.quantity && quantity > entry.product.stockQuantity) {
      throw new ApiError(409, stockMessage(entry, quantity), { stockQuantity: entry.product.stockQuantity })
    }
    await updateLineItemInCartWorkflow(container).run({ input: { cart_id: cart.id, item_id: line.id, update: { quantity } } })
  })
}

export async function removeCartItem(container: MedusaContainer, user: ShopUserRow, itemNumber: number) {
  await withCartLock(container, user, async () => {
    const { cart, line } = await ownLine(container, user, itemNumber)
    await deleteLineItemsWorkflow(container).run({ input: { cart_id: cart.id, ids: [line.id] } })
  })
}

export async function clearCart(container: MedusaContainer, user: ShopUserRow) {
  await withCartLock(container, user, async () => {
    const cart = await findCart(container, user)
    if (!cart || cart.lines.length === 0) return
    await deleteLineItemsWorkflow(container).run({ input: { cart_id: cart.id, ids: cart.lines.map((l) => l.id) } })
  })
}

export { withCartLock }
