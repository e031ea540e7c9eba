import { refundProposalSchema, refundSchema, type Refund, type RefundProposal, type RefundRequest } from "@enclave/contract"
import type { CreateResponse, GetOneResponse } from "@refinedev/core"
import { getJson, httpError, sendJson, signalOf, validated } from "../http"
import type { CallParams, ResourceHandler } from "./resource"

/**
 * An order's refunds. Its one record, read with the order's id, is what may be refunded (the withdrawal
 * rule's proposal, what was paid and refunded, the past refunds); creating one refunds money.
 */
const pathOf = (orderId: string | number) => `/admin/orders/${encodeURIComponent(String(orderId))}/refunds`

export type RefundProposalRecord = RefundProposal & { id: string | number }

async function getRefundProposal(params: CallParams<"getOne">): Promise<GetOneResponse<RefundProposalRecord>> {
  const path = pathOf(params.id)
  return { data: { ...validated(refundProposalSchema.safeParse(await getJson(path, signalOf(params.meta))), path), id: params.id } }
}

/** What a refund sends: the order's id beside the request's fields. */
export type NewRefund = RefundRequest & { orderId: number }

/**
 * One refund; `meta.idempotencyKey` is the dialog's: a second click or a retry of the same dialog refunds once.
 */
async function refund(params: CallParams<"create">): Promise<CreateResponse<Refund>> {
  const key = params.meta?.idempotencyKey
  if (typeof key !== "string" || key === "") throw httpError(400, "A refund needs the dialog's idempotency key")
  const { orderId, ...body } = params.variables as NewRefund
  const path = pathOf(orderId)
  return { data: validated(refundSchema.safeParse(await sendJson("POST", path, body, { "Idempotency-Key": key })), path) }
}

export const refunds: ResourceHandler = { getOne: getRefundProposal, create: refund }
