import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, createRemoteLinkStep, emitEventStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import {
  WITHDRAWAL_NOT_FOUND_MESSAGE,
  WITHDRAWAL_REFUSED_MESSAGES,
  type Withdrawal,
  type WithdrawalRefusal,
  type WithdrawalRequest,
} from "@enclave/contract"
import { shopReturnAddressOfStore } from "@enclave/contract/values"
import { withdrawalRefundDeadline } from "@enclave/contract/withdrawal"
import { SHOP_ORDERS_MODULE } from "../modules/shop-orders"
import type { Withdrawal as WithdrawalRow, WithdrawnLine } from "../modules/shop-orders/types"
import { shopDefaults } from "@enclave/catalogue"
import { customerIdOf, type ShopUserRow } from "@enclave/accounts"
import { ShopError, workflowError } from "@enclave/contract/shop-error"
import { orderLockKey } from "../orders/cancel-order"
import { shopOrders } from "../orders/read-orders"
import { afterSaleOf, afterSaleByNumber, rightOf, type AfterSaleOrder } from "./facts"
import { requestReturnWorkflow } from "./returns"

/**
 * The withdrawal function (§ 356a BGB, Art. 11a CRD; docs/product.md "Withdrawal"). "Confirm withdrawal"
 * records the statement with the server's moment, under the order's lock: the same items withdrawn again
 * get the first record back. Goods that have left (Medusa's fulfilment) get a Medusa return request for
 * staff to receive; goods not dispatched yet have none, and staff stop and cancel them. The receipt mail
 * hangs on the shop's event `withdrawal.received` (the mail plugin).
 */

export const WITHDRAWAL_RECEIVED = "withdrawal.received"

export interface WithdrawInput {
  orderId: string
  name: string
  email: string
  language: "en" | "de"
  /** Item numbers and quantities; absent: every item not withdrawn from yet. */
  items?: Array<{ itemId: number; quantity: number }>
  timeZone: string
}

interface WithdrawPlan {
  /** The earlier record of the same items: answered as it is. */
  repeat: WithdrawalRow | null
  lines: WithdrawnLine[]
  itemsKey: string
  wholeOrder: boolean
  /** The lines that have left the warehouse, for Medusa's return. */
  returnItems: Array<{ id: string; quantity: number }>
  locationId: string | null
}

function refused(code: WithdrawalRefusal, extra: Record<string, unknown> = {}): ShopError {
  return new ShopError(code, WITHDRAWAL_REFUSED_MESSAGES[code], { code, ...extra })
}

const keyOf = (lines: Array<{ item_number: number; quantity: number }>) =>
  [...lines]
    .sort((a, b) => a.item_number - b.item_number)
    .map((l) => `${l.item_number}x${l.quantity}`)
    .join(",")

/** What is withdrawn, or the earlier record, or why not (409); item numbers not on the order are a 400. */
export async function planWithdrawal(
  container: MedusaContainer,
  order: AfterSaleOrder,
  input: WithdrawInput,
  now: Date,
): Promise<WithdrawPlan> {
  const right = await rightOf(container, order, input.timeZone, now)
  if (right.kind === "cancelled") throw refused("cancelled")
  if (right.kind === "business") throw refused("business")
  if (right.kind === "ended") throw refused("period_ended", { lastDay: right.lastDay })

  const byNumber = new Map(order.lines.map((line) => [line.itemNumber, line]))
  const unknown = (input.items ?? []).filter((item) => !byNumber.has(item.itemId))
  if (unknown.length > 0) {
    throw new ShopError("invalid_input", `Order ${order.number} has no item ${unknown[0].itemId}`, {
      fields: { items: `Order ${order.number} has no item ${unknown[0].itemId}` },
    })
  }
  const wanted = input.items
    ? input.items.map((item) => ({ line: byNumber.get(item.itemId)!, quantity: item.quantity }))
    : order.lines.map((line) => ({ line, quantity: line.quantity - line.withdrawn })).filter((w) => w.quantity > 0)
  const lines: WithdrawnLine[] = wanted.map(({ line, quantity }) => ({
    item_number: line.itemNumber,
    line_item_id: line.lineItemId,
    quantity,
    name: line.name,
    name_de: line.nameDe,
  }))
  const itemsKey = keyOf(lines)
  const repeat =
    order.withdrawals.find((w) => w.items_key === itemsKey) ??
    // Everything withdrawn already and "all of it" asked again: the last statement is the answer.
    (!input.items && lines.length === 0 ? (order.withdrawals.at(-1) ?? null) : null)
  if (repeat) return { repeat, lines: [], itemsKey, wholeOrder: false, returnItems: [], locationId: null }
  const tooMany = wanted.find(({ line, quantity }) => quantity > line.quantity - line.withdrawn - line.returned)
  if (lines.length === 0 || tooMany) throw refused("nothing_left", tooMany ? { itemId: tooMany.line.itemNumber } : {})

  const withdrawnBefore = new Map(order.lines.map((l) => [l.lineItemId, l.withdrawn]))
  for (const line of lines) withdrawnBefore.set(line.line_item_id, (withdrawnBefore.get(line.line_item_id) ?? 0) + line.quantity)
  const wholeOrder = order.withdrawals.length === 0 && order.lines.every((l) => withdrawnBefore.get(l.lineItemId) === l.quantity)
  const returnItems = wanted
    .map(({ line, quantity }) => ({ id: line.lineItemId, quantity: Math.min(quantity, line.returnable) }))
    .filter((item) => item.quantity > 0)
  const locationId = returnItems.length > 0 ? (order.fulfilmentLocationId ?? (await shopDefaults(container)).stockLocationId) : null
  return { repeat: null, lines, itemsKey, wholeOrder, returnItems, locationId }
}

const planWithdrawalStep = createStep("enclave-plan-withdrawal", async (input: WithdrawInput, { container }) => {
  const order = await afterSaleOf(container, input.orderId)
  if (!order) throw new ShopError("withdrawal_not_found", WITHDRAWAL_NOT_FOUND_MESSAGE)
  if (order.hasOpenChange)
    throw new ShopError("order_busy", "This order is being changed right now: please try again in a moment", { code: "busy" })
  return new StepResponse(await planWithdrawal(container, order, input, new Date()))
})

const recordWithdrawalStep = createStep(
  "enclave-record-withdrawal",
  async (input: { plan: WithdrawPlan; request: WithdrawInput }, { container }) => {
    const receivedAt = new Date()
    const row = await shopOrders(container).createWithdrawals({
      name: input.request.name,
      email: input.request.email,
      language: input.request.language,
      items: input.plan.lines,
      items_key: input.plan.itemsKey,
      whole_order: input.plan.wholeOrder,
      received_at: receivedAt,
      refund_deadline: withdrawalRefundDeadline(receivedAt, input.request.timeZone),
    })
    return new StepResponse(row as unknown as WithdrawalRow, row.id)
  },
  async (id, { container }) => {
    if (id) await shopOrders(container).deleteWithdrawals([id])
  },
)

export const withdrawWorkflow = createWorkflow("enclave-withdraw", (input: WithdrawInput) => {
  const lockKey = transform({ input }, ({ input }) => orderLockKey(input.orderId))
  acquireLockStep({ key: lockKey, timeout: 30, ttl: 120 })
  const plan = planWithdrawalStep(input)
  const recorded = when("enclave-withdrawal-is-new", { plan }, ({ plan }) => !plan.repeat).then(() => {
    const row = recordWithdrawalStep({ plan, request: input })
    createRemoteLinkStep(
      transform({ input, row }, ({ input, row }) => [
        { [Modules.ORDER]: { order_id: input.orderId }, [SHOP_ORDERS_MODULE]: { withdrawal_id: row.id } },
      ]),
    ).config({ name: "enclave-link-withdrawal-order" })
    return row
  })
  when("enclave-withdrawal-return", { plan }, ({ plan }) => !plan.repeat && plan.returnItems.length > 0).then(() => {
    const returnId = requestReturnWorkflow.runAsStep({
      input: transform({ input, plan, recorded }, ({ input, plan, recorded }) => ({
        orderId: input.orderId,
        locationId: plan.locationId!,
        items: plan.returnItems,
        note: `Withdrawal ${recorded!.id}`,
        metadata: { withdrawal_id: recorded!.id },
      })),
    })
    createRemoteLinkStep(
      transform({ recorded, returnId }, ({ recorded, returnId }) => [
        { [SHOP_ORDERS_MODULE]: { withdrawal_id: recorded!.id }, [Modules.ORDER]: { return_id: returnId } },
      ]),
    ).config({ name: "enclave-link-withdrawal-return" })
  })
  when("enclave-withdrawal-announce", { plan }, ({ plan }) => !plan.repeat).then(() => {
    emitEventStep({ eventName: WITHDRAWAL_RECEIVED, data: transform({ recorded }, ({ recorded }) => ({ id: recorded!.id })) }).config({
      name: "enclave-emit-withdrawal-received",
    })
  })
  releaseLockStep({ key: lockKey })
  return new WorkflowResponse(
    transform({ plan, recorded }, ({ plan, recorded }) => ({ id: (plan.repeat ?? recorded)!.id, repeated: Boolean(plan.repeat) })),
  )
})

/** The shop's address, as the receipt and the confirmation page name it for the goods to go back to. */
export async function returnAddress(container: MedusaContainer): Promise<string[]> {
  const [store] = await container.resolve(Modules.STORE).listStores({}, { select: ["metadata"], take: 1 })
  return shopReturnAddressOfStore(store?.metadata)
}

/** A recorded withdrawal as the API answers it. */
export function toContractWithdrawal(row: WithdrawalRow, orderNumber: number, address: string[], returnRequested: boolean): Withdrawal {
  return {
    id: row.id,
    orderId: orderNumber,
    name: row.name,
    email: row.email,
    items: row.items.map((line) => ({ itemId: line.item_number, name: line.name, nameDe: line.name_de, quantity: line.quantity })),
    wholeOrder: row.whole_order,
    receivedAt: new Date(row.received_at).toISOString(),
    refundDeadline: row.refund_deadline,
    returnAddress: address,
    returnRequested,
  }
}

const sameAddress = (a: string | null | undefined, b: string) => Boolean(a) && a!.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * POST /api/withdrawals. Signed in: one of the caller's orders. Signed out: the order's number and its
 * e-mail address, and a wrong pair is answered exactly as an unknown number (404).
 */
export async function withdraw(
  container: MedusaContainer,
  caller: ShopUserRow | null,
  request: WithdrawalRequest,
  language: "en" | "de",
  timeZone: string,
): Promise<{ withdrawal: Withdrawal; repeated: boolean }> {
  const order = await afterSaleByNumber(container, request.orderId)
  const notFound = () => new ShopError("withdrawal_not_found", WITHDRAWAL_NOT_FOUND_MESSAGE)
  if (!order || !order.details) throw notFound()
  if (caller) {
    const customerId = await customerIdOf(container, caller.id)
    if (order.customerId !== customerId) throw notFound()
  } else if (!request.email || !sameAddress(order.email, request.email)) {
    throw notFound()
  }
  const email = request.email ?? caller?.email ?? order.email ?? ""
  let result: { id: string; repeated: boolean }
  try {
    const { result: answer } = await withdrawWorkflow(container).run({
      input: {
        orderId: order.medusaOrderId,
        name: request.name,
        email,
        language: request.language ?? language,
        items: request.items,
        timeZone,
      },
    })
    result = answer
  } catch (error) {
    throw workflowError(error)
  }
  const after = await afterSaleOf(container, order.medusaOrderId)
  const row = after!.withdrawals.find((w) => w.id === result.id)!
  const returned = after!.returns.some((r) => r.metadata?.withdrawal_id === row.id)
  return { withdrawal: toContractWithdrawal(row, order.number, await returnAddress(container), returned), repeated: result.repeated }
}
