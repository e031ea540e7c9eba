/**
 * The admin's product calls (docs/product.md §7) against a real shop: create, change, delete, upload an image,
 * every docs/product.md §5 rule of the product form, and who may call them. Every test makes its own
 * products: other files run against the same shop at the same time, and the nine seeded products
 * are never changed.
 */
import { randomBytes } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  apiErrorSchema,
  IMAGE_TYPE_MESSAGE,
  IMAGE_UPLOAD_MAX_BYTES,
  imageFetchMessages,
  imageUploadAnswerSchema,
  messageSchema,
  PRICE_MESSAGE,
  productListSchema,
  productSchema,
  type Product,
} from "@enclave/contract"
import { testAddress } from "../support/address.ts"
import { ApiClient, asAdmin, asNewCustomer, asVisitor } from "../support/api.ts"
import { redirect, serve, startImageServer, type ImageServer } from "../support/image-server.ts"

let admin: ApiClient
beforeAll(async () => {
  admin = await asAdmin()
})

/**
 * Every product a test makes is deleted at the end: the end-to-end suites that run after this
 * file against the same shop expect the seeded catalogue.
 */
const made = new Set<number>()
afterAll(async () => {
  for (const id of made) {
    const answer = await admin.delete(`/api/admin/products/${id}`)
    expect([200, 404]).toContain(answer.status)
  }
})

/** The product of a 201 answer, remembered for the clean-up. */
function createdProduct(answer: { status: number; body: unknown }): Product {
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  const product = productSchema.parse(answer.body)
  made.add(product.id)
  return product
}

const tag = () => randomBytes(4).toString("hex")

function productFields(overrides: Record<string, unknown> = {}) {
  return {
    name: `Test Phone ${tag()}`,
    description: "A phone made by the admin products test",
    price: "349.50",
    category: "phone",
    securityLevel: 4,
    stockQuantity: 12,
    features: ["Secure boot", "Encrypted storage"],
    specifications: { processor: "Octa-core", memory: "8GB RAM" },
    ...overrides,
  }
}

async function createProduct(overrides: Record<string, unknown> = {}): Promise<Product> {
  return createdProduct(await admin.post("/api/admin/products", productFields(overrides)))
}

async function publicProduct(id: number) {
  return asVisitor().get(`/api/products/${id}`)
}

function expectFieldError(answer: { status: number; body: unknown }, field: string, message?: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400)
  const error = apiErrorSchema.parse(answer.body)
  const fields = (error.details as { fields?: Record<string, string> } | undefined)?.fields ?? {}
  expect(Object.keys(fields), JSON.stringify(answer.body)).toContain(field)
  if (message) {
    expect(fields[field]).toBe(message)
    expect(error.message).toBe(message)
  }
}

/** A valid 1×1 PNG: signature, IHDR, one IDAT row, IEND (CRCs included). */
const tinyPng = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cfc0f01f0005000201e5270ade0000000049454e44ae426082",
  "hex",
)

function imageForm(content: Buffer | string, filename: string, type: string, field = "image") {
  const form = new FormData()
  form.append(field, new Blob([typeof content === "string" ? content : new Uint8Array(content)], { type }), filename)
  return form
}

describe("POST /api/admin/products", () => {
  it("creates a product that GET /api/products and /api/products/{id} show as it was entered", async () => {
    const fields = productFields({ imageUrl: "/images/products/enclave-base.svg" })
    const created = createdProduct(await admin.post("/api/admin/products", fields))
    expect(created).toMatchObject({
      name: fields.name,
      description: fields.description,
      price: "349.50",
      imageUrl: "/images/products/enclave-base.svg",
      category: "phone",
      securityLevel: 4,
      stockQuantity: 12,
      features: fields.features,
      specifications: fields.specifications,
    })
    expect(created.id).toBeGreaterThan(9)

    const one = await publicProduct(created.id)
    expect(one.status).toBe(200)
    expect(productSchema.parse(one.body)).toEqual(created)
    const list = productListSchema.parse((await asVisitor().get("/api/products")).body)
    expect(list.find((p) => p.id === created.id)).toEqual(created)
  })

  it("fills in the defaults: category phone, security level 3, stock 0, no features, the placeholder image", async () => {
    const created = await createProduct({
      description: undefined,
      category: undefined,
      securityLevel: undefined,
      stockQuantity: undefined,
      features: undefined,
      specifications: undefined,
    })
    expect(created).toMatchObject({
      description: "",
      category: "phone",
      securityLevel: 3,
      stockQuantity: 0,
      features: [],
      specifications: {},
      imageUrl: "/images/products/no-image.svg",
    })
  })

  it("writes prices with two decimals and keeps blank features and specifications out", async () => {
    const created = await createProduct({
      price: "12.5",
      category: "accessory",
      features: ["  ", "Shielded case", ""],
      specifications: { material: "Aluminium", "": "no key", colour: " " },
    })
    expect(created.price).toBe("12.50")
    expect(created.category).toBe("accessory")
    expect(created.features).toEqual(["Shielded case"])
    expect(created.specifications).toEqual({ material: "Aluminium" })
  })

  it("gives two products of the same name their own ids", async () => {
    const name = `Twin ${tag()}`
    const [a, b] = await Promise.all([createProduct({ name }), createProduct({ name })])
    expect(a.id).not.toBe(b.id)
    expect(a.name).toBe(b.name)
  })
})

describe("the product form's rules (docs/product.md §5)", () => {
  it.each([["0"], ["-5"], ["abc"], ["1.999"], [""], [12], [null]])("refuses the price %j", async (price) => {
    expectFieldError(await admin.post("/api/admin/products", productFields({ price })), "price", PRICE_MESSAGE)
  })

  it("requires a price", async () => {
    expectFieldError(await admin.post("/api/admin/products", productFields({ price: undefined })), "price", PRICE_MESSAGE)
  })

  it.each([[0], [6], [2.5], ["4"]])("refuses the security level %j", async (securityLevel) => {
    expectFieldError(
      await admin.post("/api/admin/products", productFields({ securityLevel })),
      "securityLevel",
      "Security level must be a whole number from 1 to 5",
    )
  })

  it.each([[1], [5]])("accepts the security level %j", async (securityLevel) => {
    expect((await createProduct({ securityLevel })).securityLevel).toBe(securityLevel)
  })

  it.each([[-1], [1.5], ["10"]])("refuses the stock quantity %j", async (stockQuantity) => {
    expectFieldError(
      await admin.post("/api/admin/products", productFields({ stockQuantity })),
      "stockQuantity",
      "Stock quantity must be a whole number of at least 0",
    )
  })

  it("refuses an unknown category", async () => {
    expectFieldError(
      await admin.post("/api/admin/products", productFields({ category: "tablet" })),
      "category",
      "Category must be phone, accessory or service",
    )
  })

  it("requires a name of 1 to 200 characters", async () => {
    expectFieldError(await admin.post("/api/admin/products", productFields({ name: undefined })), "name", "Name is required")
    expectFieldError(await admin.post("/api/admin/products", productFields({ name: "   " })), "name", "Name is required")
    expectFieldError(
      await admin.post("/api/admin/products", productFields({ name: "x".repeat(201) })),
      "name",
      "Name must be at most 200 characters",
    )
    expectFieldError(await admin.post("/api/admin/products", productFields({ name: 42 })), "name", "Name must be text")
  })

  it("limits the description to 5000 characters", async () => {
    expectFieldError(
      await admin.post("/api/admin/products", productFields({ description: "x".repeat(5001) })),
      "description",
      "Description must be at most 5000 characters",
    )
  })

  it("takes an image URL only as a path or an http(s) URL", async () => {
    for (const imageUrl of ["javascript:alert(1)", "//evil.example/x.png", "/\\evil.example/x.png", "images/x.png"]) {
      expectFieldError(
        await admin.post("/api/admin/products", productFields({ imageUrl })),
        "imageUrl",
        "Image URL must be a path starting with / or an http(s) URL",
      )
    }
    expect((await createProduct({ imageUrl: "/images/products/enclave-base.svg" })).imageUrl).toBe("/images/products/enclave-base.svg")
  })

  it("wants features as a list of texts and specifications as a map of texts", async () => {
    expectFieldError(await admin.post("/api/admin/products", productFields({ features: "Secure boot" })), "features")
    expectFieldError(await admin.post("/api/admin/products", productFields({ features: [1] })), "features.0")
    expectFieldError(await admin.post("/api/admin/products", productFields({ specifications: ["a"] })), "specifications")
    expectFieldError(await admin.post("/api/admin/products", productFields({ specifications: { memory: 8 } })), "specifications.memory")
  })

  it("names a field it does not know", async () => {
    expectFieldError(await admin.post("/api/admin/products", productFields({ colour: "black" })), "", "Unknown field: colour")
    expectFieldError(await admin.put("/api/admin/products/999999", { id: 99 }), "", "Unknown field: id")
  })

  it("names every failing field at once", async () => {
    const answer = await admin.post("/api/admin/products", { name: "", price: "free", securityLevel: 9, stockQuantity: -1 })
    expect(answer.status).toBe(400)
    const fields = (apiErrorSchema.parse(answer.body).details as { fields: Record<string, string> }).fields
    expect(Object.keys(fields).sort()).toEqual(["name", "price", "securityLevel", "stockQuantity"])
  })

  it("answers 400 for a body that is not a JSON object", async () => {
    const notJson = await admin.post("/api/admin/products", undefined, {
      raw: "{not json",
      headers: { "content-type": "application/json" },
    })
    expect(notJson.status).toBe(400)
    expect(apiErrorSchema.parse(notJson.body).message).toBeTruthy()
    const list = await admin.post("/api/admin/products", [productFields()])
    expect(list.status).toBe(400)
    expect(apiErrorSchema.parse(list.body).message).toBe("The request body must be a JSON object of product fields")
  })

  it("applies the same rules to an update", async () => {
    const product = await createProduct()
    expectFieldError(await admin.put(`/api/admin/products/${product.id}`, { price: "0" }), "price", PRICE_MESSAGE)
    expectFieldError(await admin.put(`/api/admin/products/${product.id}`, { securityLevel: 0 }), "securityLevel")
    expectFieldError(await admin.put(`/api/admin/products/${product.id}`, { stockQuantity: -3 }), "stockQuantity")
    expectFieldError(await admin.put(`/api/admin/products/${product.id}`, { name: "" }), "name", "Name is required")
    expectFieldError(await admin.put(`/api/admin/products/${product.id}`, { id: 99 }), "", "Unknown field: id")
    const empty = await admin.put(`/api/admin/products/${product.id}`, {})
    expect(empty.status).toBe(400)
    expect(apiErrorSchema.parse(empty.body).message).toBe("Send at least one product field to change")
    expect(productSchema.parse((await publicProduct(product.id)).body)).toEqual(product)
  })
})

describe("PUT /api/admin/products/{id}", () => {
  it("changes every field, and the shop shows the change", async () => {
    const product = await createProduct()
    const change = {
      name: `Renamed ${tag()}`,
      description: "Now with a longer battery life",
      price: "1299.99",
      imageUrl: "/images/products/enclave-premium-fold.svg",
      category: "service",
      securityLevel: 5,
      stockQuantity: 3,
      features: ["Remote wipe"],
      specifications: { duration: "24 months" },
    }
    const answer = await admin.put(`/api/admin/products/${product.id}`, change)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const expected = { ...change, id: product.id, createdAt: product.createdAt }
    expect(productSchema.parse(answer.body)).toEqual(expected)
    expect(productSchema.parse((await publicProduct(product.id)).body)).toEqual(expected)
  })

  it("keeps the fields an update leaves out", async () => {
    const product = await createProduct()
    const answer = await admin.put(`/api/admin/products/${product.id}`, { price: "99" })
    expect(answer.status).toBe(200)
    expect(productSchema.parse(answer.body)).toEqual({ ...product, price: "99.00" })
  })

  it("sets the stock customers see, including down to 0 and back", async () => {
    const product = await createProduct({ stockQuantity: 25 })
    for (const stockQuantity of [0, 7, 40]) {
      const answer = await admin.put(`/api/admin/products/${product.id}`, { stockQuantity })
      expect(answer.status).toBe(200)
      expect(productSchema.parse((await publicProduct(product.id)).body).stockQuantity).toBe(stockQuantity)
    }
  })

  it("removes an image with an empty image URL, showing the placeholder again", async () => {
    const product = await createProduct({ imageUrl: "/images/products/faraday-sleeve.svg" })
    const answer = await admin.put(`/api/admin/products/${product.id}`, { imageUrl: "" })
    expect(productSchema.parse(answer.body).imageUrl).toBe("/images/products/no-image.svg")
  })
})

/*
 * The shop's pages show images from the shop alone. An image URL on another site is
 * fetched when the admin saves the product and stored like an upload; the product keeps the shop's
 * own address. The other site here is the tests' image server, on the one loopback address the
 * tests' shops may fetch from (IMAGE_FETCH_ALLOWED_ADDRESSES); every other inward address stays refused.
 */
describe("an image URL on another site", () => {
  let site: ImageServer
  // A server on 127.0.0.1, which the shop was not told to trust: it must never be asked.
  let inward: ImageServer
  beforeAll(async () => {
    site = await startImageServer()
    inward = await startImageServer("127.0.0.1")
    for (const server of [site, inward]) server.route("/phone.png", serve(tinyPng, "image/png"))
  })
  afterAll(async () => {
    await site?.close()
    await inward?.close()
  })

  async function expectServedByShop(imageUrl: string, bytes: Buffer) {
    expect(imageUrl).toMatch(/^\/uploads\/[^/]+\.png$/)
    const served = await fetch(admin.baseUrl + imageUrl)
    expect(served.status).toBe(200)
    expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes)
  }

  it("is fetched on create and stored by the shop, which then shows its own address", async () => {
    const created = await createProduct({ imageUrl: `${site.origin}/phone.png` })
    await expectServedByShop(created.imageUrl, tinyPng)
    expect(productSchema.parse((await publicProduct(created.id)).body).imageUrl).toBe(created.imageUrl)
  })

  it("is fetched on update, through redirects on the same site", async () => {
    const product = await createProduct()
    site.route("/moved.png", redirect("/phone.png", 301))
    const answer = await admin.put(`/api/admin/products/${product.id}`, { imageUrl: `${site.origin}/moved.png`, price: "10" })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const updated = productSchema.parse(answer.body)
    expect(updated.price).toBe("10.00")
    await expectServedByShop(updated.imageUrl, tinyPng)
  })

  it("on the shop's own address is kept as the shop's path, without a fetch", async () => {
    const created = await createProduct({ imageUrl: `${admin.baseUrl}/images/products/enclave-base.svg` })
    expect(created.imageUrl).toBe("/images/products/enclave-base.svg")
  })

  it("that is not an image, or not there, is refused with 400 on imageUrl, and the product stays as it was", async () => {
    site.route("/page.png", serve("<html>not a picture</html>", "text/html"))
    site.route("/script.png", serve("<script>alert(1)</script>", "image/png"))
    site.route("/drawing.svg", serve('<svg xmlns="http://www.w3.org/2000/svg"/>', "image/svg+xml"))
    for (const path of ["/page.png", "/script.png", "/drawing.svg"]) {
      expectFieldError(
        await admin.post("/api/admin/products", productFields({ imageUrl: `${site.origin}${path}` })),
        "imageUrl",
        imageFetchMessages["not-an-image"],
      )
    }
    expectFieldError(
      await admin.post("/api/admin/products", productFields({ imageUrl: `${site.origin}/missing.png` })),
      "imageUrl",
      imageFetchMessages.unreachable,
    )
    const product = await createProduct({ imageUrl: "/images/products/faraday-sleeve.svg" })
    expectFieldError(
      await admin.put(`/api/admin/products/${product.id}`, { imageUrl: `${site.origin}/page.png`, price: "1" }),
      "imageUrl",
      imageFetchMessages["not-an-image"],
    )
    expect(productSchema.parse((await publicProduct(product.id)).body)).toEqual(product)
  })

  it("larger than an upload may be is refused", async () => {
    site.route("/huge.png", serve(Buffer.concat([tinyPng, Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES)]), "image/png"))
    expectFieldError(
      await admin.post("/api/admin/products", productFields({ imageUrl: `${site.origin}/huge.png` })),
      "imageUrl",
      imageFetchMessages["too-large"],
    )
  })

  it("on the shop's own network is refused with 400 and never asked, directly or through a redirect", async () => {
    const port = new URL(inward.origin).port
    site.route("/to-inward.png", redirect(`${inward.origin}/phone.png`))
    site.route("/to-metadata.png", redirect("http://169.254.169.254/latest/meta-data/"))
    for (const imageUrl of [
      `http://127.0.0.1:${port}/phone.png`,
      `http://localhost:${port}/phone.png`,
      `http://[::ffff:127.0.0.1]:${port}/phone.png`,
      `http://[::1]:${port}/phone.png`,
      "http://10.0.0.1/phone.png",
      "http://169.254.169.254/latest/meta-data/",
      `${site.origin}/to-inward.png`,
      `${site.origin}/to-metadata.png`,
    ]) {
      expectFieldError(
        await admin.post("/api/admin/products", productFields({ imageUrl })),
        "imageUrl",
        imageFetchMessages["refused-address"],
      )
    }
    expect(inward.requests).toEqual([])
  })
})

describe("stock that orders hold", () => {
  it("keeps what customers can buy at what the admin sets, and keeps the product until its orders are gone", async () => {
    const product = await createProduct({ stockQuantity: 10 })
    const customer = await asNewCustomer()
    expect((await customer.post("/api/cart", { productId: product.id, quantity: 3 })).status).toBe(201)
    const order = await customer.post("/api/orders", {
      shippingAddress: testAddress, // shipping method 1 is the seeded Germany Standard
      shippingMethod: 1,
      paymentMethod: "stripe",
      paymentId: `str-admin-products-${tag()}`,
    })
    expect(order.status, JSON.stringify(order.body)).toBe(201)
    expect(productSchema.parse((await publicProduct(product.id)).body).stockQuantity).toBe(7)

    expect((await admin.put(`/api/admin/products/${product.id}`, { stockQuantity: 20 })).status).toBe(200)
    expect(productSchema.parse((await publicProduct(product.id)).body).stockQuantity).toBe(20)

    const refused = await admin.delete(`/api/admin/products/${product.id}`)
    expect(refused.status).toBe(409)
    expect(apiErrorSchema.parse(refused.body).message).toBe(
      `Product ${product.id} cannot be deleted while orders hold 3 of its stock: cancel or delete those orders first, or set its stock to 0 to stop selling it`,
    )
    expect((await publicProduct(product.id)).status).toBe(200)

    expect((await admin.delete(`/api/admin/orders/${(order.body as { id: number }).id}`)).status).toBe(200)
    expect((await admin.delete(`/api/admin/products/${product.id}`)).status).toBe(200)
    expect((await publicProduct(product.id)).status).toBe(404)
  })
})

describe("a deleted product in customers' carts", () => {
  it("leaves their open carts, so they can still check out the rest", async () => {
    const kept = await createProduct({ stockQuantity: 5 })
    const deleted = await createProduct({ stockQuantity: 5 })
    const customer = await asNewCustomer()
    expect((await customer.post("/api/cart", { productId: deleted.id, quantity: 1 })).status).toBe(201)
    expect((await customer.post("/api/cart", { productId: kept.id, quantity: 2 })).status).toBe(201)

    expect((await admin.delete(`/api/admin/products/${deleted.id}`)).status).toBe(200)
    const cart = await customer.get("/api/cart")
    expect(cart.status).toBe(200)
    expect((cart.body as Array<{ productId: number; quantity: number }>).map((i) => [i.productId, i.quantity])).toEqual([[kept.id, 2]])

    const order = await customer.post("/api/orders", {
      shippingAddress: testAddress,
      shippingMethod: 1,
      paymentMethod: "stripe",
      paymentId: `str-admin-products-${tag()}`,
    })
    expect(order.status, JSON.stringify(order.body)).toBe(201)
    expect((order.body as { items: Array<{ productId: number }> }).items.map((i) => i.productId)).toEqual([kept.id])
    // The order reserved stock of `kept`; deleting the order releases it, so the clean-up can delete the product.
    expect((await admin.delete(`/api/admin/orders/${(order.body as { id: number }).id}`)).status).toBe(200)
  })
})

describe("DELETE /api/admin/products/{id}", () => {
  it("deletes a product: it leaves the catalogue and its page answers 404", async () => {
    const product = await createProduct()
    const answer = await admin.delete(`/api/admin/products/${product.id}`)
    expect(answer.status).toBe(200)
    expect(messageSchema.parse(answer.body).message).toMatch(/deleted/i)
    expect((await publicProduct(product.id)).status).toBe(404)
    const list = productListSchema.parse((await asVisitor().get("/api/products")).body)
    expect(list.some((p) => p.id === product.id)).toBe(false)
    expect((await admin.delete(`/api/admin/products/${product.id}`)).status).toBe(404)
    expect((await admin.put(`/api/admin/products/${product.id}`, { price: "1" })).status).toBe(404)
  })
})

describe("product ids in admin paths", () => {
  it.each([
    ["PUT", "/api/admin/products/999999"],
    ["DELETE", "/api/admin/products/999999"],
  ])("%s %s answers 404 for an unknown id", async (method, path) => {
    const answer = await admin.request(method, path, method === "PUT" ? { price: "1" } : undefined)
    expect(answer.status).toBe(404)
    expect(apiErrorSchema.parse(answer.body).message).toBe("Product 999999 not found")
  })

  it("upload-image answers 404 for an unknown id", async () => {
    const answer = await admin.post("/api/admin/products/999999/upload-image", undefined, { raw: imageForm(tinyPng, "a.png", "image/png") })
    expect(answer.status).toBe(404)
  })

  it.each(["abc", "0", "-1", "1.5"])("answers 400 for the id %j", async (id) => {
    for (const [method, path, body] of [
      ["PUT", `/api/admin/products/${id}`, { price: "1" }],
      ["DELETE", `/api/admin/products/${id}`, undefined],
    ] as const) {
      const answer = await admin.request(method, path, body)
      expect(answer.status, `${method} ${path}`).toBe(400)
      expect(apiErrorSchema.parse(answer.body).message).toBe("Product id must be a whole number")
    }
    const upload = await admin.post(`/api/admin/products/${id}/upload-image`, undefined, { raw: imageForm(tinyPng, "a.png", "image/png") })
    expect(upload.status).toBe(400)
  })
})

describe("POST /api/admin/products/{id}/upload-image", () => {
  it("stores a real PNG, makes it the product's image, and the shop serves its bytes", async () => {
    const product = await createProduct()
    const answer = await admin.post(`/api/admin/products/${product.id}/upload-image`, undefined, {
      raw: imageForm(tinyPng, "holiday photo.PNG", "image/png"),
    })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const { imageUrl, message } = imageUploadAnswerSchema.parse(answer.body)
    expect(message).toBe("Image uploaded successfully")
    expect(imageUrl).toMatch(/^\/uploads\/[^/]+\.png$/)
    expect(imageUrl).not.toContain("holiday")

    expect(productSchema.parse((await publicProduct(product.id)).body).imageUrl).toBe(imageUrl)
    const served = await fetch(admin.baseUrl + imageUrl)
    expect(served.status).toBe(200)
    expect(served.headers.get("content-type")).toContain("image/png")
    expect(Buffer.from(await served.arrayBuffer())).toEqual(tinyPng)
  })

  it("names the file by its content, not by the name it was sent with", async () => {
    const product = await createProduct()
    const gif = Buffer.concat([
      Buffer.from("GIF89a", "latin1"),
      Buffer.from("010001008000000000000000ffffff21f90401000000002c00000000010001000002024401003b", "hex"),
    ])
    // No claim of a kind (a content that contradicts its claim is refused: security.test.ts).
    const answer = await admin.post(`/api/admin/products/${product.id}/upload-image`, undefined, {
      raw: imageForm(gif, "picture", "application/octet-stream"),
    })
    expect(answer.status).toBe(200)
    expect(imageUploadAnswerSchema.parse(answer.body).imageUrl).toMatch(/\.gif$/)
  })

  it("refuses a script disguised as a PNG with 415, and keeps the product's image", async () => {
    const product = await createProduct()
    const answer = await admin.post(`/api/admin/products/${product.id}/upload-image`, undefined, {
      raw: imageForm("<script>alert('x')</script>", "x.png", "image/png"),
    })
    expect(answer.status).toBe(415)
    expect(apiErrorSchema.parse(answer.body).message).toBe(IMAGE_TYPE_MESSAGE)
    expect(productSchema.parse((await publicProduct(product.id)).body).imageUrl).toBe(product.imageUrl)
  })

  it("refuses an SVG, which can carry script", async () => {
    const product = await createProduct()
    const svg = `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`
    const answer = await admin.post(`/api/admin/products/${product.id}/upload-image`, undefined, {
      raw: imageForm(svg, "x.svg", "image/svg+xml"),
    })
    expect(answer.status).toBe(415)
  })

  it("refuses an image over 5 MB with 413", async () => {
    const product = await createProduct()
    const big = Buffer.concat([tinyPng, Buffer.alloc(5 * 1024 * 1024)])
    const answer = await admin.post(`/api/admin/products/${product.id}/upload-image`, undefined, {
      raw: imageForm(big, "big.png", "image/png"),
    })
    expect(answer.status).toBe(413)
    expect(apiErrorSchema.parse(answer.body).message).toBe("The image is larger than 5 MB")
  })

  it("answers 400 when no file is sent, or it is sent under another field name", async () => {
    const product = await createProduct()
    const empty = new FormData()
    empty.append("note", "no file here")
    const none = await admin.post(`/api/admin/products/${product.id}/upload-image`, undefined, { raw: empty })
    expect(none.status).toBe(400)
    expect(apiErrorSchema.parse(none.body).message).toMatch(/image/)

    const noBody = await admin.post(`/api/admin/products/${product.id}/upload-image`)
    expect(noBody.status).toBe(400)

    const otherField = await admin.post(`/api/admin/products/${product.id}/upload-image`, undefined, {
      raw: imageForm(tinyPng, "a.png", "image/png", "file"),
    })
    expect(otherField.status).toBe(400)
    expect(apiErrorSchema.parse(otherField.body).message).toMatch(/'image'/)
  })
})

describe("who may manage products", () => {
  const calls = (id: number) =>
    [
      ["POST", "/api/admin/products", () => productFields()],
      ["PUT", `/api/admin/products/${id}`, () => ({ price: "10" })],
      ["DELETE", `/api/admin/products/${id}`, () => undefined],
    ] as const

  it("answers 401 to a visitor and 403 to a customer, and changes nothing", async () => {
    const product = await createProduct()
    const visitor = asVisitor()
    const customer = await asNewCustomer()
    for (const [method, path, body] of calls(product.id)) {
      expect((await visitor.request(method, path, body())).status, `visitor ${method} ${path}`).toBe(401)
      expect((await customer.request(method, path, body())).status, `customer ${method} ${path}`).toBe(403)
    }
    for (const client of [visitor, customer]) {
      const upload = await client.post(`/api/admin/products/${product.id}/upload-image`, undefined, {
        raw: imageForm(tinyPng, "a.png", "image/png"),
      })
      expect(upload.status).toBe(client === visitor ? 401 : 403)
      expect(apiErrorSchema.parse(upload.body).message).toBeTruthy()
    }
    expect(productSchema.parse((await publicProduct(product.id)).body)).toEqual(product)
  })

  it("lets the admin create, change, upload an image for and delete a product", async () => {
    const { id } = createdProduct(await admin.post("/api/admin/products", productFields()))
    expect((await admin.put(`/api/admin/products/${id}`, { price: "10" })).status).toBe(200)
    expect(
      (await admin.post(`/api/admin/products/${id}/upload-image`, undefined, { raw: imageForm(tinyPng, "a.png", "image/png") })).status,
    ).toBe(200)
    expect((await admin.delete(`/api/admin/products/${id}`)).status).toBe(200)
  })
})

describe("GET /api/openapi.json", () => {
  it("serves the OpenAPI 3.1 description of the API, including the admin product calls", async () => {
    const answer = await asVisitor().get("/api/openapi.json")
    expect(answer.status).toBe(200)
    expect(answer.headers.get("content-type")).toContain("application/json")
    expect(answer.body.openapi).toBe("3.1.0")
    expect(Object.keys(answer.body.paths)).toEqual(
      expect.arrayContaining(["/api/admin/products", "/api/admin/products/{id}", "/api/admin/products/{id}/upload-image", "/api/products"]),
    )
  })
})
