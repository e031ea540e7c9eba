import {
  adminReturnListSchema,
  adminReturnSchema,
  refundProposalSchema,
  refundSchema,
  type AdminReturn,
  type OpenReturnRequest,
  type ReceiveReturnRequest,
  type Refund,
  type RefundProposal,
  type RefundRequest,
} from "@enclave/contract"
import { getJson, sendJson, validated } from "./http"

/** The facade's after-sale calls, their answers checked with the contract. */
export const RETURNS_QUERY_KEY = ["admin", "returns"] as const
export const refundQueryKey = (orderId: number) => ["admin", "refunds", orderId] as const

export async function fetchReturns(signal?: AbortSignal): Promise<AdminReturn[]> {
  const path = "/admin/returns"
  return validated(adminReturnListSchema.safeParse(await getJson(path, signal)), path)
}

export async function receiveReturn(returnId: string, body: ReceiveReturnRequest): Promise<AdminReturn> {
  const path = `/admin/returns/${encodeURIComponent(returnId)}/receive`
  return validated(adminReturnSchema.safeParse(await sendJson("POST", path, body)), path)
}

export async function openReturn(orderId: number, body: OpenReturnRequest): Promise<AdminReturn> {
  const path = `/admin/orders/${orderId}/returns`
  return validated(adminReturnSchema.safeParse(await sendJson("POST", path, body)), path)
}

export async function fetchRefundProposal(orderId: number, signal?: AbortSignal): Promise<RefundProposal> {
  const path = `/admin/orders/${orderId}/refunds`
  return validated(refundProposalSchema.safeParse(await getJson(path, signal)), path)
}

/** One refund; `key` is the dialog's: a second click or a retry of the same dialog refunds once. */
export async function refundOrder(orderId: number, body: RefundRequest, key: string): Promise<Refund> {
  const path = `/admin/orders/${orderId}/refunds`
  return validated(refundSchema.safeParse(await sendJson("POST", path, body, { "Idempotency-Key": key })), path)
}
