import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, capturePaymentWorkflow, releaseLockStep } from "@medusajs/medusa/core-flows"
import {
  CANCELLED_ORDER_NOT_PAYABLE_MESSAGE,
  INVOICE_ALREADY_PAID_MESSAGE,
  NOT_AN_INVOICE_ORDER_MESSAGE,
  type Order,
  type OrderStatus,
} from "@enclave/contract"
import { ShopError, workflowError } from "@enclave/contract/shop-error"
import { detailsOfOrder, findOrder, shopOrders } from "./read-orders"

/**
 * "Mark as paid": the transfer for an invoice order arrived. Medusa's payment, authorised
 * when the order was placed, is captured (Medusa records the capture as the order's transaction, so
 * its own admin shows the order paid); the shop's details record the day and move a pending order on
 * to processing. One workflow under the order's lock: two staff marking the same order at once get
 * one capture and one 409.
 */

interface PaidState {
  detailsId: string
  status: OrderStatus
  paidAt: Date | null
  /** Medusa's payment of the order, still to be captured. */
  paymentId: string
}

/** Reads the order under the lock and refuses what cannot be marked paid (404 / 409). */
const readPayableOrderStep = createStep("enclave-read-payable-order", async (input: { orderId: string }, { container }) => {
  const details = await detailsOfOrder(container, input.orderId)
  if (!details) throw new ShopError("not_found", "Order not found")
  if (!details.invoice) throw new ShopError("not_an_invoice_order", NOT_AN_INVOICE_ORDER_MESSAGE)
  if (details.paid_at) throw new ShopError("invoice_already_paid", INVOICE_ALREADY_PAID_MESSAGE)
  if (details.status === "cancelled") throw new ShopError("cancelled_order_not_payable", CANCELLED_ORDER_NOT_PAYABLE_MESSAGE)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "payment_collections.payments.id", "payment_collections.payments.captured_at"],
    filters: { id: input.orderId },
  })
  const collections = (data[0] as { payment_collections?: Array<{ payments?: Array<{ id: string; captured_at: unknown }> }> } | undefined)
    ?.payment_collections
  const payment = (collections ?? []).flatMap((c) => c.payments ?? []).find((p) => !p.captured_at)
  if (!payment) throw new ShopError("invoice_already_paid", INVOICE_ALREADY_PAID_MESSAGE)
  const state: PaidState = { detailsId: details.id, status: details.status, paidAt: null, paymentId: payment.id }
  return new StepResponse(state)
})

/** The details say paid (and processing, if they were pending); compensation puts back what they said. */
const markDetailsPaidStep = createStep(
  "enclave-mark-order-details-paid",
  async (input: PaidState, { container }) => {
    const status: OrderStatus = input.status === "pending" ? "processing" : input.status
    await shopOrders(container).updateOrderDetails({ id: input.detailsId, paid_at: new Date(), status })
    return new StepResponse(undefined, input)
  },
  async (previous, { container }) => {
    if (previous) {
      await shopOrders(container).updateOrderDetails({ id: previous.detailsId, paid_at: previous.paidAt, status: previous.status })
    }
  },
)

export const markInvoicePaidWorkflow = createWorkflow("enclave-mark-invoice-paid", (input: { orderId: string; capturedBy: string }) => {
  const lockKey = transform({ input }, ({ input }) => `enclave-mark-paid:${input.orderId}`)
  acquireLockStep({ key: lockKey, timeout: 30, ttl: 120 })
  const state = readPayableOrderStep({ orderId: input.orderId })
  markDetailsPaidStep(state)
  // Last: a capture cannot be taken back, so everything that can fail comes before it.
  capturePaymentWorkflow.runAsStep({
    input: transform({ state, input }, ({ state, input }) => ({ payment_id: state.paymentId, captured_by: input.capturedBy })),
  })
  releaseLockStep({ key: lockKey })
  return new WorkflowResponse(state)
})

/** POST /api/admin/orders/{id}/mark-paid: answers the order as it is now. */
export async function markInvoicePaid(container: MedusaContainer, orderNumber: number, staffUserId: string): Promise<Order> {
  const found = await findOrder(container, orderNumber)
  if (!found) throw new ShopError("not_found", `Order ${orderNumber} not found`)
  try {
    await markInvoicePaidWorkflow(container).run({ input: { orderId: found.medusaOrderId, capturedBy: staffUserId } })
  } catch (error) {
    throw workflowError(error)
  }
  return (await findOrder(container, orderNumber))!.order
}
