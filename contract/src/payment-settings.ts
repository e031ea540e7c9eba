import { z } from "zod"
import { bicProblem, ibanProblem, normaliseBic, normaliseIban } from "./bank.js"
import { DIRECTION_CONTROL_MESSAGE, SHIPPING_SETTINGS_PRICE_MESSAGE, withoutDirectionControls } from "./values.js"

/**
 * GET /api/payment-methods: which providers checkout may offer (enabled, and keys saved for the
 * active mode), the card provider's publishable key for Stripe Elements, and which are in sandbox
 * mode. simulatedCard: the sandbox's pretend card (docs/product.md §4) is offered while an admin has test
 * payments on and the card provider is in sandbox mode, whether or not it is enabled. invoice: payment by invoice and wire transfer, offered
 * only to a signed-in business customer (company name and VAT ID) while the admin has it enabled.
 */
export const paymentMethodsSchema = z.object({
  stripe: z.boolean(),
  paypal: z.boolean(),
  stripePublicKey: z.string().nullable(),
  stripeSandbox: z.boolean(),
  paypalSandbox: z.boolean(),
  simulatedCard: z.boolean(),
  invoice: z.boolean(),
})
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>

/** GET /api/shipping-settings. */
export const shippingSettingsSchema = z.object({
  shippingLabel: z.string(),
  shippingPrice: z.string().regex(/^\d{1,8}\.\d{2}$/),
})
export type ShippingSettings = z.infer<typeof shippingSettingsSchema>

/**
 * GET /api/admin/payment-config (docs/product.md §3 PaymentSettings, plus the webhook signing secrets of the
 * card provider and the webhook ids of the wallet provider): every field, secrets masked, plus
 * whether each secret is saved and whether each provider's keys for its current mode are saved
 * (the admin's enable toggle depends on it, docs/product.md §4).
 */
export const paymentConfigSchema = z.object({
  stripeEnabled: z.boolean(),
  stripeSecretKey: z.string(),
  stripeSecretKeySet: z.boolean(),
  stripePublicKey: z.string(),
  stripeSandboxMode: z.boolean(),
  /**
   * Test payments (the simulated card) are switched on. They place orders without payment: checkout
   * offers them, and the admin warns on every page, while this is on and stripeSandboxMode too.
   */
  testPaymentsEnabled: z.boolean(),
  stripeSandboxSecretKey: z.string(),
  stripeSandboxSecretKeySet: z.boolean(),
  stripeSandboxPublicKey: z.string(),
  stripeKeysSaved: z.boolean(),
  paypalEnabled: z.boolean(),
  paypalClientId: z.string(),
  paypalSecret: z.string(),
  paypalSecretSet: z.boolean(),
  paypalSandboxMode: z.boolean(),
  paypalSandboxClientId: z.string(),
  paypalSandboxSecret: z.string(),
  paypalSandboxSecretSet: z.boolean(),
  paypalKeysSaved: z.boolean(),
  shippingLabel: z.string(),
  shippingPrice: z.string(),
  stripeWebhookSecret: z.string(),
  stripeWebhookSecretSet: z.boolean(),
  stripeSandboxWebhookSecret: z.string(),
  stripeSandboxWebhookSecretSet: z.boolean(),
  paypalWebhookId: z.string(),
  paypalSandboxWebhookId: z.string(),
  /** Invoice / wire transfer: the shop's bank account (IBAN without spaces), the payment term and the smallest order total. */
  invoiceEnabled: z.boolean(),
  invoiceAccountHolder: z.string(),
  invoiceIban: z.string(),
  invoiceBic: z.string(),
  invoicePaymentTermDays: z.number().int(),
  invoiceMinimumTotal: z.string(),
  /** Account holder, IBAN and BIC are saved: invoice payment can be enabled. */
  invoiceDetailsSaved: z.boolean(),
  updatedAt: z.string().datetime({ offset: true }),
})
export type PaymentConfig = z.infer<typeof paymentConfigSchema>

const flag = (field: string) => z.boolean({ error: `${field} must be true or false` }).optional()
/** A key: text, trimmed; null or "" clears a public key (a secret is kept, see below). */
const key = (field: string) =>
  z
    .string({ error: `${field} must be a text` })
    .trim()
    .max(500, `${field} must be at most 500 characters`)
    .nullable()
    .optional()

/** A euro amount ≥ 0 with at most two decimals, as text or number; answered as "x.xx". */
const euroAmount = (message: string) =>
  z.union([z.string(), z.number()], { error: message }).transform((value, ctx) => {
    const text = typeof value === "number" ? String(value) : value.trim()
    if (!/^\d{1,8}(\.\d{1,2})?$/.test(text)) {
      ctx.addIssue({ code: "custom", message })
      return z.NEVER
    }
    return Number(text).toFixed(2)
  })

/** docs/product.md §3: shippingPrice is text holding a decimal ≥ 0 with at most two decimals; answered as "x.xx". */
export const shippingSettingsPriceSchema = euroAmount(SHIPPING_SETTINGS_PRICE_MESSAGE)

export const INVOICE_ACCOUNT_HOLDER_LENGTH_MESSAGE = "Account holder must be at most 70 characters"
export const INVOICE_PAYMENT_TERM_MESSAGE = "Payment term must be a whole number of days from 1 to 365"
export const INVOICE_MINIMUM_TOTAL_MESSAGE = "Minimum order total must be a number of at least 0"
/** An empty field of the invoice details, sent together with invoiceEnabled: true. */
export const invoiceDetailRequiredMessages = {
  invoiceAccountHolder: "Account holder is required to enable invoice payment",
  invoiceIban: "IBAN is required to enable invoice payment",
  invoiceBic: "BIC is required to enable invoice payment",
} as const

/** A bank detail: trimmed text; "" or null clears it (refused by the facade while invoice payment is enabled). */
const bankDetail = (field: string, normalise: (text: string) => string, problem: (text: string) => { message: string } | null) =>
  z
    .string({ error: `${field} must be a text` })
    .max(100, `${field} must be at most 100 characters`)
    .nullable()
    .transform((value, ctx) => {
      if (value === null || value.trim() === "") return null
      const found = problem(value)
      if (found) {
        ctx.addIssue({ code: "custom", message: found.message })
        return z.NEVER
      }
      return normalise(value)
    })
    .optional()

/**
 * POST /api/admin/payment-config: either one enable flag ({ stripeEnabled: true }) or the whole
 * form; every field is optional (docs/product.md §5). A secret left out, empty, or equal to its mask keeps
 * the saved one; null clears it. The admin form's names paypalClientSecret and
 * paypalSandboxClientSecret are accepted for paypalSecret and paypalSandboxSecret.
 */
export const paymentConfigUpdateSchema = z
  .strictObject(
    {
      stripeEnabled: flag("stripeEnabled"),
      stripeSecretKey: key("stripeSecretKey"),
      stripePublicKey: key("stripePublicKey"),
      stripeSandboxMode: flag("stripeSandboxMode"),
      testPaymentsEnabled: flag("testPaymentsEnabled"),
      stripeSandboxSecretKey: key("stripeSandboxSecretKey"),
      stripeSandboxPublicKey: key("stripeSandboxPublicKey"),
      paypalEnabled: flag("paypalEnabled"),
      paypalClientId: key("paypalClientId"),
      paypalSecret: key("paypalSecret"),
      paypalClientSecret: key("paypalClientSecret"),
      paypalSandboxMode: flag("paypalSandboxMode"),
      paypalSandboxClientId: key("paypalSandboxClientId"),
      paypalSandboxSecret: key("paypalSandboxSecret"),
      paypalSandboxClientSecret: key("paypalSandboxClientSecret"),
      shippingLabel: z
        .string({ error: "Shipping label must be a text" })
        .trim()
        .min(1, "Shipping label is required")
        .max(100, "Shipping label must be at most 100 characters")
        .refine(withoutDirectionControls, DIRECTION_CONTROL_MESSAGE)
        .optional(),
      shippingPrice: shippingSettingsPriceSchema.optional(),
      stripeWebhookSecret: key("stripeWebhookSecret"),
      stripeSandboxWebhookSecret: key("stripeSandboxWebhookSecret"),
      paypalWebhookId: key("paypalWebhookId"),
      paypalSandboxWebhookId: key("paypalSandboxWebhookId"),
      invoiceEnabled: flag("invoiceEnabled"),
      invoiceAccountHolder: z
        .string({ error: "Account holder must be a text" })
        .trim()
        .max(70, INVOICE_ACCOUNT_HOLDER_LENGTH_MESSAGE)
        .refine(withoutDirectionControls, DIRECTION_CONTROL_MESSAGE)
        .nullable()
        .transform((value) => (value === "" ? null : value))
        .optional(),
      invoiceIban: bankDetail("IBAN", normaliseIban, ibanProblem),
      invoiceBic: bankDetail("BIC", normaliseBic, bicProblem),
      invoicePaymentTermDays: z
        .number({ error: INVOICE_PAYMENT_TERM_MESSAGE })
        .int(INVOICE_PAYMENT_TERM_MESSAGE)
        .min(1, INVOICE_PAYMENT_TERM_MESSAGE)
        .max(365, INVOICE_PAYMENT_TERM_MESSAGE)
        .optional(),
      invoiceMinimumTotal: euroAmount(INVOICE_MINIMUM_TOTAL_MESSAGE).optional(),
    },
    { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : undefined) },
  )
  .superRefine((update, ctx) => {
    // Enabling with a detail cleared in the same body: say so on that field (the facade checks the saved ones).
    if (update.invoiceEnabled !== true) return
    for (const field of ["invoiceAccountHolder", "invoiceIban", "invoiceBic"] as const) {
      if (update[field] === null) ctx.addIssue({ code: "custom", path: [field], message: invoiceDetailRequiredMessages[field] })
    }
  })
export type PaymentConfigUpdateInput = z.input<typeof paymentConfigUpdateSchema>
export type PaymentConfigUpdate = z.output<typeof paymentConfigUpdateSchema>
