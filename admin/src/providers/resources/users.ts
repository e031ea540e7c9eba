import { userListSchema, type User } from "@enclave/contract"
import type { CrudFilter, GetListParams, GetListResponse } from "@refinedev/core"
import { getJson, httpError, signalOf, validated } from "../http"
import type { ResourceHandler } from "./resource"

/** The filter the user list's search box sets: username, email or full name contains the text. */
export const USER_SEARCH_FIELD = "q"

const DEFAULT_PAGE_SIZE = 10

function searchText(filters: readonly CrudFilter[]): string {
  let search = ""
  for (const filter of filters) {
    if ("field" in filter && filter.field === USER_SEARCH_FIELD && filter.operator === "contains") {
      if (filter.value !== undefined && filter.value !== null) search = String(filter.value)
      continue
    }
    throw httpError(400, `The user list cannot filter by ${JSON.stringify(filter)}`)
  }
  return search.trim().toLowerCase()
}

/** SPEC §9 user search: username, email or full name, case-insensitive; ordered by id. */
export function queryUsers(users: readonly User[], params: Pick<GetListParams, "filters" | "pagination"> = {}): GetListResponse<User> {
  const search = searchText(params.filters ?? [])
  const matches = users
    .filter((u) => search === "" || [u.username, u.email, u.fullName ?? ""].some((field) => field.toLowerCase().includes(search)))
    .sort((a, b) => a.id - b.id)
  if ((params.pagination?.mode ?? "server") !== "server") return { data: matches, total: matches.length }
  const pageSize = Math.max(1, params.pagination?.pageSize ?? DEFAULT_PAGE_SIZE)
  const currentPage = Math.max(1, params.pagination?.currentPage ?? 1)
  const start = (currentPage - 1) * pageSize
  return { data: matches.slice(start, start + pageSize), total: matches.length }
}

async function listUsers(params: GetListParams): Promise<GetListResponse<User>> {
  const path = "/admin/users"
  const users = validated(userListSchema.safeParse(await getJson(path, signalOf(params.meta))), path)
  return queryUsers(users, params)
}

/** View only (SPEC §2): the facade has no calls to change accounts. */
export const users: ResourceHandler = { getList: listUsers }
