import {
  orderListSchema,
  orderSchema,
  updateOrderStatusSchema,
  updateShippingAddressSchema,
  userSchema,
  unfinalisedPaymentListSchema,
  type Order,
  type UnfinalisedPayment,
  type User,
} from "@enclave/contract"
import type {
  CrudFilter,
  DeleteOneParams,
  DeleteOneResponse,
  GetListParams,
  GetListResponse,
  GetOneParams,
  GetOneResponse,
  Pagination,
  UpdateParams,
  UpdateResponse,
} from "@refinedev/core"
import { getJson, httpError, sendJson, signalOf, validated } from "../http"
import type { ResourceHandler } from "./resource"

/** The filter the order list's search box sets: id, user id, total or status contains the text. */
export const ORDER_SEARCH_FIELD = "q"

const DEFAULT_PAGE_SIZE = 10

function searchText(filters: readonly CrudFilter[]): string {
  let search = ""
  for (const filter of filters) {
    if ("field" in filter && filter.field === ORDER_SEARCH_FIELD && filter.operator === "contains") {
      if (filter.value !== undefined && filter.value !== null) search = String(filter.value)
      continue
    }
    throw httpError(400, `The order list cannot filter by ${JSON.stringify(filter)}`)
  }
  return search.trim().toLowerCase()
}

/** SPEC §9: order search matches id, userId, total or status (case-insensitive, part of the text). */
export function orderMatches(order: Order, search: string): boolean {
  const text = search.trim().toLowerCase().replace(/^#/, "")
  if (text === "") return true
  const fields = [String(order.id), order.userId === null ? "" : String(order.userId), order.total, order.status]
  return fields.some((field) => field.toLowerCase().includes(text))
}

/** SPEC §9: orders are sorted newest first (ties: higher id first). */
export function newestFirst(a: Order, b: Order): number {
  const order = Date.parse(b.createdAt) - Date.parse(a.createdAt)
  return order !== 0 ? order : b.id - a.id
}

export interface OrderQuery {
  filters?: readonly CrudFilter[]
  pagination?: Pagination
}

/** Search, order newest first and paginate an order list; `total` counts every match. */
export function queryOrders(orders: readonly Order[], query: OrderQuery = {}): GetListResponse<Order> {
  const search = searchText(query.filters ?? [])
  const matches = orders.filter((order) => orderMatches(order, search)).sort(newestFirst)
  const mode = query.pagination?.mode ?? "server"
  if (mode !== "server") return { data: matches, total: matches.length }
  const pageSize = Math.max(1, query.pagination?.pageSize ?? DEFAULT_PAGE_SIZE)
  const currentPage = Math.max(1, query.pagination?.currentPage ?? 1)
  const start = (currentPage - 1) * pageSize
  return { data: matches.slice(start, start + pageSize), total: matches.length }
}

const LIST_PATH = "/admin/orders"

async function fetchOrders(signal?: AbortSignal): Promise<Order[]> {
  return validated(orderListSchema.safeParse(await getJson(LIST_PATH, signal)), LIST_PATH)
}

async function listOrders(params: GetListParams): Promise<GetListResponse<Order>> {
  return queryOrders(await fetchOrders(signalOf(params.meta)), params)
}

/** The facade has no single-order admin call: the order is read from the (small) list. */
async function getOrder(params: GetOneParams): Promise<GetOneResponse<Order>> {
  const id = Number(params.id)
  const order = (await fetchOrders(signalOf(params.meta))).find((o) => o.id === id)
  if (!order) throw httpError(404, `Order #${String(params.id)} was not found`)
  return { data: order }
}

function orderPath(id: string | number): string {
  return `${LIST_PATH}/${encodeURIComponent(String(id))}`
}

/**
 * An update is either a status change ({status}: PUT .../status) or an address change
 * ({shippingAddress}: PUT .../shipping-address); the answer is the order as the list now has it.
 */
async function updateOrder(params: UpdateParams): Promise<UpdateResponse<Order>> {
  const variables = params.variables as Record<string, unknown>
  if ("status" in variables) {
    const body = updateOrderStatusSchema.safeParse(variables)
    if (!body.success) throw httpError(400, body.error.issues[0]?.message ?? "Invalid status")
    await sendJson("PUT", `${orderPath(params.id)}/status`, body.data)
  } else if ("shippingAddress" in variables) {
    const body = updateShippingAddressSchema.safeParse(variables)
    if (!body.success) throw httpError(400, body.error.issues[0]?.message ?? "Invalid shipping address")
    await sendJson("PUT", `${orderPath(params.id)}/shipping-address`, body.data)
  } else {
    throw httpError(400, "An order update changes its status or its shipping address")
  }
  const id = Number(params.id)
  const order = (await fetchOrders()).find((o) => o.id === id)
  if (!order) throw httpError(404, `Order #${String(params.id)} was not found`)
  return { data: orderSchema.parse(order) }
}

async function deleteOrder(params: DeleteOneParams): Promise<DeleteOneResponse<Order>> {
  await sendJson("DELETE", orderPath(params.id))
  return { data: { id: params.id } as Order }
}

/** GET /api/admin/order-user/{userId}: the customer profile behind an order. */
export async function fetchOrderCustomer(userId: number, signal?: AbortSignal): Promise<User> {
  const path = `/admin/order-user/${encodeURIComponent(String(userId))}`
  return validated(userSchema.safeParse(await getJson(path, signal)), path)
}

/** GET /api/admin/unfinalised-payments: payments taken without an order. */
export async function fetchUnfinalisedPayments(signal?: AbortSignal): Promise<UnfinalisedPayment[]> {
  const path = "/admin/unfinalised-payments"
  return validated(unfinalisedPaymentListSchema.safeParse(await getJson(path, signal)), path)
}

export const orders: ResourceHandler = { getList: listOrders, getOne: getOrder, update: updateOrder, deleteOne: deleteOrder }
