import { orderListSchema, orderSchema, updateOrderStatusSchema, updateShippingAddressSchema, type Order } from "@enclave/contract"
import type { CrudFilter, GetListResponse, Pagination } from "@refinedev/core"
import { httpError, sendJson, signalOf, validated } from "../http"
import { fetchList, paginate, searchTextOf, type CallParams, type ResourceHandler } from "./resource"

/** The filter the order list's search box sets: id, user id, total or status contains the text. */
export const ORDER_SEARCH_FIELD = "q"

/** The order list's "Unpaid invoices only" filter: `invoice` eq `unpaid`. */
export const UNPAID_INVOICES_FILTER = { field: "invoice", operator: "eq", value: "unpaid" } as const satisfies CrudFilter

export function isUnpaidInvoicesFilter(filter: CrudFilter): boolean {
  return "field" in filter && filter.field === UNPAID_INVOICES_FILTER.field && filter.operator === "eq" && filter.value === "unpaid"
}

/** An invoice order whose money is still owed: not paid and not cancelled (a cancelled order owes nothing). */
export function isUnpaidInvoice(order: Pick<Order, "status" | "invoice">): boolean {
  return Boolean(order.invoice && !order.invoice.paidAt && order.status !== "cancelled")
}

/** docs/product.md §9: order search matches id, userId, total or status (case-insensitive, part of the text). */
export function orderMatches(order: Order, search: string): boolean {
  const text = search.trim().toLowerCase().replace(/^#/, "")
  if (text === "") return true
  const fields = [String(order.id), order.userId === null ? "" : String(order.userId), order.total, order.status]
  return fields.some((field) => field.toLowerCase().includes(text))
}

/** docs/product.md §9: orders are sorted newest first (ties: higher id first). */
export function newestFirst(a: Order, b: Order): number {
  const order = Date.parse(b.createdAt) - Date.parse(a.createdAt)
  return order !== 0 ? order : b.id - a.id
}

export interface OrderQuery {
  filters?: readonly CrudFilter[]
  pagination?: Pagination
}

/** Search (and keep only unpaid invoices when asked), order newest first and paginate an order list; `total` counts every match. */
export function queryOrders(orders: readonly Order[], query: OrderQuery = {}): GetListResponse<Order> {
  const filters = query.filters ?? []
  const unpaidOnly = filters.some(isUnpaidInvoicesFilter)
  const search = searchTextOf(
    filters.filter((filter) => !isUnpaidInvoicesFilter(filter)),
    ORDER_SEARCH_FIELD,
    "order",
  )
    .trim()
    .toLowerCase()
  const matches = orders.filter((order) => orderMatches(order, search) && (!unpaidOnly || isUnpaidInvoice(order))).sort(newestFirst)
  return paginate(matches, query.pagination)
}

const LIST_PATH = "/admin/orders"

async function fetchOrders(signal?: AbortSignal): Promise<Order[]> {
  return fetchList(LIST_PATH, orderListSchema, signal)
}

async function listOrders(params: CallParams<"getList">): Promise<GetListResponse<Order>> {
  return queryOrders(await fetchOrders(signalOf(params.meta)), params)
}

/** The facade has no single-order admin call: the order is read from the (small) list; 404 when it is not there. */
async function findOrder(id: string | number, signal?: AbortSignal): Promise<Order> {
  const order = (await fetchOrders(signal)).find((o) => o.id === Number(id))
  if (!order) throw httpError(404, `Order #${String(id)} was not found`)
  return order
}

async function getOrder(params: CallParams<"getOne">): Promise<{ data: Order }> {
  return { data: await findOrder(params.id, signalOf(params.meta)) }
}

function orderPath(id: string | number): string {
  return `${LIST_PATH}/${encodeURIComponent(String(id))}`
}

/**
 * An update is a status change ({status}: PUT .../status), an address change
 * ({shippingAddress}: PUT .../shipping-address) or an invoice's money recorded as received
 * ({paid: true}: POST .../mark-paid); the answer is the order as the list now has it.
 */
async function updateOrder(params: CallParams<"update">): Promise<{ data: Order }> {
  const variables = params.variables as Record<string, unknown>
  if (variables.paid === true) {
    return {
      data: validated(orderSchema.safeParse(await sendJson("POST", `${orderPath(params.id)}/mark-paid`)), "/admin/orders/mark-paid"),
    }
  }
  if ("status" in variables) {
    const body = updateOrderStatusSchema.safeParse(variables)
    if (!body.success) throw httpError(400, body.error.issues[0]?.message ?? "Invalid status")
    await sendJson("PUT", `${orderPath(params.id)}/status`, body.data)
  } else if ("shippingAddress" in variables) {
    const body = updateShippingAddressSchema.safeParse(variables)
    if (!body.success) throw httpError(400, body.error.issues[0]?.message ?? "Invalid shipping address")
    await sendJson("PUT", `${orderPath(params.id)}/shipping-address`, body.data)
  } else {
    throw httpError(400, "An order update changes its status or its shipping address, or marks its invoice paid")
  }
  return { data: orderSchema.parse(await findOrder(params.id)) }
}

async function deleteOrder(params: CallParams<"deleteOne">): Promise<{ data: Order }> {
  await sendJson("DELETE", orderPath(params.id))
  return { data: { id: params.id } as Order }
}

export const orders: ResourceHandler = { getList: listOrders, getOne: getOrder, update: updateOrder, deleteOne: deleteOrder }
