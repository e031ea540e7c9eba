import {
  productListSchema,
  productSchema,
  queryCatalogue,
  type Product,
} from "@enclave/contract"
import type {
  BaseRecord,
  CrudFilter,
  CrudSort,
  DataProvider,
  GetListParams,
  GetListResponse,
  GetOneParams,
  GetOneResponse,
  HttpError,
  Pagination,
} from "@refinedev/core"

/**
 * The admin's only HTTP layer. The front door serves the admin and the /api facade on one
 * origin, so every call is a relative URL sent with the session cookie.
 *
 * The facade answers whole lists (GET /api/products has no query parameters), so search,
 * sorting and pagination happen here, in the browser: the admin catalogue is small.
 *
 * Only what the admin's pages use is implemented; methods arrive with the pages that need them.
 */
export const API_URL = "/api"

/** The filter the product list's search box sets: name or description contains the text. */
export const PRODUCT_SEARCH_FIELD = "q"

/** SPEC §9: admin sort options; default id ascending. */
export const productSortFields = ["id", "name", "price", "stockQuantity", "securityLevel"] as const
export type ProductSortField = (typeof productSortFields)[number]

const DEFAULT_PAGE_SIZE = 10

function httpError(statusCode: number, message: string, extra: Record<string, unknown> = {}): HttpError {
  return { ...extra, message, statusCode }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

/**
 * SPEC §8: a JSON error body gives the message (or the status text), details ('' if absent)
 * and all its other fields; any other body gives its text (or the status text).
 */
async function errorFromResponse(response: Response): Promise<HttpError> {
  const text = await response.text().catch(() => "")
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  if (isRecord(body)) {
    const message = typeof body.message === "string" && body.message !== "" ? body.message : response.statusText
    return httpError(response.status, message, { ...body, details: body.details ?? "" })
  }
  return httpError(response.status, text.trim() || response.statusText || "Request failed", { details: "" })
}

async function getJson(path: string, signal?: AbortSignal): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(`${API_URL}${path}`, {
      credentials: "include",
      headers: { Accept: "application/json" },
      signal,
    })
  } catch (cause) {
    // An aborted query (page left, refetch) is react-query's business, not an error to show.
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause
    throw httpError(0, "Could not reach the server. Check your connection and try again.")
  }
  if (!response.ok) throw await errorFromResponse(response)
  try {
    return await response.json()
  } catch {
    throw httpError(502, `GET ${API_URL}${path} did not answer JSON`)
  }
}

type ParseResult<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } }

/** The contract is the answer's shape: anything else is a server fault, reported as a 502. */
function validated<T>(result: ParseResult<T>, path: string): T {
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join(".")}: ` : ""
  throw httpError(502, `GET ${API_URL}${path} answered data outside the contract (${where}${issue?.message ?? "invalid"})`)
}

function signalOf(meta: GetListParams["meta"]): AbortSignal | undefined {
  // Refine puts react-query's abort signal into meta.
  const signal: unknown = meta?.signal
  return signal instanceof AbortSignal ? signal : undefined
}

function searchText(filters: readonly CrudFilter[]): string {
  let search = ""
  for (const filter of filters) {
    if ("field" in filter && filter.field === PRODUCT_SEARCH_FIELD && filter.operator === "contains") {
      if (filter.value !== undefined && filter.value !== null) search = String(filter.value)
      continue
    }
    throw httpError(400, `The product list cannot filter by ${JSON.stringify(filter)}`)
  }
  return search
}

function isSortField(field: string): field is ProductSortField {
  return (productSortFields as readonly string[]).includes(field)
}

const sortValue: Record<ProductSortField, (p: Product) => number | string> = {
  id: (p) => p.id,
  name: (p) => p.name,
  price: (p) => Number(p.price),
  stockQuantity: (p) => p.stockQuantity,
  securityLevel: (p) => p.securityLevel,
}

function compareBy(sorters: readonly CrudSort[]): (a: Product, b: Product) => number {
  const keys = sorters.map((sorter) => {
    if (!isSortField(sorter.field)) {
      throw httpError(400, `The product list cannot sort by ${sorter.field}`)
    }
    return { value: sortValue[sorter.field], direction: sorter.order === "desc" ? -1 : 1 }
  })
  return (a, b) => {
    for (const { value, direction } of keys) {
      const x = value(a)
      const y = value(b)
      const order = typeof x === "string" && typeof y === "string" ? x.localeCompare(y) : Number(x) - Number(y)
      if (order !== 0) return order * direction
    }
    return a.id - b.id
  }
}

export interface ProductQuery {
  filters?: readonly CrudFilter[]
  sorters?: readonly CrudSort[]
  pagination?: Pagination
}

/**
 * Search (name or description, case-insensitive, as the catalogue does), sort (default id
 * ascending, ties by id) and paginate a product list. `total` counts every match.
 */
export function queryProducts(products: readonly Product[], query: ProductQuery = {}): GetListResponse<Product> {
  const matches = queryCatalogue(products, { search: searchText(query.filters ?? []) })
  matches.sort(compareBy(query.sorters ?? []))
  const mode = query.pagination?.mode ?? "server"
  if (mode !== "server") return { data: matches, total: matches.length }
  const pageSize = Math.max(1, query.pagination?.pageSize ?? DEFAULT_PAGE_SIZE)
  const currentPage = Math.max(1, query.pagination?.currentPage ?? 1)
  const start = (currentPage - 1) * pageSize
  return { data: matches.slice(start, start + pageSize), total: matches.length }
}

async function listProducts(params: GetListParams): Promise<GetListResponse<Product>> {
  const path = "/products"
  const products = validated(productListSchema.safeParse(await getJson(path, signalOf(params.meta))), path)
  return queryProducts(products, params)
}

async function getProduct(params: GetOneParams): Promise<GetOneResponse<Product>> {
  const path = `/products/${encodeURIComponent(String(params.id))}`
  const product = validated(productSchema.safeParse(await getJson(path, signalOf(params.meta))), path)
  return { data: product }
}

type ResourceReads = {
  getList: (params: GetListParams) => Promise<GetListResponse<BaseRecord>>
  getOne: (params: GetOneParams) => Promise<GetOneResponse<BaseRecord>>
}

const resources: Record<string, ResourceReads> = {
  products: { getList: listProducts, getOne: getProduct },
}

function resourceNamed(name: string): ResourceReads {
  const resource = resources[name]
  if (!resource) throw new Error(`The Enclave data provider has no resource "${name}"`)
  return resource
}

/** The part of Refine's DataProvider the admin implements today. */
export type EnclaveDataProvider = Pick<DataProvider, "getList" | "getOne" | "getApiUrl">

export const enclaveDataProvider: EnclaveDataProvider = {
  getApiUrl: () => API_URL,
  // Refine's generics let a caller name the record type; the resource decides what it is.
  getList: async <TData extends BaseRecord = BaseRecord>(params: GetListParams) =>
    (await resourceNamed(params.resource).getList(params)) as GetListResponse<TData>,
  getOne: async <TData extends BaseRecord = BaseRecord>(params: GetOneParams) =>
    (await resourceNamed(params.resource).getOne(params)) as GetOneResponse<TData>,
}

/**
 * Refine's DataProvider type declares create/update/deleteOne as required, but Refine calls them
 * only from the mutation hooks (useCreate, useUpdate, useDelete, useForm), which no admin page
 * uses yet and no resource declares a create/edit route for. They are added to this file with
 * the pages that use them rather than stubbed.
 */
export const dataProvider = enclaveDataProvider as DataProvider
