/**
 * The islands' calls (calls.ts): each asks a method and path the contract's apiOperations has, and an answer the
 * islands decide on that breaks the contract fails like a failed request instead of being acted on.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import { apiOperations } from "@enclave/contract"
import { ApiRequestError, MALFORMED_ANSWER_MESSAGE } from "./api"
import * as calls from "./calls"

/** The contract's paths as patterns: `/api/cart/{itemId}` matches `/api/cart/7`. */
const contract = apiOperations.map((op) => ({
  method: op.method.toUpperCase(),
  path: new RegExp(`^${op.path.replace(/\{\w+\}/g, "[^/]+")}$`),
}))

function answering(status: number, body: unknown) {
  const asked: { method: string; path: string; body: unknown }[] = []
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      asked.push({ method: init.method ?? "GET", path: url, body: init.body === undefined ? undefined : JSON.parse(String(init.body)) })
      return new Response(body === undefined ? "" : JSON.stringify(body), { status })
    }),
  )
  return asked
}

afterEach(() => {
  vi.unstubAllGlobals()
})

const user = {
  id: 1,
  username: "ada",
  email: "ada@example.com",
  fullName: "Ada",
  companyName: null,
  vatId: null,
  isAdmin: false,
}
const order = {
  id: 5,
  status: "processing",
  total: "15.00",
  paymentMethod: "stripe",
  paymentId: "str-1",
  isTestPayment: true,
  createdAt: "2026-11-26T10:00:00.000Z",
  items: [{ id: 1, quantity: 1 }],
}

describe("every call the islands make", () => {
  const functions = Object.entries(calls).filter(
    (entry): entry is [string, (...args: unknown[]) => Promise<unknown>] => typeof entry[1] === "function",
  )

  it.each(functions)("%s asks a method and path of the contract", async (_, call) => {
    const asked = answering(200, {})
    // A path id where the call takes one, else a body; the answer does not matter here.
    await call(7, { quantity: 1 }).catch(() => undefined)
    expect(asked).toHaveLength(1)
    const { method, path } = asked[0]!
    expect(
      contract.some((op) => op.method === method && op.path.test(path)),
      `${method} ${path} is not in apiOperations`,
    ).toBe(true)
  })
})

describe("answers the islands decide on", () => {
  it("passes an answer that keeps the contract, extra fields and all", async () => {
    answering(200, { user: { ...user, lastLogin: null } })
    await expect(calls.fetchSession()).resolves.toEqual({ user: { ...user, lastLogin: null } })
    answering(200, { user: null })
    await expect(calls.fetchSession()).resolves.toEqual({ user: null })
  })

  it("turns a malformed one into a failed request with a plain message", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined)
    answering(200, { user: { id: "1" } })
    const failure = await calls.fetchSession().catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ApiRequestError)
    expect((failure as ApiRequestError).status).toBe(502)
    expect((failure as ApiRequestError).serverMessage).toBe(MALFORMED_ANSWER_MESSAGE)
    expect(log).toHaveBeenCalledWith(expect.stringContaining("GET /api/session"))
    log.mockRestore()
  })

  it("checks the placed order, the cart's prices and the payment answers", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined)
    const body = {
      paymentMethod: "stripe",
      paymentId: "str-1",
      shippingAddress: {},
      shippingMethod: 1,
      shippingCost: "0.00",
      total: "15.00",
    }
    answering(201, order)
    await expect(calls.placeOrder(body)).resolves.toEqual(order)
    answering(201, { ...order, total: 15 })
    await expect(calls.placeOrder(body)).rejects.toBeInstanceOf(ApiRequestError)
    answering(200, [
      { id: 1, productId: 2, quantity: 1, product: { id: 2, name: "Phone", price: "not a price", imageUrl: "", stockQuantity: 3 } },
    ])
    await expect(calls.fetchCart()).rejects.toBeInstanceOf(ApiRequestError)
    answering(200, { paymentId: "PAY-1", order: { ...order, isTestPayment: "yes" } })
    await expect(calls.capturePaypalOrder({ orderId: "PP-1", userId: 1 })).rejects.toBeInstanceOf(ApiRequestError)
    answering(200, { stripe: true, paypal: true })
    await expect(calls.fetchPaymentMethods()).rejects.toBeInstanceOf(ApiRequestError)
    vi.restoreAllMocks()
  })

  it("leaves a PayPal answer without its id to the checkout, which names what is missing", async () => {
    answering(200, { status: "CREATED" })
    await expect(
      calls.createPaypalOrder({ amount: "15.00", userId: 1, shippingMethodId: 1, shippingAddress: {} as never }),
    ).resolves.toEqual({
      status: "CREATED",
    })
  })

  it("keeps the facade's refusals as they were: status, message and fields", async () => {
    answering(400, { message: "Validation failed", details: { fields: { quantity: "Quantity must be at least 1" } } })
    const failure = (await calls.changeCartQuantity(3, { quantity: 0 }).catch((error: unknown) => error)) as ApiRequestError
    expect(failure.status).toBe(400)
    expect(failure.fields).toEqual({ quantity: "Quantity must be at least 1" })
  })
})
