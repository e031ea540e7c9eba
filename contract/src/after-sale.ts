/**
 * The calls of the after-sale: the customer's withdrawal (§ 356a BGB, Art. 11a CRD), staff's
 * returns and refunds, and what an order's answer says about them. The rules themselves are withdrawal.ts.
 */
import { z } from "zod"

const emailAddressSchema = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Invalid email address")
  .email("Invalid email address")

/** Why a withdrawal is refused (409 `details.code`), for the storefront to say it in the page's language. */
export const withdrawalRefusals = ["period_ended", "business", "cancelled", "nothing_left"] as const
export type WithdrawalRefusal = (typeof withdrawalRefusals)[number]

export const WITHDRAWAL_NOT_FOUND_MESSAGE = "No order with this number and e-mail address"
export const WITHDRAWAL_REFUSED_MESSAGES: Record<WithdrawalRefusal, string> = {
  period_ended: "The withdrawal period of this order has ended",
  business: "The statutory right of withdrawal is a consumer's: this order was placed by a business. Please contact us about a return.",
  cancelled: "This order was cancelled: there is nothing left to withdraw from",
  nothing_left: "Every item of this order has been withdrawn from or returned already",
}

const quantitySchema = z
  .number({ error: "Quantity must be a whole number" })
  .int("Quantity must be a whole number")
  .min(1, "Quantity must be at least 1")
  .max(9999, "Quantity is too large")
const itemNumberSchema = z
  .number({ error: "Item id must be a whole number" })
  .int("Item id must be a whole number")
  .min(1, "Item id must be a whole number")
  .max(999_999_999, "Item id must be a whole number")

/** Some of an order's items: its item ids (an order's `items[].id`) with how many of each. */
export const orderItemSelectionSchema = z
  .array(z.strictObject({ itemId: itemNumberSchema, quantity: quantitySchema }), {
    error: "Items must be a list of item ids and quantities",
  })
  .min(1, "Choose at least one item")
  .max(100, "Too many items")
  .refine((items) => new Set(items.map((i) => i.itemId)).size === items.length, "Each item may be named once")

const personNameSchema = z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(200, "Name is too long")

/**
 * POST /api/withdrawals: the statement (§ 356a BGB): who withdraws, from which order, how to reach them.
 * Signed out, `email` is the order's e-mail address and identifies the order with its number; signed in,
 * the order must be one of the caller's and `email` defaults to the order's.
 */
export const withdrawalRequestSchema = z.strictObject({
  orderId: z
    .union([z.number(), z.string().regex(/^\d{1,9}$/)], { error: "Order number must be a whole number" })
    .transform(Number)
    .refine((n) => Number.isInteger(n) && n >= 1 && n <= 999_999_999, "Order number must be a whole number"),
  name: personNameSchema,
  email: emailAddressSchema.optional(),
  /** Which items and how many; absent: every item not withdrawn from yet. */
  items: orderItemSelectionSchema.optional(),
  /** The language of the receipt mail; absent: the page's (the `language` cookie), else English. */
  language: z.enum(["en", "de"], { error: "Language must be en or de" }).optional(),
})
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>

export const withdrawnItemSchema = z.object({
  itemId: z.number().int().positive(),
  name: z.string(),
  nameDe: z.string().nullable(),
  quantity: z.number().int().positive(),
})

/** A withdrawal as recorded: the statement, the moment the server received it, and what follows. */
export const withdrawalSchema = z.object({
  id: z.string(),
  orderId: z.number().int().positive(),
  name: z.string(),
  email: z.string(),
  items: z.array(withdrawnItemSchema),
  /** Every item of the order (then the standard delivery is refunded too). */
  wholeOrder: z.boolean(),
  receivedAt: z.string().datetime({ offset: true }),
  /** The last day (YYYY-MM-DD, shop time zone) by which the shop refunds: 14 days from receipt (§ 357 (1) BGB). */
  refundDeadline: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Where the goods go back to: the shop's address from its details, lines; empty until the shop has entered one. */
  returnAddress: z.array(z.string()),
  /** Whether a return of the goods was opened in Medusa (false before dispatch: staff stop or cancel the order). */
  returnRequested: z.boolean(),
})
export type Withdrawal = z.infer<typeof withdrawalSchema>

// --- Staff: returns and refunds -----------------------------------------------------------------------------

export const returnStates = ["requested", "received", "partially_received", "refunded"] as const
export type ReturnState = (typeof returnStates)[number]

export const returnItemSchema = z.object({
  itemId: z.number().int().positive(),
  name: z.string(),
  quantity: z.number().int().positive(),
  receivedQuantity: z.number().int().min(0),
  restockedQuantity: z.number().int().min(0),
})

/** A return as the admin's Returns list shows it (Medusa's return, with the withdrawal behind it if any). */
export const adminReturnSchema = z.object({
  /** Medusa's return id; a withdrawal before dispatch, which has no Medusa return yet, is listed by its own id. */
  id: z.string(),
  /** Medusa's return (receive it with POST /api/admin/returns/{id}/receive); null before dispatch. */
  returnId: z.string().nullable(),
  withdrawalId: z.string().nullable(),
  orderId: z.number().int().positive(),
  email: z.string().nullable(),
  state: z.enum(returnStates),
  /** `withdrawal`: the customer's statement; `staff`: opened by staff (goodwill, warranty). */
  kind: z.enum(["withdrawal", "staff"]),
  reason: z.string().nullable(),
  requestedAt: z.string().datetime({ offset: true }),
  receivedAt: z.string().datetime({ offset: true }).nullable(),
  /** The withdrawal's moment and the 14-day refund deadline; null for a return staff opened. */
  withdrawnAt: z.string().datetime({ offset: true }).nullable(),
  refundDeadline: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  /** Past its refund deadline and not refunded. */
  overdue: z.boolean(),
  items: z.array(returnItemSchema),
  note: z.string().nullable(),
})
export type AdminReturn = z.infer<typeof adminReturnSchema>
export const adminReturnListSchema = z.array(adminReturnSchema)

/** POST /api/admin/orders/{id}/returns: staff open a return (goodwill, warranty) for some or all items. */
export const openReturnSchema = z.strictObject({
  items: orderItemSelectionSchema.optional(),
  reason: z.enum(["goodwill", "warranty", "withdrawal"], { error: "Reason must be goodwill, warranty or withdrawal" }),
  note: z.string().trim().max(2000, "Note is too long").optional().nullable(),
})
export type OpenReturnRequest = z.infer<typeof openReturnSchema>

/** POST /api/admin/returns/{id}/receive: what arrived (default: every item of the return), restocked or not. */
export const receiveReturnSchema = z.strictObject({
  items: orderItemSelectionSchema.optional(),
  restock: z.boolean({ error: "Restock must be true or false" }),
  note: z.string().trim().max(2000, "Note is too long").optional().nullable(),
})
export type ReceiveReturnRequest = z.infer<typeof receiveReturnSchema>

const refundAmountSchema = z
  .string({ error: "Amount must be a euro amount like 12.50" })
  .trim()
  .regex(/^\d{1,8}(\.\d{1,2})?$/, "Amount must be a euro amount like 12.50")
  .refine((value) => Number(value) > 0, "Amount must be more than 0")

/**
 * POST /api/admin/orders/{id}/refunds: money back through the order's payment provider (card: Stripe;
 * PayPal; sandbox: a test refund). An invoice order's refund goes to the bank account the customer named,
 * sent by staff: `bankAccount` is required for it and the refund is recorded as done by them.
 */
export const refundRequestSchema = z.strictObject({
  amount: refundAmountSchema,
  /** The items it is for, if any (shown to the customer); the amount is what counts. */
  items: orderItemSelectionSchema.optional(),
  note: z.string().trim().max(2000, "Note is too long").optional().nullable(),
  bankAccount: z
    .strictObject({
      accountHolder: personNameSchema,
      iban: z
        .string()
        .trim()
        .min(15, "IBAN is too short")
        .max(42, "IBAN is too long")
        .regex(/^[A-Za-z]{2}\d{2}[A-Za-z0-9 ]+$/, "IBAN must be a valid IBAN"),
    })
    .optional(),
})
export type RefundRequest = z.infer<typeof refundRequestSchema>

export const refundSchema = z.object({
  id: z.string(),
  orderId: z.number().int().positive(),
  amount: z.string(),
  /** `card`, `paypal`, `test` (sandbox), `bank_transfer` (invoice order, sent by staff). */
  method: z.enum(["card", "paypal", "test", "bank_transfer"]),
  createdAt: z.string().datetime({ offset: true }),
  note: z.string().nullable(),
})
export type Refund = z.infer<typeof refundSchema>

/** What staff may refund on an order, and what the withdrawal rule proposes (§ 357 (2) BGB). */
export const refundProposalSchema = z.object({
  orderId: z.number().int().positive(),
  captured: z.string(),
  refunded: z.string(),
  refundable: z.string(),
  /** The items withdrawn or returned and, when it is the whole order, the standard delivery; at most `refundable`. */
  proposed: z.string(),
  method: refundSchema.shape.method.nullable(),
  refunds: z.array(refundSchema),
  /** The order's items with their prices as charged, so a refund can be made by item. */
  items: z.array(
    z.object({ itemId: z.number().int().positive(), name: z.string(), quantity: z.number().int().positive(), unitPrice: z.string() }),
  ),
})
export type RefundProposal = z.infer<typeof refundProposalSchema>

/** What an order's answer says about withdrawal, returns and refunds (GET /api/orders). */
export const orderAfterSaleSchema = z.object({
  /** `open` (with the last day, null before delivery), `ended`, `business`, `cancelled`. */
  withdrawal: z.object({
    state: z.enum(["open", "ended", "business", "cancelled"]),
    lastDay: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .nullable(),
  }),
  withdrawals: z.array(
    z.object({ id: z.string(), receivedAt: z.string().datetime({ offset: true }), items: z.array(withdrawnItemSchema) }),
  ),
  returns: z.array(
    z.object({
      id: z.string(),
      state: z.enum(returnStates),
      requestedAt: z.string().datetime({ offset: true }),
      receivedAt: z.string().datetime({ offset: true }).nullable(),
    }),
  ),
  refunded: z.string(),
})
export type OrderAfterSale = z.infer<typeof orderAfterSaleSchema>

/** A Medusa return's id in a path. */
export const returnIdSchema = z.string().regex(/^return_[0-9A-Za-z]{1,40}$/, "Return id must be a return's id (return_…)")

/** The Idempotency-Key header of a refund: the same key again answers the first refund. */
export const idempotencyKeySchema = z
  .string({ error: "Idempotency-Key must be 8 to 100 letters, digits, dashes or underscores" })
  .regex(/^[A-Za-z0-9_-]{8,100}$/, "Idempotency-Key must be 8 to 100 letters, digits, dashes or underscores")
