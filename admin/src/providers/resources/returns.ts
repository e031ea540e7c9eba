import {
  adminReturnListSchema,
  adminReturnSchema,
  type AdminReturn,
  type OpenReturnRequest,
  type ReceiveReturnRequest,
} from "@enclave/contract"
import type { CreateResponse, GetListResponse } from "@refinedev/core"
import { sendJson, signalOf, validated } from "../http"
import { customCalls, fetchList, type CallParams, type ResourceHandler } from "./resource"

/** Withdrawals and returns, their answers checked with the contract. The list is whole (it is short). */
async function listReturns(params: CallParams<"getList">): Promise<GetListResponse<AdminReturn>> {
  const returns = await fetchList("/admin/returns", adminReturnListSchema, signalOf(params.meta))
  return { data: returns, total: returns.length }
}

/** What staff send to open a return on an order themselves. */
export type NewReturn = OpenReturnRequest & { orderId: number }

/** POST /api/admin/orders/{id}/returns: the answer is the new return. */
async function openReturn(params: CallParams<"create">): Promise<CreateResponse<AdminReturn>> {
  const { orderId, ...body } = params.variables as NewReturn
  const path = `/admin/orders/${encodeURIComponent(String(orderId))}/returns`
  return { data: validated(adminReturnSchema.safeParse(await sendJson("POST", path, body)), path) }
}

/** The goods of a return are back: POST with a ReceiveReturnRequest (useCustomMutation, meta.resource "returns"). */
export function receiveReturnUrl(returnId: string): string {
  return `/admin/returns/${encodeURIComponent(returnId)}/receive`
}
export type { ReceiveReturnRequest }

export const returns: ResourceHandler = {
  getList: listReturns,
  create: openReturn,
  custom: customCalls([{ method: "post", path: "/admin/returns/:id/receive", answer: adminReturnSchema }]),
}
