import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, OrderStatus as MedusaOrderStatus } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, cancelOrderWorkflow, releaseLockStep } from "@medusajs/medusa/core-flows"
import type { OrderStatus } from "@enclave/contract"
import { moveFulfilmentWorkflow } from "./fulfilment"
import { detailsOfOrder, shopOrders } from "./read-orders"
import { catalogueChangedStep, catalogueChangeStartsStep } from "@enclave/catalogue"

/**
 * Cancelling an order spans Medusa's order, inventory and payment modules and the shop's own
 * details, so it is one workflow: the shop's details say "cancelled" (with the reason), then
 * Medusa's cancel-order flow cancels the order, deletes its reservations (the stock is on sale
 * again) and cancels the payment, or refunds it when it was captured. A step that fails undoes
 * the ones before it: the details get their old status and notes back, Medusa's own steps
 * restore the reservations and the order's status.
 *
 * The admin's delete, the admin's status "cancelled" and a payment the provider denies after the
 * order was placed all go through here. Cancelling is idempotent: an order Medusa already
 * cancelled is not cancelled again (Medusa would refuse), and its details are only brought in line.
 */

/** Shop statuses after which the goods have left: deleting such an order keeps its stock as it is. */
export const DISPATCHED_STATUSES: readonly OrderStatus[] = ["shipped", "delivered", "completed"]

export interface CancelShopOrderInput {
  /** Medusa's order id. */
  orderId: string
  /** Recorded in the order's notes, so staff and customer can read why. */
  reason: string
  /** Who cancelled (a shop user id); none for the payment provider. */
  canceledBy?: string
  /** Delete the order afterwards (the admin's DELETE): it disappears from every list. */
  remove?: boolean
}

interface OrderState {
  orderId: string
  /** null when the order no longer exists. */
  medusaStatus: string | null
  details: { id: string; status: OrderStatus; notes: string | null } | null
}

const readOrderStateStep = createStep("enclave-read-order-for-cancel", async (input: { orderId: string }, { container }) => {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: ["id", "status"], filters: { id: input.orderId } })
  const order = data[0] as { id: string; status: string } | undefined
  // Deleted meanwhile (a late webhook for an order the admin removed): there is nothing left to cancel.
  if (!order) return new StepResponse<OrderState>({ orderId: input.orderId, medusaStatus: null, details: null })
  const details = await detailsOfOrder(container, order.id)
  const state: OrderState = {
    orderId: order.id,
    medusaStatus: order.status,
    details: details ? { id: details.id, status: details.status, notes: details.notes } : null,
  }
  return new StepResponse(state)
})

interface DetailsChange {
  id: string
  status: OrderStatus
  notes: string | null
}

/** The shop's details become "cancelled"; compensation puts back the status and notes they had. */
const markDetailsCancelledStep = createStep(
  "enclave-mark-order-details-cancelled",
  async (input: { next: DetailsChange; previous: DetailsChange }, { container }) => {
    await shopOrders(container).updateOrderDetails({ id: input.next.id, status: input.next.status, notes: input.next.notes })
    return new StepResponse(undefined, input.previous)
  },
  async (previous, { container }) => {
    if (previous) await shopOrders(container).updateOrderDetails({ id: previous.id, status: previous.status, notes: previous.notes })
  },
)

/**
 * Medusa's order is soft-deleted (it leaves every list and query) and the shop's details go; if
 * the details cannot be deleted, or a later step fails, the order comes back.
 */
const removeOrderStep = createStep(
  "enclave-remove-order",
  async (input: { orderId: string; detailsId: string | null }, { container }) => {
    const orders = container.resolve(Modules.ORDER)
    await orders.softDeleteOrders([input.orderId])
    if (input.detailsId) {
      try {
        await shopOrders(container).deleteOrderDetails([input.detailsId])
      } catch (error) {
        await orders.restoreOrders([input.orderId])
        throw error
      }
    }
    return new StepResponse(undefined, input.orderId)
  },
  async (orderId, { container }) => {
    if (orderId) await container.resolve(Modules.ORDER).restoreOrders([orderId])
  },
)

/** The notes with a line added once (a repeated cancel does not repeat its reason). */
export function notesWith(notes: string | null, line: string): string {
  if (!notes?.trim()) return line
  return notes.split("\n").includes(line) ? notes : `${notes}\n${line}`
}

/** One change of an order at a time (a cancel, a status change, a webhook's cancel), on every instance. */
export function orderLockKey(orderId: string): string {
  return `enclave-order-change:${orderId}`
}

export const cancelShopOrderWorkflow = createWorkflow("enclave-cancel-shop-order", (input: CancelShopOrderInput) => {
  const lockKey = transform({ input }, ({ input }) => orderLockKey(input.orderId))
  // Two cancels of one order at once (an admin and a webhook) would both find it open, and the
  // second would meet Medusa's "already canceled" refusal half way: they take turns instead.
  acquireLockStep({ key: lockKey, timeout: 30, ttl: 120 })
  // A cancelled order's stock is on sale again: the product pages must show it at the next request.
  catalogueChangeStartsStep({ reason: "an order was cancelled: its stock is on sale again", change: "stock" })
  const state = readOrderStateStep({ orderId: input.orderId })

  const plan = transform({ input, state }, ({ input, state }) => {
    const dispatched = !!state.details && DISPATCHED_STATUSES.includes(state.details.status)
    // Deleting an order whose goods have left removes it as it is: its stock is not put back on sale.
    const cancel = state.medusaStatus !== null && !(input.remove && dispatched)
    const details = state.details
    const next: DetailsChange | null = details
      ? { id: details.id, status: "cancelled", notes: notesWith(details.notes, input.reason) }
      : null
    return {
      cancelInMedusa: cancel && state.medusaStatus !== MedusaOrderStatus.CANCELED,
      markDetails: cancel && !input.remove && !!details && (details.status !== next!.status || details.notes !== next!.notes),
      next,
      previous: details ? { id: details.id, status: details.status, notes: details.notes } : null,
      detailsId: details?.id ?? null,
    }
  })

  when("enclave-cancel-mark-details", { plan }, ({ plan }) => plan.markDetails).then(() => {
    markDetailsCancelledStep({ next: plan.next as DetailsChange, previous: plan.previous as DetailsChange })
  })

  // Medusa cancels only an order without fulfilments: a shipped one is taken back first (its stock
  // put back and reserved again), then cancelled (the reservation released, the payment refunded).
  when("enclave-cancel-take-back-fulfilment", { plan }, ({ plan }) => plan.cancelInMedusa).then(() => {
    moveFulfilmentWorkflow.runAsStep({
      input: transform({ input }, ({ input }) => ({
        orderId: input.orderId,
        target: "processing" as const,
        label: null,
        userId: input.canceledBy,
      })),
    })
  })
  when("enclave-cancel-medusa-order", { plan }, ({ plan }) => plan.cancelInMedusa).then(() => {
    cancelOrderWorkflow.runAsStep({ input: { order_id: input.orderId, canceled_by: input.canceledBy } })
  })

  when("enclave-cancel-remove-order", { input, state }, ({ input, state }) => !!input.remove && state.medusaStatus !== null).then(() => {
    removeOrderStep({ orderId: input.orderId, detailsId: plan.detailsId })
  })

  catalogueChangedStep({ reason: "an order was cancelled: its stock is on sale again", change: "stock" })
  releaseLockStep({ key: lockKey })
  return new WorkflowResponse(plan)
})

export async function cancelShopOrder(container: MedusaContainer, input: CancelShopOrderInput): Promise<void> {
  await cancelShopOrderWorkflow(container).run({ input })
}
