import { z } from "zod"
import { DIRECTION_CONTROL_MESSAGE, SHIPPING_SETTINGS_PRICE_MESSAGE, withoutDirectionControls } from "./values.js"

/**
 * GET /api/payment-methods: which providers checkout may offer (enabled, and keys saved for the
 * active mode), the card provider's publishable key for Stripe Elements, and which are in sandbox
 * mode. simulatedCard: the sandbox's pretend card (docs/product.md §4) is offered while the card provider is
 * in sandbox mode, whether or not it is enabled.
 */
export const paymentMethodsSchema = z.object({
  stripe: z.boolean(),
  paypal: z.boolean(),
  stripePublicKey: z.string().nullable(),
  stripeSandbox: z.boolean(),
  paypalSandbox: z.boolean(),
  simulatedCard: z.boolean(),
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

/** docs/product.md §3: shippingPrice is text holding a decimal ≥ 0 with at most two decimals; answered as "x.xx". */
export const shippingSettingsPriceSchema = z
  .union([z.string(), z.number()], { error: SHIPPING_SETTINGS_PRICE_MESSAGE })
  .transform((value, ctx) => {
    const text = typeof value === "number" ? String(value) : value.trim()
    if (!/^\d{1,8}(\.\d{1,2})?$/.test(text)) {
      ctx.addIssue({ code: "custom", message: SHIPPING_SETTINGS_PRICE_MESSAGE })
      return z.NEVER
    }
    return Number(text).toFixed(2)
  })

/**
 * POST /api/admin/payment-config: either one enable flag ({ stripeEnabled: true }) or the whole
 * form; every field is optional (docs/product.md §5). A secret left out, empty, or equal to its mask keeps
 * the saved one; null clears it. The admin form's names paypalClientSecret and
 * paypalSandboxClientSecret are accepted for paypalSecret and paypalSandboxSecret.
 */
export const paymentConfigUpdateSchema = z.strictObject(
  {
    stripeEnabled: flag("stripeEnabled"),
    stripeSecretKey: key("stripeSecretKey"),
    stripePublicKey: key("stripePublicKey"),
    stripeSandboxMode: flag("stripeSandboxMode"),
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
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : undefined) },
)
export type PaymentConfigUpdateInput = z.input<typeof paymentConfigUpdateSchema>
export type PaymentConfigUpdate = z.output<typeof paymentConfigUpdateSchema>
