import {
  adminProductListSchema,
  adminProductSchema,
  IMAGE_UPLOAD_FIELD,
  imageUploadAnswerSchema,
  messageSchema,
  queryCatalogue,
  type AdminProduct,
  type AdminProductCreateInput,
  type AdminProductUpdateInput,
  type ImageUploadAnswer,
  type Product,
} from "@enclave/contract"
import { errorMessageOf } from "@enclave/contract/http-errors"
import type { BaseRecord, CrudFilter, CrudSort, CustomParams, CustomResponse, GetListResponse, Pagination } from "@refinedev/core"
import { API_URL, getJson, httpError, sendJson, signalOf, validated } from "../http"
import { fetchList, paginate, searchTextOf, type CallParams, type ResourceHandler } from "./resource"

/** The filter the product list's search box sets: name or description contains the text. */
export const PRODUCT_SEARCH_FIELD = "q"

/** docs/product.md §9: admin sort options; default id ascending. */
export const productSortFields = ["id", "name", "price", "stockQuantity", "securityLevel"] as const
export type ProductSortField = (typeof productSortFields)[number]

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
export function queryProducts<P extends Product>(products: readonly P[], query: ProductQuery = {}): GetListResponse<P> {
  const matches = queryCatalogue(products, { search: searchTextOf(query.filters ?? [], PRODUCT_SEARCH_FIELD, "product") })
  matches.sort(compareBy(query.sorters ?? []))
  return paginate(matches, query.pagination)
}

/**
 * The back office reads products from its own calls: their texts are the English ones with the German ones
 * beside them, whatever the admin's language (the public calls answer in it, and the edit form would then save
 * German text as English).
 */
async function listProducts(params: CallParams<"getList">): Promise<GetListResponse<AdminProduct>> {
  return queryProducts(await fetchList("/admin/products", adminProductListSchema, signalOf(params.meta)), params)
}

async function getProduct(params: CallParams<"getOne">): Promise<{ data: AdminProduct }> {
  const path = productPath(params.id)
  const product = validated(adminProductSchema.safeParse(await getJson(path, signalOf(params.meta))), path)
  return { data: product }
}

function productPath(id: string | number): string {
  return `/admin/products/${encodeURIComponent(String(id))}`
}

/** POST /api/admin/products: the answer is the new product. */
async function createProduct(params: CallParams<"create">): Promise<{ data: AdminProduct }> {
  const path = "/admin/products"
  const product = validated(adminProductSchema.safeParse(await sendJson("POST", path, params.variables as AdminProductCreateInput)), path)
  return { data: product }
}

/** PUT /api/admin/products/{id}: fields left out keep their value. */
async function updateProduct(params: CallParams<"update">): Promise<{ data: AdminProduct }> {
  const path = productPath(params.id)
  const product = validated(adminProductSchema.safeParse(await sendJson("PUT", path, params.variables as AdminProductUpdateInput)), path)
  return { data: product }
}

/** DELETE /api/admin/products/{id}: the answer only says what happened, so the record is the id. */
async function deleteProduct(params: CallParams<"deleteOne">): Promise<{ data: BaseRecord }> {
  const path = productPath(params.id)
  validated(messageSchema.safeParse(await sendJson("DELETE", path)), path)
  return { data: { id: params.id } }
}

/** Where a product's image is uploaded: useCustomMutation's url, with `{ file }` as values (meta.resource "products"). */
export function productImageUploadUrl(id: string | number): string {
  return `${productPath(id)}/upload-image`
}

/** The upload as a custom call; `meta.onProgress` hears the percentage sent. */
async function uploadImageCall(params: CustomParams): Promise<CustomResponse<BaseRecord>> {
  const id = /^\/admin\/products\/([^/]+)\/upload-image$/.exec(params.url)?.[1]
  if (params.method !== "post" || id === undefined)
    throw httpError(404, `The admin has no call ${params.method.toUpperCase()} ${params.url}`)
  const { file } = params.payload as { file: Blob }
  const onProgress = params.meta?.onProgress
  const answer = await uploadProductImage(decodeURIComponent(id), file, {
    onProgress: typeof onProgress === "function" ? (onProgress as (percent: number) => void) : undefined,
  })
  return { data: answer }
}

export const products: ResourceHandler = {
  getList: listProducts,
  getOne: getProduct,
  create: createProduct,
  update: updateProduct,
  deleteOne: deleteProduct,
  custom: uploadImageCall,
}

/** Why an upload failed, in the words of docs/product.md §8 (the page translates the fixed texts). */
export class ImageUploadError extends Error {
  constructor(
    message: string,
    /** "server": the facade refused it and said why (the message); "failed": it failed without a word of why. */
    readonly reason: "non-json" | "server" | "failed",
  ) {
    super(message)
  }
}
export const UPLOAD_NON_JSON_MESSAGE = "Server returned non-JSON response"
export const UPLOAD_FAILED_MESSAGE = "Failed to upload image"

export interface UploadOptions {
  /** 0 to 100 as the body is sent. */
  onProgress?: (percent: number) => void
  signal?: AbortSignal
}

/**
 * POST /api/admin/products/{id}/upload-image as multipart (field `image`), over XMLHttpRequest
 * because fetch cannot report upload progress. A reply that is not JSON fails with 'Server
 * returned non-JSON response'; a JSON failure with its message, else 'Failed to upload image'.
 */
export function uploadProductImage(id: string | number, file: Blob, options: UploadOptions = {}): Promise<ImageUploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    const path = `${productPath(id)}/upload-image`
    xhr.open("POST", `${API_URL}${path}`)
    xhr.withCredentials = true
    xhr.setRequestHeader("Accept", "application/json")
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.round((event.loaded / event.total) * 100))
    }
    xhr.onerror = () => reject(new ImageUploadError(UPLOAD_FAILED_MESSAGE, "failed"))
    xhr.onabort = () => reject(new DOMException("The upload was cancelled", "AbortError"))
    xhr.onload = () => {
      let body: unknown
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        reject(new ImageUploadError(UPLOAD_NON_JSON_MESSAGE, "non-json"))
        return
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        const message = errorMessageOf(body)
        reject(message ? new ImageUploadError(message, "server") : new ImageUploadError(UPLOAD_FAILED_MESSAGE, "failed"))
        return
      }
      const answer = imageUploadAnswerSchema.safeParse(body)
      if (!answer.success) {
        reject(new ImageUploadError(UPLOAD_FAILED_MESSAGE, "failed"))
        return
      }
      options.onProgress?.(100)
      resolve(answer.data)
    }
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true })
    const form = new FormData()
    form.append(IMAGE_UPLOAD_FIELD, file, file instanceof File ? file.name : "image")
    xhr.send(form)
  })
}
