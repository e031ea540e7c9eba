import { unfinalisedPaymentListSchema, type UnfinalisedPayment } from "@enclave/contract"
import type { GetListParams, GetListResponse } from "@refinedev/core"
import { signalOf } from "../http"
import { fetchList, type ResourceHandler } from "./resource"

/** GET /api/admin/unfinalised-payments: payments taken without an order, whole and unsorted (the list is short). */
async function listUnfinalisedPayments(params: GetListParams): Promise<GetListResponse<UnfinalisedPayment>> {
  const payments = await fetchList("/admin/unfinalised-payments", unfinalisedPaymentListSchema, signalOf(params.meta))
  return { data: payments, total: payments.length }
}

export const unfinalisedPayments: ResourceHandler = { getList: listUnfinalisedPayments }
