import { userListSchema, userSchema, type User } from "@enclave/contract"
import type { GetListParams, GetListResponse, GetOneParams, GetOneResponse } from "@refinedev/core"
import { getJson, signalOf, validated } from "../http"
import { fetchList, paginate, searchTextOf, type ResourceHandler } from "./resource"

/** The filter the user list's search box sets: username, email or full name contains the text. */
export const USER_SEARCH_FIELD = "q"

/** docs/product.md §9 user search: username, email or full name, case-insensitive; ordered by id. */
export function queryUsers(users: readonly User[], params: Pick<GetListParams, "filters" | "pagination"> = {}): GetListResponse<User> {
  const search = searchTextOf(params.filters ?? [], USER_SEARCH_FIELD, "user")
    .trim()
    .toLowerCase()
  const matches = users
    .filter((u) => search === "" || [u.username, u.email, u.fullName ?? ""].some((field) => field.toLowerCase().includes(search)))
    .sort((a, b) => a.id - b.id)
  return paginate(matches, params.pagination)
}

async function listUsers(params: GetListParams): Promise<GetListResponse<User>> {
  return queryUsers(await fetchList("/admin/users", userListSchema, signalOf(params.meta)), params)
}

/** One account: GET /api/admin/order-user/{userId}, the customer profile the order pages show. */
async function getUser(params: GetOneParams): Promise<GetOneResponse<User>> {
  const path = `/admin/order-user/${encodeURIComponent(String(params.id))}`
  return { data: validated(userSchema.safeParse(await getJson(path, signalOf(params.meta))), path) }
}

/** View only (docs/product.md §2): the facade has no calls to change accounts. */
export const users: ResourceHandler = { getList: listUsers, getOne: getUser }
