import type { CreateLineItemForCartDTO, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { stockRefusalCode, type AddToCartRequest, type CartItem, type StockRefusalDetails } from "@enclave/contract"
import { SHOP_ORDERS_MODULE } from "../modules/shop-orders"
import type ShopOrdersModuleService from "../modules/shop-orders/service"
import { customerIdOf, type ShopUserRow } from "@enclave/accounts"
import { catalogueEntries, type CatalogueEntry, shopContext } from "@enclave/catalogue"
import { ShopError, workflowError } from "@enclave/contract/shop-error"
import { lastSeenCartOf, linkedCartId, rememberCart, startCartWorkflow } from "./user-cart"
import { releaseCartLock, takeCartLockStep } from "./cart-lock"

/*
 * Carts are Medusa carts, changed through the cart module's service rather than Medusa's cart
 * workflows: those re-derive the whole cart on every change (items' prices, promotions, the
 * payment collection, shipping methods), some 100 statements and several workflow runs per click,
 * for things this shop settles at checkout. A line gets what Medusa's add-to-cart would give it
 * (core-flows' prepareLineItemData), priced from the shop's catalogue, so the order made from the
 * cart and Medusa's admin read it as one of Medusa's own.
 */

const CURRENCY = "eur"

/** Who a cart belongs to, as far as a cart change needs to know. */
type CartOwner = Pick<ShopUserRow, "id" | "user_number" | "email">

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
async function currentCart(container: MedusaContainer, user: CartOwner): Promise<{ linkedId: string | null; cart: UserCart | null }> {
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
async function startCart(container: MedusaContainer, user: CartOwner, replaces: string | null): Promise<string> {
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
function cartItemsOf(user: CartOwner, lines: CartLine[], entries: Map<number, CatalogueEntry>): CartItem[] {
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

/** A change a customer makes to their cart. */
export type CartChange =
  | { kind: "add"; productId: number; quantity: number }
  | { kind: "set"; itemNumber: number; quantity: number }
  | { kind: "remove"; itemNumber: number }
  | { kind: "clear" }

/** What a change did to the cart's lines, to be undone when a later step of its flow fails. */
interface CartUndo {
  created: string[]
  updated: Array<{ id: string; quantity: number; unit_price: number }>
  removed: string[]
}

/** The user's own line with this number, or a 404: another user's item number is never found. */
function ownLine(cart: UserCart | null, itemNumber: number): { cart: UserCart; line: CartLine } {
  const line = cart?.lines.find((l) => l.itemNumber === itemNumber)
  if (!cart || !line) throw new ShopError("not_found", `Cart item ${itemNumber} not found`)
  return { cart, line }
}

/** A line's quantity and price as they were, for the undo. */
async function lineAsItWas(container: MedusaContainer, id: string): Promise<CartUndo["updated"][number]> {
  const [item] = await container.resolve(Modules.CART).listLineItems({ id }, { select: ["id", "quantity", "unit_price"] })
  return { id, quantity: Number(item.quantity), unit_price: Number(item.unit_price) }
}

/**
 * Makes the change under the cart lock the flow holds, and answers the cart after it: read under the
 * lock, so nothing else changed it since. The change ahead of this one may have started the cart (the
 * first add) or made it into an order, so the cart is found here (currentCart), never from what the
 * caller knew before it queued: with a stale view each racing first add started a cart of its own, and
 * only the last stayed the user's.
 */
const changeCartStep = createStep(
  "enclave-change-cart-lines",
  async (input: { owner: CartOwner; change: CartChange }, { container }) => {
    const user = input.owner
    const undo: CartUndo = { created: [], updated: [], removed: [] }
    const cartModule = container.resolve(Modules.CART)
    const { linkedId, cart } = await currentCart(container, user)
    const change = input.change
    switch (change.kind) {
      case "add": {
        const lines = cart?.lines ?? []
        const entries = await entriesOf(container, lines, [change.productId])
        const entry = entries.get(change.productId)
        if (!entry) throw new ShopError("not_found", `Product ${change.productId} not found`)
        const line = lines.find((l) => l.productNumber === entry.product.id)
        const wanted = (line?.quantity ?? 0) + change.quantity
        if (wanted > entry.product.stockQuantity) throw stockRefusalOf(entry, wanted)
        if (line) {
          undo.updated.push(await lineAsItWas(container, line.id))
          // Priced again, as Medusa's own quantity change does: the line shows what the shop charges now.
          await cartModule.updateLineItems([{ id: line.id, quantity: wanted, unit_price: unitPriceOf(entry) }])
          line.quantity = wanted
        } else {
          const cartId = cart?.id ?? (await startCart(container, user, linkedId))
          const itemNumber = await nextItemNumber(container)
          const [created] = await cartModule.addLineItems([
            newLineData(cartId, entry, change.quantity, itemNumber, await pricesIncludeTax(container)),
          ])
          undo.created.push(created.id)
          lines.push({ id: created.id, quantity: change.quantity, itemNumber, productNumber: entry.product.id })
        }
        return new StepResponse(cartItemsOf(user, lines, entries), undo)
      }
      case "set": {
        const { cart: own, line } = ownLine(cart, change.itemNumber)
        const entries = await entriesOf(container, own.lines)
        const entry = entries.get(line.productNumber)
        if (!entry) throw new ShopError("not_found", "This product is no longer sold")
        if (change.quantity > line.quantity && change.quantity > entry.product.stockQuantity) {
          throw stockRefusalOf(entry, change.quantity)
        }
        undo.updated.push(await lineAsItWas(container, line.id))
        await cartModule.updateLineItems([{ id: line.id, quantity: change.quantity, unit_price: unitPriceOf(entry) }])
        line.quantity = change.quantity
        return new StepResponse(cartItemsOf(user, own.lines, entries), undo)
      }
      case "remove": {
        const { cart: own, line } = ownLine(cart, change.itemNumber)
        // Soft-deleted, as Medusa's own removal does.
        await cartModule.softDeleteLineItems([line.id])
        undo.removed.push(line.id)
        const rest = own.lines.filter((l) => l !== line)
        return new StepResponse(rest.length === 0 ? [] : cartItemsOf(user, rest, await entriesOf(container, rest)), undo)
      }
      case "clear": {
        const ids = cart?.lines.map((l) => l.id) ?? []
        if (ids.length > 0) await cartModule.softDeleteLineItems(ids)
        undo.removed.push(...ids)
        return new StepResponse([] as CartItem[], undo)
      }
    }
  },
  async (undo, { container }) => {
    if (!undo) return
    const cartModule = container.resolve(Modules.CART)
    if (undo.created.length > 0) await cartModule.softDeleteLineItems(undo.created)
    if (undo.updated.length > 0) await cartModule.updateLineItems(undo.updated)
    if (undo.removed.length > 0) await cartModule.restoreLineItems(undo.removed)
  },
)

/** A customer's change of their cart: one at a time per customer, on every server instance. */
export const changeCartWorkflow = createWorkflow("enclave-change-cart", (input: { owner: CartOwner; change: CartChange }) => {
  const lock = takeCartLockStep({ userId: transform({ input }, ({ input }) => input.owner.id) })
  const items = changeCartStep(input)
  releaseCartLock(lock)
  return new WorkflowResponse(items)
})

async function changeCart(container: MedusaContainer, user: ShopUserRow, change: CartChange): Promise<CartItem[]> {
  try {
    const owner: CartOwner = { id: user.id, user_number: user.user_number, email: user.email }
    const { result } = await changeCartWorkflow(container).run({ input: { owner, change } })
    return result
  } catch (error) {
    throw workflowError(error)
  }
}

/** Adds a product, or more of it when it is in the cart already; never more than the stock. */
export function addToCart(container: MedusaContainer, user: ShopUserRow, request: AddToCartRequest): Promise<CartItem[]> {
  return changeCart(container, user, { kind: "add", productId: request.productId, quantity: request.quantity })
}

export function setCartItemQuantity(
  container: MedusaContainer,
  user: ShopUserRow,
  itemNumber: number,
  quantity: number,
): Promise<CartItem[]> {
  return changeCart(container, user, { kind: "set", itemNumber, quantity })
}

export function removeCartItem(container: MedusaContainer, user: ShopUserRow, itemNumber: number): Promise<CartItem[]> {
  return changeCart(container, user, { kind: "remove", itemNumber })
}

export async function clearCart(container: MedusaContainer, user: ShopUserRow): Promise<void> {
  await changeCart(container, user, { kind: "clear" })
}
