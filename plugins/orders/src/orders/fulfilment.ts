import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules, OrderStatus as MedusaOrderStatus } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  cancelOrderFulfillmentWorkflow,
  completeOrderWorkflow,
  createOrderFulfillmentWorkflow,
  createOrderShipmentWorkflow,
  markOrderFulfillmentAsDeliveredWorkflow,
} from "@medusajs/medusa/core-flows"
import { isCarrier, trackingUrl, type Carrier, type OrderShipment, type OrderStatus } from "@enclave/contract"
import { ShopError } from "@enclave/contract/shop-error"

/**
 * Where an order's goods are, in Medusa's own records ("Medusa holds the books"): the
 * admin's status drives Medusa's order workflows, so Medusa's admin API, its events and any
 * merchant's plugin see the order the shop shows.
 *
 * - "shipped": a fulfilment of every item from the warehouse (core-flows' create-fulfillment: the
 *   reservation is consumed, the stocked quantity falls), then its shipment (create-shipment), with the
 *   carrier and tracking number when the admin gives them.
 * - "delivered": the fulfilment is marked delivered (mark-order-fulfillment-as-delivered).
 * - "completed": delivered, and Medusa's order completed (complete-orders).
 * - "pending" / "processing": no fulfilment. Moving back from shipped takes the fulfilment back: Medusa
 *   refuses to cancel a fulfilment once it is marked shipped (nothing in its model un-ships a parcel),
 *   so the shop first takes back that mark, on the fulfilment and on the order's shipped and delivered
 *   quantities, as the admin's correction of a mistake; then Medusa's cancel-order-fulfillment puts the
 *   stock back and reserves it for the order again.
 *
 * Each step is one of Medusa's workflows run as a step of this one, or a step of the shop's with its
 * compensation, so a transition that fails half way leaves the order as it was.
 */

/** The carrier and tracking number the admin names when an order ships. */
export interface ShipmentLabel {
  carrier: Carrier
  trackingNumber: string | null
}

interface FulfilmentRow {
  id: string
  shipped_at: string | Date | null
  delivered_at: string | Date | null
  canceled_at: string | Date | null
  metadata?: Record<string, unknown> | null
  labels?: Array<{ id: string; tracking_number: string | null }> | null
  items?: Array<{ line_item_id: string | null; quantity: number | string }> | null
}

export interface MedusaFulfilmentState {
  orderId: string
  version: number
  status: string
  items: Array<{ id: string; quantity: number }>
  /** The fulfilment not cancelled, if any (the shop makes one per order). */
  active: FulfilmentRow | null
}

/** What an answer's shipment needs of the order's fulfilments (shipmentOf). */
export const shipmentFields = [
  "fulfillments.id",
  "fulfillments.shipped_at",
  "fulfillments.delivered_at",
  "fulfillments.canceled_at",
  "fulfillments.metadata",
  "fulfillments.labels.id",
  "fulfillments.labels.tracking_number",
]
const fulfilmentFields = [...shipmentFields, "fulfillments.items.line_item_id", "fulfillments.items.quantity"]

/** The order's fulfilment that is not cancelled: the shop makes one per order, for all its items. */
export function activeFulfilment(fulfillments: readonly FulfilmentRow[] | null | undefined): FulfilmentRow | null {
  return (fulfillments ?? []).find((f) => !f.canceled_at) ?? null
}

const iso = (moment: string | Date | null | undefined) => (moment ? new Date(moment).toISOString() : null)

/** The parcel as answers carry it (contract orderShipmentSchema), from the order's active fulfilment once shipped. */
export function shipmentOf(fulfillments: readonly FulfilmentRow[] | null | undefined): OrderShipment | null {
  const active = activeFulfilment(fulfillments)
  if (!active?.shipped_at) return null
  const carrier = active.metadata?.carrier
  return {
    carrier: isCarrier(carrier) ? carrier : null,
    trackingNumber: active.labels?.find((label) => label.tracking_number)?.tracking_number || null,
    shippedAt: iso(active.shipped_at),
    deliveredAt: iso(active.delivered_at),
  }
}

async function readFulfilmentState(container: MedusaContainer, orderId: string): Promise<MedusaFulfilmentState> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  // An order line's quantity comes back only with its detail (the order_item row that holds it) asked for too.
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "status", "version", "items.id", "items.quantity", "items.detail.quantity", ...fulfilmentFields],
    filters: { id: orderId },
  })
  const order = data[0] as
    | {
        id: string
        status: string
        version: number
        items?: Array<{ id: string; quantity: number | string }>
        fulfillments?: FulfilmentRow[]
      }
    | undefined
  if (!order) throw new ShopError("not_found", "Order not found")
  const lines = order.items ?? []
  return {
    orderId: order.id,
    version: Number(order.version),
    status: order.status,
    items: lines.map((item) => ({ id: item.id, quantity: Number(item.quantity) })),
    active: activeFulfilment(order.fulfillments),
  }
}

const readFulfilmentStateStep = createStep("enclave-read-fulfilment", async (input: { orderId: string }, { container }) => {
  return new StepResponse(await readFulfilmentState(container, input.orderId))
})

/** What a move to `target` has to do in Medusa, from where the order stands. */
export interface FulfilmentPlan {
  reopen: boolean
  takeBackDelivery: boolean
  takeBackShipment: boolean
  cancelFulfilment: boolean
  fulfil: boolean
  ship: boolean
  relabel: boolean
  deliver: boolean
  complete: boolean
}

const GOODS_LEFT: readonly OrderStatus[] = ["shipped", "delivered", "completed"]

export function planFulfilment(state: MedusaFulfilmentState, target: OrderStatus, label: ShipmentLabel | null): FulfilmentPlan {
  const active = state.active
  const shipped = Boolean(active?.shipped_at)
  const delivered = Boolean(active?.delivered_at)
  const completed = state.status === MedusaOrderStatus.COMPLETED
  const leaves = GOODS_LEFT.includes(target)
  const wantsDelivered = target === "delivered" || target === "completed"
  const staysFulfilled = leaves && Boolean(active)
  return {
    reopen: completed && target !== "completed",
    takeBackDelivery: delivered && !wantsDelivered,
    takeBackShipment: shipped && !leaves,
    cancelFulfilment: Boolean(active) && !leaves,
    fulfil: leaves && !active,
    ship: leaves && !shipped,
    // A shipped parcel the admin names (again): its carrier and tracking number replace the old ones.
    relabel: staysFulfilled && shipped && target === "shipped" && label !== null,
    deliver: wantsDelivered && !delivered,
    complete: target === "completed" && !completed,
  }
}

/** Medusa's order completed is opened again (the admin moved it back); compensation completes it again. */
const reopenOrderStep = createStep(
  "enclave-reopen-order",
  async (input: { orderId: string }, { container }) => {
    await container.resolve(Modules.ORDER).updateOrders([{ id: input.orderId, status: MedusaOrderStatus.PENDING }])
    return new StepResponse(undefined, input.orderId)
  },
  async (orderId, { container }) => {
    if (orderId) await container.resolve(Modules.ORDER).updateOrders([{ id: orderId, status: MedusaOrderStatus.COMPLETED }])
  },
)

interface TakeBack {
  orderId: string
  version: number
  fulfilmentId: string
  /** The fulfilment's moment being taken back. */
  field: "shipped_at" | "delivered_at"
  /** Each of the fulfilment's items with its quantity, taken off the order's shipped or delivered count. */
  items: Array<{ id: string; quantity: number }>
}

/**
 * Takes back a shipment or delivery mark: the fulfilment's moment is cleared, and the order's shipped
 * (or delivered) quantity of each item goes down by what the fulfilment held, as if the mark had not
 * been made. Compensation puts both back.
 */
const takeBackMarkStep = createStep(
  "enclave-take-back-fulfilment-mark",
  async (input: TakeBack, { container }) => {
    const fulfillments = container.resolve(Modules.FULFILLMENT)
    const orders = container.resolve(Modules.ORDER)
    const [fulfilment] = await fulfillments.listFulfillments({ id: input.fulfilmentId }, { select: ["id", "shipped_at", "delivered_at"] })
    const moment = (fulfilment as unknown as Record<string, Date | null> | undefined)?.[input.field] ?? null
    if (!moment) return new StepResponse(input.field, null)
    const quantityField = input.field === "shipped_at" ? "shipped_quantity" : "delivered_quantity"
    // The order's item details of its current version: what Medusa counts as shipped or delivered.
    const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "order",
      fields: ["items.id", "items.detail.id", `items.detail.${quantityField}`],
      filters: { id: input.orderId },
    })
    const lines = ((data[0] as { items?: Array<{ id: string; detail?: Record<string, unknown> | null }> } | undefined)?.items ?? []).filter(
      (line) => line.detail?.id,
    )
    const taken = new Map(input.items.map((i) => [i.id, i.quantity]))
    const before = lines.map((line) => ({ id: String(line.detail!.id), quantity: Number(line.detail![quantityField] ?? 0) }))
    await fulfillments.updateFulfillment(input.fulfilmentId, { [input.field]: null })
    for (const [i, line] of lines.entries()) {
      await orders.updateOrderItem(before[i].id, { [quantityField]: Math.max(0, before[i].quantity - (taken.get(line.id) ?? 0)) })
    }
    return new StepResponse(input.field, { fulfilmentId: input.fulfilmentId, field: input.field, moment, quantityField, before })
  },
  async (previous, { container }) => {
    if (!previous) return
    await container.resolve(Modules.FULFILLMENT).updateFulfillment(previous.fulfilmentId, { [previous.field]: previous.moment })
    const orders = container.resolve(Modules.ORDER)
    for (const line of previous.before) await orders.updateOrderItem(line.id, { [previous.quantityField]: line.quantity })
  },
)

/** The fulfilment's carrier and tracking number replaced; compensation restores the old ones. */
const relabelStep = createStep(
  "enclave-relabel-fulfilment",
  async (input: { fulfilmentId: string; label: ShipmentLabel }, { container }) => {
    const fulfillments = container.resolve(Modules.FULFILLMENT)
    const [current] = await fulfillments.listFulfillments({ id: input.fulfilmentId }, { select: ["id", "metadata"], relations: ["labels"] })
    await fulfillments.updateFulfillment(input.fulfilmentId, {
      metadata: { ...(current?.metadata ?? {}), carrier: input.label.carrier },
      labels: labelsOf(input.label),
    })
    return new StepResponse(undefined, {
      fulfilmentId: input.fulfilmentId,
      metadata: current?.metadata ?? null,
      labels: (current?.labels ?? []).map((l) => ({
        tracking_number: l.tracking_number,
        tracking_url: l.tracking_url,
        label_url: l.label_url,
      })),
    })
  },
  async (previous, { container }) => {
    if (!previous) return
    await container
      .resolve(Modules.FULFILLMENT)
      .updateFulfillment(previous.fulfilmentId, { metadata: previous.metadata, labels: previous.labels })
  },
)

/** Medusa's labels for the admin's carrier and tracking number; the tracking page is the carrier's English one. */
function labelsOf(label: ShipmentLabel | null) {
  if (!label?.trackingNumber) return []
  return [{ tracking_number: label.trackingNumber, tracking_url: trackingUrl(label.carrier, label.trackingNumber) ?? "", label_url: "" }]
}

export interface MoveFulfilmentInput {
  orderId: string
  target: OrderStatus
  label: ShipmentLabel | null
  /** The shop user who made the change (Medusa's created_by). */
  userId?: string
}

/**
 * Brings Medusa's order to the state the shop status `target` means (see the top of this file).
 * Run as a step of the status and cancel workflows.
 */
export const moveFulfilmentWorkflow = createWorkflow("enclave-move-fulfilment", (input: MoveFulfilmentInput) => {
  const state = readFulfilmentStateStep({ orderId: input.orderId })
  const plan = transform({ state, input }, ({ state, input }) => planFulfilment(state, input.target, input.label))
  const fulfilled = transform({ state }, ({ state }) => ({
    orderId: state.orderId,
    version: state.version,
    fulfilmentId: state.active?.id ?? "",
    items: (state.active?.items ?? [])
      .filter((item) => item.line_item_id)
      .map((item) => ({ id: item.line_item_id!, quantity: Number(item.quantity) })),
  }))

  when("enclave-fulfilment-reopen", { plan }, ({ plan }) => plan.reopen).then(() => {
    reopenOrderStep({ orderId: input.orderId })
  })
  when("enclave-fulfilment-take-back-delivery", { plan }, ({ plan }) => plan.takeBackDelivery).then(() => {
    takeBackMarkStep(transform({ fulfilled }, ({ fulfilled }): TakeBack => ({ ...fulfilled, field: "delivered_at" }))).config({
      name: "enclave-take-back-delivery",
    })
  })
  when("enclave-fulfilment-take-back-shipment", { plan }, ({ plan }) => plan.takeBackShipment).then(() => {
    takeBackMarkStep(transform({ fulfilled }, ({ fulfilled }): TakeBack => ({ ...fulfilled, field: "shipped_at" }))).config({
      name: "enclave-take-back-shipment",
    })
  })
  when("enclave-fulfilment-cancel", { plan }, ({ plan }) => plan.cancelFulfilment).then(() => {
    cancelOrderFulfillmentWorkflow.runAsStep({
      input: transform({ state, input }, ({ state, input }) => ({
        order_id: state.orderId,
        fulfillment_id: state.active!.id,
        canceled_by: input.userId,
      })),
    })
  })

  const created = when("enclave-fulfilment-create", { plan }, ({ plan }) => plan.fulfil).then(() => {
    return createOrderFulfillmentWorkflow.runAsStep({
      input: transform({ state, input }, ({ state, input }) => ({
        order_id: state.orderId,
        items: state.items,
        created_by: input.userId,
        metadata: input.label ? { carrier: input.label.carrier } : null,
      })),
    })
  })
  const fulfilmentId = transform(
    { state, created },
    ({ state, created }) => (created as { id?: string } | undefined)?.id ?? state.active?.id ?? "",
  )

  when("enclave-fulfilment-ship", { plan }, ({ plan }) => plan.ship).then(() => {
    createOrderShipmentWorkflow.runAsStep({
      input: transform({ state, input, fulfilmentId }, ({ state, input, fulfilmentId }) => ({
        order_id: state.orderId,
        fulfillment_id: fulfilmentId,
        items: state.items,
        labels: labelsOf(input.label),
        created_by: input.userId,
      })),
    })
  })
  when("enclave-fulfilment-relabel", { plan }, ({ plan }) => plan.relabel).then(() => {
    relabelStep(transform({ fulfilmentId, input }, ({ fulfilmentId, input }) => ({ fulfilmentId, label: input.label! })))
  })
  when("enclave-fulfilment-deliver", { plan }, ({ plan }) => plan.deliver).then(() => {
    markOrderFulfillmentAsDeliveredWorkflow.runAsStep({
      input: transform({ state, fulfilmentId }, ({ state, fulfilmentId }) => ({ orderId: state.orderId, fulfillmentId: fulfilmentId })),
    })
  })
  when("enclave-fulfilment-complete", { plan }, ({ plan }) => plan.complete).then(() => {
    completeOrderWorkflow.runAsStep({ input: transform({ state }, ({ state }) => ({ orderIds: [state.orderId] })) })
  })
  return new WorkflowResponse(plan)
})

/** Medusa's refusal of a transition (an order it will not fulfil or complete) as the admin's 409; anything else stays a failure. */
export function fulfilmentRefusal(error: unknown): unknown {
  const e = error as { type?: unknown; message?: unknown } | null
  if (e && e.type === MedusaError.Types.NOT_ALLOWED && typeof e.message === "string") {
    return new ShopError("medusa_refused", `Medusa refused the change: ${e.message}`)
  }
  return error
}
