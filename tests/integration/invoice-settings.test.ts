/**
 * Invoice / wire transfer settings (issue 17, item 2) over the /api facade: the admin saves the shop's bank
 * account (IBAN checked with its mod-97 check digits, BIC in the SWIFT form), the payment term and the
 * minimum total; invoice payment can be enabled only once the account holder, IBAN and BIC are saved;
 * GET /api/payment-methods offers it only to a signed-in business customer (company name and VAT ID).
 *
 * The settings are one row for the whole shop, and every save changes it (its updatedAt too):
 * payment-settings.test.ts, running beside this file on the shared shop, compares that row whole before and
 * after its refusals, and failed when both ran at once. So this file has a shop of its own (as the payment
 * suites do, tests/support/payment-shop.ts); INVOICE_SHOP_URL points it at a running one instead. Either way
 * it puts back what it found, invoice payment disabled.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { apiErrorSchema, IBAN_CHECKSUM_MESSAGE, paymentMethodsSchema, type PaymentConfig } from "@enclave/contract"
import { ApiClient, asAdmin, asNewCustomer, asVisitor } from "../support/api.ts"
import { paymentConfigCalls } from "../support/payment-config.ts"
import { startShopProcess, type ShopProcess } from "../support/shop.ts"

const bank = {
  invoiceAccountHolder: "Enclave Devices GmbH",
  invoiceIban: "DE89 3704 0044 0532 0130 00",
  invoiceBic: "cobadeffxxx",
  invoicePaymentTermDays: 30,
  invoiceMinimumTotal: "250",
}

let shop: ShopProcess | undefined
let admin: ApiClient
let original: PaymentConfig

const { config, save, saveOk } = paymentConfigCalls(() => admin)

/** Whether checkout would offer this caller payment by invoice. */
async function offersInvoice(client: ApiClient): Promise<boolean> {
  const answer = await client.get("/api/payment-methods")
  expect(answer.status).toBe(200)
  expect(answer.headers.get("cache-control")).toContain("private")
  return paymentMethodsSchema.parse(answer.body).invoice
}

/** The invoice fields of the configuration, as they were. */
function invoicePart(c: PaymentConfig) {
  return {
    invoiceAccountHolder: c.invoiceAccountHolder,
    invoiceIban: c.invoiceIban,
    invoiceBic: c.invoiceBic,
    invoicePaymentTermDays: c.invoicePaymentTermDays,
    invoiceMinimumTotal: c.invoiceMinimumTotal,
  }
}

beforeAll(async () => {
  if (process.env.INVOICE_SHOP_URL) vi.stubEnv("ENCLAVE_URL", process.env.INVOICE_SHOP_URL)
  else {
    shop = await startShopProcess({ mailbox: false })
    vi.stubEnv("ENCLAVE_URL", shop.url)
  }
  admin = await asAdmin()
  original = await config()
})

afterAll(async () => {
  try {
    // Disabled first: the bank details of an enabled invoice payment cannot be removed.
    if (admin) {
      await saveOk({ invoiceEnabled: false })
      await saveOk(invoicePart(original))
    }
  } finally {
    vi.unstubAllEnvs()
    await shop?.stop()
    shop?.removeData()
  }
})

describe("invoice settings in the admin's payment configuration", () => {
  it("start disabled, with a 14-day term and no minimum", async () => {
    // Another run on this shop may have saved details; the defaults are what a new shop has.
    expect(original.invoiceEnabled).toBe(false)
    if (!original.invoiceDetailsSaved) {
      expect(original).toMatchObject({
        invoiceAccountHolder: "",
        invoiceIban: "",
        invoiceBic: "",
        invoicePaymentTermDays: 14,
        invoiceMinimumTotal: "0.00",
      })
    }
  })

  it("refuses enabling before the account holder, IBAN and BIC are saved", async () => {
    await saveOk({ invoiceEnabled: false, invoiceAccountHolder: "", invoiceIban: "", invoiceBic: "" })
    const answer = await save({ invoiceEnabled: true })
    expect(answer.status).toBe(400)
    expect(apiErrorSchema.parse(answer.body).message).toBe(
      "Invoice payment cannot be enabled until its account holder, IBAN and BIC are saved",
    )
    expect(answer.body.details.fields.invoiceEnabled).toBe("Save the account holder, IBAN and BIC first")
    // Some details are not enough either.
    await saveOk({ invoiceAccountHolder: bank.invoiceAccountHolder, invoiceIban: bank.invoiceIban })
    expect((await save({ invoiceEnabled: true })).status).toBe(400)
    const after = await config()
    expect(after).toMatchObject({ invoiceEnabled: false, invoiceDetailsSaved: false })
  })

  it("saves the details, the IBAN and BIC normalised, and answers them", async () => {
    const saved = await saveOk(bank)
    expect(saved).toMatchObject({
      invoiceEnabled: false,
      invoiceAccountHolder: "Enclave Devices GmbH",
      invoiceIban: "DE89370400440532013000",
      invoiceBic: "COBADEFFXXX",
      invoicePaymentTermDays: 30,
      invoiceMinimumTotal: "250.00",
      invoiceDetailsSaved: true,
    })
    expect(await config()).toMatchObject(invoicePart(saved))
  })

  it("refuses an IBAN with a wrong check digit on its field, and keeps the saved one", async () => {
    const answer = await save({ invoiceIban: "DE88 3704 0044 0532 0130 00" })
    expect(answer.status).toBe(400)
    expect(apiErrorSchema.parse(answer.body).message).toBe(IBAN_CHECKSUM_MESSAGE)
    expect(answer.body.details.fields.invoiceIban).toBe(IBAN_CHECKSUM_MESSAGE)
    expect((await config()).invoiceIban).toBe("DE89370400440532013000")
  })

  it.each([
    [{ invoiceIban: "DE8937040044053201300" }, "invoiceIban", "A DE IBAN has 22 characters, this one has 21"],
    [{ invoiceBic: "COBADE" }, "invoiceBic", "BIC must have 8 or 11 characters"],
    [{ invoicePaymentTermDays: 0 }, "invoicePaymentTermDays", "Payment term must be a whole number of days from 1 to 365"],
    [{ invoicePaymentTermDays: 366 }, "invoicePaymentTermDays", "Payment term must be a whole number of days from 1 to 365"],
    [{ invoiceMinimumTotal: "-5" }, "invoiceMinimumTotal", "Minimum order total must be a number of at least 0"],
    [{ invoiceEnabled: true, invoiceAccountHolder: "" }, "invoiceAccountHolder", "Account holder is required to enable invoice payment"],
  ])("refuses %j with 400 on %s", async (body, field, message) => {
    const answer = await save(body)
    expect(answer.status).toBe(400)
    expect(answer.body.details.fields[field]).toContain(message)
  })

  it("is enabled and disabled with its own flag, and keeps its details while enabled", async () => {
    expect((await saveOk({ invoiceEnabled: true })).invoiceEnabled).toBe(true)
    const cleared = await save({ invoiceIban: "" })
    expect(cleared.status).toBe(400)
    expect(cleared.body.details.fields.invoiceIban).toBe("The IBAN is needed while invoice payment is enabled")
    expect(await config()).toMatchObject({ invoiceEnabled: true, invoiceIban: "DE89370400440532013000" })
    expect((await saveOk({ invoiceEnabled: false })).invoiceEnabled).toBe(false)
  })
})

describe("GET /api/payment-methods: invoice for business customers only", () => {
  it("offers invoice to a business customer while it is enabled, to nobody else, and to nobody once disabled", async () => {
    const visitor = asVisitor()
    const consumer = await asNewCustomer()
    const companyOnly = await asNewCustomer({ companyName: "Solo Ltd" })
    const business = await asNewCustomer({ companyName: "Acme GmbH", vatId: "DE123456789" })
    expect((await business.get("/api/user")).body).toMatchObject({ companyName: "Acme GmbH", vatId: "DE123456789" })

    await saveOk({ ...bank, invoiceEnabled: false })
    for (const caller of [visitor, consumer, companyOnly, business]) expect(await offersInvoice(caller)).toBe(false)

    await saveOk({ invoiceEnabled: true })
    expect(await offersInvoice(visitor)).toBe(false)
    expect(await offersInvoice(consumer)).toBe(false)
    expect(await offersInvoice(companyOnly)).toBe(false)
    expect(await offersInvoice(business)).toBe(true)

    await saveOk({ invoiceEnabled: false })
    expect(await offersInvoice(business)).toBe(false)
  })

  it("does not tell a visitor the bank details", async () => {
    const text = JSON.stringify((await asVisitor().get("/api/payment-methods")).body)
    expect(text).not.toContain("DE89370400440532013000")
    expect(text).not.toContain("COBADEFFXXX")
  })
})
