import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { LOW_STOCK_THRESHOLD } from "@enclave/contract"
import { catalogueEntries } from "../catalogue/products"
import { ApiError } from "../http/api-error"

/**
 * Who gets the last units. Many customers may prepare their checkout at the same time (that is
 * the slow part: address, shipping, payment collection), but only one at a time per product may
 * re-check the stock and turn a cart into an order. Medusa's own reservation step refuses an
 * oversell too, but only after it has made the order and must then undo it; the lock lets the
 * losers be refused cheaply and with a message that says why.
 */

/** A cart's demand per product, as the shop numbers products. */
export interface Demand {
  productNumber: number
  quantity: number
}

/** The 409 a customer gets when the stock does not cover their cart. */
export function stockRefusal(product: { id: number; name: string; stockQuantity: number }, wanted?: number): ApiError {
  const stock = Math.max(0, product.stockQuantity)
  const asked = wanted !== undefined ? ` (you asked for ${wanted})` : ""
  const message =
    stock === 0
      ? `${product.name} is sold out, none left in stock: please remove it from your cart`
      : `Only ${stock} of ${product.name} left in stock${asked}: please change your cart`
  return new ApiError(409, message, { productId: product.id, stockQuantity: stock })
}

/**
 * At or below this many units left (the shop's low-stock mark), most buyers racing for a product
 * will lose: their whole checkout waits for the product's lock, so that once it is sold out the
 * others are refused in milliseconds instead of each first preparing a checkout in vain (on two
 * cores, fifty of those at once take longer than a browser waits). Above it, checkouts prepare
 * side by side and only take the lock to complete.
 */
export const SCARCE_STOCK = LOW_STOCK_THRESHOLD

/**
 * Refuses (409) when a product is no longer sold or its available stock is below the demand;
 * otherwise says whether any of the products is scarce. Reads fresh from Medusa.
 */
export async function ensureInStock(container: MedusaContainer, demand: Demand[]): Promise<{ scarce: boolean }> {
  const entries = await catalogueEntries(container, demand.map((d) => d.productNumber))
  let scarce = false
  for (const line of demand) {
    const entry = entries.get(line.productNumber)
    if (!entry) throw new ApiError(409, "A product in your cart is no longer sold: please remove it")
    if (line.quantity > entry.product.stockQuantity) throw stockRefusal(entry.product, line.quantity)
    if (entry.product.stockQuantity <= SCARCE_STOCK) scarce = true
  }
  return { scarce }
}

/** What the cart asks for, per product (lines of the same product added up). */
export async function demandOfCart(container: MedusaContainer, cartId: string): Promise<Demand[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: ["items.quantity", "items.metadata"], filters: { id: cartId } })
  const items = ((data[0] as { items?: Array<{ quantity: number | string; metadata?: Record<string, unknown> | null }> } | undefined)?.items ?? [])
  const perProduct = new Map<number, number>()
  for (const item of items) {
    const productNumber = Number(item.metadata?.product_number)
    if (!Number.isInteger(productNumber)) continue
    perProduct.set(productNumber, (perProduct.get(productNumber) ?? 0) + Number(item.quantity))
  }
  return [...perProduct].map(([productNumber, quantity]) => ({ productNumber, quantity }))
}

/** Long enough for every buyer queued behind a popular product; each holder only re-checks and completes. */
const STOCK_LOCK_WAIT_SECONDS = 50

/**
 * Runs `work` holding the stock locks of these products (Medusa's locking module: Redis across
 * instances when REDIS_URL is set). The keys are sorted, so two carts sharing products always
 * take them in the same order and never wait on each other in a circle.
 */
export async function withStockLock<T>(container: MedusaContainer, demand: Demand[], work: () => Promise<T>): Promise<T> {
  const keys = [...new Set(demand.map((d) => d.productNumber))].sort((a, b) => a - b).map((n) => `enclave-stock:${n}`)
  if (keys.length === 0) return work()
  const locking = container.resolve(Modules.LOCKING)
  try {
    return await locking.execute(keys, work, { timeout: STOCK_LOCK_WAIT_SECONDS })
  } catch (error) {
    if (error instanceof ApiError) throw error
    const message = (error as { message?: unknown } | null)?.message
    if (typeof message === "string" && /timed?-?\s?out acquiring lock/i.test(message)) {
      throw new ApiError(503, "Too many people are buying this product right now: please try again in a moment")
    }
    throw error
  }
}

/** Medusa's reservation refuses with "Not enough stock available for item ..." when a sale slipped past the lock (e.g. an admin lowered the stock). */
export function isMedusaStockError(error: unknown): boolean {
  const message = (error as { message?: unknown } | null)?.message
  return typeof message === "string" && /not enough stock available/i.test(message)
}
