/**
 * The answers the storefront's browser code acts on, checked when they arrive ("@enclave/contract/answers"):
 * who is signed in, the cart whose total is shown before paying, the checkout summary's figures, the ways to pay on offer, the
 * shipping methods, and what a payment or an order placement answered. Written with zod/mini, like ./forms.ts,
 * so that a page's JavaScript stays within its budget (classic zod costs a browser ≈ 36 KB gzip).
 *
 * Each schema checks the fields the browser decides on or shows, and lets others through (looseObject):
 * the full schemas of the contract stay the description of the answer, these are the guard at the door.
 * The `Agrees` lines below make a renamed or retyped field in the full schemas a compile error here.
 */
import * as z from "zod/mini"
import type { CartItem } from "./cart.js"
import type { CheckoutSummary, Order } from "./order.js"
import type { User, SessionState, TwoFactorRequired } from "./account.js"
import type { CardPayment, PaypalCapture, PaypalOrderCreated } from "./payment.js"
import type { PaymentMethods } from "./payment-settings.js"
import type { ShippingMethod } from "./shipping.js"
import { orderStatuses } from "./values.js"
import { vatTreatments } from "./tax.js"

const id = () => z.number().check(z.int(), z.positive())
const euros = () => z.string().check(z.regex(/^\d{1,8}\.\d{2}$/))
const nullableText = () => z.nullable(z.string())

export const userAnswerSchema = z.looseObject({
  id: id(),
  username: z.string(),
  email: z.string(),
  fullName: nullableText(),
  // Invoice payment is offered to business customers only: both say whether one is.
  companyName: nullableText(),
  vatId: nullableText(),
  isAdmin: z.boolean(),
})

export const sessionAnswerSchema = z.looseObject({ user: z.nullable(userAnswerSchema) })

/** POST /api/login: the user, or the request for a one-time code. */
export const loginAnswerSchema = z.union([z.looseObject({ twoFactorRequired: z.literal(true) }), userAnswerSchema])

export const cartAnswerSchema = z.array(
  z.looseObject({
    id: id(),
    productId: id(),
    quantity: z.number().check(z.int(), z.minimum(1)),
    product: z.looseObject({
      id: id(),
      name: z.string(),
      price: euros(),
      imageUrl: z.string(),
      stockQuantity: z.number().check(z.int(), z.minimum(0)),
    }),
  }),
)

export const orderAnswerSchema = z.looseObject({
  id: id(),
  status: z.enum(orderStatuses),
  total: euros(),
  paymentMethod: z.string(),
  paymentId: nullableText(),
  isTestPayment: z.boolean(),
  createdAt: z.string(),
  items: z.array(z.looseObject({ id: id(), quantity: z.number() })),
})

/** GET /api/checkout-summary: the figures the summary shows and the total the payment step charges. */
export const checkoutSummaryAnswerSchema = z.looseObject({
  items: z.array(z.looseObject({ id: id(), quantity: z.number(), price: euros(), total: euros() })),
  subtotal: euros(),
  shippingCost: z.nullable(euros()),
  total: euros(),
  vatTreatment: z.enum(vatTreatments),
  vat: z.array(z.looseObject({ rate: z.number(), amount: euros() })),
  taxTotal: euros(),
})

// A capture or a created PayPal order without its id, payment id or address has its own message in the
// checkout (docs/product.md §5), so those may be missing here and the checkout says which one was.
export const paypalCaptureAnswerSchema = z.looseObject({
  paymentId: z.optional(z.string()),
  order: z.optional(orderAnswerSchema),
})

export const paypalOrderCreatedAnswerSchema = z.looseObject({
  id: z.optional(z.string()),
  approveUrl: z.optional(z.string()),
})

export const cardPaymentAnswerSchema = z.looseObject({
  paymentIntentId: z.string().check(z.minLength(1)),
  clientSecret: z.string().check(z.minLength(1)),
  publicKey: z.string(),
  amount: euros(),
  sandbox: z.boolean(),
})

export const paymentMethodsAnswerSchema = z.looseObject({
  stripe: z.boolean(),
  paypal: z.boolean(),
  stripePublicKey: nullableText(),
  stripeSandbox: z.boolean(),
  paypalSandbox: z.boolean(),
  simulatedCard: z.boolean(),
  invoice: z.boolean(),
})

export const shippingMethodsAnswerSchema = z.array(
  z.looseObject({
    id: id(),
    name: z.string(),
    description: z.string(),
    price: euros(),
    isDefault: z.boolean(),
    isActive: z.boolean(),
    zone: z.string(),
    countries: z.array(z.string()),
  }),
)

/** true when every answer of the full schema passes the check: the check asks for nothing the contract does not give. */
type Agrees<Full, Checked> = [Full] extends [Checked] ? true : false
type MustAgree<T extends true> = T
/** Not used: it exists to fail the build when a check here and the contract part ways. */
export type AnswersAgreeWithContract = [
  MustAgree<Agrees<User, z.infer<typeof userAnswerSchema>>>,
  MustAgree<Agrees<SessionState, z.infer<typeof sessionAnswerSchema>>>,
  MustAgree<Agrees<User | TwoFactorRequired, z.infer<typeof loginAnswerSchema>>>,
  MustAgree<Agrees<CartItem[], z.infer<typeof cartAnswerSchema>>>,
  MustAgree<Agrees<Order, z.infer<typeof orderAnswerSchema>>>,
  MustAgree<Agrees<CheckoutSummary, z.infer<typeof checkoutSummaryAnswerSchema>>>,
  MustAgree<Agrees<PaypalCapture, z.infer<typeof paypalCaptureAnswerSchema>>>,
  MustAgree<Agrees<PaypalOrderCreated, z.infer<typeof paypalOrderCreatedAnswerSchema>>>,
  MustAgree<Agrees<CardPayment, z.infer<typeof cardPaymentAnswerSchema>>>,
  MustAgree<Agrees<PaymentMethods, z.infer<typeof paymentMethodsAnswerSchema>>>,
  MustAgree<Agrees<ShippingMethod[], z.infer<typeof shippingMethodsAnswerSchema>>>,
]
