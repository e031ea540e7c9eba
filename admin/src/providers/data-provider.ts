import type {
  BaseRecord,
  CreateParams,
  CreateResponse,
  CustomParams,
  CustomResponse,
  DataProvider,
  DeleteOneParams,
  DeleteOneResponse,
  GetListParams,
  GetListResponse,
  GetOneParams,
  GetOneResponse,
  UpdateParams,
  UpdateResponse,
} from "@refinedev/core"
import { adminResources } from "../resources"
import { API_URL, httpError } from "./http"
import type { ResourceHandler } from "./resources/resource"

/**
 * Refine's data provider over the /api facade, for the resources of the admin's one table (resources.tsx):
 * each resource's calls live in providers/resources/<resource>.ts. The facade answers whole lists, so
 * search, sorting and pagination happen in the browser (the back office's lists are small).
 *
 * A resource's code (and the contract's zod schemas it checks answers with) is loaded on its
 * first call, with the page that makes it.
 */
const handlers = new Map(adminResources.flatMap((resource) => (resource.data ? [[resource.name, resource.data] as const] : [])))

/** The resources the data provider answers for: the table's resources that have calls. */
export const dataResourceNames: readonly string[] = [...handlers.keys()]

async function handler<K extends keyof ResourceHandler>(resource: string, method: K): Promise<NonNullable<ResourceHandler[K]>> {
  const load = handlers.get(resource)
  if (!load) throw httpError(404, `The admin has no resource "${resource}"`)
  const call = (await load())[method]
  if (!call) throw httpError(405, `The admin cannot ${method} ${resource}`)
  return call as NonNullable<ResourceHandler[K]>
}

/** A custom call belongs to a resource too: `meta.resource` names it. */
function resourceOfCall(params: CustomParams): string {
  const resource = params.meta?.resource
  if (typeof resource !== "string")
    throw httpError(400, `The call ${params.method.toUpperCase()} ${params.url} names no resource (meta.resource)`)
  return resource
}

export const dataProvider: DataProvider = {
  getApiUrl: () => API_URL,
  // Refine's generics let a caller name the record type; the resource decides what it is.
  getList: async <TData extends BaseRecord = BaseRecord>(params: GetListParams) =>
    (await (
      await handler(params.resource, "getList")
    )(params)) as GetListResponse<TData>,
  getOne: async <TData extends BaseRecord = BaseRecord>(params: GetOneParams) =>
    (await (
      await handler(params.resource, "getOne")
    )(params)) as GetOneResponse<TData>,
  create: async <TData extends BaseRecord = BaseRecord, TVariables = object>(params: CreateParams<TVariables>) =>
    (await (
      await handler(params.resource, "create")
    )(params as CreateParams)) as CreateResponse<TData>,
  update: async <TData extends BaseRecord = BaseRecord, TVariables = object>(params: UpdateParams<TVariables>) =>
    (await (
      await handler(params.resource, "update")
    )(params as UpdateParams)) as UpdateResponse<TData>,
  deleteOne: async <TData extends BaseRecord = BaseRecord, TVariables = object>(params: DeleteOneParams<TVariables>) =>
    (await (
      await handler(params.resource, "deleteOne")
    )(params as DeleteOneParams)) as DeleteOneResponse<TData>,
  custom: async <TData extends BaseRecord = BaseRecord, TQuery = unknown, TPayload = unknown>(params: CustomParams<TQuery, TPayload>) =>
    (await (
      await handler(resourceOfCall(params as CustomParams), "custom")
    )(params as CustomParams)) as CustomResponse<TData>,
}
