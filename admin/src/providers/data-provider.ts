import type {
  BaseRecord,
  CreateParams,
  CreateResponse,
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
import { API_URL, httpError } from "./http"
import type { ResourceHandler } from "./resources/resource"

/**
 * Refine's data provider over the /api facade: each resource's calls live in
 * providers/resources/<resource>.ts. The facade answers whole lists, so search, sorting and
 * pagination happen in the browser (the back office's lists are small).
 *
 * A resource's code (and the contract's zod schemas it checks answers with) is loaded on its
 * first call, with the page that makes it: the dashboard, the first screen, makes none.
 */
const resources: Record<string, () => Promise<ResourceHandler>> = {
  products: () => import("./resources/products").then((m) => m.products),
  users: () => import("./resources/users").then((m) => m.users),
  orders: () => import("./resources/orders").then((m) => m.orders),
  "payment-config": () => import("./resources/payment-config").then((m) => m.paymentConfig),
  "shipping-methods": () => import("./resources/shipping-methods").then((m) => m.shippingMethods),
}

async function handler<K extends keyof ResourceHandler>(resource: string, method: K): Promise<NonNullable<ResourceHandler[K]>> {
  const load = resources[resource]
  if (!load) throw httpError(404, `The admin has no resource "${resource}"`)
  const call = (await load())[method]
  if (!call) throw httpError(405, `The admin cannot ${method} ${resource}`)
  return call as NonNullable<ResourceHandler[K]>
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
}
