import { z } from "zod"
import { shippingAddressSchema } from "./address.js"
import { orderAfterSaleSchema } from "./after-sale.js"
import { priceStringSchema } from "./product.js"
import { shippingMethodSchema } from "./shipping.js"
import { vatTreatments } from "./tax.js"
import {
  carriers,
  DIRECTION_CONTROL_MESSAGE,
  orderStatuses,
  shippingCountryCode,
  UNKNOWN_COUNTRY_MESSAGE,
  SANDBOX_CARD_PAYMENT_PREFIX,
  TRACKING_NEEDS_CARRIER_MESSAGE,
  TRACKING_NUMBER_MESSAGE,
  TRACKING_ONLY_WHEN_SHIPPED_MESSAGE,
  withoutDirectionControls,
} from "./values.js"

/** docs/product.md §4 order status values (values.ts); an admin may set any of them from any other. */
export const orderStatusSchema = z.enum(orderStatuses, {
  error: `Status must be one of ${orderStatuses.join(", ")}`,
})

/** A money amount a client may send: a number or a decimal string. */
const amountSchema = z.union([z.number(), z.string().regex(/^\d{1,8}(\.\d{1,2})?$/)], {
  error: "Amount must be a number",
})

/**
 * POST /api/orders. The client's shippingCost and total are checked against the server's own
 * figures and never stored: a disagreement is refused.
 */
export const createOrderSchema = z.strictObject({
  shippingAddress: shippingAddressSchema,
  shippingMethod: z
    .union([z.number(), z.string().regex(/^\d{1,9}$/)], { error: "Shipping method must be a shipping method id" })
    .transform(Number),
  shippingCost: amountSchema.optional(),
  paymentMethod: z
    .string({ error: "Payment method is required" })
    .trim()
    .min(1, "Payment method is required")
    .max(100)
    .meta({ description: '"stripe" for a card payment or the sandbox card, "Invoice" for payment by invoice' }),
  paymentId: z
    .string()
    .trim()
    .max(200)
    .optional()
    .nullable()
    .meta({
      description:
        `With "stripe": the PaymentIntent id (pi_…) of POST /api/card-payments, or, while test payments are on, the sandbox card's id: ` +
        `${SANDBOX_CARD_PAYMENT_PREFIX} and 16 hex digits the client makes up, a new one for every order (docs/product.md §4 Simulated card flow)`,
    }),
  total: amountSchema.optional(),
  notes: z
    .string()
    .trim()
    .max(2000, "Notes are too long")
    .refine(withoutDirectionControls, DIRECTION_CONTROL_MESSAGE)
    .optional()
    .nullable(),
})
export type CreateOrderRequest = z.infer<typeof createOrderSchema>

export const orderItemSchema = z.object({
  id: z.number().int().positive(),
  orderId: z.number().int().positive(),
  productId: z.number().int().positive().nullable(),
  quantity: z.number().int().min(1),
  price: priceStringSchema,
  /** `nameDe`: the German name it was sold under, null or absent when it had none (German pages then show `name`). */
  product: z.object({ name: z.string(), nameDe: z.string().nullable().optional(), imageUrl: z.string() }),
})
export type OrderItem = z.infer<typeof orderItemSchema>

/** An order's shipping address as answers carry it: addressLine2 is null when there is none. */
export const orderShippingAddressSchema = z.strictObject({ ...shippingAddressSchema.shape, addressLine2: z.string().nullable().optional() })

/**
 * An invoice order's payment: the transfer reference, the due date (YYYY-MM-DD in the shop's
 * time zone), when the shop marked the money as received, its state now, and the bank account the
 * invoice names (as it was when the order was placed).
 */
export const orderInvoiceSchema = z.object({
  reference: z.string(),
  dueDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  paidAt: z.string().datetime({ offset: true }).nullable(),
  state: z.enum(["awaiting_payment", "paid", "overdue"]),
  bankAccount: z.object({ accountHolder: z.string(), iban: z.string(), bic: z.string() }),
})
export type OrderInvoice = z.infer<typeof orderInvoiceSchema>

/**
 * How an order's parcel travels, read from Medusa's fulfilment: the carrier (null when none was named),
 * its tracking number, when it shipped and when it was delivered. The tracking page is
 * `trackingUrl(carrier, trackingNumber, language)` (values.ts), in the reader's language.
 */
export const orderShipmentSchema = z.object({
  carrier: z.enum(carriers).nullable(),
  trackingNumber: z.string().nullable(),
  shippedAt: z.string().datetime({ offset: true }).nullable(),
  deliveredAt: z.string().datetime({ offset: true }).nullable(),
})
export type OrderShipment = z.infer<typeof orderShipmentSchema>

/** The VAT of one rate an order's price contains: "incl. 19% VAT €98.03". */
export const orderVatRateSchema = z.object({
  /** The rate in percent (19 for 19 %). */
  rate: z.number().min(0),
  /** The VAT of this rate's lines, rounded once on their total (docs/product.md §4 VAT). */
  amount: priceStringSchema,
})
export type OrderVatRate = z.infer<typeof orderVatRateSchema>

/**
 * The VAT of an order or a checkout, read from Medusa's tax lines (one set of books, never a second computation): how the price treats VAT
 * (`included`, `reverse_charge`, `export`), the VAT it contains per rate (none for reverse charge and
 * export), and their sum.
 */
export const vatFiguresShape = {
  vatTreatment: z.enum(vatTreatments),
  vat: z.array(orderVatRateSchema),
  taxTotal: priceStringSchema,
}

/** An order as GET /api/orders and GET /api/admin/orders answer it (docs/product.md §3 Order with items). */
export const orderSchema = z.object({
  id: z.number().int().positive(),
  userId: z.number().int().positive().nullable(),
  /**
   * When the account that placed it was deleted; the order stays (retention: § 147 AO, § 257 HGB)
   * with `userId` null. Absent for every other order.
   */
  accountDeletedAt: z.string().datetime({ offset: true }).optional(),
  status: orderStatusSchema,
  subtotal: priceStringSchema,
  shippingCost: priceStringSchema,
  total: priceStringSchema,
  paymentMethod: z.string(),
  paymentId: z.string().nullable(),
  paymentProvider: z.string().nullable(),
  isTestPayment: z.boolean(),
  notes: z.string().nullable(),
  shippingMethodId: z.number().int().positive().nullable(),
  /**
   * The method the order was placed with. Its estimated delivery is the method's (docs/product.md §3 ShippingMethod),
   * null when the method names none or no longer exists; optional, as answers before it had no such field.
   */
  shippingMethod: z
    .object({
      id: z.number().int().positive(),
      name: z.string(),
      /** The German name it was sold under; null or absent when it had none (German pages then show `name`). */
      name_de: z.string().nullable().optional(),
      estimated_delivery: shippingMethodSchema.shape.estimated_delivery.optional(),
      estimated_delivery_de: shippingMethodSchema.shape.estimated_delivery_de,
    })
    .nullable(),
  shippingAddress: orderShippingAddressSchema.nullable(),
  email: z.string().nullable(),
  createdAt: z.string().datetime({ offset: true }),
  items: z.array(orderItemSchema),
  /** Paid by invoice: reference, due date and bank account; null for every other payment (optional: older answers had none). */
  invoice: orderInvoiceSchema.nullable().optional(),
  /** The parcel once the order has shipped (Medusa's fulfilment); null before, and after it was taken back. */
  shipment: orderShipmentSchema.nullable().optional(),

  /** How the price treats VAT (optional: older answers had none; the shop's answers always carry it). */
  vatTreatment: vatFiguresShape.vatTreatment.optional(),
  /** The VAT the total contains, per rate, from the order's tax lines; empty for reverse charge and export. */
  vat: vatFiguresShape.vat.optional(),
  /** The VAT the total contains: Medusa's tax_total, to the cent. */
  taxTotal: vatFiguresShape.taxTotal.optional(),
  /** Withdrawal, returns and refunds: the customer's own list carries it (an admin's list does not). */
  afterSale: orderAfterSaleSchema.optional(),
})
export type Order = z.infer<typeof orderSchema>
export const orderListSchema = z.array(orderSchema)

/**
 * GET /api/checkout-summary: what the signed-in customer's cart comes to, shipped to `country` (and
 * `state`, where the tax settings know provinces) with `shippingMethod` (none: without shipping), priced
 * on the server exactly as placing the order will price it: the same prices, Medusa's tax lines, the
 * net prices of a reverse-charge business. The checkout's summary shows it.
 */
export const checkoutSummaryQuery = {
  country: z
    .string({ error: "Country is required" })
    .trim()
    .min(2, "Country is required")
    .max(100, "Country is too long")
    .refine((value) => shippingCountryCode(value) !== null, UNKNOWN_COUNTRY_MESSAGE),
  state: z.string().trim().max(100, "State is too long"),
  shippingMethod: z
    .string()
    .regex(/^\d{1,9}$/, "Shipping method must be a shipping method id")
    .transform(Number),
}

export const checkoutSummaryItemSchema = z.object({
  /** The cart item's id. */
  id: z.number().int().positive(),
  productId: z.number().int().positive(),
  quantity: z.number().int().min(1),
  /** The unit price as charged: gross, or net for a reverse-charge business. */
  price: priceStringSchema,
  total: priceStringSchema,
})

export const checkoutSummarySchema = z.object({
  items: z.array(checkoutSummaryItemSchema),
  subtotal: priceStringSchema,
  /** null while no shipping method is chosen. */
  shippingCost: priceStringSchema.nullable(),
  total: priceStringSchema,
  ...vatFiguresShape,
})
export type CheckoutSummary = z.infer<typeof checkoutSummarySchema>

/**
 * GET /api/orders/{id}/invoice.pdf?language=: the invoice's language. Without it the storefront's `language`
 * cookie decides, else English.
 */
export const invoiceLanguageQuerySchema = z.enum(["en", "de"], { error: "Language must be en or de" })

/** The invoice document's file name: invoice-ENC-000042.pdf. */
export function invoiceFileName(reference: string): string {
  return `invoice-${reference}.pdf`
}

/**
 * PUT /api/admin/orders/{id}/status. With "shipped", the admin may name the carrier and the parcel's
 * tracking number (shown to the customer with the carrier's tracking page); sent again with "shipped"
 * they replace the ones given before.
 */
export const updateOrderStatusSchema = z
  .strictObject({
    status: orderStatusSchema,
    carrier: z.enum(carriers, { error: `Carrier must be one of ${carriers.join(", ")}` }).optional(),
    trackingNumber: z
      .string({ error: TRACKING_NUMBER_MESSAGE })
      .trim()
      .regex(/^[A-Za-z0-9-]{4,40}$/, TRACKING_NUMBER_MESSAGE)
      .optional(),
  })
  .superRefine((update, ctx) => {
    if ((update.carrier || update.trackingNumber) && update.status !== "shipped") {
      ctx.addIssue({ code: "custom", path: [update.carrier ? "carrier" : "trackingNumber"], message: TRACKING_ONLY_WHEN_SHIPPED_MESSAGE })
    }
    if (update.trackingNumber && !update.carrier)
      ctx.addIssue({ code: "custom", path: ["carrier"], message: TRACKING_NEEDS_CARRIER_MESSAGE })
  })
export type UpdateOrderStatus = z.infer<typeof updateOrderStatusSchema>

/** PUT /api/admin/orders/{id}/shipping-address */
export const updateShippingAddressSchema = z.strictObject({ shippingAddress: shippingAddressSchema })

/** Its answer (docs/product.md §7: shippingAddress): the address as the order now has it. */
export const shippingAddressChangedSchema = z.object({ shippingAddress: orderShippingAddressSchema })
export type ShippingAddressChanged = z.infer<typeof shippingAddressChangedSchema>
