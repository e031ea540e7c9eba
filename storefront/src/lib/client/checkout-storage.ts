/**
 * What checkout keeps in session storage over a payment provider's redirect (docs/product.md §3: pending PayPal
 * order id, amount, user id, shipping method id; our card order for a 3-D Secure round trip), and
 * clears once a result page has used it.
 *
 * The keys are handed in (checkoutStorageKeys of the contract): the success page's island gets them as
 * a prop, so it does not load the contract's runtime. Storage that refuses (privacy settings, quota)
 * behaves as empty: the flows then work without the round-trip state, as docs/product.md §4 allows.
 */
import type { checkoutStorageKeys } from "@enclave/contract"

export type CheckoutStorageKeys = typeof checkoutStorageKeys
export type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">

export interface PendingPaypalOrder {
  orderId: string
  amount: string | null
  userId: number | null
  shippingMethodId: number | null
}

function session(): KeyValueStore | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage
  } catch {
    return null
  }
}

function attempt(work: () => void): void {
  try {
    work()
  } catch {
    // see above: refused storage is empty storage
  }
}

const positiveInteger = (raw: string | null): number | null => {
  const value = Number(raw)
  return raw && Number.isInteger(value) && value > 0 ? value : null
}

export function savePendingPaypalOrder(keys: CheckoutStorageKeys, pending: PendingPaypalOrder, store = session()): void {
  if (!store) return
  attempt(() => {
    store.setItem(keys.pendingOrderId, pending.orderId)
    if (pending.amount !== null) store.setItem(keys.amount, pending.amount)
    if (pending.userId !== null) store.setItem(keys.userId, String(pending.userId))
    if (pending.shippingMethodId !== null) store.setItem(keys.shippingMethodId, String(pending.shippingMethodId))
  })
}

/** The PayPal order the customer left checkout for; null when there is none. */
export function readPendingPaypalOrder(keys: CheckoutStorageKeys, store = session()): PendingPaypalOrder | null {
  if (!store) return null
  try {
    const orderId = store.getItem(keys.pendingOrderId)?.trim()
    if (!orderId) return null
    return {
      orderId,
      amount: store.getItem(keys.amount),
      userId: positiveInteger(store.getItem(keys.userId)),
      shippingMethodId: positiveInteger(store.getItem(keys.shippingMethodId)),
    }
  } catch {
    return null
  }
}

/** The pending user id, read on its own: docs/product.md §4 sends it with a capture even when the order id came as PayPal's token. */
export function readPendingUserId(keys: CheckoutStorageKeys, store = session()): number | null {
  if (!store) return null
  try {
    return positiveInteger(store.getItem(keys.userId))
  } catch {
    return null
  }
}

/**
 * After the PayPal order was captured or cancelled. The shipping method id stays: it is also
 * checkout's remembered choice (docs/product.md §4).
 */
export function clearPendingPaypalOrder(keys: CheckoutStorageKeys, store = session()): void {
  if (!store) return
  attempt(() => {
    store.removeItem(keys.pendingOrderId)
    store.removeItem(keys.amount)
    store.removeItem(keys.userId)
  })
}

/** The POST /api/orders body of a card payment, kept while Stripe may send the browser away (3-D Secure). */
export function savePendingCardOrder(keys: CheckoutStorageKeys, order: PendingCardOrder, store = session()): void {
  if (!store) return
  attempt(() => store.setItem(keys.pendingCardOrder, JSON.stringify(order)))
}

export interface PendingCardOrder {
  paymentMethod: string
  paymentId: string
  shippingAddress: Record<string, unknown>
  shippingMethod: number
  shippingCost: string
  total: string
}

/**
 * The stored card order for this PaymentIntent, removed so it is placed once; null when there is
 * none or it belongs to another payment (an old attempt).
 */
export function takePendingCardOrder(keys: CheckoutStorageKeys, paymentIntentId: string, store = session()): PendingCardOrder | null {
  if (!store) return null
  try {
    const raw = store.getItem(keys.pendingCardOrder)
    if (!raw) return null
    const order = JSON.parse(raw) as Partial<PendingCardOrder>
    if (order.paymentId !== paymentIntentId) return null
    store.removeItem(keys.pendingCardOrder)
    const complete =
      typeof order.paymentMethod === "string" &&
      typeof order.shippingAddress === "object" &&
      order.shippingAddress !== null &&
      typeof order.shippingMethod === "number" &&
      typeof order.shippingCost === "string" &&
      typeof order.total === "string"
    return complete ? (order as PendingCardOrder) : null
  } catch {
    return null
  }
}

export function clearPendingCardOrder(keys: CheckoutStorageKeys, store = session()): void {
  if (!store) return
  attempt(() => store.removeItem(keys.pendingCardOrder))
}
