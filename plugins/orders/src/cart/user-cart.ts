import type { CreateCartDTO, LinkDefinition, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { createCartsStep } from "@medusajs/medusa/core-flows"
import { ACCOUNTS_MODULE, ShopUserCartLink } from "@enclave/accounts"
import { ShopError } from "@enclave/contract/shop-error"

/*
 * Which Medusa cart a shop user is filling is a link between the two modules (the accounts plugin's
 * links/shop-user-cart.ts). It moves in two places only, both under the user's cart lock (cart-lock.ts,
 * taken by the cart change's workflow and by the purchase's): the first add starts a cart and
 * links it, a purchase completes the cart and dismisses the link. Each move is a workflow step whose
 * compensation moves it back.
 */

export const CART_BUSY_MESSAGE = "Your cart is being changed by another request: please try again in a moment"

/** The cart the user's link names, or null. It may be completed (a purchase cut off before it let go of it). */
export async function linkedCartId(container: MedusaContainer, userId: string): Promise<string | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: ShopUserCartLink.entryPoint, fields: ["cart_id"], filters: { shop_user_id: userId } })
  return (data[0] as { cart_id?: string } | undefined)?.cart_id ?? null
}

/**
 * The cart each user was last seen filling, kept per process, so a cart call reads the cart
 * without reading the link first. Trusted only while that cart is open (its read says so anyway):
 * a cart leaves its user only by becoming an order (the purchase completes it before it dismisses
 * the link), so an open cart that was a user's is still theirs, whichever instance moved what. A
 * completed or missing one sends the caller to the link. "No cart" is never kept: another instance
 * may have started one.
 */
const lastSeenCart = new Map<string, string>()
const KEPT_CARTS = 10_000

export function lastSeenCartOf(userId: string): string | null {
  return lastSeenCart.get(userId) ?? null
}

export function rememberCart(userId: string, cartId: string | null): void {
  if (!cartId) {
    lastSeenCart.delete(userId)
    return
  }
  if (lastSeenCart.size >= KEPT_CARTS) lastSeenCart.clear()
  lastSeenCart.set(userId, cartId)
}

export interface CartMove {
  userId: string
  /** The cart the user must be linked to for the move to happen; null: none. */
  from: string | null
  /** The cart they are linked to afterwards; null: none. */
  to: string | null
}

function userCartLink(userId: string, cartId: string): LinkDefinition {
  return { [ACCOUNTS_MODULE]: { shop_user_id: userId }, [Modules.CART]: { cart_id: cartId } }
}

/**
 * Moves the user's link from `from` to `to`, compare-and-set: only while the user is linked to
 * `from` (to none, when it is null). The dismissal answers the links it removed, and Medusa's link
 * refuses a second cart for the user, so a caller whose view was stale finds out. Answers whether it moved.
 */
async function moveLink(container: MedusaContainer, move: CartMove): Promise<boolean> {
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  if (move.from) {
    const dismissed = (await link.dismiss([userCartLink(move.userId, move.from)])) as unknown[]
    if (dismissed.length === 0) return false
  }
  if (!move.to) return true
  try {
    await link.create([userCartLink(move.userId, move.to)])
    return true
  } catch (error) {
    if (move.from) await link.create([userCartLink(move.userId, move.from)])
    // Medusa's refusal of a second link for the user or the cart: someone else moved it first.
    if (MedusaError.isMedusaError(error) && (error as MedusaError).type === MedusaError.Types.INVALID_DATA) return false
    throw error
  }
}

/**
 * The user's cart link moves; compensation moves it back. `required`: a move that finds the link
 * elsewhere fails the workflow (409, try again); otherwise it is left as it is and nothing is undone.
 */
export const moveUserCartStep = createStep(
  "enclave-move-user-cart",
  async (move: CartMove & { required?: boolean }, { container }) => {
    const moved = await moveLink(container, move)
    if (!moved && move.required) throw new ShopError("cart_busy", CART_BUSY_MESSAGE)
    // A purchase's cart is not looked for again in this process.
    if (move.from && lastSeenCart.get(move.userId) === move.from) rememberCart(move.userId, null)
    return new StepResponse(moved, moved ? { userId: move.userId, from: move.from, to: move.to } : null)
  },
  async (move, { container }) => {
    if (move) await moveLink(container, { userId: move.userId, from: move.to, to: move.from })
  },
)

export interface StartCartInput {
  userId: string
  /** The cart the user's link names now (a completed one), or null. */
  replaces: string | null
  cart: CreateCartDTO
}

/**
 * A new cart for the user: Medusa's cart module makes it, and the user's link moves to it from the
 * cart it named (none, or one that became an order). A link that moved meanwhile undoes both (409).
 */
export const startCartWorkflow = createWorkflow("enclave-start-cart", (input: StartCartInput) => {
  const carts = createCartsStep(transform({ input }, ({ input }) => [input.cart]))
  const cartId = transform({ carts }, ({ carts }) => carts[0].id)
  moveUserCartStep(
    transform({ input, cartId }, ({ input, cartId }) => ({ userId: input.userId, from: input.replaces, to: cartId, required: true })),
  )
  return new WorkflowResponse(cartId)
})
