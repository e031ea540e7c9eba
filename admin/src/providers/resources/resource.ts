import type {
  BaseRecord,
  CreateParams,
  CreateResponse,
  CrudFilter,
  CustomParams,
  CustomResponse,
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
import { getJson, httpError, sendJson, signalOf, validated, type ParseResult } from "../http"

/**
 * What one admin resource can do over /api/admin/* (providers/resources/<resource>.ts). A method
 * a resource leaves out is refused with a 405 by the data provider: the facade has no such call.
 */
export interface ResourceHandler {
  getList?: (params: GetListParams) => Promise<GetListResponse<BaseRecord>>
  getOne?: (params: GetOneParams) => Promise<GetOneResponse<BaseRecord>>
  create?: (params: CreateParams) => Promise<CreateResponse<BaseRecord>>
  update?: (params: UpdateParams) => Promise<UpdateResponse<BaseRecord>>
  deleteOne?: (params: DeleteOneParams) => Promise<DeleteOneResponse<BaseRecord>>
  /** The resource's calls that are no CRUD (useCustom/useCustomMutation with `meta.resource` naming it). */
  custom?: (params: CustomParams) => Promise<CustomResponse<BaseRecord>>
}

/** What Refine passes to one of a resource's calls, e.g. `CallParams<"getOne">` (GetOneParams). */
export type CallParams<K extends keyof ResourceHandler> = Parameters<NonNullable<ResourceHandler[K]>>[0]

/*
 * The facade answers whole lists; a list resource searches, sorts and pages them in the browser
 * with the helpers below (Refine's filters, sorters and pagination as the table sends them).
 */

/** The page size when Refine names none. */
export const DEFAULT_PAGE_SIZE = 10

/** A contract schema (zod): what `validated` checks an answer against. */
export interface ListSchema<T> {
  safeParse(value: unknown): ParseResult<T>
}

/** GET a whole list from the facade; an answer outside the contract is a 502. */
export async function fetchList<T>(path: string, schema: ListSchema<T>, signal?: AbortSignal): Promise<T> {
  return validated(schema.safeParse(await getJson(path, signal)), path)
}

/**
 * The text of a list's one search filter (`field` contains text; "" when absent or empty, the last
 * one if several). Any other filter is refused with a 400 naming the list ("product", "order" …).
 */
export function searchTextOf(filters: readonly CrudFilter[], field: string, list: string): string {
  let search = ""
  for (const filter of filters) {
    if ("field" in filter && filter.field === field && filter.operator === "contains") {
      if (filter.value !== undefined && filter.value !== null) search = String(filter.value)
      continue
    }
    throw httpError(400, `The ${list} list cannot filter by ${JSON.stringify(filter)}`)
  }
  return search
}

/**
 * One page of the matches (Refine's server pagination: page from 1, size at least 1, default
 * DEFAULT_PAGE_SIZE); any other mode gets them all. `total` counts every match.
 */
export function paginate<T>(matches: T[], pagination?: Pagination): GetListResponse<T> {
  if ((pagination?.mode ?? "server") !== "server") return { data: matches, total: matches.length }
  const pageSize = Math.max(1, pagination?.pageSize ?? DEFAULT_PAGE_SIZE)
  const currentPage = Math.max(1, pagination?.currentPage ?? 1)
  const start = (currentPage - 1) * pageSize
  return { data: matches.slice(start, start + pageSize), total: matches.length }
}

/**
 * One of a resource's non-CRUD calls: its method, its path inside /api with `:name` for each
 * variable part, and the contract's schema of its answer.
 */
export interface CustomCall {
  method: "get" | "post" | "put" | "delete"
  path: string
  answer: ListSchema<unknown>
}

function matches(call: CustomCall, method: string, url: string): boolean {
  const pattern = call.path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:[A-Za-z]+/g, "[^/]+")
  return call.method === method.toLowerCase() && new RegExp(`^${pattern}$`).test(url)
}

/**
 * A resource's `custom`: the call whose method and path fit the one asked for is made (a GET with
 * react-query's abort signal, any other with the payload as its JSON body and the given headers) and its
 * answer checked against the contract; a call the resource does not list is refused with a 404.
 */
export function customCalls(calls: readonly CustomCall[]): NonNullable<ResourceHandler["custom"]> {
  return async (params) => {
    const call = calls.find((candidate) => matches(candidate, params.method, params.url))
    if (!call) throw httpError(404, `The admin has no call ${params.method.toUpperCase()} ${params.url}`)
    const answer =
      call.method === "get"
        ? await getJson(params.url, signalOf(params.meta))
        : await sendJson(
            call.method.toUpperCase() as "POST" | "PUT" | "DELETE",
            params.url,
            params.payload,
            (params.headers ?? {}) as Record<string, string>,
          )
    return { data: validated(call.answer.safeParse(answer), params.url) as BaseRecord }
  }
}
