import type { CreateLineItemForCartDTO, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { stockRefusalCode, type AddToCartRequest, type CartItem, type StockRefusalDetails } from "@enclave/contract"
import { SHOP_ORDERS_MODULE } from "../modules/shop-orders"
import type ShopOrdersModuleService from "../modules/shop-orders/service"
import { customerIdOf, type ShopUserRow } from "@enclave/accounts"
import { catalogueEntries, type CatalogueEntry, shopContext } from "@enclave/catalogue"
import { ShopError, workflowError } from "@enclave/contract/shop-error"
import { CART_BUSY_MESSAGE, lastSeenCartOf, linkedCartId, rememberCart, startCartWorkflow } from "./user-cart"

/*
 * Carts are Medusa carts, changed through the cart module's service rather than Medusa's cart
 * workflows: those re-derive the whole cart on every change (items' prices, promotions, the
 * payment collection, shipping methods), some 100 statements and several workflow runs per click,
 * for things this shop settles at checkout. A line gets what Medusa's add-to-cart would give it
 * (core-flows' prepareLineItemData), priced from the shop's catalogue, so the order made from the
 * cart and Medusa's admin read it as one of Medusa's own.
 */

const CURRENCY = "eur"

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

/** An open cart as checkout prices it: its lines and the Medusa customer it belongs to. */
export interface CheckoutCart extends UserCart {
  customer_id: string | null
}

const LINE_FIELDS = ["id", "quantity", "metadata", "created_at"]
type StoredLine = Record<string, unknown> & {
  id: string
  quantity: number | string
  metadata?: Record<string, unknown> | null
  created_at: string | Date
}
type StoredCart = Record<string, unknown> & { id: string; completed_at: string | Date | null; items?: StoredLine[] | null }

function toLine(item: StoredLine): CartLine | null {
  const itemNumber = Number(item.metadata?.item_number)
  const productNumber = Number(item.metadata?.product_number)
  if (!Number.isInteger(itemNumber) || !Number.isInteger(productNumber)) return null
  return { id: item.id, quantity: Number(item.quantity), itemNumber, productNumber }
}

/** The cart and its lines in one read (one statement), or null when it is gone or already an order. */
async function readOpenCart(container: MedusaContainer, cartId: string, cartFields: string[] = []) {
  const [cart] = (await container.resolve(Modules.CART).listCarts(
    { id: cartId },
    {
      select: ["id", "completed_at", ...cartFields, ...LINE_FIELDS.map((f) => `items.${f}`)],
      relations: ["items"],
      // The lines joined to the cart in one statement (MikroORM would otherwise select them apart).
      options: { strategy: "joined" },
    },
  )) as unknown as Array<StoredCart | undefined>
  if (!cart || cart.completed_at) return null
  const lines = (cart.items ?? []).flatMap((item) => {
    const line = toLine(item)
    return line ? [{ item, line }] : []
  })
  // In the order they were put in the cart; item numbers come from one sequence, so they break ties.
  lines.sort(
    (a, b) => new Date(a.item.created_at).getTime() - new Date(b.item.created_at).getTime() || a.line.itemNumber - b.line.itemNumber,
  )
  return { cart, lines }
}

export async function readCart(container: MedusaContainer, cartId: string): Promise<UserCart | null> {
  const open = await readOpenCart(container, cartId)
  return open && { id: open.cart.id, lines: open.lines.map((l) => l.line) }
}

/**
 * The user's open cart (null when they have none yet: a visit to the cart creates nothing) and the
 * cart their link names, which may be one that became an order. The cart last seen for them in
 * this process is read straight away; only when it is no longer open is the link read.
 */
async function currentCart(container: MedusaContainer, user: ShopUserRow): Promise<{ linkedId: string | null; cart: UserCart | null }> {
  const seen = lastSeenCartOf(user.id)
  const seenCart = seen ? await readCart(container, seen) : null
  if (seenCart) return { linkedId: seen, cart: seenCart }
  const linkedId = await linkedCartId(container, user.id)
  const cart = linkedId && linkedId !== seen ? await readCart(container, linkedId) : null
  rememberCart(user.id, cart ? linkedId : null)
  return { linkedId, cart }
}

export async function findCart(container: MedusaContainer, user: ShopUserRow): Promise<UserCart | null> {
  return (await currentCart(container, user)).cart
}

/** The open cart checkout prices, or null when it is gone or already an order. */
export async function readCartForCheckout(container: MedusaContainer, cartId: string): Promise<CheckoutCart | null> {
  const open = await readOpenCart(container, cartId, ["customer_id"])
  if (!open) return null
  const customerId = open.cart.customer_id
  return { id: open.cart.id, customer_id: typeof customerId === "string" ? customerId : null, lines: open.lines.map((l) => l.line) }
}

/**
 * Starts the user's cart (user-cart.ts: made and linked in one workflow): in their region, for
 * their customer, in euros. Runs under the cart lock only; `replaces` is the cart their link names.
 */
async function startCart(container: MedusaContainer, user: ShopUserRow, replaces: string | null): Promise<string> {
  const context = await shopContext(container)
  const cart = {
    region_id: context.defaultRegionId,
    sales_channel_id: context.salesChannelId,
    customer_id: await customerIdOf(container, user.id),
    email: user.email,
    currency_code: CURRENCY,
  }
  try {
    const { result: cartId } = await startCartWorkflow(container).run({ input: { userId: user.id, replaces, cart } })
    rememberCart(user.id, cartId)
    return cartId
  } catch (error) {
    throw workflowError(error)
  }
}

/**
 * Whether the shop's prices include tax, as Medusa's pricing decides it for a line: the shop's
 * prices are per currency (no region rule), so the currency's price preference, else no. Read
 * once per process, like the shop's regions (shop-context.ts): it is store setup, not catalogue.
 */
let taxInclusive: Promise<boolean> | undefined

function pricesIncludeTax(container: MedusaContainer): Promise<boolean> {
  taxInclusive ??= container
    .resolve(Modules.PRICING)
    .listPricePreferences({ attribute: "currency_code", value: CURRENCY }, { select: ["is_tax_inclusive"], take: 1 })
    .then(([preference]) => preference?.is_tax_inclusive ?? false)
    .catch((error) => {
      taxInclusive = undefined
      throw error
    })
  return taxInclusive
}

/** The euro amount Medusa stores for the catalogue's price ("599.00"). */
function unitPriceOf(entry: CatalogueEntry): number {
  return Number(entry.product.price)
}

/** A new line as Medusa's add-to-cart makes it (core-flows' prepareLineItemData), priced by the catalogue. */
function newLineData(
  cartId: string,
  entry: CatalogueEntry,
  quantity: number,
  itemNumber: number,
  isTaxInclusive: boolean,
): CreateLineItemForCartDTO {
  const { line } = entry
  // Medusa's type leaves a missing value out where its table stores null.
  const orNothing = (value: string | null) => value ?? undefined
  return {
    cart_id: cartId,
    quantity,
    title: line.product_title,
    subtitle: orNothing(line.variant_title),
    thumbnail: orNothing(line.thumbnail),
    product_id: entry.medusaProductId,
    product_title: line.product_title,
    product_description: orNothing(line.product_description),
    product_subtitle: orNothing(line.product_subtitle),
    product_handle: orNothing(line.product_handle),
    variant_id: entry.variantId,
    variant_sku: orNothing(line.variant_sku),
    variant_barcode: orNothing(line.variant_barcode),
    variant_title: orNothing(line.variant_title),
    is_discountable: line.is_discountable,
    // Medusa ships a line whose product has a shipping profile; the seed and the shop's admin
    // give every product one.
    requires_shipping: true,
    unit_price: unitPriceOf(entry),
    is_tax_inclusive: isTaxInclusive,
    metadata: { item_number: itemNumber, product_number: entry.product.id },
  }
}

/**
 * How long a cart change waits for the ones queued before it (a double click, several tabs, a
 * script): each holder takes well under a second, so this is room for dozens, and stays under
 * the front door's 60 s proxy timeout so the caller gets our answer rather than a gateway's.
 */
export const CART_LOCK_WAIT_SECONDS = 45

/**
 * One user's cart changes one at a time, on every server instance (Medusa's locking module).
 *
 * The change ahead of this one may have started the cart (the first add) or made it into an
 * order, so `work` finds the user's cart once the lock is held (currentCart, linkedCartId), never
 * from what it knew before it queued: with a stale view each racing first add started a cart of its
 * own, and only the last stayed the user's (every other add answered 201 and was lost).
 */
/** The lock of one user's cart; the purchase takes the same one (purchase/workflow.ts). */
export function cartLockKey(userId: string): string {
  return `enclave-cart:${userId}`
}

async function withCartLock<T>(container: MedusaContainer, user: ShopUserRow, work: () => Promise<T>): Promise<T> {
  const locking = container.resolve(Modules.LOCKING)
  let holding = false
  try {
    return await locking.execute(
      cartLockKey(user.id),
      async () => {
        holding = true
        return work()
      },
      { timeout: CART_LOCK_WAIT_SECONDS },
    )
  } catch (error) {
    // Never got the lock (waited too long, or the lock store failed): nothing was changed.
    if (!holding) throw new ShopError("cart_busy", CART_BUSY_MESSAGE)
    throw error
  }
}

/** More than the stock: said in English, with what a page needs to say it in its language (`details.code`). */
function stockRefusalOf(entry: CatalogueEntry, wanted: number): ShopError {
  const stock = Math.max(0, entry.product.stockQuantity)
  const message =
    stock === 0 ? `${entry.product.name} is out of stock` : `Only ${stock} of ${entry.product.name} left in stock (you asked for ${wanted})`
  const details: StockRefusalDetails = {
    code: stock === 0 ? "out_of_stock" : "low_stock",
    productId: entry.product.id,
    stockQuantity: stock,
    wanted,
    productName: entry.product.name,
    productNameDe: entry.nameDe,
  }
  const { code, params } = stockRefusalCode(details)
  return new ShopError(code, message, details, { params })
}

/** A new line's whole-number id on the wire (its metadata.item_number), from the orders module's sequence. */
function nextItemNumber(container: MedusaContainer): Promise<number> {
  return container.resolve<ShopOrdersModuleService>(SHOP_ORDERS_MODULE).nextItemNumber()
}

/** The cart as the API shows it: its lines whose product the catalogue still sells. */
function cartItemsOf(user: ShopUserRow, lines: CartLine[], entries: Map<number, CatalogueEntry>): CartItem[] {
  return lines.flatMap((line) => {
    const entry = entries.get(line.productNumber)
    if (!entry) return []
    const { product, nameDe } = entry
    return [
      {
        id: line.itemNumber,
        userId: user.user_number,
        productId: product.id,
        quantity: line.quantity,
        product: {
          id: product.id,
          name: product.name,
          nameDe,
          price: product.price,
          imageUrl: product.imageUrl,
          stockQuantity: product.stockQuantity,
        },
      },
    ]
  })
}

async function entriesOf(container: MedusaContainer, lines: CartLine[], also: number[] = []) {
  return catalogueEntries(container, [...also, ...lines.map((l) => l.productNumber)])
}

export async function listCartItems(container: MedusaContainer, user: ShopUserRow): Promise<CartItem[]> {
  const cart = await findCart(container, user)
  if (!cart || cart.lines.length === 0) return []
  return cartItemsOf(user, cart.lines, await entriesOf(container, cart.lines))
}

/**
 * Adds a product, or more of it when it is in the cart already; never more than the stock.
 * Answers the cart after the change: it was read under the lock, so nothing else changed it since.
 */
export async function addToCart(container: MedusaContainer, user: ShopUserRow, request: AddToCartRequest): Promise<CartItem[]> {
  return withCartLock(container, user, async () => {
    const { linkedId, cart } = await currentCart(container, user)
    const lines = cart?.lines ?? []
    const entries = await entriesOf(container, lines, [request.productId])
    const entry = entries.get(request.productId)
    if (!entry) throw new ShopError("not_found", `Product ${request.productId} not found`)
    const line = lines.find((l) => l.productNumber === entry.product.id)
    const wanted = (line?.quantity ?? 0) + request.quantity
    if (wanted > entry.product.stockQuantity) throw stockRefusalOf(entry, wanted)
    const cartModule = container.resolve(Modules.CART)
    if (line) {
      // Priced again, as Medusa's own quantity change does: the line shows what the shop charges now.
      await cartModule.updateLineItems([{ id: line.id, quantity: wanted, unit_price: unitPriceOf(entry) }])
      line.quantity = wanted
    } else {
      const cartId = cart?.id ?? (await startCart(container, user, linkedId))
      const itemNumber = await nextItemNumber(container)
      const [created] = await cartModule.addLineItems([
        newLineData(cartId, entry, request.quantity, itemNumber, await pricesIncludeTax(container)),
      ])
      lines.push({ id: created.id, quantity: request.quantity, itemNumber, productNumber: entry.product.id })
    }
    return cartItemsOf(user, lines, entries)
  })
}

/** The user's own line with this number, or a 404: another user's item number is never found. */
async function ownLine(container: MedusaContainer, user: ShopUserRow, itemNumber: number): Promise<{ cart: UserCart; line: CartLine }> {
  const cart = await findCart(container, user)
  const line = cart?.lines.find((l) => l.itemNumber === itemNumber)
  if (!cart || !line) throw new ShopError("not_found", `Cart item ${itemNumber} not found`)
  return { cart, line }
}

export async function setCartItemQuantity(
  container: MedusaContainer,
  user: ShopUserRow,
  itemNumber: number,
  quantity: number,
): Promise<CartItem[]> {
  return withCartLock(container, user, async () => {
    const { cart, line } = await ownLine(container, user, itemNumber)
    const entries = await entriesOf(container, cart.lines)
    const entry = entries.get(line.productNumber)
    if (!entry) throw new ShopError("not_found", "This product is no longer sold")
    if (quantity > line.quantity && quantity > entry.product.stockQuantity) {
      throw stockRefusalOf(entry, quantity)
    }
    await container.resolve(Modules.CART).updateLineItems([{ id: line.id, quantity, unit_price: unitPriceOf(entry) }])
    line.quantity = quantity
    return cartItemsOf(user, cart.lines, entries)
  })
}

export async function removeCartItem(container: MedusaContainer, user: ShopUserRow, itemNumber: number): Promise<CartItem[]> {
  return withCartLock(container, user, async () => {
    const { cart, line } = await ownLine(container, user, itemNumber)
    // Soft-deleted, as Medusa's own removal does.
    await container.resolve(Modules.CART).softDeleteLineItems([line.id])
    const rest = cart.lines.filter((l) => l !== line)
    return rest.length === 0 ? [] : cartItemsOf(user, rest, await entriesOf(container, rest))
  })
}

export async function clearCart(container: MedusaContainer, user: ShopUserRow) {
  await withCartLock(container, user, async () => {
    const cart = await findCart(container, user)
    if (!cart || cart.lines.length === 0) return
    await container.resolve(Modules.CART).softDeleteLineItems(cart.lines.map((l) => l.id))
  })
}

export { withCartLock }
