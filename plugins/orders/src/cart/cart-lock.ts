import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse, transform, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { releaseLockStep } from "@medusajs/medusa/core-flows"
import { randomUUID } from "node:crypto"
import { setTimeout as sleep } from "node:timers/promises"
import { ShopError } from "@enclave/contract/shop-error"
import { CART_BUSY_MESSAGE } from "./user-cart"

/*
 * One buyer's cart lock: every flow that reads and changes the cart or makes it an order takes it
 * first, inside its workflow (a cart change, starting a payment, the purchase, a provider's word that a
 * payment failed), so none of them runs beside another of the same buyer on any instance. Each takes
 * it once; none calls another that takes it again.
 */

/**
 * How long a flow waits for the ones queued before it (a double click, several tabs, a script): each
 * holder takes well under a second, so this is room for dozens, and stays under the front door's 60 s
 * proxy timeout so the caller gets our answer rather than a gateway's.
 */
export const CART_LOCK_WAIT_SECONDS = 45

/** A crashed flow's hold on the lock ends after this, so its buyer is not locked out for long. */
const CART_LOCK_TTL_SECONDS = 120

/** The lock of one user's cart. */
export function cartLockKey(userId: string): string {
  return `enclave-cart:${userId}`
}

/** Who holds the lock; a null key when the flow had no buyer to lock for. */
export interface CartLockHold {
  key: string | null
  ownerId: string | null
}

/**
 * Takes the buyer's cart lock with an owner id of its own, so an undo after the lock expired cannot
 * release someone else's hold. A queue longer than a buyer should wait is their 409 (`cart_busy`).
 */
export const takeCartLockStep = createStep(
  "enclave-take-cart-lock",
  async (input: { userId: string | null }, { container }) => {
    if (!input.userId) return new StepResponse<CartLockHold, CartLockHold | null>({ key: null, ownerId: null }, null)
    const key = cartLockKey(input.userId)
    const locking = container.resolve(Modules.LOCKING)
    const ownerId = randomUUID()
    const giveUpAt = Date.now() + CART_LOCK_WAIT_SECONDS * 1000
    for (;;) {
      try {
        await locking.acquire(key, { ownerId, expire: CART_LOCK_TTL_SECONDS })
        break
      } catch {
        if (Date.now() >= giveUpAt) throw new ShopError("cart_busy", CART_BUSY_MESSAGE)
        await sleep(200)
      }
    }
    const hold: CartLockHold = { key, ownerId }
    return new StepResponse<CartLockHold, CartLockHold | null>(hold, hold)
  },
  async (hold, { container }) => {
    if (hold?.key) await container.resolve(Modules.LOCKING).release(hold.key, { ownerId: hold.ownerId! })
  },
)

/** The last step of a flow that took the lock: gives it back (Medusa's releaseLockStep, by owner). */
export function releaseCartLock(lock: WorkflowData<CartLockHold>) {
  releaseLockStep({
    key: transform({ lock }, ({ lock }) => lock.key ?? []),
    ownerId: transform({ lock }, ({ lock }) => lock.ownerId ?? undefined),
  })
}
