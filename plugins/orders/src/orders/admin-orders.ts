import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, OrderStatus as MedusaOrderStatus } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, releaseLockStep, updateOrderWorkflow } from "@medusajs/medusa/core-flows"
import type { Order, OrderStatus, ShippingAddress } from "@enclave/contract"
import type { ShopUserRow } from "@enclave/accounts"
import { countryCodeOf, destinationOf, shopContext, catalogueChangedStep, catalogueChangeStartsStep } from "@enclave/catalogue"
import { ShopError, workflowError } from "@enclave/contract/shop-error"
import { medusaAddress } from "./medusa-address"
import { detailsOfOrder, findOrder, shopOrders, type OrderDetailsRow } from "./read-orders"
import { cancelShopOrder, notesWith, orderLockKey } from "./cancel-order"
import { fulfilmentRefusal, moveFulfilmentWorkflow, type ShipmentLabel } from "./fulfilment"

async function existingOrder(container: MedusaContainer, orderNumber: number) {
  const found = await findOrder(container, orderNumber)
  if (!found) throw new ShopError("not_found", `Order ${orderNumber} not found`)
  return found
}

export const ADMIN_CANCEL_REASON = "Cancelled by the shop"
export const REOPENED_NOTE =
  "Reopened after cancellation: its stock was put back on sale and its payment cancelled or refunded; neither was taken again"

interface StatusChangeInput {
  orderId: string
  status: OrderStatus
  label: ShipmentLabel | null
  userId: string
}

interface DetailsStatus {
  id: string
  status: OrderStatus
  notes: string | null
}

/** Reads the order's details and whether Medusa's order is cancelled (then only the shop's books change). */
const readStatusStep = createStep("enclave-read-order-status", async (input: { orderId: string }, { container }) => {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: ["id", "status"], filters: { id: input.orderId } })
  const order = data[0] as { status: string } | undefined
  if (!order) throw new ShopError("not_found", "Order not found")
  const details = await detailsOfOrder(container, input.orderId)
  return new StepResponse({
    medusaCancelled: order.status === MedusaOrderStatus.CANCELED,
    details: details ? { id: details.id, status: details.status, notes: details.notes } : null,
  })
})

/** The shop's details take the new status (and notes); compensation puts back what they said. */
const writeDetailsStatusStep = createStep(
  "enclave-write-order-details-status",
  async (input: { next: DetailsStatus; previous: DetailsStatus }, { container }) => {
    await shopOrders(container).updateOrderDetails({ id: input.next.id, status: input.next.status, notes: input.next.notes })
    return new StepResponse(undefined, input.previous)
  },
  async (previous, { container }) => {
    if (previous) await shopOrders(container).updateOrderDetails({ id: previous.id, status: previous.status, notes: previous.notes })
  },
)

/**
 * One status change: Medusa's order is brought where the status says (fulfilment.ts: fulfilled and
 * shipped, delivered, completed, or taken back), then the shop's details follow, under the order's lock.
 * An order Medusa cancelled changes in the shop's books only: its stock and money were given back and
 * are not taken again (that would need the customer to pay anew); the notes say so.
 */
export const setOrderStatusWorkflow = createWorkflow("enclave-set-order-status", (input: StatusChangeInput) => {
  const lockKey = transform({ input }, ({ input }) => orderLockKey(input.orderId))
  acquireLockStep({ key: lockKey, timeout: 30, ttl: 120 })
  // Stock moves with a fulfilment (consumed, or put back): the catalogue's stock is stale after it.
  catalogueChangeStartsStep({ reason: "an order's fulfilment changed", change: "stock" })
  const state = readStatusStep({ orderId: input.orderId })
  when("enclave-status-moves-medusa", { state }, ({ state }) => !state.medusaCancelled).then(() => {
    moveFulfilmentWorkflow.runAsStep({
      input: transform({ input }, ({ input }) => ({
        orderId: input.orderId,
        target: input.status,
        label: input.label,
        userId: input.userId,
      })),
    })
  })
  when(
    "enclave-status-writes-details",
    { state, input },
    ({ state, input }) => Boolean(state.details) && state.details!.status !== input.status,
  ).then(() => {
    writeDetailsStatusStep(
      transform({ state, input }, ({ state, input }) => {
        const previous = state.details!
        const notes = state.medusaCancelled ? notesWith(previous.notes, REOPENED_NOTE) : previous.notes
        return { previous, next: { id: previous.id, status: input.status, notes } }
      }),
    )
  })
  catalogueChangedStep({ reason: "an order's fulfilment changed", change: "stock" })
  releaseLockStep({ key: lockKey })
  return new WorkflowResponse(state)
})

/**
 * docs/product.md §4: an admin may set any status from any other; no order is enforced. "cancelled"
 * cancels the order (cancel-order.ts: any fulfilment taken back, stock back on sale, payment cancelled
 * or refunded). Every other status moves Medusa's order with it (setOrderStatusWorkflow), and Medusa's
 * own workflows announce each step: order.fulfillment_created, shipment.created, delivery.created,
 * order.completed, order.fulfillment_canceled.
 */
export async function setOrderStatus(
  container: MedusaContainer,
  admin: ShopUserRow,
  orderNumber: number,
  change: { status: OrderStatus; label: ShipmentLabel | null },
): Promise<Order> {
  const found = await existingOrder(container, orderNumber)
  // Taking the goods back into the warehouse (pending, processing) or cancelling would undo the fulfilment a
  // return counts its items from (docs/medusa-returns.md §5.10): an order with a return is refunded instead.
  if (["pending", "processing", "cancelled"].includes(change.status) && (await hasOpenReturn(container, found.medusaOrderId))) {
    throw new ShopError("has_return", "This order has a return: its goods cannot be taken back or the order cancelled; refund it instead", {
      code: "has_return",
    })
  }
  if (change.status === "cancelled") {
    await cancelShopOrder(container, { orderId: found.medusaOrderId, reason: ADMIN_CANCEL_REASON, canceledBy: admin.id })
  } else {
    try {
      await setOrderStatusWorkflow(container).run({
        input: { orderId: found.medusaOrderId, status: change.status, label: change.label, userId: admin.id },
      })
    } catch (error) {
      throw fulfilmentRefusal(workflowError(error))
    }
  }
  return (await findOrder(container, orderNumber))!.order
}

/** Whether the order has a return that is not cancelled. */
async function hasOpenReturn(container: MedusaContainer, orderId: string): Promise<boolean> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "return", fields: ["id", "status"], filters: { order_id: orderId } })
  return (data as Array<{ status: string }>).some((r) => r.status !== "canceled")
}

/** The details keep the address as typed; compensation puts back the one they had. */
const writeDetailsAddressStep = createStep(
  "enclave-write-order-details-address",
  async (
    input: { id: string; next: OrderDetailsRow["shipping_address"]; previous: OrderDetailsRow["shipping_address"] },
    { container },
  ) => {
    await shopOrders(container).updateOrderDetails({ id: input.id, shipping_address: input.next })
    return new StepResponse(undefined, { id: input.id, previous: input.previous })
  },
  async (undo, { container }) => {
    if (undo) await shopOrders(container).updateOrderDetails({ id: undo.id, shipping_address: undo.previous })
  },
)

interface AddressChangeInput {
  orderId: string
  userId: string
  medusaAddress: ReturnType<typeof medusaAddress>
  details: { id: string; next: OrderDetailsRow["shipping_address"]; previous: OrderDetailsRow["shipping_address"] } | null
}

/** The shop's details (when it placed the order), then Medusa's order through its update-order workflow. */
export const setShippingAddressWorkflow = createWorkflow("enclave-set-shipping-address", (input: AddressChangeInput) => {
  const lockKey = transform({ input }, ({ input }) => orderLockKey(input.orderId))
  acquireLockStep({ key: lockKey, timeout: 30, ttl: 120 })
  when("enclave-address-writes-details", { input }, ({ input }) => Boolean(input.details)).then(() => {
    writeDetailsAddressStep(transform({ input }, ({ input }) => input.details!))
  })
  updateOrderWorkflow.runAsStep({
    input: transform({ input }, ({ input }) => ({ id: input.orderId, user_id: input.userId, shipping_address: input.medusaAddress })),
  })
  releaseLockStep({ key: lockKey })
  return new WorkflowResponse(input.orderId)
})

/**
 * Corrects where an order goes. The shop keeps the address as typed; Medusa's copy follows it,
 * except the country: the order's shipping was priced and its region chosen for that country.
 */
export async function setShippingAddress(
  container: MedusaContainer,
  admin: ShopUserRow,
  orderNumber: number,
  address: ShippingAddress,
): Promise<ShippingAddress> {
  const found = await existingOrder(container, orderNumber)
  const context = await shopContext(container)
  const before = found.order.shippingAddress
  const { countryCode: newCode } = destinationOf(context, address.country)
  const oldCode = before ? countryCodeOf(context, before.country) : null
  if (oldCode && newCode !== oldCode) {
    throw new ShopError(
      "country_locked",
      "The country of a placed order cannot be changed: its shipping was priced for the original country",
    )
  }
  const stored = { ...address, addressLine2: address.addressLine2 || null }
  try {
    await setShippingAddressWorkflow(container).run({
      input: {
        orderId: found.medusaOrderId,
        userId: admin.id,
        medusaAddress: medusaAddress(address, newCode),
        details: found.details ? { id: found.details.id, next: stored, previous: found.details.shipping_address } : null,
      },
    })
  } catch (error) {
    throw workflowError(error)
  }
  return stored
}

/**
 * Removes an order from the shop: it is cancelled first (its stock back on sale, its payment
 * cancelled or refunded) unless its goods have left, then Medusa's order and the shop's details
 * are deleted. Deleting an order that is already cancelled only removes it.
 */
export async function deleteOrder(container: MedusaContainer, orderNumber: number) {
  const found = await existingOrder(container, orderNumber)
  await cancelShopOrder(container, { orderId: found.medusaOrderId, reason: ADMIN_CANCEL_REASON, remove: true })
}
