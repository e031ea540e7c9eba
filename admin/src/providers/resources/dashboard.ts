import type { BaseRecord, CustomParams, CustomResponse } from "@refinedev/core"
import { getJson, httpError, signalOf } from "../http"
import type { ResourceHandler } from "./resource"

/**
 * The lists the dashboard reads, each whole from the facade (docs/product.md §2): the users, the catalogue and
 * the orders. They are the contract's types without zod's checks: the dashboard only shows them, and zod would
 * add a tenth to the first screen's download (the editing pages, loaded later, check with the contract's schemas).
 */
export const DASHBOARD_LISTS = { users: "/admin/users", products: "/products", orders: "/admin/orders" } as const

const readable = new Set<string>(Object.values(DASHBOARD_LISTS))

async function readList(params: CustomParams): Promise<CustomResponse<BaseRecord>> {
  if (params.method !== "get" || !readable.has(params.url)) {
    throw httpError(404, `The dashboard has no call ${params.method.toUpperCase()} ${params.url}`)
  }
  const body = await getJson(params.url, signalOf(params.meta))
  if (!Array.isArray(body)) throw httpError(502, `GET /api${params.url} did not answer a list`)
  return { data: body as unknown as BaseRecord }
}

export const dashboardLists: ResourceHandler = { custom: readList }
