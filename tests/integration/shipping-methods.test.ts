/**
 * Shipping methods over the /api facade: the public list checkout reads, and the admin's create,
 * edit and delete (docs/product.md §3, §5, §7). Other files run against the same shop at the same time, so
 * every test makes its own methods, never changes the seeded three, and puts the default back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  apiErrorSchema,
  compareShippingMethods,
  shippingMethodListSchema,
  shippingMethodSchema,
  shippingZones,
  type ShippingMethod,
  type ShippingMethodInput,
} from "@enclave/contract"
import { ApiClient, asAdmin, asNewCustomer, asVisitor } from "../support/api.ts"

let admin: ApiClient
let visitor: ApiClient
const created: number[] = []
const tag = Math.random().toString(36).slice(2, 8)

async function create(input: Partial<ShippingMethodInput> = {}): Promise<ShippingMethod> {
  const answer = await admin.post("/api/admin/shipping-methods", {
    name: `Test courier ${tag} ${created.length}`,
    description: "Delivered by a test courier",
    price: "12.50",
    ...input,
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  const method = shippingMethodSchema.parse(answer.body)
  created.push(method.id)
  return method
}

async function publicList(country?: string) {
  const answer = await visitor.get(
    country === undefined ? "/api/shipping-methods" : `/api/shipping-methods?country=${encodeURIComponent(country)}`,
  )
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return shippingMethodListSchema.parse(answer.body)
}

/** The ids marked default, zone by zone. */
const defaultsIn = (methods: ShippingMethod[], zone: ShippingMethod["zone"]) =>
  methods.filter((m) => m.zone === zone && m.isDefault).map((m) => m.id)

async function adminList() {
  const answer = await admin.get("/api/admin/shipping-methods")
  expect(answer.status).toBe(200)
  return shippingMethodListSchema.parse(answer.body)
}

const seededDefaults = ["Germany Standard", "Worldwide"]

/** Marks the seeded defaults (one per zone) again, for tests that moved a mark. */
async function restoreSeededDefault() {
  for (const name of seededDefaults) {
    const method = (await adminList()).find((m) => m.name === name)!
    const answer = await admin.put(`/api/admin/shipping-methods/${method.id}`, { isDefault: true })
    expect(answer.status).toBe(200)
  }
}

beforeAll(async () => {
  admin = await asAdmin()
  visitor = asVisitor()
})

afterAll(async () => {
  for (const id of created) await admin.delete(`/api/admin/shipping-methods/${id}`)
})

describe("GET /api/shipping-methods", () => {
  it("answers the seeded methods of the FAQ with euro prices and delivery estimates", async () => {
    const methods = await publicList()
    const byName = new Map(methods.map((m) => [m.name, m]))
    expect(byName.get("Germany Standard")).toMatchObject({
      name_de: "Deutschland Standard",
      description_de: "Standardversand innerhalb Deutschlands",
      price: "15.00",
      estimated_delivery: "1-2 business days",
      estimated_delivery_de: "1-2 Werktage",
      sortOrder: 0,
      isActive: true,
    })
    expect(byName.get("Germany Express")).toMatchObject({
      name_de: "Deutschland Express",
      description_de: "Expressversand innerhalb Deutschlands",
      price: "25.00",
      estimated_delivery: "Within 24 hours",
      estimated_delivery_de: "Innerhalb von 24 Stunden",
      sortOrder: 1,
      isActive: true,
    })
    expect(byName.get("Worldwide")).toMatchObject({
      name_de: "Weltweit",
      description_de: "Weltweiter Versand mit Sendungsverfolgung",
      price: "50.00",
      estimated_delivery: "7-30 days",
      estimated_delivery_de: "7-30 Tage",
      sortOrder: 2,
      isActive: true,
    })
    for (const m of methods) expect(m.description.length).toBeGreaterThanOrEqual(2)
  })

  it("sorts by sortOrder, then name, and marks exactly one method default per zone", async () => {
    const methods = await publicList()
    expect(methods).toEqual([...methods].sort(compareShippingMethods))
    for (const zone of shippingZones) expect(defaultsIn(methods, zone), zone).toHaveLength(1)
    const seeded = methods.filter((m) => ["Germany Standard", "Germany Express", "Worldwide"].includes(m.name))
    expect(seeded.map((m) => m.name)).toEqual(["Germany Standard", "Germany Express", "Worldwide"])
  })

  it("is public: visitors and customers read the same list", async () => {
    const customer = await asNewCustomer()
    const answer = await customer.get("/api/shipping-methods")
    expect(answer.status).toBe(200)
    expect(shippingMethodListSchema.parse(answer.body).map((m) => m.id)).toEqual((await publicList()).map((m) => m.id))
  })
})

describe("GET /api/shipping-methods?country=", () => {
  const seeded = (methods: ShippingMethod[]) =>
    methods.filter((m) => ["Germany Standard", "Germany Express", "Worldwide"].includes(m.name)).map((m) => m.name)

  it("lists only the methods that ship to the country, with that zone's default preselected", async () => {
    const france = await publicList("FR")
    expect(seeded(france)).toEqual(["Worldwide"])
    expect(france.every((m) => m.zone === "worldwide" && m.countries.includes("FR"))).toBe(true)
    expect(france.filter((m) => m.isDefault)).toHaveLength(1)
    const germany = await publicList("DE")
    expect(seeded(germany)).toEqual(["Germany Standard", "Germany Express"])
    expect(germany.every((m) => m.zone === "germany" && m.countries.includes("DE"))).toBe(true)
    expect(germany.filter((m) => m.isDefault)).toHaveLength(1)
    // Any country of the world has Worldwide, not only those of the old region list.
    expect(seeded(await publicList("br"))).toEqual(["Worldwide"])
  })

  it("reads the country as people type it: a name in English or German, any case", async () => {
    expect(seeded(await publicList("Frankreich"))).toEqual(["Worldwide"])
    expect(seeded(await publicList("germany"))).toEqual(["Germany Standard", "Germany Express"])
    expect(seeded(await publicList("Deutschland"))).toEqual(["Germany Standard", "Germany Express"])
  })

  it("tells which countries each method serves", async () => {
    const byName = new Map((await publicList()).map((m) => [m.name, m]))
    expect(byName.get("Germany Standard")).toMatchObject({ zone: "germany", countries: ["DE"] })
    const worldwide = byName.get("Worldwide")!
    expect(worldwide.zone).toBe("worldwide")
    expect(worldwide.countries).toEqual(expect.arrayContaining(["FR", "US", "BR", "JP"]))
    expect(worldwide.countries).not.toContain("DE")
  })

  it("refuses a country it does not know with 400 naming the parameter", async () => {
    const answer = await visitor.get("/api/shipping-methods?country=Atlantis")
    expect(answer.status).toBe(400)
    expect(answer.body.details?.fields).toEqual({ country: "Unknown country" })
  })
})

describe("POST /api/admin/shipping-methods", () => {
  it("creates a method with the form's defaults and answers it with 201", async () => {
    const method = await create({ name: `Cargo bike ${tag}`, description: "Berlin only, by cargo bike", price: 7.5 })
    expect(method).toMatchObject({
      name: `Cargo bike ${tag}`,
      description: "Berlin only, by cargo bike",
      price: "7.50",
      estimated_delivery: null,
      isDefault: false,
      isActive: true,
      sortOrder: 0,
      zone: "worldwide",
    })
    expect((await publicList()).find((m) => m.id === method.id)).toEqual(method)
    expect((await adminList()).find((m) => m.id === method.id)).toEqual(method)
  })

  it("accepts the price as a JSON number or a decimal string, and an estimated delivery", async () => {
    expect((await create({ price: 0 })).price).toBe("0.00")
    expect((await create({ price: "99.9" })).price).toBe("99.90")
    expect((await create({ price: " 3 ", estimated_delivery: "2-4 business days" })).estimated_delivery).toBe("2-4 business days")
  })

  it("sorts new methods by sortOrder, then by name", async () => {
    const zulu = await create({ name: `Zulu ${tag}`, sortOrder: 900 })
    const alpha = await create({ name: `Alpha ${tag}`, sortOrder: 900 })
    const first = await create({ name: `Yankee ${tag}`, sortOrder: 899 })
    for (const list of [await publicList(), await adminList()]) {
      const ours = list.filter((m) => [zulu.id, alpha.id, first.id].includes(m.id)).map((m) => m.id)
      expect(ours).toEqual([first.id, alpha.id, zulu.id])
      const seededStandard = list.findIndex((m) => m.name === "Germany Standard")
      expect(seededStandard).toBeLessThan(list.findIndex((m) => m.id === first.id))
    }
  })

  it("hides inactive methods from checkout but lists them for the admin", async () => {
    const inactive = await create({ name: `Dormant ${tag}`, isActive: false })
    expect(inactive.isActive).toBe(false)
    expect((await publicList()).map((m) => m.id)).not.toContain(inactive.id)
    expect((await adminList()).find((m) => m.id === inactive.id)).toMatchObject({ isActive: false, name: `Dormant ${tag}` })

    const activated = await admin.put(`/api/admin/shipping-methods/${inactive.id}`, { isActive: true })
    expect(activated.status).toBe(200)
    expect((await publicList()).map((m) => m.id)).toContain(inactive.id)
  })

  it.each([
    [{ name: "A" }, "name", "Name must be at least 2 characters"],
    [{ name: "  x  " }, "name", "Name must be at least 2 characters"],
    [{ name: undefined }, "name", "Name must be at least 2 characters"],
    [{ description: "B" }, "description", "Description must be at least 2 characters"],
    [{ description: undefined }, "description", "Description must be at least 2 characters"],
    [{ price: -1 }, "price", "Price must be a valid number greater than or equal to 0"],
    [{ price: "-0.01" }, "price", "Price must be a valid number greater than or equal to 0"],
    [{ price: "ten" }, "price", "Price must be a valid number greater than or equal to 0"],
    [{ price: "" }, "price", "Price must be a valid number greater than or equal to 0"],
    [{ price: null }, "price", "Price must be a valid number greater than or equal to 0"],
    [{ price: undefined }, "price", "Price must be a valid number greater than or equal to 0"],
    [{ price: "1.005" }, "price", "Price must have at most 2 decimal places"],
    [{ sortOrder: -1 }, "sortOrder", "Sort order must be a whole number of at least 0"],
    [{ sortOrder: 1.5 }, "sortOrder", "Sort order must be a whole number of at least 0"],
    [{ sortOrder: "first" }, "sortOrder", "Sort order must be a whole number of at least 0"],
    [{ isDefault: "yes" }, "isDefault", "isDefault must be true or false"],
    [{ isActive: 1 }, "isActive", "isActive must be true or false"],
    [{ zone: "mars" }, "zone", "Zone must be germany or worldwide"],
    [{ colour: "red" }, "", "Unknown field: colour"],
  ])("refuses %j with 400 and the message for %s", async (override, field, message) => {
    const body: Record<string, unknown> = { name: "Valid name", description: "Valid description", price: "5.00", ...override }
    for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key]
    const answer = await admin.post("/api/admin/shipping-methods", body)
    expect(answer.status).toBe(400)
    expect(apiErrorSchema.parse(answer.body).message).toBe(message)
    expect(answer.body.details.fields[field]).toBe(message)
    // Nothing was made (by name: other files on the shared shop add methods meanwhile, so a count could grow).
    expect((await adminList()).filter((m) => m.name === body.name)).toEqual([])
  })

  it("names every failing field at once", async () => {
    const answer = await admin.post("/api/admin/shipping-methods", { name: "A", description: "B", price: -5 })
    expect(answer.status).toBe(400)
    expect(answer.body.details.fields).toEqual({
      name: "Name must be at least 2 characters",
      description: "Description must be at least 2 characters",
      price: "Price must be a valid number greater than or equal to 0",
    })
  })

  it("answers 400 for a body that is not JSON", async () => {
    const answer = await admin.post("/api/admin/shipping-methods", undefined, {
      raw: "{not json",
      headers: { "content-type": "application/json" },
    })
    expect(answer.status).toBe(400)
    expect(apiErrorSchema.parse(answer.body).message).toBeTruthy()
  })
})

describe("PUT /api/admin/shipping-methods/{id}", () => {
  it("changes name, price, description and estimate, and checkout sees the change", async () => {
    const method = await create({ name: `Courier ${tag}`, price: "10.00", estimated_delivery: "3 days" })
    const answer = await admin.put(`/api/admin/shipping-methods/${method.id}`, {
      name: `Night courier ${tag}`,
      description: "Delivered overnight",
      price: "19.99",
      estimated_delivery: "Next morning",
      sortOrder: 3,
    })
    expect(answer.status).toBe(200)
    const updated = shippingMethodSchema.parse(answer.body)
    expect(updated).toMatchObject({
      id: method.id,
      name: `Night courier ${tag}`,
      description: "Delivered overnight",
      price: "19.99",
      estimated_delivery: "Next morning",
      sortOrder: 3,
      isActive: true,
      isDefault: false,
    })
    expect((await publicList()).find((m) => m.id === method.id)).toEqual(updated)
  })

  it("keeps every field the body leaves out, and clears the estimate when it is sent empty", async () => {
    const method = await create({ name: `Partial ${tag}`, price: "4.20", estimated_delivery: "1 week", sortOrder: 7 })
    const priced = await admin.put(`/api/admin/shipping-methods/${method.id}`, { price: 5 })
    expect(priced.status).toBe(200)
    expect(priced.body).toMatchObject({ name: `Partial ${tag}`, price: "5.00", estimated_delivery: "1 week", sortOrder: 7 })
    const cleared = await admin.put(`/api/admin/shipping-methods/${method.id}`, { estimated_delivery: "" })
    expect(cleared.status).toBe(200)
    expect(cleared.body).toMatchObject({ price: "5.00", estimated_delivery: null })
  })

  it("keeps a German estimate beside the English one: set, kept when left out, cleared when sent empty", async () => {
    const method = await create({
      name: `Bilingual ${tag}`,
      price: "6.00",
      estimated_delivery: "2 days",
      estimated_delivery_de: " 2 Tage ",
    })
    expect(method).toMatchObject({ estimated_delivery: "2 days", estimated_delivery_de: "2 Tage" })
    expect((await publicList()).find((m) => m.id === method.id)).toMatchObject({ estimated_delivery_de: "2 Tage" })

    const english = await admin.put(`/api/admin/shipping-methods/${method.id}`, { estimated_delivery: "3 days" })
    expect(english.body).toMatchObject({ estimated_delivery: "3 days", estimated_delivery_de: "2 Tage" })
    const german = await admin.put(`/api/admin/shipping-methods/${method.id}`, { estimated_delivery_de: "3 Werktage" })
    expect(german.body).toMatchObject({ estimated_delivery: "3 days", estimated_delivery_de: "3 Werktage" })
    // Checkout's public list sees the change on the next request (the catalogue cache is bumped).
    expect((await publicList()).find((m) => m.id === method.id)).toMatchObject({ estimated_delivery_de: "3 Werktage" })
    const cleared = await admin.put(`/api/admin/shipping-methods/${method.id}`, { estimated_delivery_de: "" })
    expect(cleared.body).toMatchObject({ estimated_delivery: "3 days", estimated_delivery_de: null })

    const tooLong = await admin.put(`/api/admin/shipping-methods/${method.id}`, { estimated_delivery_de: "x".repeat(101) })
    expect(tooLong.status).toBe(400)
    expect(apiErrorSchema.parse(tooLong.body).message).toContain("German estimated delivery must be at most 100 characters")
    const notText = await admin.put(`/api/admin/shipping-methods/${method.id}`, { estimated_delivery_de: 5 })
    expect(notText.status).toBe(400)
    expect(apiErrorSchema.parse(notText.body).message).toContain("German estimated delivery must be a text")
  })

  it("keeps a German name and description beside the English ones: set, kept when left out, cleared when sent empty", async () => {
    const method = await create({
      name: `Kurier ${tag}`,
      price: "7.00",
      name_de: " Fahrradkurier ",
      description_de: "Mit dem Rad gebracht",
    })
    expect(method).toMatchObject({ name_de: "Fahrradkurier", description_de: "Mit dem Rad gebracht" })
    expect((await publicList()).find((m) => m.id === method.id)).toMatchObject({ name_de: "Fahrradkurier" })
    const english = await admin.put(`/api/admin/shipping-methods/${method.id}`, { name: `Courier ${tag}` })
    expect(english.body).toMatchObject({ name: `Courier ${tag}`, name_de: "Fahrradkurier", description_de: "Mit dem Rad gebracht" })
    const cleared = await admin.put(`/api/admin/shipping-methods/${method.id}`, { name_de: "", description_de: null })
    expect(cleared.body).toMatchObject({ name_de: null, description_de: null })
    const tooLong = await admin.put(`/api/admin/shipping-methods/${method.id}`, {
      name_de: "x".repeat(101),
      description_de: "y".repeat(501),
    })
    expect(tooLong.status).toBe(400)
    expect(apiErrorSchema.parse(tooLong.body).details).toMatchObject({
      fields: {
        name_de: "German name must be at most 100 characters",
        description_de: "German description must be at most 500 characters",
      },
    })
  })

  it("applies the form rules to what it changes", async () => {
    const method = await create()
    for (const [body, message] of [
      [{ name: "A" }, "Name must be at least 2 characters"],
      [{ description: "" }, "Description must be at least 2 characters"],
      [{ price: "-3" }, "Price must be a valid number greater than or equal to 0"],
      [{ sortOrder: -2 }, "Sort order must be a whole number of at least 0"],
    ] as const) {
      const answer = await admin.put(`/api/admin/shipping-methods/${method.id}`, body)
      expect(answer.status).toBe(400)
      expect(answer.body.message).toBe(message)
    }
    expect((await adminList()).find((m) => m.id === method.id)).toEqual(method)
  })

  it("moves the default mark within a zone: marking one unmarks the others of its zone only", async () => {
    const first = await create({ name: `Default one ${tag}`, sortOrder: 950 })
    const second = await create({ name: `Default two ${tag}`, sortOrder: 951 })
    const germanDefault = () => adminList().then((all) => defaultsIn(all, "germany"))
    const seededGerman = await germanDefault()
    try {
      const marked = await admin.put(`/api/admin/shipping-methods/${first.id}`, { isDefault: true })
      expect(marked.status).toBe(200)
      expect(marked.body.isDefault).toBe(true)
      let all = await adminList()
      expect(defaultsIn(all, "worldwide")).toEqual([first.id])
      expect(defaultsIn(all, "germany")).toEqual(seededGerman)
      let checkout = await publicList("FR")
      expect(checkout.filter((m) => m.isDefault).map((m) => m.id)).toEqual([first.id])

      // A new method created as default takes its zone's mark too.
      const third = await create({ name: `Default three ${tag}`, sortOrder: 952, isDefault: true })
      all = await adminList()
      expect(defaultsIn(all, "worldwide")).toEqual([third.id])

      await admin.put(`/api/admin/shipping-methods/${second.id}`, { isDefault: true })
      all = await adminList()
      expect(defaultsIn(all, "worldwide")).toEqual([second.id])
      checkout = await publicList()
      expect(defaultsIn(checkout, "worldwide")).toEqual([second.id])
      expect(defaultsIn(checkout, "germany")).toEqual(seededGerman)

      // Moved into Germany while marked, it becomes Germany's default and Worldwide keeps one.
      const moved = await admin.put(`/api/admin/shipping-methods/${second.id}`, { zone: "germany" })
      expect(moved.status).toBe(200)
      expect(moved.body).toMatchObject({ zone: "germany", countries: ["DE"], isDefault: true })
      all = await adminList()
      expect(defaultsIn(all, "germany")).toEqual([second.id])
      expect((await publicList("DE")).filter((m) => m.isDefault).map((m) => m.id)).toEqual([second.id])
      expect((await publicList("FR")).map((m) => m.id)).not.toContain(second.id)
      expect((await publicList("FR")).filter((m) => m.isDefault)).toHaveLength(1)
    } finally {
      await restoreSeededDefault()
    }
    const checkout = await publicList()
    expect(checkout.filter((m) => m.isDefault).map((m) => m.name)).toEqual(seededDefaults)
  })

  it("keeps checkout's one default per zone when the marked method is inactive: the zone's first active one is preselected", async () => {
    const hidden = await create({ name: `Hidden default ${tag}`, isActive: false, zone: "germany" })
    try {
      expect((await admin.put(`/api/admin/shipping-methods/${hidden.id}`, { isDefault: true })).status).toBe(200)
      const checkout = await publicList("DE")
      expect(checkout.map((m) => m.id)).not.toContain(hidden.id)
      expect(checkout.filter((m) => m.isDefault)).toEqual([checkout[0]])
    } finally {
      await restoreSeededDefault()
    }
  })

  it("answers 404 for an unknown id and 400 for an id that is not a whole number", async () => {
    const missing = await admin.put("/api/admin/shipping-methods/999999", { name: "Nowhere" })
    expect(missing.status).toBe(404)
    expect(apiErrorSchema.parse(missing.body).message).toMatch(/not found/i)
    for (const id of ["abc", "1.5", "0", "-1"]) {
      const answer = await admin.put(`/api/admin/shipping-methods/${id}`, { name: "Nowhere" })
      expect(answer.status, id).toBe(400)
      expect(answer.body.message).toBe("Shipping method id must be a whole number")
    }
  })
})

describe("DELETE /api/admin/shipping-methods/{id}", () => {
  it("removes the method from both lists and answers a message", async () => {
    const method = await create({ name: `Short-lived ${tag}` })
    const answer = await admin.delete(`/api/admin/shipping-methods/${method.id}`)
    expect(answer.status).toBe(200)
    expect(typeof answer.body.message).toBe("string")
    expect((await publicList()).map((m) => m.id)).not.toContain(method.id)
    expect((await adminList()).map((m) => m.id)).not.toContain(method.id)
    expect((await admin.delete(`/api/admin/shipping-methods/${method.id}`)).status).toBe(404)
    expect((await admin.put(`/api/admin/shipping-methods/${method.id}`, { name: "Back again" })).status).toBe(404)
  })

  it("answers 404 for an unknown id and 400 for an id that is not a whole number", async () => {
    expect((await admin.delete("/api/admin/shipping-methods/999999")).status).toBe(404)
    const answer = await admin.delete("/api/admin/shipping-methods/abc")
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe("Shipping method id must be a whole number")
  })
})

describe("who may manage shipping methods", () => {
  const endpoints = [
    ["GET", "/api/admin/shipping-methods", undefined],
    ["POST", "/api/admin/shipping-methods", { name: "Sneaky", description: "Not allowed", price: "1.00" }],
    ["PUT", "/api/admin/shipping-methods/1", { price: "0.00" }],
    ["DELETE", "/api/admin/shipping-methods/1", undefined],
  ] as const

  it.each(endpoints)("%s %s: visitors get 401, customers 403", async (method, path, body) => {
    const asVisitorAnswer = await asVisitor().request(method, path, body)
    expect(asVisitorAnswer.status).toBe(401)
    const customer = await asNewCustomer()
    const asCustomerAnswer = await customer.request(method, path, body)
    expect(asCustomerAnswer.status).toBe(403)
    // The seeded methods are untouched.
    expect((await publicList()).find((m) => m.id === 1)).toMatchObject({ name: "Germany Standard", price: "15.00" })
  })
})
