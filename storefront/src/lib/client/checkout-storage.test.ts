import { describe, expect, it } from "vitest"
import { checkoutStorageKeys as keys } from "@enclave/contract"
import {
  clearPendingPaypalOrder,
  readPendingPaypalOrder,
  readPendingUserId,
  savePendingCardOrder,
  savePendingPaypalOrder,
  takePendingCardOrder,
  type KeyValueStore,
} from "./checkout-storage"

function memory(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

const refusing: KeyValueStore = {
  getItem: () => {
    throw new Error("SecurityError")
  },
  setItem: () => {
    throw new Error("QuotaExceededError")
  },
  removeItem: () => {
    throw new Error("SecurityError")
  },
}

describe("the pending PayPal order over the redirect (docs/product.md §3)", () => {
  it("keeps order id, amount, user id and shipping method id under the contract's keys", () => {
    const store = memory()
    savePendingPaypalOrder(keys, { orderId: "5O190127TN364715T", amount: "609.00", userId: 7, shippingMethodId: 3 }, store)
    expect(Object.fromEntries(store.data)).toEqual({
      paypalPendingOrderId: "5O190127TN364715T",
      paypalPendingAmount: "609.00",
      paypalPendingUserId: "7",
      selectedShippingMethodId: "3",
    })
    expect(readPendingPaypalOrder(keys, store)).toEqual({ orderId: "5O190127TN364715T", amount: "609.00", userId: 7, shippingMethodId: 3 })
    expect(readPendingUserId(keys, store)).toBe(7)
  })

  it("is cleared after use but the shipping method choice stays", () => {
    const store = memory()
    savePendingPaypalOrder(keys, { orderId: "A1", amount: "1.00", userId: 7, shippingMethodId: 3 }, store)
    clearPendingPaypalOrder(keys, store)
    expect(readPendingPaypalOrder(keys, store)).toBeNull()
    expect(readPendingUserId(keys, store)).toBeNull()
    expect(store.data.get(keys.shippingMethodId)).toBe("3")
  })

  it("ignores a user id that is not a user id", () => {
    const store = memory()
    store.setItem(keys.pendingOrderId, "A1")
    store.setItem(keys.userId, "abc")
    expect(readPendingPaypalOrder(keys, store)?.userId).toBeNull()
    expect(readPendingUserId(keys, store)).toBeNull()
  })

  it("treats storage that refuses as empty", () => {
    expect(() =>
      savePendingPaypalOrder(keys, { orderId: "A1", amount: null, userId: null, shippingMethodId: null }, refusing),
    ).not.toThrow()
    expect(readPendingPaypalOrder(keys, refusing)).toBeNull()
    expect(() => clearPendingPaypalOrder(keys, refusing)).not.toThrow()
  })
})

describe("the card order over a 3-D Secure redirect", () => {
  const order = {
    paymentMethod: "stripe",
    paymentId: "pi_123",
    shippingAddress: { fullName: "Ada Lovelace" },
    shippingMethod: 2,
    shippingCost: "15.00",
    total: "614.00",
  }

  it("is taken once, for its own PaymentIntent only", () => {
    const store = memory()
    savePendingCardOrder(keys, order, store)
    expect(takePendingCardOrder(keys, "pi_other", store)).toBeNull()
    expect(takePendingCardOrder(keys, "pi_123", store)).toEqual(order)
    expect(takePendingCardOrder(keys, "pi_123", store)).toBeNull()
  })

  it("is refused when it is damaged", () => {
    const store = memory()
    store.setItem(keys.pendingCardOrder, "{not json")
    expect(takePendingCardOrder(keys, "pi_123", store)).toBeNull()
    store.setItem(keys.pendingCardOrder, JSON.stringify({ ...order, total: 614 }))
    expect(takePendingCardOrder(keys, "pi_123", store)).toBeNull()
  })
})
