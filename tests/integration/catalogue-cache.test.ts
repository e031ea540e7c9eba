/**
 * The catalogue cache on the shared test shop: the public catalogue answers and the
 * catalogue pages are served from a cache, and every change an admin or a purchase makes is visible
 * on the very next request.
 *
 * Other files change the shared shop at the same time, and any change anywhere starts a new cache
 * generation. So the cache's HIT/MISS is checked on this file's own products, which nobody else
 * asks for, and a HIT is awaited by asking again (a change elsewhere in between makes one more MISS).
 */
import { randomBytes } from "node:crypto"
import http from "node:http"
import zlib from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { productListSchema, productSchema, shippingMethodListSchema, type Product } from "@enclave/contract"
import { asAdmin, asNewCustomer, asVisitor, type ApiClient } from "../support/api.ts"
import { shopUrl } from "../support/urls.ts"
import { buyerAddress } from "../support/races.ts"
import { askPage, untilFrontDoor as untilSentByFrontDoor } from "../support/front-door-pages.ts"

let admin: ApiClient
const visitor = asVisitor()
const madeProducts = new Set<number>()
const madeMethods = new Set<number>()

beforeAll(async () => {
  admin = await asAdmin()
})

afterAll(async () => {
  for (const id of madeProducts) expect([200, 404]).toContain((await admin.delete(`/api/admin/products/${id}`)).status)
  for (const id of madeMethods) expect([200, 404]).toContain((await admin.delete(`/api/admin/shipping-methods/${id}`)).status)
})

const tag = () => randomBytes(4).toString("hex")

async function createProduct(overrides: Record<string, unknown> = {}): Promise<Product> {
  const answer = await admin.post("/api/admin/products", {
    name: `Cache Phone ${tag()}`,
    description: "A phone made by the catalogue cache test",
    price: "199.00",
    category: "phone",
    securityLevel: 3,
    stockQuantity: 20,
    ...overrides,
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  const product = productSchema.parse(answer.body)
  madeProducts.add(product.id)
  return product
}

async function getProduct(id: number, headers: Record<string, string> = {}) {
  const res = await fetch(`${shopUrl()}/api/products/${id}`, { headers: { accept: "application/json", ...headers } })
  const text = await res.text()
  return { status: res.status, cache: res.headers.get("x-cache"), etag: res.headers.get("etag"), text }
}

async function listed(id: number): Promise<Product | undefined> {
  const answer = await visitor.get("/api/products")
  expect(answer.status).toBe(200)
  return productListSchema.parse(answer.body).find((p) => p.id === id)
}

async function one(id: number): Promise<Product> {
  const answer = await visitor.get(`/api/products/${id}`)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return productSchema.parse(answer.body)
}

/** Asks until the answer comes from the cache: a change elsewhere in the shop in between makes one more MISS. */
async function untilHit<T extends { cache: string | null }>(ask: () => Promise<T>): Promise<T> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const answer = await ask()
    if (answer.cache === "HIT") return answer
  }
  throw new Error("never answered from the cache in 20 requests")
}

describe("GET /api/products/{id} from the cache", () => {
  it("reads the product once (MISS), then serves the same bytes (HIT) with the same ETag", async () => {
    const product = await createProduct()
    const first = await getProduct(product.id)
    expect(first.status).toBe(200)
    // Nobody else asks for this product, and its creation started a new generation.
    expect(first.cache).toBe("MISS")
    expect(first.etag).toMatch(/^"[\w-]+"$/)
    expect(productSchema.parse(JSON.parse(first.text))).toEqual(product)
    const hit = await untilHit(() => getProduct(product.id))
    expect(hit.text).toBe(first.text)
    expect(hit.etag).toBe(first.etag)
  })

  it("answers 304 without a body to If-None-Match with the current ETag, and 200 to an old one", async () => {
    const product = await createProduct()
    const first = await getProduct(product.id)
    const again = await getProduct(product.id, { "if-none-match": first.etag! })
    expect(again.status).toBe(304)
    expect(again.text).toBe("")
    expect((await getProduct(product.id, { "if-none-match": `W/${first.etag}` })).status).toBe(304)

    expect((await admin.put(`/api/admin/products/${product.id}`, { price: "201.00" })).status).toBe(200)
    const changed = await getProduct(product.id, { "if-none-match": first.etag! })
    expect(changed.status).toBe(200)
    expect(changed.etag).not.toBe(first.etag)
    expect(productSchema.parse(JSON.parse(changed.text)).price).toBe("201.00")
  })

  it("sends a kept answer compressed once, as the caller asks (br, gzip or as it is), under the same tag", async () => {
    const product = await createProduct({ description: "A description long enough to be worth compressing. ".repeat(24) })
    const path = `/api/products/${product.id}`
    const plain = await rawGet(path, {})
    expect(plain.headers["content-encoding"]).toBeUndefined()
    // Compressed in the background after the first read: until then the front door compresses it per
    // request, as a stream without a length. Ask until the kept answer goes out with its own encoding.
    // Asked again too after another file's catalogue write on this shop made it compress anew.
    const keptIn = async (acceptEncoding: string, encoding: string) => {
      const kept = (answer: Awaited<ReturnType<typeof rawGet>>) =>
        answer.headers["content-encoding"] === encoding && Number(answer.headers["content-length"]) === answer.body.length
      let answer = await rawGet(path, { "accept-encoding": acceptEncoding })
      for (let attempt = 0; attempt < 40 && !kept(answer); attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        answer = await rawGet(path, { "accept-encoding": acceptEncoding })
      }
      return answer
    }
    const br = await keptIn("br", "br")
    expect(br.headers["content-encoding"]).toBe("br")
    expect(Number(br.headers["content-length"])).toBe(br.body.length)
    expect(br.headers["x-cache"]).toBe("HIT")
    expect(br.headers.vary).toMatch(/Accept-Encoding/)
    expect(br.headers.etag).toBe(plain.headers.etag)
    expect(zlib.brotliDecompressSync(br.body).toString("utf8")).toBe(plain.body.toString("utf8"))
    // A browser's list: equal weights, its own order decides.
    const gzipped = await keptIn("gzip, deflate, br", "gzip")
    expect(gzipped.headers["content-encoding"]).toBe("gzip")
    expect(Number(gzipped.headers["content-length"])).toBe(gzipped.body.length)
    expect(zlib.gunzipSync(gzipped.body).toString("utf8")).toBe(plain.body.toString("utf8"))
    const refused = await rawGet(path, { "accept-encoding": "br;q=0, gzip;q=0" })
    expect(refused.headers["content-encoding"]).toBeUndefined()
    expect(refused.body.toString("utf8")).toBe(plain.body.toString("utf8"))
    expect(productSchema.parse(JSON.parse(plain.body.toString("utf8"))).description).toBe(product.description)
  })

  it("never caches a 404 or a bad id", async () => {
    expect((await getProduct(999_999_999)).status).toBe(404)
    const bad = await fetch(`${shopUrl()}/api/products/abc`)
    expect(bad.status).toBe(400)
    expect(bad.headers.get("x-cache")).toBeNull()
  })
})

describe("an admin change is visible on the very next request", () => {
  it("a new product, in the list and by id", async () => {
    const list = await visitor.get("/api/products")
    expect(list.status).toBe(200)
    const product = await createProduct()
    expect(await listed(product.id)).toEqual(product)
    expect(await one(product.id)).toEqual(product)
  })

  it("a new name, description, price and security level", async () => {
    const product = await createProduct()
    expect(await listed(product.id)).toEqual(product)
    expect(await one(product.id)).toEqual(product)
    const name = `Renamed Phone ${tag()}`
    const update = await admin.put(`/api/admin/products/${product.id}`, { name, description: "Changed", price: "249.90", securityLevel: 5 })
    expect(update.status).toBe(200)
    expect(await listed(product.id)).toMatchObject({ name, description: "Changed", price: "249.90", securityLevel: 5 })
    expect(await one(product.id)).toMatchObject({ name, description: "Changed", price: "249.90", securityLevel: 5 })
  })

  it("a stock change", async () => {
    const product = await createProduct({ stockQuantity: 7 })
    expect((await one(product.id)).stockQuantity).toBe(7)
    expect((await listed(product.id))?.stockQuantity).toBe(7)
    expect((await admin.put(`/api/admin/products/${product.id}`, { stockQuantity: 0 })).status).toBe(200)
    expect((await one(product.id)).stockQuantity).toBe(0)
    expect((await listed(product.id))?.stockQuantity).toBe(0)
  })

  it("a new image", async () => {
    const product = await createProduct()
    expect((await one(product.id)).imageUrl).toBe(product.imageUrl)
    const png = Buffer.from(
      "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cfc0f01f0005000201e5270ade0000000049454e44ae426082",
      "hex",
    )
    const form = new FormData()
    form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "phone.png")
    const upload = await admin.post(`/api/admin/products/${product.id}/upload-image`, undefined, { raw: form })
    expect(upload.status, JSON.stringify(upload.body)).toBe(200)
    expect((await one(product.id)).imageUrl).toBe(upload.body.imageUrl)
    expect((await listed(product.id))?.imageUrl).toBe(upload.body.imageUrl)
  })

  it("a deleted product is gone from the list and by id", async () => {
    const product = await createProduct()
    expect(await listed(product.id)).toBeDefined()
    expect((await getProduct(product.id)).status).toBe(200)
    expect((await admin.delete(`/api/admin/products/${product.id}`)).status).toBe(200)
    expect(await listed(product.id)).toBeUndefined()
    expect((await getProduct(product.id)).status).toBe(404)
  })

  it("a shipping method created, changed and deleted", async () => {
    const methods = async () => shippingMethodListSchema.parse((await visitor.get("/api/shipping-methods")).body)
    const name = `Cache courier ${tag()}`
    await methods()
    const created = await admin.post("/api/admin/shipping-methods", { name, description: "Test", price: "9.50", sortOrder: 99 })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    madeMethods.add(created.body.id)
    expect((await methods()).find((m) => m.id === created.body.id)).toMatchObject({ name, price: "9.50" })
    expect((await admin.put(`/api/admin/shipping-methods/${created.body.id}`, { price: "11.00" })).status).toBe(200)
    expect((await methods()).find((m) => m.id === created.body.id)?.price).toBe("11.00")
    // Each country's list is cached apart, and each follows a change of zone at once.
    const forCountry = async (country: string) =>
      shippingMethodListSchema.parse((await visitor.get(`/api/shipping-methods?country=${country}`)).body).map((m) => m.id)
    expect(await forCountry("FR")).toContain(created.body.id)
    expect(await forCountry("DE")).not.toContain(created.body.id)
    expect((await admin.put(`/api/admin/shipping-methods/${created.body.id}`, { zone: "germany" })).status).toBe(200)
    expect(await forCountry("FR")).not.toContain(created.body.id)
    expect(await forCountry("DE")).toContain(created.body.id)
    expect((await admin.put(`/api/admin/shipping-methods/${created.body.id}`, { isActive: false })).status).toBe(200)
    expect((await methods()).find((m) => m.id === created.body.id)).toBeUndefined()
    expect((await admin.delete(`/api/admin/shipping-methods/${created.body.id}`)).status).toBe(200)
    expect((await methods()).find((m) => m.id === created.body.id)).toBeUndefined()
  })
})

describe("a purchase is visible on the very next request", () => {
  it("placing an order lowers the stock shown; deleting it puts the stock back", async () => {
    const product = await createProduct({ stockQuantity: 10 })
    expect((await one(product.id)).stockQuantity).toBe(10)
    expect((await listed(product.id))?.stockQuantity).toBe(10)

    const customer = await asNewCustomer()
    expect((await customer.post("/api/cart", { productId: product.id, quantity: 3 })).status).toBe(201)
    const order = await customer.post("/api/orders", {
      shippingAddress: buyerAddress,
      shippingMethod: 1,
      paymentMethod: "stripe",
      paymentId: `str-cache-${tag()}`,
    })
    expect(order.status, JSON.stringify(order.body)).toBe(201)
    expect((await one(product.id)).stockQuantity).toBe(7)
    expect((await listed(product.id))?.stockQuantity).toBe(7)

    expect((await admin.delete(`/api/admin/orders/${order.body.id}`)).status).toBe(200)
    expect((await one(product.id)).stockQuantity).toBe(10)
    expect((await listed(product.id))?.stockQuantity).toBe(10)
  })
})

describe("a purchase prices from what staff set last (the catalogue facts)", () => {
  // A new method serves the zone for the rest of the world and the EU, not Germany.
  const order = (customer: ApiClient, shippingMethod: number, country = "France") =>
    customer.post("/api/orders", {
      shippingAddress: { ...buyerAddress, country },
      shippingMethod,
      paymentMethod: "stripe",
      paymentId: `str-facts-${tag()}`,
    })

  it("a new price and a method's new price, state and zone apply to the next cart and order", async () => {
    const product = await createProduct({ price: "199.00" })
    // Ordered below: the shop keeps a product its orders name (deleting it answers 409).
    madeProducts.delete(product.id)
    const created = await admin.post("/api/admin/shipping-methods", {
      name: `Facts courier ${tag()}`,
      description: "Test",
      price: "9.50",
      sortOrder: 98,
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const method = created.body.id as number
    madeMethods.add(method)
    const customer = await asNewCustomer()
    // Bought once, so the server keeps the product's and the method's facts.
    expect((await customer.post("/api/cart", { productId: product.id, quantity: 1 })).status).toBe(201)
    const first = await order(customer, method)
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.body).toMatchObject({ subtotal: "199.00", shippingCost: "9.50", total: "208.50" })

    expect((await admin.put(`/api/admin/products/${product.id}`, { price: "249.00" })).status).toBe(200)
    expect((await admin.put(`/api/admin/shipping-methods/${method}`, { price: "12.00" })).status).toBe(200)
    const cart = await customer.post("/api/cart", { productId: product.id, quantity: 1 })
    expect(cart.body[0].product.price).toBe("249.00")
    const second = await order(customer, method)
    expect(second.status, JSON.stringify(second.body)).toBe(201)
    expect(second.body).toMatchObject({ subtotal: "249.00", shippingCost: "12.00", total: "261.00" })
    expect(second.body.items[0].price).toBe("249.00")

    expect((await customer.post("/api/cart", { productId: product.id, quantity: 1 })).status).toBe(201)
    expect((await admin.put(`/api/admin/shipping-methods/${method}`, { zone: "germany" })).status).toBe(200)
    const abroad = await order(customer, method, "France")
    expect(abroad.status, JSON.stringify(abroad.body)).toBe(400)
    expect(abroad.body.details.fields.shippingMethod).toMatch(/does not ship to France/)
    expect((await admin.put(`/api/admin/shipping-methods/${method}`, { isActive: false })).status).toBe(200)
    const off = await order(customer, method)
    expect(off.status, JSON.stringify(off.body)).toBe(400)
    expect(off.body.details.fields.shippingMethod).toBe("This shipping method is not available")
  })

  it("stock is read at each add: the last units bought by one customer are gone for the next", async () => {
    const product = await createProduct({ stockQuantity: 2 })
    madeProducts.delete(product.id)
    const [first, second] = await Promise.all([asNewCustomer(), asNewCustomer()])
    expect((await second.post("/api/cart", { productId: product.id, quantity: 1 })).status).toBe(201)
    expect((await first.post("/api/cart", { productId: product.id, quantity: 2 })).status).toBe(201)
    expect((await order(first, 1, buyerAddress.country)).status).toBe(201)
    const more = await second.post("/api/cart", { productId: product.id, quantity: 1 })
    expect(more.status, JSON.stringify(more.body)).toBe(409)
    expect(more.body.message).toMatch(/out of stock/)
  })
})

describe("the catalogue pages' HTML cache", () => {
  async function page(path: string, language: "en" | "de") {
    const res = await fetch(shopUrl() + path, { headers: { cookie: `language=${language}`, accept: "text/html" } })
    return { status: res.status, cache: res.headers.get("x-cache"), html: await res.text() }
  }
  const langOf = (html: string) => /<html lang="(\w+)"/.exec(html)?.[1]

  it("serves a product page from the cache, and renders it anew on the next request after an admin change", async () => {
    const product = await createProduct()
    const path = `/product/${product.id}`
    const first = await page(path, "en")
    expect(first.status).toBe(200)
    expect(first.cache).toBe("MISS")
    expect(first.html).toContain(product.name)
    const hit = await untilHit(() => page(path, "en"))
    expect(hit.html).toBe(first.html)

    const name = `Page Phone ${tag()}`
    expect((await admin.put(`/api/admin/products/${product.id}`, { name, stockQuantity: 0 })).status).toBe(200)
    const after = await page(path, "en")
    expect(after.cache).toBe("MISS")
    expect(after.html).toContain(name)
    expect(after.html).not.toContain(product.name)
  })

  it("keeps each language's page apart", async () => {
    const product = await createProduct()
    const path = `/product/${product.id}`
    const expectLanguage = (html: string, language: "en" | "de") => {
      expect(langOf(html)).toBe(language)
      if (language === "en") {
        expect(html).toContain("Back to Products")
        expect(html).not.toContain("Zurück zu den Produkten")
      } else {
        expect(html).toContain("Zurück zu den Produkten")
      }
    }
    // A new product: each language's page is rendered once, then served from its own entry. (Until a
    // HIT: the footer also shows the product list, which other files on the shared shop change.)
    const first = [await page(path, "en"), await page(path, "de")]
    expect(first.map((p) => p.cache)).toEqual(["MISS", "MISS"])
    expectLanguage(first[0].html, "en")
    expectLanguage(first[1].html, "de")
    for (let round = 0; round < 2; round++) {
      for (const language of ["en", "de"] as const) expectLanguage((await untilHit(() => page(path, language))).html, language)
    }
    const byAcceptLanguage = await fetch(shopUrl() + path, { headers: { "accept-language": "de-DE,de;q=0.9" } })
    expect(langOf(await byAcceptLanguage.text())).toBe("de")
  })

  it("shows a deleted product's page as not found on the next request", async () => {
    const product = await createProduct()
    const path = `/product/${product.id}`
    await untilHit(() => page(path, "en"))
    expect((await admin.delete(`/api/admin/products/${product.id}`)).status).toBe(200)
    const after = await page(path, "en")
    expect(after.status).toBe(404)
    expect(after.html).toContain("Product Not Found")
  })

  it("lists a new product on the catalogue page's next request", async () => {
    const name = `Listed Phone ${tag()}`
    const search = `/products?search=${encodeURIComponent(name)}`
    const before = await page(search, "en")
    expect(before.status).toBe(200)
    expect(before.html).toContain("No products found")
    expect(before.html).not.toContain(`>${name}</a>`)
    await createProduct({ name })
    const after = await page(search, "en")
    expect(after.status).toBe(200)
    expect(after.html).toContain(`>${name}</a>`)
    expect(after.html).not.toContain("No products found")
  })
})

describe("a cached page sent by the front door before Astro runs", () => {
  const ask = (path: string, headers: Record<string, string> = {}) => askPage(shopUrl(), path, headers)
  /** A write anywhere on the shared shop sends the next request through Astro: ask until the front door sends it. */
  const untilFrontDoor = (path: string, headers: Record<string, string> = {}) => untilSentByFrontDoor(shopUrl(), path, headers)

  it("sends the page Astro rendered, compressed once, with a tag that answers 304", async () => {
    const product = await createProduct()
    const path = `/product/${product.id}`
    const rendered = await ask(path, { cookie: "language=en" })
    expect(rendered.res.headers.get("x-cache")).toBe("MISS")
    expect(rendered.frontDoor).toBe(false)
    const sent = await untilFrontDoor(path, { cookie: "language=en" })
    expect(sent.res.headers.get("x-cache")).toBe("HIT")
    expect(sent.html).toBe(rendered.html)
    expect(sent.res.headers.get("content-type")).toMatch(/^text\/html/)
    // The page's own policy with its inline scripts' hashes, not the front door's default for files.
    expect(sent.res.headers.get("content-security-policy")).toBe(rendered.res.headers.get("content-security-policy"))
    expect(sent.res.headers.get("x-frame-options")).toBe("DENY")
    expect(sent.res.headers.get("vary")).toMatch(/Accept-Language, Cookie/)
    const etag = sent.res.headers.get("etag")
    expect(etag).toMatch(/^W\/"[\w-]+"$/)

    // Raw bytes (node:http), so the encoding the front door chose can be seen and undone here.
    for (const encoding of ["br", "gzip"] as const) {
      const raw = await rawGet(path, { cookie: "language=en", "accept-encoding": encoding })
      expect(raw.headers["content-encoding"]).toBe(encoding)
      const unpacked = encoding === "br" ? zlib.brotliDecompressSync(raw.body) : zlib.gunzipSync(raw.body)
      expect(unpacked.toString("utf8")).toBe(rendered.html)
    }

    const again = await fetch(shopUrl() + path, { headers: { cookie: "language=en", "if-none-match": etag! } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe("")
    const old = await ask(path, { cookie: "language=en", "if-none-match": 'W/"an-old-page"' })
    expect(old.status).toBe(200)
    expect(old.html).toBe(rendered.html)
  })

  it("sends each language its own page, and leaves a cookie it cannot read plainly to Astro", async () => {
    const product = await createProduct()
    const path = `/product/${product.id}`
    const langOf = (html: string) => /<html lang="(\w+)"/.exec(html)?.[1]
    expect(langOf((await untilFrontDoor(path, { cookie: "language=de" })).html)).toBe("de")
    expect(langOf((await untilFrontDoor(path, { cookie: "language=en" })).html)).toBe("en")
    expect(langOf((await untilFrontDoor(path, { "accept-language": "de-DE,de;q=0.9" })).html)).toBe("de")
    expect(langOf((await untilFrontDoor(`${path}?lang=de`, { cookie: "language=en" })).html)).toBe("de")
    // Quoted, or given twice: the front door does not guess, Astro's cookie parser decides (a quoted
    // value is no language to it, so the browser's language, here none, gives English).
    const quoted = await ask(path, { cookie: 'language="de"' })
    expect(quoted.frontDoor).toBe(false)
    expect(langOf(quoted.html)).toBe("en")
    const twice = await ask(path, { cookie: "language=en; language=de" })
    expect(twice.frontDoor).toBe(false)
    expect(langOf(twice.html)).toBe("en")
  })

  it("sends nothing stale after any kind of admin change: product, new product, shipping method, deletion", async () => {
    const product = await createProduct()
    const page = `/product/${product.id}`
    await untilFrontDoor(page)
    const name = `Door Phone ${tag()}`
    expect((await admin.put(`/api/admin/products/${product.id}`, { name, price: "188.00" })).status).toBe(200)
    const renamed = await ask(page)
    expect(renamed.frontDoor).toBe(false)
    expect(renamed.html).toContain(name)
    expect(renamed.html).toContain("188.00")

    const listName = `Door Listed ${tag()}`
    const search = `/products?search=${encodeURIComponent(listName)}`
    expect((await untilFrontDoor(search)).html).toContain("No products found")
    await createProduct({ name: listName })
    expect((await ask(search)).html).toContain(`>${listName}</a>`)

    const courier = `Door courier ${tag()}`
    await untilFrontDoor("/shipping")
    const created = await admin.post("/api/admin/shipping-methods", { name: courier, description: "Test", price: "9.50", sortOrder: 97 })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    madeMethods.add(created.body.id)
    expect((await ask("/shipping")).html).toContain(courier)
    await untilFrontDoor("/shipping")
    const renamedCourier = `Door van ${tag()}`
    expect((await admin.put(`/api/admin/shipping-methods/${created.body.id}`, { name: renamedCourier })).status).toBe(200)
    const shipping = await ask("/shipping")
    expect(shipping.html).toContain(renamedCourier)
    expect(shipping.html).not.toContain(courier)

    await untilFrontDoor(page)
    expect((await admin.delete(`/api/admin/products/${product.id}`)).status).toBe(200)
    const gone = await ask(page)
    expect(gone.status).toBe(404)
    expect(gone.frontDoor).toBe(false)
  })
})

/** A GET through node:http, which leaves the body as sent (fetch would undo its encoding). */
function rawGet(path: string, headers: Record<string, string>): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(shopUrl() + path, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on("data", (chunk: Buffer) => chunks.push(chunk))
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
      res.on("error", reject)
    })
    request.on("error", reject)
  })
}
