import type { APIRoute } from "astro"
import { FacadeApiError } from "../lib/data/http"
import { listProducts } from "../lib/data/products"
import { PUBLIC_PAGES, publicOrigin, sitemapXml } from "../lib/seo"

/**
 * Every public page in both languages, the product pages read from the catalogue on each
 * request (the facade answers from its cache until the catalogue changes), so a product added or
 * deleted in the admin is in or out on the next request.
 */
export const GET: APIRoute = async ({ url }) => {
  let productIds: number[]
  try {
    productIds = (await listProducts()).map((product) => product.id)
  } catch (error) {
    if (!(error instanceof FacadeApiError)) throw error
    console.error(`[storefront] /sitemap.xml: product API unavailable: ${error.message}`)
    return new Response("The catalogue is unavailable; try again shortly.\n", {
      status: 503,
      headers: { "content-type": "text/plain; charset=utf-8", "retry-after": "30", "cache-control": "no-store" },
    })
  }
  const pages = [...PUBLIC_PAGES, ...productIds.map((id) => `/product/${id}`)]
  return new Response(sitemapXml(publicOrigin(url), pages), {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "no-cache" },
  })
}
