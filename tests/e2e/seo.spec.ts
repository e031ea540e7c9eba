/**
 * Found by search engines: robots.txt, sitemap.xml in both languages that follows the
 * catalogue, canonical and hreflang addresses per language (`?lang=`), Open Graph tags and the product
 * pages' schema.org Product data, which must agree with the API's price and stock.
 */
import { productListSchema, productSchema, type Product } from "@enclave/contract"
import type { APIRequestContext, Page } from "@playwright/test"
import { randomBytes } from "node:crypto"
import { TEST_ADMIN_PASSWORD } from "../support/shop.ts"
import { expect, test } from "../support/csp.ts"

const PUBLIC_PAGES = ["/", "/products", "/shipping", "/returns", "/terms", "/privacy", "/imprint"]

async function signInAsAdmin(request: APIRequestContext) {
  expect((await request.post("/api/login", { data: { username: "admin", password: TEST_ADMIN_PASSWORD } })).status()).toBe(200)
}

async function createProduct(request: APIRequestContext, stockQuantity = 20): Promise<Product> {
  const answer = await request.post("/api/admin/products", {
    data: {
      name: `SEO Phone <${randomBytes(3).toString("hex")}> & "friends"`,
      description: "A phone made by the search-engine test. It has a long description. ".repeat(5),
      price: "321.50",
      category: "phone",
      securityLevel: 4,
      stockQuantity,
    },
  })
  expect(answer.status(), await answer.text()).toBe(201)
  return productSchema.parse(await answer.json())
}

async function setStock(request: APIRequestContext, product: Product, stockQuantity: number) {
  const answer = await request.put(`/api/admin/products/${product.id}`, { data: { stockQuantity } })
  expect(answer.status(), await answer.text()).toBe(200)
}

/** The sitemap's entries as the browser's XML parser reads them: each <loc> with its alternates. */
async function readSitemap(page: Page): Promise<Array<{ loc: string; alternates: Record<string, string> }>> {
  const answer = await page.request.get("/sitemap.xml")
  expect(answer.status()).toBe(200)
  expect(answer.headers()["content-type"]).toContain("application/xml")
  const text = await answer.text()
  return page.evaluate((xml) => {
    const doc = new DOMParser().parseFromString(xml, "application/xml")
    if (doc.querySelector("parsererror")) throw new Error("sitemap.xml is not well-formed XML")
    return [...doc.getElementsByTagName("url")].map((url) => ({
      loc: url.getElementsByTagName("loc")[0].textContent ?? "",
      alternates: Object.fromEntries(
        [...url.getElementsByTagNameNS("http://www.w3.org/1999/xhtml", "link")].map((link) => [
          link.getAttribute("hreflang"),
          link.getAttribute("href"),
        ]),
      ),
    }))
  }, text)
}

async function structuredData(page: Page) {
  const scripts = page.locator('script[type="application/ld+json"]')
  await expect(scripts).toHaveCount(1)
  return JSON.parse((await scripts.textContent()) ?? "") as {
    "@type": string
    name: string
    image: string
    offers: { price: string; priceCurrency: string; availability: string; url: string }
  }
}

test("robots.txt lets crawlers read the shop but not the API or the back office, and names the sitemap", async ({ request, baseURL }) => {
  const answer = await request.get("/robots.txt")
  expect(answer.status()).toBe(200)
  expect(answer.headers()["content-type"]).toContain("text/plain")
  const lines = (await answer.text()).split("\n")
  expect(lines).toContain("User-agent: *")
  expect(lines).toContain("Disallow: /api/")
  expect(lines).toContain("Disallow: /admin/")
  expect(lines).not.toContain("Disallow: /")
  expect(lines).toContain(`Sitemap: ${new URL(baseURL!).origin}/sitemap.xml`)
})

test("sitemap.xml lists every public page and product in both languages, and follows the catalogue", async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin
  await page.goto("/")
  await signInAsAdmin(page.request)
  const product = await createProduct(page.request)
  try {
    const entries = await readSitemap(page)
    const locs = entries.map((e) => e.loc)
    expect(new Set(locs).size, "no address twice").toBe(locs.length)
    const products = productListSchema.parse(await (await page.request.get("/api/products")).json())
    expect(products.map((p) => p.id)).toContain(product.id)
    for (const path of [...PUBLIC_PAGES, ...products.map((p) => `/product/${p.id}`)]) {
      for (const language of ["en", "de"]) {
        const entry = entries.find((e) => e.loc === `${origin}${path}?lang=${language}`)
        expect(entry, `${path} in ${language}`).toBeDefined()
        expect(entry!.alternates).toEqual({
          en: `${origin}${path}?lang=en`,
          de: `${origin}${path}?lang=de`,
          "x-default": `${origin}${path}`,
        })
      }
    }
    // Only pages that are there: every listed address answers 200 in its language.
    for (const loc of locs.filter((l) => !l.includes("/product/") || l.includes(`/product/${product.id}?`))) {
      const answer = await page.request.get(loc)
      expect(answer.status(), loc).toBe(200)
      expect(await answer.text(), loc).toContain(`<html lang="${new URL(loc).searchParams.get("lang")}"`)
    }
  } finally {
    expect((await page.request.delete(`/api/admin/products/${product.id}`)).status()).toBe(200)
  }
  // Deleted: gone on the very next request.
  const after = (await readSitemap(page)).map((e) => e.loc)
  expect(after.filter((loc) => loc.includes(`/product/${product.id}?`))).toEqual([])
})

test("each language has its own address: canonical, hreflang pairs and Open Graph", async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin
  for (const path of ["/", "/products", "/product/1"]) {
    for (const language of ["en", "de"] as const) {
      const answer = await page.goto(`${path}?lang=${language}`)
      expect(answer!.status()).toBe(200)
      await expect(page.locator("html")).toHaveAttribute("lang", language)
      const own = `${origin}${path}?lang=${language}`
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", own)
      const alternates = await page
        .locator('link[rel="alternate"][hreflang]')
        .evaluateAll((links) => links.map((l) => [l.getAttribute("hreflang"), l.getAttribute("href")]))
      expect(alternates).toEqual([
        ["en", `${origin}${path}?lang=en`],
        ["de", `${origin}${path}?lang=de`],
        ["x-default", `${origin}${path}`],
      ])
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", own)
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", await page.title())
      const description = await page.locator('meta[name="description"]').getAttribute("content")
      expect(description?.length).toBeGreaterThan(20)
      await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", description!)
      await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", language === "de" ? "de_DE" : "en_GB")
    }
  }
  // The plain, negotiated address (x-default) is its own canonical: were it to name the language it
  // was rendered in, two members of the hreflang set would disagree (Lighthouse's canonical audit fails).
  for (const path of ["/", "/products", "/product/1", "/auth"]) {
    await page.goto(path)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}${path}`)
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", `${origin}${path}`)
  }
  await page.goto("/product/1?lang=en")
  const product = productSchema.parse(await (await page.request.get("/api/products/1")).json())
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "product")
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", new URL(product.imageUrl, origin).href)
  // A page that does not exist is not offered to search engines.
  await page.goto("/product/999999999")
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex")
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0)
})

test("an address's language wins over the cookie, is kept for the next page, and the plain address stays negotiated", async ({
  page,
  browser,
}) => {
  await page.goto("/products?lang=de")
  await expect(page.locator("html")).toHaveAttribute("lang", "de")
  // The next page, reached by a plain link, speaks the same language.
  await page.locator('a[href="/product/1"]').first().click()
  await expect(page).toHaveURL(/\/product\/1$/)
  await expect(page.locator("html")).toHaveAttribute("lang", "de")
  // Choosing English from a ?lang=de address ends in English, without the address's language.
  await page.goto("/product/1?lang=de")
  await page.locator("details.language-menu summary").click()
  await page.locator('form[action="/language"] button[value="en"]').click()
  await expect(page).toHaveURL(/\/product\/1$/)
  await expect(page.locator("html")).toHaveAttribute("lang", "en")

  // A stranger with an English browser and no cookie gets the English page at the plain address,
  // although the German one was just rendered (and cached) for the same path.
  const stranger = await browser.newContext({ locale: "en-GB" })
  const other = await stranger.newPage()
  await other.goto("/product/1")
  await expect(other.locator("html")).toHaveAttribute("lang", "en")
  await stranger.close()
})

test("a product page's schema.org Product agrees with the API's name, price and stock", async ({ page, baseURL, cspViolations }) => {
  const origin = new URL(baseURL!).origin
  await page.goto("/")
  await signInAsAdmin(page.request)
  const product = await createProduct(page.request, 20)
  const errors: string[] = []
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text())
  })
  try {
    await page.goto(`/product/${product.id}?lang=de`)
    let data = await structuredData(page)
    expect(data).toMatchObject({
      "@type": "Product",
      name: product.name,
      image: new URL(product.imageUrl, origin).href,
      offers: {
        price: "321.50",
        priceCurrency: "EUR",
        availability: "https://schema.org/InStock",
        url: `${origin}/product/${product.id}?lang=de`,
      },
    })
    // The page's own description, cut at a word to 160 characters, not the shop's.
    const meta = (await page.locator('meta[name="description"]').getAttribute("content")) ?? ""
    expect(meta.length).toBeLessThanOrEqual(160)
    expect(meta).toMatch(/…$/)
    expect(product.description.replace(/\s+/g, " ")).toContain(meta.slice(0, -1))
    // The name's "<" cannot end the script early: the page shows the name once as text, and the data parses.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name)

    await setStock(page.request, product, 4)
    await page.goto(`/product/${product.id}?lang=de`)
    data = await structuredData(page)
    expect(data.offers.availability).toBe("https://schema.org/LimitedAvailability")

    await setStock(page.request, product, 0)
    await page.goto(`/product/${product.id}`)
    data = await structuredData(page)
    expect(data.offers.availability).toBe("https://schema.org/OutOfStock")
    expect(data.offers.price).toBe(productSchema.parse(await (await page.request.get(`/api/products/${product.id}`)).json()).price)
  } finally {
    expect((await page.request.delete(`/api/admin/products/${product.id}`)).status()).toBe(200)
  }
  expect(errors).toEqual([])
  expect(cspViolations).toEqual([])
})
