import { createStep, createWorkflow, StepResponse, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  beginReceiveReturnWorkflow,
  beginReturnOrderWorkflow,
  confirmReturnReceiveWorkflow,
  confirmReturnRequestWorkflow,
  dismissItemReturnRequestWorkflow,
  receiveItemReturnRequestWorkflow,
  requestItemReturnWorkflow,
} from "@medusajs/medusa/core-flows"

/**
 * Medusa's return workflows, composed as docs/medusa-returns.md found them: a return is begun, its
 * items requested and the request confirmed in one go (Medusa allows one open order change per order,
 * so none is ever left half-open); receiving is begun, its items received (restocked) or dismissed (not
 * restocked) and confirmed in one go too. Medusa's own events announce both: `order.return_requested`,
 * `order.return_received` (and `inventory-level.updated` for the restock).
 */

export interface ReturnRequestInput {
  orderId: string
  /** A warehouse with stock levels of the items: receiving restocks there. */
  locationId: string
  items: Array<{ id: string; quantity: number }>
  createdBy?: string
  note?: string | null
  metadata?: Record<string, unknown>
}

/** Begin, request, confirm: a Medusa return in state `requested`; its id. */
export const requestReturnWorkflow = createWorkflow("enclave-request-return", (input: ReturnRequestInput) => {
  const change = beginReturnOrderWorkflow.runAsStep({
    input: transform({ input }, ({ input }) => ({
      order_id: input.orderId,
      location_id: input.locationId,
      created_by: input.createdBy,
      internal_note: input.note ?? undefined,
      metadata: input.metadata,
    })),
  })
  const returnId = transform({ change }, ({ change }) => (change as unknown as { return_id: string }).return_id)
  requestItemReturnWorkflow.runAsStep({
    input: transform({ input, returnId }, ({ input, returnId }) => ({
      return_id: returnId,
      items: input.items.map((item) => ({ id: item.id, quantity: item.quantity, internal_note: input.note ?? undefined })),
    })),
  })
  confirmReturnRequestWorkflow.runAsStep({
    input: transform({ input, returnId }, ({ input, returnId }) => ({ return_id: returnId, confirmed_by: input.createdBy })),
  })
  return new WorkflowResponse(returnId)
})

export interface ReturnReceiptInput {
  returnId: string
  restocked: Array<{ id: string; quantity: number }>
  dismissed: Array<{ id: string; quantity: number }>
  receivedBy?: string
  note?: string | null
}

const noteStep = createStep(
  "enclave-return-receipt-note",
  async (input: { note?: string | null }) => new StepResponse(input.note ?? undefined),
)

/** Begin receiving, receive (restock) and dismiss (no restock) the items, confirm: Medusa's return is received. */
export const receiveReturnWorkflow = createWorkflow("enclave-receive-return", (input: ReturnReceiptInput) => {
  const note = noteStep({ note: input.note })
  beginReceiveReturnWorkflow.runAsStep({
    input: transform({ input, note }, ({ input, note }) => ({
      return_id: input.returnId,
      created_by: input.receivedBy,
      internal_note: note,
    })),
  })
  when("enclave-receive-restocked", { input }, ({ input }) => input.restocked.length > 0).then(() => {
    receiveItemReturnRequestWorkflow.runAsStep({
      input: transform({ input }, ({ input }) => ({ return_id: input.returnId, items: input.restocked })),
    })
  })
  when("enclave-receive-dismissed", { input }, ({ input }) => input.dismissed.length > 0).then(() => {
    dismissItemReturnRequestWorkflow.runAsStep({
      input: transform({ input }, ({ input }) => ({ return_id: input.returnId, items: input.dismissed })),
    })
  })
  confirmReturnReceiveWorkflow.runAsStep({
    input: transform({ input }, ({ input }) => ({ return_id: input.returnId, confirmed_by: input.receivedBy })),
  })
  return new WorkflowResponse(input.returnId)
})
