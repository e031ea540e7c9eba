import {
  compareShippingMethods,
  shippingMethodListSchema,
  shippingMethodSchema,
  type ShippingMethod,
  type ShippingMethodInput,
} from "@enclave/contract"
import type {
  BaseRecord,
  CreateParams,
  CreateResponse,
  DeleteOneParams,
  DeleteOneResponse,
  GetListParams,
  GetListResponse,
  GetOneParams,
  GetOneResponse,
  UpdateParams,
  UpdateResponse,
} from "@refinedev/core"
import { httpError, sendJson, signalOf, validated } from "../http"
import { fetchList, type ResourceHandler } from "./resource"

const LIST_PATH = "/admin/shipping-methods"
const pathOf = (id: string | number) => `${LIST_PATH}/${encodeURIComponent(String(id))}`

/** docs/product.md §4: every list of shipping methods is in sort order (sortOrder, then name, then id). */
export function sortShippingMethods(methods: readonly ShippingMethod[]): ShippingMethod[] {
  return [...methods].sort(compareShippingMethods)
}

async function fetchAll(signal?: AbortSignal): Promise<ShippingMethod[]> {
  return sortShippingMethods(await fetchList(LIST_PATH, shippingMethodListSchema, signal))
}

/** The list is small and whole: no filters, no pagination, always in sort order. */
async function listShippingMethods(params: GetListParams): Promise<GetListResponse<ShippingMethod>> {
  if ((params.filters ?? []).length > 0) throw httpError(400, "The shipping method list cannot be filtered")
  const methods = await fetchAll(signalOf(params.meta))
  return { data: methods, total: methods.length }
}

async function getShippingMethod(params: GetOneParams): Promise<GetOneResponse<ShippingMethod>> {
  const found = (await fetchAll(signalOf(params.meta))).find((m) => String(m.id) === String(params.id))
  if (!found) throw httpError(404, "Shipping method not found")
  return { data: found }
}

/** The facade answers the saved method; an answer outside the contract is a server fault. */
function savedMethod(answer: unknown, path: string): ShippingMethod {
  return validated(shippingMethodSchema.safeParse(answer), path)
}

async function createShippingMethod(params: CreateParams): Promise<CreateResponse<BaseRecord>> {
  const body = params.variables as ShippingMethodInput
  return { data: savedMethod(await sendJson("POST", LIST_PATH, body), LIST_PATH) }
}

async function updateShippingMethod(params: UpdateParams): Promise<UpdateResponse<BaseRecord>> {
  const path = pathOf(params.id)
  return { data: savedMethod(await sendJson("PUT", path, params.variables), path) }
}

async function deleteShippingMethod(params: DeleteOneParams): Promise<DeleteOneResponse<BaseRecord>> {
  await sendJson("DELETE", pathOf(params.id))
  return { data: { id: params.id } }
}

export const shippingMethods: ResourceHandler = {
  getList: listShippingMethods,
  getOne: getShippingMethod,
  create: createShippingMethod,
  update: updateShippingMethod,
  deleteOne: deleteShippingMethod,
}
