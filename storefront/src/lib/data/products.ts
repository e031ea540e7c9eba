/**
 * Every server call for products lives here (house style: one file per resource under lib/data): the catalogue,
 * asked through the page cache's revalidating GET (http.ts).
 */
import { compareDefaultOrder, productIdSchema, productListSchema, productSchema, type Product } from "@enclave/contract"
import type { Language } from "@enclave/contract/i18n"
import { apiRoutes, routePath } from "../api-routes"
import { getCatalogueJson } from "./http"

export const PRODUCTS_PATH = routePath(apiRoutes.products)

/**
 * All products, in the shop's default order (Base, Medium, Premium; phones, accessories, services), with
 * their texts in `language` (English where a product has no German text).
 */
export async function listProducts(language: Language = "en"): Promise<Product[]> {
  const products = (await getCatalogueJson(PRODUCTS_PATH, productListSchema, false, language))!
  // The API already answers in this order; sorting again keeps the pages right whatever the backend does.
  // A copy: the list itself is kept for the next request (catalogue-answers.ts).
  return [...products].sort(compareDefaultOrder)
}

/**
 * One product by its id as written in a URL path. Returns null when the id is not a whole number
 * (no request is made) or when the API answers 404.
 */
export async function getProduct(id: string | number, language: Language = "en"): Promise<Product | null> {
  const parsedId = productIdSchema.safeParse(String(id))
  if (!parsedId.success) return null
  return getCatalogueJson(routePath(apiRoutes.product, { id: parsedId.data }), productSchema, true, language)
}
