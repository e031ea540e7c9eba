/**
 * Invoice / wire transfer over the /api facade. Settings: the admin saves the shop's bank
 * account (IBAN checked with its mod-97 check digits, BIC in the SWIFT form), the payment term and the
 * minimum total; invoice payment can be enabled only once the account holder, IBAN and BIC are saved;
 * GET /api/payment-methods offers it only to a signed-in business customer (company name and VAT ID).
 * Orders: a business customer buys by invoice (pending, stock reserved, Medusa's payment
 * authorised, reference and due date); staff mark it paid (Medusa's payment captured); the refusals; a
 * cancelled unpaid invoice order gives its stock back. The invoice PDF: invoice-pdf.cases.ts.
 *
 * The settings are one row for the whole shop, and every save changes it (its updatedAt too):
 * payment-settings.test.ts, running beside this file on the shared shop, compares that row whole before and
 * after its refusals, and failed when both ran at once. So this file has a shop of its own (as the payment
 * suites do, tests/support/payment-shop.ts); INVOICE_SHOP_URL points it at a running one instead. Either way
 * it puts back what it found, invoice payment disabled.
 */
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import {
  apiErrorSchema,
  CANCELLED_ORDER_NOT_PAYABLE_MESSAGE,
  DEFAULT_SHOP_TIME_ZONE,
  IBAN_CHECKSUM_MESSAGE,
  INVOICE_ALREADY_PAID_MESSAGE,
  INVOICE_BUSINESS_ONLY_MESSAGE,
  INVOICE_NOT_AVAILABLE_MESSAGE,
  invoiceDueDate,
  invoiceMinimumMessage,
  invoiceReference,
  NOT_AN_INVOICE_ORDER_MESSAGE,
  orderListSchema,
  orderSchema,
  paymentMethodsSchema,
  type PaymentConfig,
} from "@enclave/contract"
import { ApiClient, asAdmin, asNewCustomer, asVisitor } from "../support/api.ts"
import { paymentConfigCalls } from "../support/payment-config.ts"
import {
  buyerAddress,
  buyWithSandboxCard,
  createRaceProduct,
  databaseUrlOf,
  GERMANY_STANDARD,
  medusaAvailableStock,
} from "../support/races.ts"
import { startShopProcess, type ShopProcess } from "../support/shop.ts"
import { describeInvoicePdf } from "./invoice-pdf.cases.ts"
import { shopUrl } from "../support/urls.ts"

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
  // A customer's answer is theirs alone; a visitor's is everyone's (kept by the catalogue cache, Vary: Cookie).
  if (client.cookie()) expect(answer.headers.get("cache-control")).toContain("private")
  else expect(answer.headers.get("vary")?.toLowerCase()).toContain("cookie")
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

/** Medusa's own record of an order's payment, read from its tables. */
async function medusaPayment(displayId: number) {
  const client = new pg.Client({ connectionString: databaseUrlOf(shopUrl()) })
  await client.connect()
  try {
    const { rows } = await client.query(
      `select o.status, p.provider_id as provider, p.amount::numeric::float as amount,
              p.captured_at is not null as captured, p.canceled_at is not null as canceled,
              (select count(*)::int from capture c where c.payment_id = p.id and c.deleted_at is null) as captures
         from "order" o
         join order_payment_collection opc on opc.order_id = o.id and opc.deleted_at is null
         join payment p on p.payment_collection_id = opc.payment_collection_id and p.deleted_at is null
        where o.display_id = $1`,
      [displayId],
    )
    return rows
  } finally {
    await client.end()
  }
}

/** An invoice purchase of the customer's cart. */
function buyByInvoice(customer: ApiClient, extra: Record<string, unknown> = {}) {
  return customer.post("/api/orders", {
    shippingAddress: buyerAddress,
    shippingMethod: GERMANY_STANDARD,
    paymentMethod: "Invoice",
    ...extra,
  })
}

const businessDetails = { companyName: "Acme Security GmbH", vatId: "DE 123 456 789" }

describe("paying by invoice", () => {
  beforeAll(async () => {
    // Term 30 days, from €250.00.
    await saveOk({ ...bank, invoiceEnabled: true })
  })

  /** A business customer with `quantity` units (€20.00 each) of a product of its own with 20 in stock in the cart. */
  async function businessCart(quantity: number, details: Record<string, unknown> = businessDetails) {
    const product = await createRaceProduct(admin, 20)
    const customer = await asNewCustomer(details)
    expect((await customer.post("/api/cart", { productId: product.id, quantity })).status).toBe(201)
    return { product, customer }
  }

  it("places a pending order with its reference, due date and the bank account, stock reserved and the payment authorised", async () => {
    const { product, customer } = await businessCart(12)
    const placed = await buyByInvoice(customer, { total: "255.00" })
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    const order = orderSchema.parse(placed.body)
    expect(order).toMatchObject({
      status: "pending",
      paymentMethod: "Invoice",
      paymentProvider: "invoice",
      paymentId: null,
      isTestPayment: false,
      total: "255.00",
      invoice: {
        reference: invoiceReference(order.id),
        dueDate: invoiceDueDate(new Date(order.createdAt), 30, DEFAULT_SHOP_TIME_ZONE),
        paidAt: null,
        state: "awaiting_payment",
        bankAccount: { accountHolder: "Enclave Devices GmbH", iban: "DE89370400440532013000", bic: "COBADEFFXXX" },
      },
    })
    expect(order.invoice!.reference).toMatch(/^ENC-\d{6,}$/)
    // 30 days after the order's day in Berlin: never before, at most a day more (the day it was placed there).
    const days = (Date.parse(order.invoice!.dueDate) - Date.parse(order.createdAt.slice(0, 10))) / 86_400_000
    expect([30, 31]).toContain(days)
    // The customer's list says the same; the stock is held for the order in Medusa.
    // (with its after-sale state besides: a business's order has no statutory withdrawal)
    const { afterSale, ...listed } = orderListSchema.parse((await customer.get("/api/orders")).body)[0]
    expect(listed).toEqual(order)
    expect(afterSale?.withdrawal).toEqual({ state: "business", lastDay: null })
    expect(await medusaAvailableStock(databaseUrlOf(shopUrl()), product.id)).toEqual({ stocked: 20, reserved: 12, available: 8 })
    expect(await medusaPayment(order.id)).toEqual([
      { status: "pending", provider: "pp_system_default", amount: 255, captured: false, canceled: false, captures: 0 },
    ])
  })

  it("is marked paid by staff: Medusa's payment captured once, the date recorded, the order processing", async () => {
    const { customer } = await businessCart(13)
    const order = orderSchema.parse((await buyByInvoice(customer)).body)
    const before = Date.now()
    // Two staff members at once: one capture, one clear refusal.
    const answers = await Promise.all([
      admin.post(`/api/admin/orders/${order.id}/mark-paid`),
      admin.post(`/api/admin/orders/${order.id}/mark-paid`),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const paid = orderSchema.parse(answers.find((a) => a.status === 200)!.body)
    expect(answers.find((a) => a.status === 409)!.body.message).toBe(INVOICE_ALREADY_PAID_MESSAGE)
    expect(paid.status).toBe("processing")
    expect(paid.invoice).toMatchObject({ state: "paid", reference: order.invoice!.reference, dueDate: order.invoice!.dueDate })
    expect(Date.parse(paid.invoice!.paidAt!)).toBeGreaterThanOrEqual(before - 1000)
    expect(await medusaPayment(order.id)).toEqual([
      { status: "pending", provider: "pp_system_default", amount: 275, captured: true, canceled: false, captures: 1 },
    ])
    expect(orderListSchema.parse((await customer.get("/api/orders")).body)[0].invoice).toEqual(paid.invoice)
  })

  it("refunds a paid invoice order as a transfer staff send to the account the customer named; an unpaid one has nothing to refund", async () => {
    const { customer } = await businessCart(13)
    const order = orderSchema.parse((await buyByInvoice(customer)).body)
    const unpaid = await admin.post(`/api/admin/orders/${order.id}/refunds`, { amount: "10.00" })
    expect(unpaid.status, JSON.stringify(unpaid.body)).toBe(409)
    expect(unpaid.body.details).toMatchObject({ code: "not_paid" })
    // A return of an unpaid invoice order would make Medusa cancel its payment: refused, cancel it instead.
    const returned = await admin.post(`/api/admin/orders/${order.id}/returns`, { reason: "goodwill" })
    expect(returned.status).toBe(409)
    expect((await admin.post(`/api/admin/orders/${order.id}/mark-paid`)).status).toBe(200)

    const noAccount = await admin.post(`/api/admin/orders/${order.id}/refunds`, { amount: "10.00" })
    expect(noAccount.status).toBe(400)
    expect(noAccount.body.details.fields.bankAccount).toBe("Name the account holder and IBAN the customer gave for the transfer")
    const refunded = await admin.post(
      `/api/admin/orders/${order.id}/refunds`,
      { amount: "25.00", note: "Goodwill", bankAccount: { accountHolder: "Acme GmbH", iban: "DE02 1203 0000 0000 2020 51" } },
      { headers: { "Idempotency-Key": `invoice-${order.id}` } },
    )
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(201)
    expect(refunded.body).toMatchObject({ amount: "25.00", method: "bank_transfer", note: "Goodwill" })
    const proposal = (await admin.get(`/api/admin/orders/${order.id}/refunds`)).body
    // Read from Medusa's payment: its Refund records the transfer.
    expect(proposal).toMatchObject({ captured: "275.00", refunded: "25.00", refundable: "250.00", method: "bank_transfer" })
    expect(proposal.refunds).toEqual([expect.objectContaining({ amount: "25.00", method: "bank_transfer" })])
  })

  it("refuses marking paid an order that is not an invoice order, a cancelled one, an unknown one, and a customer", async () => {
    const product = await createRaceProduct(admin, 5)
    const cardBuyer = await asNewCustomer()
    expect((await cardBuyer.post("/api/cart", { productId: product.id, quantity: 1 })).status).toBe(201)
    const cardOrder = orderSchema.parse((await buyWithSandboxCard(cardBuyer)).body)
    const notInvoice = await admin.post(`/api/admin/orders/${cardOrder.id}/mark-paid`)
    expect([notInvoice.status, notInvoice.body.message]).toEqual([409, NOT_AN_INVOICE_ORDER_MESSAGE])

    const { customer } = await businessCart(13)
    const order = orderSchema.parse((await buyByInvoice(customer)).body)
    expect((await customer.post(`/api/admin/orders/${order.id}/mark-paid`)).status).toBe(403)
    expect((await asVisitor().post(`/api/admin/orders/${order.id}/mark-paid`)).status).toBe(401)
    expect((await admin.put(`/api/admin/orders/${order.id}/status`, { status: "cancelled" })).status).toBe(200)
    const cancelled = await admin.post(`/api/admin/orders/${order.id}/mark-paid`)
    expect([cancelled.status, cancelled.body.message]).toEqual([409, CANCELLED_ORDER_NOT_PAYABLE_MESSAGE])
    expect((await admin.post("/api/admin/orders/99999999/mark-paid")).status).toBe(404)
    expect((await admin.post("/api/admin/orders/abc/mark-paid")).status).toBe(400)
  })

  it("gives the stock back when an unpaid invoice order is cancelled, and cancels its payment", async () => {
    const { product, customer } = await businessCart(13)
    const order = orderSchema.parse((await buyByInvoice(customer)).body)
    expect(await medusaAvailableStock(databaseUrlOf(shopUrl()), product.id)).toEqual({ stocked: 20, reserved: 13, available: 7 })
    const cancelled = await admin.put(`/api/admin/orders/${order.id}/status`, { status: "cancelled" })
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    expect(orderSchema.parse(cancelled.body)).toMatchObject({ status: "cancelled", invoice: { paidAt: null } })
    expect(await medusaAvailableStock(databaseUrlOf(shopUrl()), product.id)).toEqual({ stocked: 20, reserved: 0, available: 20 })
    expect(await medusaPayment(order.id)).toMatchObject([{ status: "canceled", captured: false, canceled: true }])
  })

  it("refuses a customer without a company name and VAT ID, on the payment method, and keeps the cart", async () => {
    for (const details of [{}, { companyName: "Solo Ltd" }]) {
      const { product, customer } = await businessCart(13, details)
      const answer = await buyByInvoice(customer)
      expect(answer.status).toBe(400)
      expect(apiErrorSchema.parse(answer.body)).toMatchObject({ message: INVOICE_BUSINESS_ONLY_MESSAGE, code: "invoice_business_only" })
      expect(answer.body.details.fields.paymentMethod).toBe(INVOICE_BUSINESS_ONLY_MESSAGE)
      expect((await customer.get("/api/cart")).body).toMatchObject([{ productId: product.id, quantity: 13 }])
      expect(await medusaAvailableStock(databaseUrlOf(shopUrl()), product.id)).toMatchObject({ reserved: 0 })
    }
  })

  it("refuses a total under the minimum with the minimum in the message, and leaves nothing behind", async () => {
    const { product, customer } = await businessCart(11) // €220.00 + €15.00 shipping
    const answer = await buyByInvoice(customer)
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe(invoiceMinimumMessage("250.00"))
    // Said by code, the amount in params, also after the workflow engine has passed the refusal on.
    expect(answer.body).toMatchObject({ code: "invoice_below_minimum", params: { minimumTotal: "250.00" } })
    expect(answer.body.details.fields.paymentMethod).toBe("Pay by invoice needs an order total of at least €250.00")
    expect(await medusaAvailableStock(databaseUrlOf(shopUrl()), product.id)).toMatchObject({ reserved: 0 })
    expect(await customer.get("/api/orders")).toMatchObject({ status: 200, body: [] })
    // One more unit reaches it.
    const [line] = (await customer.get("/api/cart")).body
    expect((await customer.put(`/api/cart/${line.id}`, { quantity: 12 })).status).toBe(200)
    expect((await buyByInvoice(customer)).status).toBe(201)
  })

  it("refuses everyone once the shop stops offering it", async () => {
    const { customer } = await businessCart(13)
    await saveOk({ invoiceEnabled: false })
    try {
      const answer = await buyByInvoice(customer)
      expect(answer.status).toBe(400)
      expect(answer.body.code).toBe("invoice_not_available")
      expect(answer.body.details.fields.paymentMethod).toBe(INVOICE_NOT_AVAILABLE_MESSAGE)
    } finally {
      await saveOk({ invoiceEnabled: true })
    }
  })
})

describeInvoicePdf()
