/**
 * Product content in German: /api/products and /api/products/{id} answer in the caller's language
 * (the `language` cookie, else Accept-Language, else English), German texts fall back to English one by one,
 * the admin reads and writes both languages whatever its own, and a save shows on the next public read.
 * Every test makes its own products; the seeded ones are only read.
 */
import { randomBytes } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  adminProductListSchema,
  adminProductSchema,
  apiErrorSchema,
  productListSchema,
  productSchema,
  type AdminProduct,
} from "@enclave/contract"
import { ApiClient, asAdmin, asNewCustomer, asVisitor } from "../support/api.ts"
import { shopUrl } from "../support/urls.ts"

let admin: ApiClient
beforeAll(async () => {
  admin = await asAdmin()
})

const made = new Set<number>()
afterAll(async () => {
  for (const id of made) {
    const answer = await admin.delete(`/api/admin/products/${id}`)
    expect([200, 404]).toContain(answer.status)
  }
})

const tag = () => randomBytes(4).toString("hex")

async function createProduct(overrides: Record<string, unknown> = {}): Promise<AdminProduct> {
  const answer = await admin.post("/api/admin/products", {
    name: `Bilingual Phone ${tag()}`,
    description: "A phone in two languages",
    price: "420.00",
    features: ["Encrypted messaging", "Tamper detection"],
    specifications: { battery: "4,000 mAh", memory: "8GB RAM" },
    ...overrides,
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  const product = adminProductSchema.parse(answer.body)
  made.add(product.id)
  return product
}

/** A visitor's read, asking in a language the way a browser or API client does. */
function read(path: string, how: { acceptLanguage?: string; cookie?: string } = {}) {
  const visitor = asVisitor()
  if (how.cookie) visitor.setCookie("language", how.cookie)
  return visitor.get(path, { headers: how.acceptLanguage ? { "accept-language": how.acceptLanguage } : {} })
}

function expectFieldError(answer: { status: number; body: unknown }, field: string, message?: RegExp) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400)
  const fields = (apiErrorSchema.parse(answer.body).details as { fields?: Record<string, string> } | undefined)?.fields ?? {}
  // A bad entry of a map is named with its key (featuresDe.<feature>).
  const named = Object.keys(fields).find((key) => key === field || key.startsWith(`${field}.`))
  expect(named, JSON.stringify(answer.body)).toBeDefined()
  if (message) expect(fields[named!]).toMatch(message)
}

describe("the seeded products in German", () => {
  it("has German texts for every seeded product; phones keep their brand names, accessories and services have German ones", async () => {
    const en = productListSchema.parse((await read("/api/products", { acceptLanguage: "en" })).body)
    const de = productListSchema.parse((await read("/api/products", { acceptLanguage: "de" })).body)
    const seeded = en.filter((product) => product.id <= 9)
    expect(seeded).toHaveLength(9)
    for (const english of seeded) {
      const german = de.find((product) => product.id === english.id)!
      if (english.category === "phone") expect(german.name).toBe(english.name)
      else expect(german.name, english.name).not.toBe(english.name)
      expect(german.price).toBe(english.price)
      expect(german.description, english.name).not.toBe(english.description)
      expect(german.description).toMatch(/\b(und|der|die|das|Ihre?|für|mit|Sie|nur)\b/)
      expect(german.features).toHaveLength(english.features.length)
      german.features.forEach((feature, i) => expect(feature, english.name).not.toBe(english.features[i]))
      expect(Object.keys(german.specifications).sort()).toEqual(Object.keys(english.specifications).sort())
    }
  })

  it("names the accessories and services in German, and only on German pages", async () => {
    const en = productListSchema.parse((await read("/api/products", { acceptLanguage: "en" })).body)
    const de = productListSchema.parse((await read("/api/products", { acceptLanguage: "de" })).body)
    const germanOf = (english: string) => de.find((p) => p.id === en.find((e) => e.name === english)!.id)!.name
    expect(germanOf("Faraday Sleeve")).toBe("Faraday-Hülle")
    expect(germanOf("USB-C Data Blocker")).toBe("USB-C-Datenblocker")
    expect(germanOf("Hardened Charger")).toBe("Gehärtetes Ladegerät")
    expect(germanOf("Secure Device Setup")).toBe("Sichere Geräteeinrichtung")
    expect(germanOf("Enclave Premium Fold")).toBe("Enclave Premium Fold")
  })
})

describe("a German name the admin gives", () => {
  it("is the product's name on German reads, beside the English one in the admin's read; empty clears it", async () => {
    const product = await createProduct({ category: "accessory", nameDe: "  Zweisprachige Hülle " })
    expect(product.nameDe).toBe("Zweisprachige Hülle")
    expect(productSchema.parse((await read(`/api/products/${product.id}`, { acceptLanguage: "de" })).body).name).toBe("Zweisprachige Hülle")
    expect(productSchema.parse((await read(`/api/products/${product.id}`, { cookie: "en" })).body).name).toBe(product.name)
    const cleared = await admin.put(`/api/admin/products/${product.id}`, { nameDe: "" })
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200)
    expect(adminProductSchema.parse(cleared.body).nameDe).toBe("")
    expect(productSchema.parse((await read(`/api/products/${product.id}`, { acceptLanguage: "de" })).body).name).toBe(product.name)
    expectFieldError(await admin.put(`/api/admin/products/${product.id}`, { nameDe: "x".repeat(201) }), "nameDe", /German name/)
  })
})

describe("GET /api/products/{id} in the caller's language", () => {
  it("answers German by Accept-Language and by the language cookie, English otherwise", async () => {
    const byHeader = await read("/api/products/1", { acceptLanguage: "de-DE,de;q=0.9,en;q=0.8" })
    expect(byHeader.status).toBe(200)
    expect(byHeader.headers.get("content-language")).toBe("de")
    expect(byHeader.body.description).toMatch(/^Das verschlüsselte Smartphone/)
    expect(byHeader.body.features).toContain("Verschlüsselte Sprachanrufe")
    expect(byHeader.body.specifications.memory).toBe("8 GB RAM")

    const byCookie = await read("/api/products/1", { cookie: "de" })
    expect(byCookie.body).toEqual(byHeader.body)

    const english = await read("/api/products/1")
    expect(english.headers.get("content-language")).toBe("en")
    expect(english.body.description).toMatch(/^The essential encrypted smartphone/)
    expect((await read("/api/products/1", { acceptLanguage: "en-US,de;q=0.9" })).body).toEqual(english.body)
    // The storefront's rule: the cookie's choice wins over the browser's language.
    expect((await read("/api/products/1", { cookie: "en", acceptLanguage: "de" })).body).toEqual(english.body)
    expect((await read("/api/products/1", { cookie: "fr", acceptLanguage: "de" })).body).toEqual(byHeader.body)
  })

  it("says what the answer varies by, and tags each language's bytes apart", async () => {
    // A product of this test's own: a seeded one's stock may move while other files buy it.
    const { id } = await createProduct({ descriptionDe: "Auf Deutsch" })
    const en = await read(`/api/products/${id}`, { acceptLanguage: "en" })
    const de = await read(`/api/products/${id}`, { acceptLanguage: "de" })
    for (const answer of [en, de]) {
      const vary = (answer.headers.get("vary") ?? "").toLowerCase()
      expect(vary).toContain("accept-language")
      expect(vary).toContain("cookie")
    }
    expect(en.headers.get("etag")).toBeTruthy()
    expect(de.headers.get("etag")).not.toBe(en.headers.get("etag"))
    // A German copy is not the English answer: asked in English with its tag, the English bytes come back.
    const mixed = await asVisitor().get(`/api/products/${id}`, {
      headers: { "accept-language": "en", "if-none-match": de.headers.get("etag")! },
    })
    expect(mixed.status).toBe(200)
    expect(mixed.body).toEqual(en.body)
    const same = await asVisitor().get(`/api/products/${id}`, {
      headers: { "accept-language": "de", "if-none-match": de.headers.get("etag")! },
    })
    expect(same.status).toBe(304)
  })

  it("answers the list in the same language", async () => {
    const de = productListSchema.parse((await read("/api/products", { cookie: "de" })).body)
    const one = productSchema.parse((await read("/api/products/3", { cookie: "de" })).body)
    expect(de.find((product) => product.id === 3)).toEqual(one)
    expect((await read("/api/products", { cookie: "de" })).headers.get("vary")?.toLowerCase()).toContain("accept-language")
  })
})

describe("German texts the admin enters", () => {
  it("shows each German text that exists and the English one where none does, in the English order", async () => {
    const product = await createProduct({
      descriptionDe: "Ein Telefon in zwei Sprachen",
      featuresDe: { "Tamper detection": "Manipulationserkennung" },
      specificationsDe: { battery: "4.000 mAh" },
    })
    expect(product.descriptionDe).toBe("Ein Telefon in zwei Sprachen")
    expect(product.featuresDe).toEqual({ "Tamper detection": "Manipulationserkennung" })
    expect(product.specificationsDe).toEqual({ battery: "4.000 mAh" })

    const de = productSchema.parse((await read(`/api/products/${product.id}`, { acceptLanguage: "de" })).body)
    expect(de.description).toBe("Ein Telefon in zwei Sprachen")
    expect(de.features).toEqual(["Encrypted messaging", "Manipulationserkennung"])
    expect(de.specifications).toEqual({ battery: "4.000 mAh", memory: "8GB RAM" })

    const en = productSchema.parse((await read(`/api/products/${product.id}`, { acceptLanguage: "en" })).body)
    expect(en.description).toBe("A phone in two languages")
    expect(en.features).toEqual(["Encrypted messaging", "Tamper detection"])
    expect(en.specifications).toEqual({ battery: "4,000 mAh", memory: "8GB RAM" })
  })

  it("falls back to English entirely for a product without German texts", async () => {
    const product = await createProduct()
    const de = await read(`/api/products/${product.id}`, { cookie: "de" })
    const en = await read(`/api/products/${product.id}`, { cookie: "en" })
    expect(de.body).toEqual(en.body)
    expect(de.body.description).toBe("A phone in two languages")
  })

  it("shows a German save on the next German read, and leaves the English page as it was", async () => {
    const product = await createProduct({ descriptionDe: "Erste Fassung" })
    const path = `/api/products/${product.id}`
    // Warm the facade's cache in both languages first: the save must not be hidden behind it.
    for (let i = 0; i < 2; i++) {
      await read(path, { cookie: "de" })
      await read(path, { cookie: "en" })
    }
    const before = await read(path, { cookie: "de" })
    expect(before.body.description).toBe("Erste Fassung")
    const english = await read(path, { cookie: "en" })

    const saved = await admin.put(`/api/admin/products/${product.id}`, {
      descriptionDe: "Zweite Fassung",
      featuresDe: { "Encrypted messaging": "Verschlüsselte Nachrichten" },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(adminProductSchema.parse(saved.body)).toMatchObject({
      description: "A phone in two languages",
      descriptionDe: "Zweite Fassung",
      featuresDe: { "Encrypted messaging": "Verschlüsselte Nachrichten" },
    })

    const after = await read(path, { cookie: "de" })
    expect(after.body.description).toBe("Zweite Fassung")
    expect(after.body.features).toEqual(["Verschlüsselte Nachrichten", "Tamper detection"])
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"))
    const list = productListSchema.parse((await read("/api/products", { acceptLanguage: "de" })).body)
    expect(list.find((p) => p.id === product.id)?.description).toBe("Zweite Fassung")
    expect((await read(path, { cookie: "en" })).body).toEqual(english.body)
  })

  it("drops a German wording whose English feature is gone, and clears the German description with an empty one", async () => {
    const product = await createProduct({
      descriptionDe: "Noch da",
      featuresDe: { "Encrypted messaging": "Verschlüsselte Nachrichten", "Tamper detection": "Manipulationserkennung" },
    })
    const changed = adminProductSchema.parse(
      (await admin.put(`/api/admin/products/${product.id}`, { features: ["Encrypted messaging", "Secure boot"], descriptionDe: "" })).body,
    )
    expect(changed.featuresDe).toEqual({ "Encrypted messaging": "Verschlüsselte Nachrichten" })
    expect(changed.descriptionDe).toBe("")
    const de = productSchema.parse((await read(`/api/products/${product.id}`, { cookie: "de" })).body)
    expect(de.features).toEqual(["Verschlüsselte Nachrichten", "Secure boot"])
    expect(de.description).toBe("A phone in two languages")
  })

  it("keeps the German texts an update leaves out, and replaces the maps it sends", async () => {
    const product = await createProduct({
      descriptionDe: "Bleibt",
      specificationsDe: { battery: "4.000 mAh", memory: "8 GB RAM" },
    })
    const priced = adminProductSchema.parse((await admin.put(`/api/admin/products/${product.id}`, { price: "399.00" })).body)
    expect(priced).toMatchObject({ descriptionDe: "Bleibt", specificationsDe: { battery: "4.000 mAh", memory: "8 GB RAM" } })
    const replaced = adminProductSchema.parse(
      (await admin.put(`/api/admin/products/${product.id}`, { specificationsDe: { memory: "8 GB Arbeitsspeicher" } })).body,
    )
    expect(replaced.specificationsDe).toEqual({ memory: "8 GB Arbeitsspeicher" })
  })
})

describe("the admin's own product reads", () => {
  it("answers English texts with the German ones beside them, whatever language the admin's browser asks in", async () => {
    const product = await createProduct({ descriptionDe: "Auf Deutsch", featuresDe: { "Tamper detection": "Manipulationserkennung" } })
    const germanAdmin = await asAdmin()
    germanAdmin.setCookie("language", "de")
    const one = await germanAdmin.get(`/api/admin/products/${product.id}`, { headers: { "accept-language": "de" } })
    expect(one.status).toBe(200)
    expect(adminProductSchema.parse(one.body)).toEqual(product)
    const list = adminProductListSchema.parse((await germanAdmin.get("/api/admin/products", { headers: { "accept-language": "de" } })).body)
    expect(list.find((p) => p.id === product.id)).toEqual(product)
    expect(list.find((p) => p.id === 1)?.description).toMatch(/^The essential encrypted smartphone/)
    expect(list.find((p) => p.id === 1)?.descriptionDe).toMatch(/^Das verschlüsselte Smartphone/)
  })

  it("answers 401 to a visitor and 403 to a customer", async () => {
    const customer = await asNewCustomer()
    for (const path of ["/api/admin/products", "/api/admin/products/1"]) {
      expect((await asVisitor().get(path)).status, path).toBe(401)
      expect((await customer.get(path)).status, path).toBe(403)
    }
    expect((await admin.get("/api/admin/products/999999")).status).toBe(404)
  })
})

describe("the German fields' rules", () => {
  it("limits the German description like the English one", async () => {
    expectFieldError(
      await admin.post("/api/admin/products", { name: "X", price: "1", descriptionDe: "x".repeat(5001) }),
      "descriptionDe",
      /5000/,
    )
    expectFieldError(await admin.post("/api/admin/products", { name: "X", price: "1", descriptionDe: 12 }), "descriptionDe", /text/)
  })

  it("wants the German features and specifications as maps of texts, with the English limits", async () => {
    expectFieldError(await admin.post("/api/admin/products", { name: "X", price: "1", featuresDe: ["Verschlüsselt"] }), "featuresDe", /map/)
    expectFieldError(
      await admin.post("/api/admin/products", { name: "X", price: "1", featuresDe: { a: "x".repeat(201) } }),
      "featuresDe",
      /200/,
    )
    expectFieldError(
      await admin.post("/api/admin/products", { name: "X", price: "1", specificationsDe: { battery: "x".repeat(1001) } }),
      "specificationsDe",
      /1000/,
    )
    expectFieldError(
      await admin.post("/api/admin/products", { name: "X", price: "1", specificationsDe: { ["k".repeat(101)]: "Wert" } }),
      "specificationsDe",
      /100/,
    )
    const product = await createProduct()
    expectFieldError(await admin.put(`/api/admin/products/${product.id}`, { specificationsDe: "Akku" }), "specificationsDe", /map/)
  })
})

describe("the storefront's page cache per language", () => {
  async function page(path: string, language: "en" | "de") {
    const res = await fetch(shopUrl() + path, { headers: { cookie: `language=${language}`, accept: "text/html" } })
    return { status: res.status, cache: res.headers.get("x-cache"), html: await res.text() }
  }
  async function untilHit(path: string, language: "en" | "de") {
    for (let attempt = 0; attempt < 20; attempt++) {
      const answer = await page(path, language)
      if (answer.cache === "HIT") return answer
    }
    throw new Error(`${path} in ${language} never came from the page cache`)
  }

  it("never gives one language's product text to the other, and shows a German save on the next German page", async () => {
    const product = await createProduct({ description: "English words only", descriptionDe: "Nur deutsche Wörter" })
    const path = `/product/${product.id}`
    const de = await untilHit(path, "de")
    const en = await untilHit(path, "en")
    expect(de.html).toContain("Nur deutsche Wörter")
    expect(de.html).not.toContain("English words only")
    expect(en.html).toContain("English words only")
    expect(en.html).not.toContain("Nur deutsche Wörter")

    expect((await admin.put(`/api/admin/products/${product.id}`, { descriptionDe: "Neue deutsche Wörter" })).status).toBe(200)
    const after = await page(path, "de")
    expect(after.cache).toBe("MISS")
    expect(after.html).toContain("Neue deutsche Wörter")
    expect(after.html).not.toContain("Nur deutsche Wörter")
    // The English answer's bytes did not change: its product is still shown as it was. (The
    // footer around it may differ: the suites that run beside this one change the payment methods
    // and the catalogue it lists.)
    const english = await page(path, "en")
    const main = (html: string) => html.slice(html.indexOf("<main"), html.indexOf("</main>"))
    expect(main(english.html)).toContain("English words only")
    expect(main(english.html)).toBe(main(en.html))
  })
})
