import { z } from "zod"
import { apiErrorSchema } from "./errors.js"
import { shippingAddressSchema } from "./address.js"
import { orderSchema } from "./order.js"
import { priceStringSchema } from "./product.js"
import { paypalMessages } from "./values.js"

/**
 * The payment calls of checkout: the wallet provider (PayPal, docs/product.md §7 /api/paypal-server/*) and the
 * card provider (Stripe; docs/product.md §7 leaves its calls open, so they are ours: /api/card-payments).
 * The server computes every amount from the signed-in customer's cart and the chosen shipping
 * method; an amount a client sends is only compared with it.
 */

const amountSchema = z.union([z.number(), z.string().regex(/^\d{1,8}(\.\d{1,2})?$/)], { error: "Amount must be a number" })
const idNumberSchema = (message: string) =>
  z.union([z.number().int().positive(), z.string().regex(/^\d{1,9}$/)], { error: message }).transform(Number)

/** What the checkout's payment step sends to prepare a payment: where to, how, and the total it shows. */
const checkoutChoiceShape = {
  shippingAddress: shippingAddressSchema,
  shippingMethodId: idNumberSchema("Shipping method must be a shipping method id"),
}

/**
 * POST /api/paypal-server/create-order. docs/product.md §7 sends amount and userId; the shop also needs the
 * address and the shipping method to know what the amount must be. amount is checked, never used.
 */
export const createPaypalOrderSchema = z.strictObject({
  ...checkoutChoiceShape,
  amount: amountSchema.optional(),
  userId: idNumberSchema("userId must be a user id").optional(),
})
export type CreatePaypalOrderRequest = z.input<typeof createPaypalOrderSchema>

/** The answer: PayPal's order id, where the customer approves it (with userid and shippingMethodId added), and its status. */
export const paypalOrderCreatedSchema = z.object({
  id: z.string(),
  approveUrl: z.string(),
  status: z.string(),
  amount: priceStringSchema,
})
export type PaypalOrderCreated = z.infer<typeof paypalOrderCreatedSchema>

/** POST /api/paypal-server/capture-order: orderId is the `token` PayPal returns with. */
export const capturePaypalOrderSchema = z.strictObject({
  orderId: z
    .string({ error: paypalMessages.noOrderIdToCapture })
    .trim()
    .min(1, paypalMessages.noOrderIdToCapture)
    .max(64, "Unknown PayPal order"),
  userId: idNumberSchema("userId must be a user id").optional().nullable(),
})
export type CapturePaypalOrderRequest = z.input<typeof capturePaypalOrderSchema>

/**
 * The capture's answer (docs/product.md §3: id, status), with the capture's payment id and the shop's order.
 * Capturing the same PayPal order again answers the same.
 */
export const paypalCaptureSchema = z.object({
  id: z.string(),
  status: z.string(),
  paymentId: z.string(),
  orderId: z.number().int().positive(),
  order: orderSchema,
})
export type PaypalCapture = z.infer<typeof paypalCaptureSchema>

/** GET /api/paypal-server/order/{id}: PayPal's view of one of the customer's wallet orders. */
export const paypalOrderSchema = z.object({
  id: z.string(),
  status: z.string(),
  create_time: z.string().nullable(),
  purchase_units: z.array(z.object({ amount: z.object({ currency_code: z.string(), value: z.string() }) })),
})
export type PaypalOrder = z.infer<typeof paypalOrderSchema>

/** POST /api/card-payments: a PaymentIntent for the server's amount, confirmed in the browser with Stripe Elements. */
export const createCardPaymentSchema = z.strictObject({
  ...checkoutChoiceShape,
  total: amountSchema.optional(),
})
export type CreateCardPaymentRequest = z.input<typeof createCardPaymentSchema>

export const cardPaymentSchema = z.object({
  paymentIntentId: z.string(),
  clientSecret: z.string(),
  publicKey: z.string(),
  amount: priceStringSchema,
  currency: z.literal("eur"),
  sandbox: z.boolean(),
})
export type CardPayment = z.infer<typeof cardPaymentSchema>

/**
 * The error body of a payment call (docs/product.md §3 wallet responses: error and details on failure; the
 * docs/product.md §8 'PayPal Error' toast shows `error`, else `details`). Every call that reaches a payment
 * provider answers its errors this way, so `error` repeats `message`; `details` holds the field
 * messages of a refused body or the provider's own words. paymentReceived is true when money was
 * taken but no order could be made (docs/product.md §8 'Capture trouble after payment'), with its paymentId.
 */
export const paymentErrorSchema = apiErrorSchema.extend({
  error: z.string().optional(),
  paymentReceived: z.boolean().optional(),
  paymentId: z.string().optional(),
})
export type PaymentError = z.infer<typeof paymentErrorSchema>

/**
 * GET /api/admin/unfinalised-payments: payments that were taken but could not become an order
 * (docs/product.md §8 'Capture trouble after payment'), for staff to finish or refund.
 */
export const unfinalisedPaymentSchema = z.object({
  provider: z.enum(["stripe", "paypal"]),
  reference: z.string(),
  paymentId: z.string().nullable(),
  amount: priceStringSchema,
  userId: z.number().int().positive(),
  isTestPayment: z.boolean(),
  reason: z.string().nullable(),
  createdAt: z.string().datetime({ offset: true }),
})
export type UnfinalisedPayment = z.infer<typeof unfinalisedPaymentSchema>
export const unfinalisedPaymentListSchema = z.array(unfinalisedPaymentSchema)

/**
 * POST /api/webhooks/stripe: a Stripe event as Stripe sends it (only the fields the shop reads
 * are named; Stripe adds more). The `Stripe-Signature` header over the exact bytes is the
 * credential, checked before anything is read.
 */
export const stripeWebhookEventSchema = z.looseObject({
  id: z.string(),
  type: z.string().meta({ description: "payment_intent.succeeded and payment_intent.payment_failed are acted on; others are ignored" }),
  data: z.looseObject({ object: z.looseObject({ id: z.string().meta({ description: "The PaymentIntent's id" }) }) }),
})

/**
 * POST /api/webhooks/paypal: a PayPal webhook event (only the fields the shop reads are named).
 * The PayPal-Transmission-* headers are verified with PayPal for the saved webhook id.
 */
export const paypalWebhookEventSchema = z.looseObject({
  id: z.string(),
  event_type: z.string().meta({ description: "PAYMENT.CAPTURE.COMPLETED and PAYMENT.CAPTURE.DENIED are acted on; others are ignored" }),
  resource: z.looseObject({ id: z.string().meta({ description: "The capture's id" }) }),
})

/** What a webhook delivery is answered with once its signature is good. */
export const webhookReceiptSchema = z.object({
  received: z.literal(true),
  result: z.enum(["ordered", "already-ordered", "unfinalised", "failed", "ignored"]),
})
export type WebhookReceipt = z.infer<typeof webhookReceiptSchema>
