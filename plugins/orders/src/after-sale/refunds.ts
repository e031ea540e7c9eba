import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, createRemoteLinkStep, emitEventStep, refundPaymentWorkflow, releaseLockStep } from "@medusajs/medusa/core-flows"
import type { Refund, RefundProposal, RefundRequest } from "@enclave/contract"
import { centsToEuros, eurosToCents } from "@enclave/contract/money"
import { withdrawalRefundCents } from "@enclave/contract/withdrawal"
import { SHOP_ORDERS_MODULE } from "../modules/shop-orders"
import type { ShopRefund } from "../modules/shop-orders/types"
import { CARD_PROVIDER_ID, WALLET_PROVIDER_ID } from "@enclave/payments"
import { ShopError, workflowError } from "@enclave/contract/shop-error"
import { orderLockKey } from "../orders/cancel-order"
import { shopOrders } from "../orders/read-orders"
import { listActiveShippingMethods, shippingCountryOf } from "@enclave/shipping-methods"
import { afterSaleByNumber, afterSaleOf, capturedPayment, type AfterSaleOrder } from "./facts"

/**
 * Refunds: money back through the provider that took it, by Medusa's refund-payment
 * workflow (the payment module calls the provider, records Medusa's Refund and the order's transaction,
 * and announces `payment.refunded`). Stripe refunds the card, PayPal the capture; a sandbox order's
 * refund is recorded as a test refund (Medusa's system provider moves no money), and an invoice order's
 * is a transfer staff send to the account the customer named, recorded as done by them.
 *
 * Under the order's lock, with the caller's idempotency key kept in the shop's refund record: the same
 * request twice (a double click, a retry, two tabs) refunds once, and the second gets the first's answer.
 * A provider's refusal stops the workflow before anything is recorded as refunded (502 with its words).
 */

export const REFUND_MADE = "refund.made"

type Method = Refund["method"]

export function methodOf(order: AfterSaleOrder): Method | null {
  const payment = capturedPayment(order)
  if (!payment) return null
  // By the provider's id, which the payments plugin names: the shop's own card and wallet providers.
  if (payment.providerId === CARD_PROVIDER_ID) return "card"
  if (payment.providerId === WALLET_PROVIDER_ID) return "paypal"
  if (order.details?.invoice) return "bank_transfer"
  return "test"
}

export interface RefundInput {
  orderId: string
  idempotencyKey: string
  amountCents: number
  items: Array<{ itemId: number; quantity: number }> | null
  note: string | null
  bankAccount: { accountHolder: string; iban: string } | null
  staffUserId: string
}

interface RefundPlan {
  repeat: ShopRefund | null
  paymentId: string
  method: Method
}

const planRefundStep = createStep("enclave-plan-refund", async (input: RefundInput, { container }) => {
  const [existing] = await shopOrders(container).listShopRefunds({ idempotency_key: input.idempotencyKey })
  if (existing) return new StepResponse<RefundPlan>({ repeat: existing as unknown as ShopRefund, paymentId: "", method: existing.method })
  const order = await afterSaleOf(container, input.orderId)
  if (!order) throw new ShopError("not_found", "Order not found")
  const payment = capturedPayment(order)
  const method = methodOf(order)
  if (!payment || !method) throw new ShopError("not_paid", "Nothing was paid on this order that could be refunded", { code: "not_paid" })
  if (order.hasOpenChange)
    throw new ShopError("order_busy", "This order is being changed right now: please try again in a moment", { code: "busy" })
  const refundable = payment.capturedCents - payment.refundedCents
  if (input.amountCents > refundable) {
    const most = centsToEuros(refundable)
    throw new ShopError(
      "more_than_refundable",
      `At most €${most} of this order can be refunded`,
      { code: "more_than_refundable", refundable: most },
      { params: { refundable: most } },
    )
  }
  if (method === "bank_transfer" && !input.bankAccount) {
    const message = "Name the account holder and IBAN the customer gave for the transfer"
    throw new ShopError("invalid_input", message, { fields: { bankAccount: message } })
  }
  const known = new Set(order.lines.map((l) => l.itemNumber))
  const unknown = (input.items ?? []).find((item) => !known.has(item.itemId))
  if (unknown)
    throw new ShopError("invalid_input", `Order ${order.number} has no item ${unknown.itemId}`, {
      fields: { items: `Order ${order.number} has no item ${unknown.itemId}` },
    })
  return new StepResponse<RefundPlan>({ repeat: null, paymentId: payment.id, method })
})

const recordRefundStep = createStep(
  "enclave-record-refund",
  async (input: { request: RefundInput; plan: RefundPlan }, { container }) => {
    const row = await shopOrders(container).createShopRefunds({
      idempotency_key: input.request.idempotencyKey,
      amount: centsToEuros(input.request.amountCents),
      method: input.plan.method,
      note: input.request.note,
      bank_account: input.request.bankAccount,
      items: input.request.items,
      created_by: input.request.staffUserId,
    })
    return new StepResponse(row as unknown as ShopRefund, row.id)
  },
  async (id, { container }) => {
    if (id) await shopOrders(container).deleteShopRefunds([id])
  },
)

const markRefundDoneStep = createStep("enclave-mark-refund-done", async (input: { id: string }, { container }) => {
  await shopOrders(container).updateShopRefunds({ id: input.id, status: "done" })
  return new StepResponse(undefined)
})

export const refundOrderWorkflow = createWorkflow("enclave-refund-order", (input: RefundInput) => {
  const lockKey = transform({ input }, ({ input }) => orderLockKey(input.orderId))
  acquireLockStep({ key: lockKey, timeout: 60, ttl: 120 })
  const plan = planRefundStep(input)
  const made = when("enclave-refund-is-new", { plan }, ({ plan }) => !plan.repeat).then(() => {
    const row = recordRefundStep({ request: input, plan })
    createRemoteLinkStep(
      transform({ input, row }, ({ input, row }) => [
        { [Modules.ORDER]: { order_id: input.orderId }, [SHOP_ORDERS_MODULE]: { shop_refund_id: row.id } },
      ]),
    ).config({ name: "enclave-link-refund-order" })
    // Last but the marks: money sent cannot be taken back, so everything that can fail comes before it.
    refundPaymentWorkflow.runAsStep({
      input: transform({ input, plan, row }, ({ input, plan, row }) => ({
        payment_id: plan.paymentId,
        amount: input.amountCents / 100,
        created_by: input.staffUserId,
        note: input.note ?? `Refund ${row.id}`,
      })),
    })
    markRefundDoneStep(transform({ row }, ({ row }) => ({ id: row.id })))
    emitEventStep({ eventName: REFUND_MADE, data: transform({ row }, ({ row }) => ({ id: row.id })) }).config({
      name: "enclave-emit-refund-made",
    })
    return row
  })
  releaseLockStep({ key: lockKey })
  return new WorkflowResponse(
    transform({ plan, made }, ({ plan, made }) => ({ id: (plan.repeat ?? made)!.id, repeated: Boolean(plan.repeat) })),
  )
})

export function toContractRefund(row: ShopRefund, orderNumber: number): Refund {
  return {
    id: row.id,
    orderId: orderNumber,
    amount: Number(row.amount).toFixed(2),
    method: row.method,
    createdAt: new Date(row.created_at).toISOString(),
    note: row.note,
  }
}

/** POST /api/admin/orders/{id}/refunds. */
export async function refundOrder(
  container: MedusaContainer,
  orderNumber: number,
  request: RefundRequest,
  idempotencyKey: string | null,
  staffUserId: string,
): Promise<{ refund: Refund; repeated: boolean }> {
  const order = await afterSaleByNumber(container, orderNumber)
  if (!order) throw new ShopError("not_found", `Order ${orderNumber} not found`)
  // Without a key of the caller's, every call is a refund of its own; the shop's admin always sends one.
  const key = `${order.medusaOrderId}:${idempotencyKey ?? crypto.randomUUID()}`
  let result: { id: string; repeated: boolean }
  try {
    ;({ result } = await refundOrderWorkflow(container).run({
      input: {
        orderId: order.medusaOrderId,
        idempotencyKey: key,
        amountCents: eurosToCents(Number(request.amount).toFixed(2)),
        items: request.items ?? null,
        note: request.note ?? null,
        bankAccount: request.bankAccount
          ? { accountHolder: request.bankAccount.accountHolder, iban: request.bankAccount.iban.replace(/\s+/g, "").toUpperCase() }
          : null,
        staffUserId,
      },
    }))
  } catch (error) {
    throw workflowError(error)
  }
  const row = await shopOrders(container).retrieveShopRefund(result.id)
  return { refund: toContractRefund(row as unknown as ShopRefund, orderNumber), repeated: result.repeated }
}

/** The cheapest delivery the shop offers to the order's country: the "standard delivery" § 357 (2) BGB refunds. */
async function standardShippingCents(container: MedusaContainer, order: AfterSaleOrder): Promise<number> {
  const country = order.details?.shipping_address?.country
  if (!country) return order.shippingCents
  try {
    const methods = await listActiveShippingMethods(container, await shippingCountryOf(container, country))
    const prices = methods.map((m) => eurosToCents(m.price))
    return prices.length > 0 ? Math.min(...prices) : order.shippingCents
  } catch (error) {
    if (error instanceof ShopError) return order.shippingCents
    throw error
  }
}

/** GET /api/admin/orders/{id}/refunds: what was captured and refunded, the refunds, and what the withdrawal rule proposes. */
export async function refundProposal(container: MedusaContainer, orderNumber: number): Promise<RefundProposal> {
  const order = await afterSaleByNumber(container, orderNumber)
  if (!order) throw new ShopError("not_found", `Order ${orderNumber} not found`)
  const payment = capturedPayment(order)
  const captured = payment?.capturedCents ?? 0
  const refunded = payment?.refundedCents ?? 0
  const refundable = Math.max(0, captured - refunded)
  const byLine = new Map(order.lines.map((l) => [l.lineItemId, l]))
  // The items withdrawn from, or (for returns staff opened) received back; each unit once.
  const units = new Map<string, number>()
  for (const w of order.withdrawals)
    for (const line of w.items) units.set(line.line_item_id, (units.get(line.line_item_id) ?? 0) + line.quantity)
  for (const r of order.returns.filter((r) => !r.metadata?.withdrawal_id)) {
    for (const item of r.items) units.set(item.lineItemId, (units.get(item.lineItemId) ?? 0) + item.receivedQuantity)
  }
  const lines = [...units].map(([id, quantity]) => ({
    unitCents: byLine.get(id)?.unitCents ?? 0,
    quantity: Math.min(quantity, byLine.get(id)?.quantity ?? 0),
  }))
  const wholeOrder = order.withdrawals.some((w) => w.whole_order) || order.lines.every((l) => (units.get(l.lineItemId) ?? 0) >= l.quantity)
  const due = withdrawalRefundCents({
    lines,
    wholeOrder,
    shippingCents: order.shippingCents,
    standardShippingCents: wholeOrder ? await standardShippingCents(container, order) : 0,
    refundableCents: captured,
  })
  const proposed = Math.max(0, Math.min(due.totalCents - refunded, refundable))
  return {
    orderId: order.number,
    captured: centsToEuros(captured),
    refunded: centsToEuros(refunded),
    refundable: centsToEuros(refundable),
    proposed: centsToEuros(proposed),
    method: methodOf(order),
    refunds: order.refunds
      .filter((r) => r.status === "done")
      .sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime())
      .map((r) => toContractRefund(r, order.number)),
    items: order.lines.map((l) => ({ itemId: l.itemNumber, name: l.name, quantity: l.quantity, unitPrice: centsToEuros(l.unitCents) })),
  }
}
