import type { Product } from "@enclave/contract"
import { stockState } from "@enclave/contract/values"
import { isLanguage, languages, type Language } from "../i18n"
import { productImageUrl } from "./images"

/**
 * What search engines read. Every page is negotiated (the
 * `language` cookie, else the browser's language), so each language also has an address of its own,
 * `?lang=de`, that search engines can list and link as alternates; the plain address is the
 * x-default.
 */
export const LANGUAGE_PARAM = "lang"

/** The language the address asks for (`?lang=de`), or null when it leaves it to negotiation. */
export function languageOfAddress(url: URL): Language | null {
  const asked = url.searchParams.get(LANGUAGE_PARAM)
  return isLanguage(asked) ? asked : null
}

/** The same address without `lang`: where a language choice returns to (the choice then decides). */
export function withoutLanguage(pathAndQuery: string): string {
  const url = new URL(pathAndQuery, "http://x")
  url.searchParams.delete(LANGUAGE_PARAM)
  return `${url.pathname}${url.search}${url.hash}`
}

/**
 * The shop's public address: PUBLIC_URL when the deployment sets it (behind a TLS proxy the request
 * says http), else the address the request came to.
 */
export function publicOrigin(requestUrl: URL, configured: string | undefined = process.env.PUBLIC_URL): string {
  if (configured) {
    try {
      return new URL(configured).origin
    } catch {
      // A PUBLIC_URL that is no address is ignored rather than written into every page.
    }
  }
  return requestUrl.origin
}

/** A page's address in one language. */
export function addressIn(origin: string, pathname: string, language: Language): string {
  return `${origin}${pathname}?${LANGUAGE_PARAM}=${language}`
}

/**
 * The canonical address of the page as requested: itself, one of its hreflang set. A language's
 * address names itself; the plain (negotiated, x-default) address names itself too. Pointing the
 * plain address at the language it happened to be rendered in makes two members of one hreflang set
 * disagree about which is canonical, which search engines (Bing's rule, Lighthouse's `canonical`
 * audit) take as an invalid canonical.
 */
export function canonicalAddress(origin: string, requestUrl: URL): string {
  const language = languageOfAddress(requestUrl)
  return language ? addressIn(origin, requestUrl.pathname, language) : `${origin}${requestUrl.pathname}`
}

export interface Alternate {
  hreflang: Language | "x-default"
  href: string
}

/** The hreflang set of a page: each language's address and the negotiated one as x-default. */
export function alternates(origin: string, pathname: string): Alternate[] {
  return [
    ...languages.map((language) => ({ hreflang: language, href: addressIn(origin, pathname, language) })),
    { hreflang: "x-default", href: `${origin}${pathname}` },
  ]
}

/** A page's description for search results: the first sentences of a text, at most 160 characters. */
export function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim()
  if (flat.length <= max) return flat
  const cut = flat.slice(0, max - 1)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2)).replace(/[,;:.\s]+$/, "")}…`
}

const AVAILABILITY = {
  in_stock: "https://schema.org/InStock",
  low_stock: "https://schema.org/LimitedAvailability",
  out_of_stock: "https://schema.org/OutOfStock",
} as const

/** schema.org Product of a product page: name, picture, price in euros and availability from the stock. */
export function productStructuredData(product: Product, origin: string, language: Language) {
  const image = productImageUrl(product.imageUrl)
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: summary(product.description, 5000),
    sku: String(product.id),
    image: new URL(image, origin).href,
    brand: { "@type": "Brand", name: "Enclave" },
    offers: {
      "@type": "Offer",
      url: addressIn(origin, `/product/${product.id}`, language),
      price: product.price,
      priceCurrency: "EUR",
      availability: AVAILABILITY[stockState(product.stockQuantity)],
      itemCondition: "https://schema.org/NewCondition",
    },
  }
}

/**
 * JSON for a `<script type="application/ld+json">`: `<` is escaped so no text in it (a product name
 * an admin typed) can close the script element.
 */
export function scriptJson(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c")
}

const xmlEscapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" }
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => xmlEscapes[c])

/** sitemap.xml: every page in each language, each entry naming its alternates (Google's hreflang in sitemaps). */
export function sitemapXml(origin: string, pathnames: string[]): string {
  const entries = pathnames.flatMap((pathname) =>
    languages.map((language) => {
      const links = alternates(origin, pathname)
        .map((a) => `    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${xml(a.href)}"/>`)
        .join("\n")
      return `  <url>\n    <loc>${xml(addressIn(origin, pathname, language))}</loc>\n${links}\n  </url>`
    }),
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join("\n")}\n</urlset>\n`
}

/** The pages search engines may index, beside the product pages: the catalogue and the shop's legal and service pages. */
export const PUBLIC_PAGES = ["/", "/products", "/shipping", "/returns", "/terms", "/privacy", "/imprint"]

/** robots.txt: everything but the API and the back office, and where the sitemap is. */
export function robotsTxt(origin: string): string {
  return ["User-agent: *", "Disallow: /api/", "Disallow: /admin/", "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n")
}
