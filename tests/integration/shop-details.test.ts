/**
 * The shop's details over the /api facade: the imprint's fields and the shop's time zone, saved by
 * the admin (POST /api/admin/shop-details), answered to everyone for the imprint (GET /api/shop-details),
 * refused field by field when malformed, and only ever for admins; the time zone moves the invoice's date.
 *
 * The details are the shop's own, one set for every suite: an imprint or a time zone changed here would
 * show in the orders and invoices other files check on the shared shop. So this file has a shop of its own
 * (like invoice.test.ts); SHOP_DETAILS_SHOP_URL points it at a running one instead. Either way it starts
 * from empty details and puts back what it found.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import {
  adminShopDetailsSchema,
  apiErrorSchema,
  DEFAULT_SHOP_TIME_ZONE,
  DIRECTION_CONTROL_MESSAGE,
  imprintFieldLengthMessage,
  imprintFields,
  shopDetailsSchema,
  SHOP_EMAIL_MESSAGE,
  SHOP_PHONE_MESSAGE,
  TIME_ZONE_MESSAGE,
  TIME_ZONE_REQUIRED_MESSAGE,
  VAT_ID_PATTERN_MESSAGE,
  type AdminShopDetails,
  type ShopDetailsUpdateInput,
} from "@enclave/contract"
import { ApiClient, asAdmin, asNewCustomer, asVisitor } from "../support/api.ts"
import { startShopProcess, type ShopProcess } from "../support/shop.ts"
import { sampleShopDetails } from "../support/shop-details.ts"

let shop: ShopProcess | undefined
let admin: ApiClient
let original: AdminShopDetails

const details = sampleShopDetails

const cleared = Object.fromEntries(imprintFields.map((field) => [field, null])) as ShopDetailsUpdateInput

async function adminDetails(): Promise<AdminShopDetails> {
  const answer = await admin.get("/api/admin/shop-details")
  expect(answer.status).toBe(200)
  return adminShopDetailsSchema.parse(answer.body)
}

async function publicDetails() {
  const answer = await asVisitor().get("/api/shop-details")
  expect(answer.status).toBe(200)
  expect(answer.headers.get("cache-control")).toBe("no-store")
  return answer.body as unknown
}

async function save(body: unknown) {
  return admin.post("/api/admin/shop-details", body)
}

async function saveOk(body: ShopDetailsUpdateInput): Promise<AdminShopDetails> {
  const answer = await save(body)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return adminShopDetailsSchema.parse(answer.body)
}

/** A 400 naming exactly this field with this message. */
async function expectRefused(body: unknown, field: string, message: string) {
  const answer = await save(body)
  expect(answer.status, JSON.stringify(answer.body)).toBe(400)
  const error = apiErrorSchema.parse(answer.body)
  expect(error.details).toMatchObject({ fields: { [field]: message } })
}

beforeAll(async () => {
  if (process.env.SHOP_DETAILS_SHOP_URL) vi.stubEnv("ENCLAVE_URL", process.env.SHOP_DETAILS_SHOP_URL)
  else {
    shop = await startShopProcess({ mailbox: false })
    vi.stubEnv("ENCLAVE_URL", shop.url)
  }
  admin = await asAdmin()
  original = await adminDetails()
  await saveOk({ ...cleared, timeZone: DEFAULT_SHOP_TIME_ZONE })
}, 600_000)

afterAll(async () => {
  try {
    if (admin && original) {
      const put = Object.fromEntries(imprintFields.map((field) => [field, original[field]]))
      await saveOk({ ...put, timeZone: original.timeZone })
    }
  } finally {
    vi.unstubAllEnvs()
    await shop?.stop()
    shop?.removeData()
  }
})

describe("shop details before anything is saved", () => {
  it("answers every imprint field as null, Europe/Berlin as the time zone, and every required field as missing", async () => {
    const answer = shopDetailsSchema.strict().parse(await publicDetails())
    for (const field of imprintFields) expect(answer[field], field).toBeNull()
    expect(answer.timeZone).toBe("Europe/Berlin")
    const mine = await adminDetails()
    // The register entry is optional: not every business has one.
    expect(mine.missingFields).toEqual([
      "companyName",
      "representative",
      "street",
      "postalCode",
      "city",
      "country",
      "email",
      "phone",
      "vatId",
    ])
  })
})

describe("saving the shop details", () => {
  it("round trip: the admin saves, the public answer and the admin's show the saved values, nothing missing", async () => {
    const saved = await saveOk({ ...details, vatId: "de 123.456.789" })
    expect(saved).toMatchObject({ ...details, timeZone: "Europe/Berlin", missingFields: [] })
    expect(saved.updatedAt).not.toBeNull()
    // The public answer is what the imprint shows, plus the time zone, and nothing else.
    expect(await publicDetails()).toEqual({ ...details, timeZone: "Europe/Berlin" })
    expect(await adminDetails()).toMatchObject({ ...details, missingFields: [] })
  })

  it("keeps fields left out, trims text, and clears a field sent empty or null", async () => {
    const saved = await saveOk({ phone: "  +49 30 7654321  ", registerCourt: "" })
    expect(saved).toMatchObject({ ...details, phone: "+49 30 7654321", registerCourt: null })
    // Half a register entry: the other half is now missing.
    expect(saved.missingFields).toEqual(["registerCourt"])
    expect((await saveOk({ registerNumber: null })).missingFields).toEqual([])
    expect((await saveOk({ city: null })).missingFields).toEqual(["city"])
    await saveOk(details)
  })

  it("refuses each malformed field with a 400 that names it, and saves nothing", async () => {
    const before = await adminDetails()
    await expectRefused({ companyName: "x".repeat(201) }, "companyName", imprintFieldLengthMessage("companyName"))
    await expectRefused({ postalCode: "1".repeat(21) }, "postalCode", imprintFieldLengthMessage("postalCode"))
    await expectRefused({ street: "Tor\u202Estraße 1" }, "street", DIRECTION_CONTROL_MESSAGE)
    await expectRefused({ email: "not an address" }, "email", SHOP_EMAIL_MESSAGE)
    await expectRefused({ phone: "call us" }, "phone", SHOP_PHONE_MESSAGE)
    await expectRefused({ vatId: "DE12345" }, "vatId", VAT_ID_PATTERN_MESSAGE)
    await expectRefused({ city: 42 }, "city", "City must be a text")
    await expectRefused({ timeZone: "Mars/Olympus_Mons" }, "timeZone", TIME_ZONE_MESSAGE)
    await expectRefused({ timeZone: "+01:00" }, "timeZone", TIME_ZONE_MESSAGE)
    await expectRefused({ timeZone: "" }, "timeZone", TIME_ZONE_REQUIRED_MESSAGE)
    await expectRefused({ timeZone: null }, "timeZone", TIME_ZONE_REQUIRED_MESSAGE)
    await expectRefused({ companyName: "A", imprintNote: "x" }, "", "Unknown field: imprintNote")
    const body = await save({ companyName: "Nul\u0000 GmbH" })
    expect(body.status).toBe(400)
    // Nothing of the refused bodies was saved.
    expect(await adminDetails()).toEqual(before)
  })

  it("is for admins only: visitors 401, customers 403, on both calls", async () => {
    const visitor = asVisitor()
    expect((await visitor.get("/api/admin/shop-details")).status).toBe(401)
    expect((await visitor.post("/api/admin/shop-details", { companyName: "Mallory Ltd" })).status).toBe(401)
    const customer = await asNewCustomer()
    expect((await customer.get("/api/admin/shop-details")).status).toBe(403)
    expect((await customer.post("/api/admin/shop-details", { companyName: "Mallory Ltd" })).status).toBe(403)
    expect(shopDetailsSchema.parse(await publicDetails()).companyName).toBe(details.companyName)
  })
})

describe("the shop's time zone", () => {
  it("takes any IANA zone in its canonical spelling, answers it to everyone, and goes back to the default", async () => {
    expect((await saveOk({ timeZone: "america/new_york" })).timeZone).toBe("America/New_York")
    expect(shopDetailsSchema.parse(await publicDetails()).timeZone).toBe("America/New_York")
    expect((await saveOk({ timeZone: "UTC" })).timeZone).toBe("UTC")
    expect((await saveOk({ timeZone: "Europe/Berlin" })).timeZone).toBe("Europe/Berlin")
    // Saving the imprint leaves the zone as it is.
    expect((await saveOk({ companyName: details.companyName })).timeZone).toBe("Europe/Berlin")
  })
})
