import type { Product } from "@enclave/contract"
import { describe, expect, it } from "vitest"
import {
  alternates,
  canonicalAddress,
  languageOfAddress,
  productStructuredData,
  publicOrigin,
  robotsTxt,
  scriptJson,
  sitemapXml,
  summary,
  withoutLanguage,
} from "./seo"

const product: Product = {
  id: 7,
  name: "Phone </script><b>",
  description: "Short.",
  price: "899.00",
  imageUrl: "/images/products/base.svg",
  category: "phone",
  securityLevel: 3,
  stockQuantity: 3,
} as Product

describe("addresses by language", () => {
  it("reads ?lang= only for a known language", () => {
    expect(languageOfAddress(new URL("http://s/p?lang=de"))).toBe("de")
    expect(languageOfAddress(new URL("http://s/p?lang=fr"))).toBeNull()
    expect(languageOfAddress(new URL("http://s/p?lang=DE"))).toBeNull()
    expect(languageOfAddress(new URL("http://s/p"))).toBeNull()
  })

  it("drops lang from a return path and keeps the rest", () => {
    expect(withoutLanguage("/products?lang=de&q=fold#top")).toBe("/products?q=fold#top")
    expect(withoutLanguage("/product/1?lang=en")).toBe("/product/1")
    expect(withoutLanguage("/")).toBe("/")
  })

  it("prefers PUBLIC_URL's origin, ignores one that is no address", () => {
    const request = new URL("http://127.0.0.1:8000/product/1")
    expect(publicOrigin(request, "https://enclave.shop/some/path")).toBe("https://enclave.shop")
    expect(publicOrigin(request, "not a url")).toBe("http://127.0.0.1:8000")
    expect(publicOrigin(request, undefined)).toBe("http://127.0.0.1:8000")
  })

  it("pairs each page's languages and names the negotiated address x-default", () => {
    expect(alternates("https://e.shop", "/products")).toEqual([
      { hreflang: "en", href: "https://e.shop/products?lang=en" },
      { hreflang: "de", href: "https://e.shop/products?lang=de" },
      { hreflang: "x-default", href: "https://e.shop/products" },
    ])
  })

  it("names each address of the hreflang set its own canonical, the negotiated one included", () => {
    const set = alternates("https://e.shop", "/products").map((a) => a.href)
    for (const requested of ["/products?lang=de&q=fold", "/products?lang=en", "/products", "/products?q=fold"]) {
      const canonical = canonicalAddress("https://e.shop", new URL(requested, "http://127.0.0.1:4321"))
      expect(set).toContain(canonical)
      expect(canonical).toBe(requested.includes("lang=de") ? set[1] : requested.includes("lang=en") ? set[0] : set[2])
    }
  })
})

describe("descriptions", () => {
  it("keeps a short text whole and cuts a long one at a word, within 160 characters", () => {
    expect(summary("  Two\nlines.  ")).toBe("Two lines.")
    const long = "Hardened firmware, verified boot and a hardware key store, ".repeat(5)
    const cut = summary(long)
    expect(cut.length).toBeLessThanOrEqual(160)
    expect(cut.endsWith("…")).toBe(true)
    expect(long).toContain(cut.slice(0, -1))
    expect(cut).not.toMatch(/[ ,]…$/)
  })
})

describe("schema.org Product", () => {
  it("says price in euros and availability from the stock band", () => {
    const data = productStructuredData(product, "https://e.shop", "de")
    expect(data.offers).toMatchObject({ price: "899.00", priceCurrency: "EUR", availability: "https://schema.org/LimitedAvailability" })
    expect(data.offers.url).toBe("https://e.shop/product/7?lang=de")
    expect(data.image).toBe("https://e.shop/images/products/base.svg")
    expect(productStructuredData({ ...product, stockQuantity: 0 }, "https://e.shop", "en").offers.availability).toBe(
      "https://schema.org/OutOfStock",
    )
    expect(productStructuredData({ ...product, stockQuantity: 11 }, "https://e.shop", "en").offers.availability).toBe(
      "https://schema.org/InStock",
    )
  })

  it("cannot close its script element, and parses back to the same data", () => {
    const data = productStructuredData(product, "https://e.shop", "en")
    const text = scriptJson(data)
    expect(text).not.toContain("</script")
    expect(text).not.toContain("<")
    expect(JSON.parse(text)).toEqual(data)
  })
})

describe("sitemap and robots", () => {
  it("lists every page in each language with its alternates, XML-escaped", () => {
    const xml = sitemapXml("https://e.shop", ["/", "/product/1"])
    expect(xml.match(/<url>/g)).toHaveLength(4)
    expect(xml).toContain("<loc>https://e.shop/product/1?lang=de</loc>")
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://e.shop/product/1"/>')
    expect(sitemapXml("https://e.shop", ["/a&b"])).toContain("/a&amp;b?lang=en")
  })

  it("keeps crawlers out of the API and the admin and names the sitemap", () => {
    expect(robotsTxt("https://e.shop")).toBe("User-agent: *\nDisallow: /api/\nDisallow: /admin/\n\nSitemap: https://e.shop/sitemap.xml\n")
  })
})
