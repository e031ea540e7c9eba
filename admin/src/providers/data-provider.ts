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
import { orders } from "./resources/orders"
import { paymentConfig } from "./resources/payment-config"
import { products } from "./resources/products"
import { shippingMethods } from "./resources/shipping-methods"
import type { ResourceHandler } from "./resources/resource"
import { users } from "./resources/users"

export { USER_SEARCH_FIELD, queryUsers } from "./resources/users"
export { PRODUCT_SEARCH_FIELD, productSortFields, queryProducts, type ProductSortField } from "./resources/products"

/**
 * Refine's data provider over the /api facade: each resource's calls live in
 * providers/resources/<resource>.ts. The facade answers whole lists, so search, sorting and
 * pagination happen in the browser (the back office's lists are small).
 */
const resources: Record<string, ResourceHandler> = {
  products,
  users,
  orders,
  "payment-config": paymentConfig,
  "shipping-methods": shippingMethods,
}

function handler<K extends keyof ResourceHandler>(resource: string, method: K): NonNullable<ResourceHandler[K]> {
  const found = resources[resource]
  if (!found) throw httpError(404, `The admin has no resource "${resource}"`)
  const call = found[method]
  if (!call) throw httpError(405, `The admin cannot ${method} ${resource}`)
  return call as NonNullable<ResourceHandler[K]>
}

export const dataProvider: DataProvider = {
  getApiUrl: () => API_URL,
  // Refine's generics let a caller name the record type; the resource decides what it is.
  getList: async <TData extends BaseRecord = BaseRecord>(params: GetListParams) =>
    (await handler(params.resource, "getList")(params)) as GetListResponse<TData>,
  getOne: async <TData extends BaseRecord = BaseRecord>(params: GetOneParams) =>
    (await handler(params.resource, "getOne")(params)) as GetOneResponse<TData>,
  create: async <TData extends BaseRecord = BaseRecord, TVariables = object>(params: CreateParams<TVariables>) =>
    (await handler(params.resource, "create")(params as CreateParams)) as CreateResponse<TData>,
  update: async <TData extends BaseRecord = BaseRecord, TVariables = object>(params: UpdateParams<TVariables>) =>
    (await handler(params.resource, "update")(params as UpdateParams)) as UpdateResponse<TData>,
  deleteOne: async <TData extends BaseRecord = BaseRecord, TVariables = object>(params: DeleteOneParams<TVariables>) =>
    (await handler(params.resource, "deleteOne")(params as DeleteOneParams)) as DeleteOneResponse<TData>,
}
