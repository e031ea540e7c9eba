import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import type { AdminReturn, OpenReturnRequest, ReceiveReturnRequest, ReturnState } from "@enclave/contract"
import { shopDay } from "@enclave/contract/values"
import type { ShopRefund, Withdrawal as WithdrawalRow } from "../modules/shop-orders/types"
import { shopDefaults, shopTimeZone, catalogueChangedStep, catalogueChangeStartsStep } from "@enclave/catalogue"
import { ShopError, workflowError } from "@enclave/contract/shop-error"
import WithdrawalOrderLink from "../links/withdrawal-order"
import { orderLockKey } from "../orders/cancel-order"
import { afterSaleByNumber, afterSaleOf, afterSaleOfOrders, type AfterSaleOrder, type AfterSaleReturn } from "./facts"
import { receiveReturnWorkflow, requestReturnWorkflow } from "./returns"

/**
 * The back office's returns: the list staff work from (withdrawals and returns, with the
 * 14-day refund deadline), a return staff open themselves (goodwill, warranty), and receiving the goods.
 */

const iso = (moment: Date | string | null | undefined) => (moment ? new Date(moment).toISOString() : null)

function stateOf(ret: AfterSaleReturn | null, since: Date, refunds: ShopRefund[], canceled: boolean): ReturnState {
  // A cancelled order's payment was cancelled or refunded by the cancellation (cancel-order.ts).
  const refunded = canceled || refunds.some((r) => r.status === "done" && new Date(r.created_at) >= since)
  if (refunded) return "refunded"
  if (ret?.status === "received") return "received"
  if (ret?.status === "partially_received") return "partially_received"
  return "requested"
}

function entriesOf(order: AfterSaleOrder, today: string): AdminReturn[] {
  const names = new Map(order.lines.map((l) => [l.lineItemId, l]))
  const entries: AdminReturn[] = []
  const withdrawalOf = new Map(order.withdrawals.map((w) => [w.id, w]))
  const covered = new Set<string>()
  const entry = (ret: AfterSaleReturn | null, w: WithdrawalRow | null): AdminReturn => {
    const since = w ? new Date(w.received_at) : (ret!.requestedAt ?? ret!.createdAt)
    const state = stateOf(ret, since, order.refunds, order.canceled || order.details?.status === "cancelled")
    const items = ret
      ? ret.items.map((i) => ({
          itemId: names.get(i.lineItemId)?.itemNumber ?? 0,
          name: names.get(i.lineItemId)?.name ?? "",
          quantity: i.quantity,
          receivedQuantity: i.receivedQuantity,
          restockedQuantity: Math.max(0, i.receivedQuantity - i.damagedQuantity),
        }))
      : w!.items.map((l) => ({ itemId: l.item_number, name: l.name, quantity: l.quantity, receivedQuantity: 0, restockedQuantity: 0 }))
    const reason = typeof ret?.metadata?.reason === "string" ? ret.metadata.reason : w ? "withdrawal" : null
    return {
      id: ret?.id ?? w!.id,
      returnId: ret?.id ?? null,
      withdrawalId: w?.id ?? null,
      orderId: order.number,
      email: order.email,
      state,
      kind: w ? "withdrawal" : "staff",
      reason,
      requestedAt: iso(w?.received_at ?? ret!.requestedAt ?? ret!.createdAt)!,
      receivedAt: iso(ret?.receivedAt),
      withdrawnAt: iso(w?.received_at),
      refundDeadline: w?.refund_deadline ?? null,
      overdue: Boolean(w && state !== "refunded" && today > w.refund_deadline),
      items,
      note: ret?.items.find((i) => i.note)?.note ?? null,
    }
  }
  for (const ret of order.returns) {
    const wid = typeof ret.metadata?.withdrawal_id === "string" ? ret.metadata.withdrawal_id : null
    const w = wid ? (withdrawalOf.get(wid) ?? null) : null
    if (w) covered.add(w.id)
    entries.push(entry(ret, w))
  }
  // Withdrawn before dispatch: no Medusa return, but staff must stop the parcel and refund.
  for (const w of order.withdrawals) if (!covered.has(w.id)) entries.push(entry(null, w))
  return entries
}

/** GET /api/admin/returns: every withdrawal and return, the open ones first, each group newest first. */
export async function listReturns(container: MedusaContainer): Promise<AdminReturn[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const [{ data: returns }, { data: withdrawn }] = await Promise.all([
    query.graph({ entity: "return", fields: ["order_id"], filters: {} }),
    // The link's own table: the orders that have withdrawals, without reading every order.
    query.graph({ entity: WithdrawalOrderLink.entryPoint, fields: ["order_id"], filters: {} }),
  ])
  const ids = new Set<string>(
    [...(returns as Array<{ order_id: string }>), ...(withdrawn as Array<{ order_id: string }>)].map((r) => r.order_id),
  )
  const [orders, timeZone] = await Promise.all([afterSaleOfOrders(container, [...ids]), shopTimeZone(container)])
  const today = shopDay(new Date(), timeZone)
  const rank = (r: AdminReturn) => (r.state === "refunded" ? 2 : r.state === "requested" ? 0 : 1)
  return [...orders.values()]
    .flatMap((order) => entriesOf(order, today))
    .sort((a, b) => rank(a) - rank(b) || b.requestedAt.localeCompare(a.requestedAt))
}

const noOpenChange = (order: AfterSaleOrder) => {
  if (order.hasOpenChange)
    throw new ShopError("order_busy", "This order is being changed right now: please try again in a moment", { code: "busy" })
}

interface OpenPlan {
  locationId: string
  items: Array<{ id: string; quantity: number }>
}

const planOpenReturnStep = createStep(
  "enclave-plan-staff-return",
  async (input: { orderId: string; request: OpenReturnRequest }, { container }) => {
    const order = await afterSaleOf(container, input.orderId)
    if (!order) throw new ShopError("not_found", "Order not found")
    if (order.canceled || order.details?.status === "cancelled")
      throw new ShopError("cancelled", "This order was cancelled: there is nothing to return", { code: "cancelled" })
    noOpenChange(order)
    // An unpaid invoice order has nothing to give back, and a return would make Medusa cancel its payment (docs/medusa-returns.md §5.3).
    if (order.details?.invoice && !order.details.paid_at) {
      throw new ShopError("not_paid", "This invoice order is not paid: cancel it instead of taking a return", { code: "not_paid" })
    }
    const byNumber = new Map(order.lines.map((l) => [l.itemNumber, l]))
    const unknown = (input.request.items ?? []).find((i) => !byNumber.has(i.itemId))
    if (unknown)
      throw new ShopError("invalid_input", `Order ${order.number} has no item ${unknown.itemId}`, {
        fields: { items: `Order ${order.number} has no item ${unknown.itemId}` },
      })
    const wanted = input.request.items
      ? input.request.items.map((i) => ({ line: byNumber.get(i.itemId)!, quantity: i.quantity }))
      : order.lines.map((line) => ({ line, quantity: line.returnable })).filter((w) => w.quantity > 0)
    if (wanted.length === 0)
      throw new ShopError(
        "nothing_returnable",
        "Nothing of this order can be returned: it has not been dispatched, or everything is back already",
        {
          code: "nothing_returnable",
        },
      )
    const over = wanted.find((w) => w.quantity > w.line.returnable)
    if (over) {
      throw new ShopError(
        "nothing_returnable",
        `Only ${over.line.returnable} of item ${over.line.itemNumber} can be returned (dispatched and not returned yet)`,
        {
          code: "nothing_returnable",
          itemId: over.line.itemNumber,
          returnable: over.line.returnable,
        },
      )
    }
    const locationId = order.fulfilmentLocationId ?? (await shopDefaults(container)).stockLocationId
    return new StepResponse<OpenPlan>({ locationId, items: wanted.map((w) => ({ id: w.line.lineItemId, quantity: w.quantity })) })
  },
)

export const openStaffReturnWorkflow = createWorkflow(
  "enclave-open-staff-return",
  (input: { orderId: string; request: OpenReturnRequest; staffUserId: string }) => {
    const lockKey = transform({ input }, ({ input }) => orderLockKey(input.orderId))
    acquireLockStep({ key: lockKey, timeout: 30, ttl: 120 })
    const plan = planOpenReturnStep({ orderId: input.orderId, request: input.request })
    const returnId = requestReturnWorkflow.runAsStep({
      input: transform({ input, plan }, ({ input, plan }) => ({
        orderId: input.orderId,
        locationId: plan.locationId,
        items: plan.items,
        createdBy: input.staffUserId,
        note: input.request.note ?? null,
        metadata: { reason: input.request.reason },
      })),
    })
    releaseLockStep({ key: lockKey })
    return new WorkflowResponse(returnId)
  },
)

/** The entry of one return of an order, as the list shows it. */
async function entryOfReturn(container: MedusaContainer, medusaOrderId: string, returnId: string): Promise<AdminReturn> {
  const order = await afterSaleOf(container, medusaOrderId)
  const today = shopDay(new Date(), await shopTimeZone(container))
  return entriesOf(order!, today).find((e) => e.returnId === returnId)!
}

/** POST /api/admin/orders/{id}/returns. */
export async function openStaffReturn(
  container: MedusaContainer,
  orderNumber: number,
  request: OpenReturnRequest,
  staffUserId: string,
): Promise<AdminReturn> {
  const order = await afterSaleByNumber(container, orderNumber)
  if (!order) throw new ShopError("not_found", `Order ${orderNumber} not found`)
  try {
    const { result } = await openStaffReturnWorkflow(container).run({ input: { orderId: order.medusaOrderId, request, staffUserId } })
    return await entryOfReturn(container, order.medusaOrderId, result as unknown as string)
  } catch (error) {
    throw workflowError(error)
  }
}

interface ReceivePlan {
  restocked: Array<{ id: string; quantity: number }>
  dismissed: Array<{ id: string; quantity: number }>
}

const planReceiptStep = createStep(
  "enclave-plan-return-receipt",
  async (input: { orderId: string; returnId: string; request: ReceiveReturnRequest }, { container }) => {
    const order = await afterSaleOf(container, input.orderId)
    const ret = order?.returns.find((r) => r.id === input.returnId)
    if (!order || !ret) throw new ShopError("not_found", "Return not found")
    // Medusa miscounts a second receipt of one return (docs/medusa-returns.md §2.3): a return is received once.
    if (ret.status !== "requested") throw new ShopError("received", "This return has been received already", { code: "received" })
    noOpenChange(order)
    const byNumber = new Map(order.lines.map((l) => [l.itemNumber, l]))
    const inReturn = new Map(ret.items.map((i) => [i.lineItemId, i.quantity]))
    const items = input.request.items
      ? input.request.items.map((i) => {
          const line = byNumber.get(i.itemId)
          const requested = line ? inReturn.get(line.lineItemId) : undefined
          if (!line || requested === undefined) {
            throw new ShopError("invalid_input", `Item ${i.itemId} is not in this return`, {
              fields: { items: `Item ${i.itemId} is not in this return` },
            })
          }
          if (i.quantity > requested) {
            throw new ShopError("invalid_input", `Only ${requested} of item ${i.itemId} are in this return`, {
              fields: { items: `Only ${requested} of item ${i.itemId} are in this return` },
            })
          }
          return { id: line.lineItemId, quantity: i.quantity }
        })
      : [...inReturn].map(([id, quantity]) => ({ id, quantity }))
    return new StepResponse<ReceivePlan>(input.request.restock ? { restocked: items, dismissed: [] } : { restocked: [], dismissed: items })
  },
)

export const receiveStaffReturnWorkflow = createWorkflow(
  "enclave-receive-staff-return",
  (input: { orderId: string; returnId: string; request: ReceiveReturnRequest; staffUserId: string }) => {
    const lockKey = transform({ input }, ({ input }) => orderLockKey(input.orderId))
    acquireLockStep({ key: lockKey, timeout: 30, ttl: 120 })
    catalogueChangeStartsStep({ reason: "a return was received: restocked items are on sale again", change: "stock" })
    const plan = planReceiptStep({ orderId: input.orderId, returnId: input.returnId, request: input.request })
    receiveReturnWorkflow.runAsStep({
      input: transform({ input, plan }, ({ input, plan }) => ({
        returnId: input.returnId,
        restocked: plan.restocked,
        dismissed: plan.dismissed,
        receivedBy: input.staffUserId,
        note: input.request.note ?? null,
      })),
    })
    catalogueChangedStep({ reason: "a return was received: restocked items are on sale again", change: "stock" })
    releaseLockStep({ key: lockKey })
    return new WorkflowResponse(input.returnId)
  },
)

/** POST /api/admin/returns/{id}/receive: the goods are back; restocked ones are on sale again at once. */
export async function receiveReturn(
  container: MedusaContainer,
  returnId: string,
  request: ReceiveReturnRequest,
  staffUserId: string,
): Promise<AdminReturn> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "return", fields: ["id", "order_id"], filters: { id: returnId } })
  const ret = data[0] as { id: string; order_id: string } | undefined
  if (!ret) throw new ShopError("not_found", "Return not found")
  try {
    await receiveStaffReturnWorkflow(container).run({ input: { orderId: ret.order_id, returnId, request, staffUserId } })
  } catch (error) {
    throw workflowError(error)
  }
  return entryOfReturn(container, ret.order_id, returnId)
}
