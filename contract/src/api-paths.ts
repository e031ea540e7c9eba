// Core schemas: the form schemas are zod/mini (./forms.ts), the others classic zod.
import type { $ZodType as ZodType } from "zod/v4/core"
import {
  adminProductCreateSchema,
  adminProductListSchema,
  adminProductSchema,
  adminProductUpdateSchema,
  imageUploadAnswerSchema,
  imageUploadBodySchema,
  messageSchema,
} from "./admin-product.js"
import {
  accountSessionListSchema,
  loginSchema,
  passwordChangeSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  profileUpdateSchema,
  recoveryCodesSchema,
  twoFactorCodeSchema,
  twoFactorRequiredSchema,
  twoFactorSetupSchema,
  registerSchema,
  userListSchema,
  sessionsEndedSchema,
  sessionStateSchema,
  userSchema,
  wholeNumberIdSchema,
} from "./account.js"
import { shippingAddressSchema } from "./address.js"
import { addToCartSchema, cartSchema, updateCartItemSchema } from "./cart.js"
import { apiErrorSchema, healthSchema, openApiDocumentSchema } from "./errors.js"
import {
  checkoutSummaryQuery,
  checkoutSummarySchema,
  createOrderSchema,
  invoiceLanguageQuerySchema,
  orderListSchema,
  orderSchema,
  shippingAddressChangedSchema,
  updateOrderStatusSchema,
  updateShippingAddressSchema,
} from "./order.js"
import { paymentConfigSchema, paymentConfigUpdateSchema, paymentMethodsSchema, shippingSettingsSchema } from "./payment-settings.js"
import {
  capturePaypalOrderSchema,
  cardPaymentSchema,
  createCardPaymentSchema,
  createPaypalOrderSchema,
  paymentErrorSchema,
  paypalCaptureSchema,
  paypalOrderCreatedSchema,
  paypalOrderSchema,
  paypalWebhookEventSchema,
  stripeWebhookEventSchema,
  unfinalisedPaymentListSchema,
  webhookReceiptSchema,
} from "./payment.js"
import { productIdSchema, productListSchema, productSchema } from "./product.js"
import { adminShopDetailsSchema, shopDetailsSchema, shopDetailsUpdateSchema } from "./shop-details.js"
import {
  shippingCountryQuerySchema,
  shippingMethodIdSchema,
  shippingMethodInputSchema,
  shippingMethodListSchema,
  shippingMethodSchema,
  shippingMethodUpdateSchema,
} from "./shipping.js"

/**
 * Every call of the /api facade (docs/product.md §7), once: the OpenAPI document (openapi.ts) is generated
 * from this list, so the description cannot drift from the schemas the facade validates with.
 *
 * To describe a call better, give its entry a `body` and/or `response` when its contract schema
 * exists; to add a call, add an entry. Schemas that appear here by name in `apiSchemas` become
 * named components; any other schema is written inline.
 */

export type HttpMethod = "get" | "post" | "put" | "delete"
/** Who may call: anyone, a signed-in customer (or admin), or an admin only. */
export type Access = "public" | "customer" | "admin"

export interface ApiOperation {
  method: HttpMethod
  /** The OpenAPI form of the path: `/api/products/{id}`. */
  path: string
  summary: string
  /** More than the summary says, where there is more: the document adds who may call. */
  description?: string
  access: Access
  /** Schemas of the `{name}` segments of the path. */
  params?: Record<string, ZodType>
  /** Schemas of the optional query parameters. */
  query?: Record<string, ZodType>
  /** The answer is written in the caller's language (Accept-Language and the `language` cookie choose it). */
  languageDependent?: boolean
  body?: ZodType
  /** JSON unless said otherwise. */
  bodyType?: "json" | "multipart"
  response?: ZodType
  /** The success answer's media type: JSON (`response`) unless said otherwise; a PDF is a file to download. */
  responseType?: "json" | "pdf"
  /** The success status; 200 unless said otherwise. */
  status?: number
  /** Statuses other than 4xx validation worth naming, with what they mean. */
  errors?: Record<number, string>
  /** The body of its error answers: ApiError unless said otherwise (the payment calls' PaymentError). */
  errorSchema?: ZodType
}

/** Named schemas: each becomes `#/components/schemas/<name>`. */
export const apiSchemas: Record<string, ZodType> = {
  ApiError: apiErrorSchema,
  Message: messageSchema,
  Health: healthSchema,
  Product: productSchema,
  ProductList: productListSchema,
  AdminProduct: adminProductSchema,
  AdminProductList: adminProductListSchema,
  AdminProductCreate: adminProductCreateSchema,
  AdminProductUpdate: adminProductUpdateSchema,
  ImageUpload: imageUploadBodySchema,
  ImageUploadAnswer: imageUploadAnswerSchema,
  User: userSchema,
  SessionState: sessionStateSchema,
  UserList: userListSchema,
  Register: registerSchema,
  Login: loginSchema,
  ProfileUpdate: profileUpdateSchema,
  PasswordChange: passwordChangeSchema,
  TwoFactorCode: twoFactorCodeSchema,
  TwoFactorSetup: twoFactorSetupSchema,
  TwoFactorRequired: twoFactorRequiredSchema,
  RecoveryCodes: recoveryCodesSchema,
  PasswordResetRequest: passwordResetRequestSchema,
  PasswordResetConfirm: passwordResetConfirmSchema,
  AccountSessionList: accountSessionListSchema,
  SessionsEnded: sessionsEndedSchema,
  ShippingAddress: shippingAddressSchema,
  Cart: cartSchema,
  AddToCart: addToCartSchema,
  UpdateCartItem: updateCartItemSchema,
  Order: orderSchema,
  CheckoutSummary: checkoutSummarySchema,
  OrderList: orderListSchema,
  CreateOrder: createOrderSchema,
  UpdateOrderStatus: updateOrderStatusSchema,
  UpdateShippingAddress: updateShippingAddressSchema,
  ShippingMethod: shippingMethodSchema,
  ShippingMethodList: shippingMethodListSchema,
  ShippingMethodInput: shippingMethodInputSchema,
  ShippingMethodUpdate: shippingMethodUpdateSchema,
  ShippingSettings: shippingSettingsSchema,
  PaymentMethods: paymentMethodsSchema,
  PaymentConfig: paymentConfigSchema,
  PaymentConfigUpdate: paymentConfigUpdateSchema,
  PaymentError: paymentErrorSchema,
  StripeWebhookEvent: stripeWebhookEventSchema,
  PaypalWebhookEvent: paypalWebhookEventSchema,
  WebhookReceipt: webhookReceiptSchema,
  ShippingAddressChanged: shippingAddressChangedSchema,
  CreatePaypalOrder: createPaypalOrderSchema,
  PaypalOrderCreated: paypalOrderCreatedSchema,
  CapturePaypalOrder: capturePaypalOrderSchema,
  PaypalCapture: paypalCaptureSchema,
  PaypalOrder: paypalOrderSchema,
  CreateCardPayment: createCardPaymentSchema,
  CardPayment: cardPaymentSchema,
  UnfinalisedPaymentList: unfinalisedPaymentListSchema,
  ShopDetails: shopDetailsSchema,
  AdminShopDetails: adminShopDetailsSchema,
  ShopDetailsUpdate: shopDetailsUpdateSchema,
}

const productId = { id: productIdSchema }
const shippingMethodId = { id: shippingMethodIdSchema }
const adminOnly = { 401: "Not signed in", 403: "Signed in, but not an admin" }

const PRODUCT_LANGUAGE_TEXT =
  "Answers in the caller's language: the `language` cookie when it is `en` or `de`, else German when the first " +
  "language of `Accept-Language` is German, else English. Names are the same in both languages; in German, " +
  "`description`, `features` and the `specifications` values are the German texts where the product has them and " +
  "the English ones where it has not (specification names stay as they are). The answer says `Content-Language` and " +
  "`Vary: Accept-Language, Cookie`; its ETag differs per language."
const ADMIN_PRODUCT_TEXT =
  "The texts are the English ones whatever language the caller asks in, with the German ones beside them: " +
  "`descriptionDe` (empty for none), `featuresDe` (English feature → German wording) and `specificationsDe` " +
  "(specification name → German value), holding only wordings of the product's current features and specifications."
const ADMIN_PRODUCT_WRITE_TEXT =
  "The German texts are optional and have the English ones' limits; a feature or specification without a German " +
  "wording is shown in English on German pages. The answer is the product as GET /api/admin/products/{id} shows it."
const signedIn = { 401: "Not signed in" }
/** Calls that reach a payment provider answer errors with `error` (and `paymentReceived`) too: docs/product.md §3, §8. */
const paymentCall = { errorSchema: paymentErrorSchema }

export const apiOperations: ApiOperation[] = [
  // Operations
  {
    method: "get",
    path: "/api/health",
    summary: "Whether the shop and its database answer",
    access: "public",
    response: healthSchema,
    errors: { 503: "The database does not answer" },
  },
  {
    method: "get",
    path: "/api/openapi.json",
    summary: "This description of the API (OpenAPI 3.1)",
    description: "Generated from the same zod contract the facade validates with, so it cannot drift from the calls.",
    access: "public",
    response: openApiDocumentSchema,
  },

  {
    method: "get",
    path: "/api/shop-details",
    summary: "What the imprint states about the business, and the time zone the shop shows times in",
    description:
      "An imprint field not filled in yet is null; the time zone is an IANA name (Europe/Berlin unless the admin chose another).",
    access: "public",
    response: shopDetailsSchema,
  },

  // Accounts
  {
    method: "get",
    path: "/api/user",
    summary: "The signed-in user",
    access: "public",
    response: userSchema,
    errors: { 401: "No user is signed in" },
  },
  {
    method: "get",
    path: "/api/session",
    summary: "Who is signed in: the user, or null for a visitor",
    description:
      "The same user as GET /api/user, but a visitor is an answer (200, `user: null`) rather than a 401: pages ask this, so a signed-out page logs no failed request.",
    access: "public",
    response: sessionStateSchema,
  },
  {
    method: "post",
    path: "/api/login",
    summary: "Sign in",
    access: "public",
    description:
      "With two-factor sign-in on, the right password answers `{twoFactorRequired: true}` and signs nobody in yet: POST /api/login/two-factor with a code completes it within 5 minutes.",
    body: loginSchema,
    response: userSchema.or(twoFactorRequiredSchema),
    errors: {
      400: "Username or password missing",
      401: "Invalid username or password",
      423: "Account locked after 5 failed attempts",
      429: "Too many sign-in attempts from this address",
    },
  },
  {
    method: "post",
    path: "/api/register",
    summary: "Create an account and sign in",
    access: "public",
    body: registerSchema,
    response: userSchema,
    status: 201,
    errors: {
      400: "A field breaks a docs/product.md §5 rule",
      409: "Username or email already taken",
      429: "Too many sign-in attempts from this address",
    },
  },
  {
    method: "post",
    path: "/api/login/two-factor",
    summary: "Complete a two-factor sign-in",
    description:
      "After POST /api/login answered `{twoFactorRequired: true}`: a code of the authenticator app (RFC 6238, 30-second steps, one step either side) or an unused recovery code. A code works once; wrong codes count toward the sign-in lock like wrong passwords.",
    access: "public",
    body: twoFactorCodeSchema,
    response: userSchema,
    errors: {
      400: "The code is missing or malformed",
      401: "Wrong or used code, or no password step before it (or it ran out)",
      423: "Account locked after 5 failed attempts",
      429: "Too many sign-in attempts from this address",
    },
  },
  {
    method: "post",
    path: "/api/password-reset",
    summary: "Ask for a password-reset mail",
    description:
      "Always 202, whether or not the address has an account. The mail links to /auth/reset?token=…; the token works once, for one hour.",
    access: "public",
    body: passwordResetRequestSchema,
    response: messageSchema,
    status: 202,
    errors: { 400: "Not an e-mail address", 429: "Too many requests from this address" },
  },
  {
    method: "post",
    path: "/api/password-reset/confirm",
    summary: "Set a new password with the token of a reset mail",
    description: "Ends every session of the account; sign in with the new password afterwards.",
    access: "public",
    body: passwordResetConfirmSchema,
    response: messageSchema,
    errors: { 400: "The token is invalid, used or expired, or the password breaks a rule", 429: "Too many requests from this address" },
  },
  { method: "post", path: "/api/logout", summary: "Sign out", access: "public", response: messageSchema },

  // Account (the signed-in customer's own)
  {
    method: "get",
    path: "/api/account",
    summary: "The signed-in customer's account",
    access: "customer",
    response: userSchema,
    errors: signedIn,
  },
  {
    method: "put",
    path: "/api/account",
    summary: "Change one's profile: e-mail, name and address",
    description: "The register form's rules apply (docs/product.md §5); the username cannot be changed.",
    access: "customer",
    body: profileUpdateSchema,
    response: userSchema,
    errors: { ...signedIn, 400: "A field breaks a docs/product.md §5 rule", 409: "Another account has this e-mail address" },
  },
  {
    method: "get",
    path: "/api/account/sessions",
    summary: "The account's signed-in sessions (browser, signed in, last seen), the current one marked",
    access: "customer",
    response: accountSessionListSchema,
    errors: signedIn,
  },
  {
    method: "delete",
    path: "/api/account/sessions",
    summary: "Sign out everywhere else: ends every session of the account but this one",
    access: "customer",
    response: sessionsEndedSchema,
    errors: signedIn,
  },
  {
    method: "post",
    path: "/api/account/password",
    summary: "Change one's password",
    description:
      "Needs the current password; a wrong one counts toward the sign-in lock like a failed sign-in. Every other session of the account ends; this one goes on with a new session cookie.",
    access: "customer",
    body: passwordChangeSchema,
    response: messageSchema,
    errors: {
      ...signedIn,
      400: "The current password is wrong, or the new one breaks a docs/product.md §5 rule",
      423: "Too many wrong passwords: locked for this address",
      429: "Too many sign-in failures from this address",
    },
  },

  {
    method: "post",
    path: "/api/account/two-factor/setup",
    summary: "Start turning on two-factor sign-in: a new secret and its QR code",
    description: "Nothing changes at sign-in until POST /api/account/two-factor/enable confirms a code of this secret.",
    access: "customer",
    response: twoFactorSetupSchema,
    errors: { ...signedIn, 409: "Two-factor sign-in is already on" },
  },
  {
    method: "post",
    path: "/api/account/two-factor/enable",
    summary: "Turn on two-factor sign-in with a code of the new secret",
    description: "Answers ten single-use recovery codes, this once; they are stored only as hashes.",
    access: "customer",
    body: twoFactorCodeSchema,
    response: recoveryCodesSchema,
    errors: { ...signedIn, 400: "Wrong code", 409: "Two-factor sign-in is already on, or was not set up" },
  },
  {
    method: "post",
    path: "/api/account/two-factor/disable",
    summary: "Turn off two-factor sign-in",
    description: "Needs a current code or a recovery code; a wrong one counts toward the sign-in lock.",
    access: "customer",
    body: twoFactorCodeSchema,
    response: messageSchema,
    errors: {
      ...signedIn,
      400: "Wrong or used code",
      409: "Two-factor sign-in is not on",
      423: "Too many wrong codes: locked for this address",
      429: "Too many sign-in failures from this address",
    },
  },

  // Cart
  {
    method: "get",
    path: "/api/cart",
    summary: "The signed-in user's cart items",
    access: "customer",
    response: cartSchema,
    errors: signedIn,
  },
  {
    method: "post",
    path: "/api/cart",
    summary: "Add a product to the cart; answers the cart",
    access: "customer",
    body: addToCartSchema,
    response: cartSchema,
    status: 201,
    errors: { ...signedIn, 404: "No such product", 409: "More than the stock" },
  },
  {
    method: "put",
    path: "/api/cart/{itemId}",
    summary: "Change a cart item's quantity; answers the cart",
    access: "customer",
    params: { itemId: wholeNumberIdSchema("Cart item") },
    body: updateCartItemSchema,
    response: cartSchema,
    errors: signedIn,
  },
  {
    method: "delete",
    path: "/api/cart/{itemId}",
    summary: "Remove a cart item; answers the cart",
    access: "customer",
    params: { itemId: wholeNumberIdSchema("Cart item") },
    response: cartSchema,
    errors: signedIn,
  },
  {
    method: "delete",
    path: "/api/cart",
    summary: "Empty the cart; answers the (empty) cart",
    access: "customer",
    response: cartSchema,
    errors: signedIn,
  },

  // Catalogue
  {
    method: "get",
    path: "/api/products",
    summary: "Every product, in the shop's default order",
    description: PRODUCT_LANGUAGE_TEXT,
    access: "public",
    languageDependent: true,
    response: productListSchema,
  },
  {
    method: "get",
    path: "/api/products/{id}",
    summary: "One product",
    description: PRODUCT_LANGUAGE_TEXT,
    access: "public",
    languageDependent: true,
    params: productId,
    response: productSchema,
    errors: { 404: "No such product" },
  },

  // Checkout
  {
    method: "get",
    path: "/api/shipping-settings",
    summary: "Shipping label and price",
    access: "public",
    response: shippingSettingsSchema,
  },
  {
    method: "get",
    path: "/api/shipping-methods",
    summary: "Active shipping methods; with country, only those that ship there (one default per zone)",
    access: "public",
    query: { country: shippingCountryQuerySchema },
    response: shippingMethodListSchema,
    errors: { 400: "Unknown country" },
  },
  {
    method: "get",
    path: "/api/payment-methods",
    summary: "Which payment providers are enabled",
    access: "public",
    response: paymentMethodsSchema,
  },
  {
    method: "post",
    path: "/api/orders",
    summary: "Place an order from the cart, paid by the simulated card (sandbox), a card payment that succeeded, or by invoice",
    description:
      'The server computes subtotal, shipping and total from its own prices; a `total` or `shippingCost` sent that disagrees is refused. A card payment id is checked with Stripe first. `paymentMethod: "Invoice"` (business customers only, while the shop offers it, from its minimum total) places the order pending, with `invoice` holding the transfer reference, due date and bank account.',
    access: "customer",
    ...paymentCall,
    body: createOrderSchema,
    response: orderSchema,
    status: 201,
    errors: {
      ...signedIn,
      400: "Missing or invalid address, unknown shipping method or one that does not ship to the address's country, empty cart, unverified payment, or invoice payment not offered to this customer or below its minimum total",
      402: "The card payment has not gone through",
      404: "No such card payment for this account",
      409: "Not enough stock, the client's total disagrees with the server's, or the payment was taken but the order could not be made (paymentReceived)",
    },
  },
  {
    method: "get",
    path: "/api/checkout-summary",
    summary: "What the cart comes to for an address's country and a shipping method, VAT per rate included",
    description:
      "Priced as placing the order prices it: the catalogue's gross prices, Medusa's tax lines for the country (and `state`), and for a business customer with a VAT ID of another EU state shipping to another EU state the net prices (reverse charge). `vatTreatment` says how VAT is treated: `included` (the VAT of the destination is contained, listed per rate in `vat`), `reverse_charge` or `export` (outside the EU, no VAT). Without `shippingMethod`, without shipping.",
    access: "customer",
    query: checkoutSummaryQuery,
    response: checkoutSummarySchema,
    errors: { ...signedIn, 400: "Unknown country or shipping method, or an empty cart" },
  },
  {
    method: "post",
    path: "/api/card-payments",
    summary: "Start a card payment: a Stripe PaymentIntent for the server's total of the cart",
    description:
      "The browser confirms the PaymentIntent with Stripe Elements, then places the order with POST /api/orders (paymentMethod stripe, paymentId the PaymentIntent's id). `total`, when sent, is only compared with the server's.",
    access: "customer",
    ...paymentCall,
    body: createCardPaymentSchema,
    response: cardPaymentSchema,
    status: 201,
    errors: {
      ...signedIn,
      400: "Card payments are switched off, or invalid address or shipping method",
      409: "Not enough stock, or the client's total disagrees with the server's",
      502: "Stripe failed",
    },
  },
  {
    method: "post",
    path: "/api/paypal-server/create-order",
    summary: "Start a PayPal payment for the server's total of the cart",
    description:
      "`approveUrl` is where the customer approves the payment at PayPal; PayPal sends them back to /checkout/success?paypal=true&token=<id>. `amount`, when sent, is only compared with the server's.",
    access: "customer",
    ...paymentCall,
    body: createPaypalOrderSchema,
    response: paypalOrderCreatedSchema,
    status: 201,
    errors: {
      ...signedIn,
      400: "PayPal payments are switched off, or invalid address or shipping method",
      403: "userId is not the signed-in user's",
      409: "Not enough stock, or the amount disagrees with the server's",
      502: "PayPal failed: non-JSON reply, error reply, no order id or no approval URL",
    },
  },
  {
    method: "post",
    path: "/api/paypal-server/capture-order",
    summary: "Capture an approved PayPal payment and place its order (idempotent)",
    description:
      "`orderId` is the `token` PayPal returns with. Capturing the same PayPal order again answers the same order; PayPal never takes the money twice.",
    access: "customer",
    ...paymentCall,
    body: capturePaypalOrderSchema,
    response: paypalCaptureSchema,
    errors: {
      ...signedIn,
      403: "userId is not the signed-in user's",
      404: "No such PayPal order for this account",
      409: "Not approved yet, or the payment was taken but the order could not be made (paymentReceived)",
      402: "PayPal declined the payment",
      502: "PayPal failed: non-JSON reply, error reply or no payment id",
    },
  },
  {
    method: "get",
    path: "/api/paypal-server/order/{id}",
    summary: "PayPal's view of one of the user's PayPal orders",
    access: "customer",
    ...paymentCall,
    params: { id: paypalOrderSchema.shape.id },
    response: paypalOrderSchema,
    errors: { ...signedIn, 404: "No such PayPal order for this account", 502: "PayPal failed" },
  },
  {
    method: "post",
    path: "/api/webhooks/stripe",
    summary: "Stripe's events (payment_intent.succeeded / payment_failed), signed with the saved webhook secret",
    description:
      "Called by Stripe, not by a browser: the `Stripe-Signature` header over the exact bytes sent is the credential. A succeeded payment whose browser went away becomes its order; a failed one is marked.",
    access: "public",
    ...paymentCall,
    body: stripeWebhookEventSchema,
    response: webhookReceiptSchema,
    errors: { 400: "The signature is missing or wrong" },
  },
  {
    method: "post",
    path: "/api/webhooks/paypal",
    summary: "PayPal's events (PAYMENT.CAPTURE.COMPLETED / DENIED), verified with PayPal for the saved webhook id",
    description:
      "Called by PayPal, not by a browser: the PayPal-Transmission-* headers are verified with PayPal. A completed capture whose order was not made becomes its order; a denied capture cancels it.",
    access: "public",
    ...paymentCall,
    body: paypalWebhookEventSchema,
    response: webhookReceiptSchema,
    errors: { 400: "The signature could not be verified" },
  },
  {
    method: "get",
    path: "/api/orders",
    summary: "The signed-in user's orders with their items",
    access: "customer",
    response: orderListSchema,
    errors: signedIn,
  },
  {
    method: "get",
    path: "/api/orders/{id}/invoice.pdf",
    summary: "An order's invoice as a PDF to download (invoice-ENC-000042.pdf)",
    description:
      "Seller, buyer (company and VAT ID), items, net, VAT and gross per the tax rate of the shipping country, and how it is paid: for an invoice order the bank account, reference and due date. `language` (en, de) chooses the document's language; without it the storefront's `language` cookie, else English. A customer gets the invoices of their own orders only: any other order is a 404, as an unknown one; an admin gets any order's.",
    access: "customer",
    params: { id: wholeNumberIdSchema("Order") },
    query: { language: invoiceLanguageQuerySchema },
    responseType: "pdf",
    errors: { ...signedIn, 404: "No such order among the caller's (any order's, for an admin)" },
  },

  // Admin: users and orders
  {
    method: "get",
    path: "/api/admin/unfinalised-payments",
    summary: "Payments taken that could not become an order, for staff to finish or refund",
    access: "admin",
    response: unfinalisedPaymentListSchema,
    errors: adminOnly,
  },
  {
    method: "get",
    path: "/api/admin/users",
    summary: "Every user (view only)",
    access: "admin",
    response: userListSchema,
    errors: adminOnly,
  },
  { method: "get", path: "/api/admin/orders", summary: "Every order", access: "admin", response: orderListSchema, errors: adminOnly },
  {
    method: "put",
    path: "/api/admin/orders/{id}/status",
    summary: "Set an order's status",
    access: "admin",
    params: { id: wholeNumberIdSchema("Order") },
    body: updateOrderStatusSchema,
    response: orderSchema,
    errors: { ...adminOnly, 404: "No such order" },
  },
  {
    method: "post",
    path: "/api/admin/orders/{id}/mark-paid",
    summary: "Mark an invoice order as paid: its payment is captured in Medusa",
    description: "The transfer arrived. A pending order moves on to processing; `invoice.paidAt` records when.",
    access: "admin",
    params: { id: wholeNumberIdSchema("Order") },
    response: orderSchema,
    errors: { ...adminOnly, 404: "No such order", 409: "Not an invoice order, paid already, or cancelled" },
  },
  {
    method: "delete",
    path: "/api/admin/orders/{id}",
    summary: "Delete an order",
    access: "admin",
    params: { id: wholeNumberIdSchema("Order") },
    response: messageSchema,
    errors: { ...adminOnly, 404: "No such order" },
  },
  {
    method: "put",
    path: "/api/admin/orders/{id}/shipping-address",
    summary: "Change an order's shipping address",
    access: "admin",
    params: { id: wholeNumberIdSchema("Order") },
    body: updateShippingAddressSchema,
    response: shippingAddressChangedSchema,
    errors: { ...adminOnly, 404: "No such order", 409: "The new address is in another country than the order's" },
  },
  {
    method: "get",
    path: "/api/admin/order-user/{userId}",
    summary: "The customer profile behind an order",
    access: "admin",
    params: { userId: wholeNumberIdSchema("User") },
    response: userSchema,
    errors: { ...adminOnly, 404: "No such user" },
  },

  // Admin: products
  {
    method: "get",
    path: "/api/admin/products",
    summary: "Every product with its English and German texts, in the shop's default order",
    description: ADMIN_PRODUCT_TEXT,
    access: "admin",
    response: adminProductListSchema,
    errors: adminOnly,
  },
  {
    method: "get",
    path: "/api/admin/products/{id}",
    summary: "One product with its English and German texts",
    description: ADMIN_PRODUCT_TEXT,
    access: "admin",
    params: productId,
    response: adminProductSchema,
    errors: { ...adminOnly, 404: "No such product" },
  },
  {
    method: "post",
    path: "/api/admin/products",
    summary: "Create a product",
    description: ADMIN_PRODUCT_WRITE_TEXT,
    access: "admin",
    body: adminProductCreateSchema,
    response: adminProductSchema,
    status: 201,
    errors: adminOnly,
  },
  {
    method: "put",
    path: "/api/admin/products/{id}",
    summary: "Change a product (fields left out keep their value)",
    description: ADMIN_PRODUCT_WRITE_TEXT,
    access: "admin",
    params: productId,
    body: adminProductUpdateSchema,
    response: adminProductSchema,
    errors: { ...adminOnly, 404: "No such product" },
  },
  {
    method: "delete",
    path: "/api/admin/products/{id}",
    summary: "Delete a product",
    access: "admin",
    params: productId,
    response: messageSchema,
    errors: { ...adminOnly, 404: "No such product" },
  },
  {
    method: "post",
    path: "/api/admin/products/{id}/upload-image",
    summary: "Upload a product image (JPEG, PNG, GIF or WebP, checked by content; at most 5 MB)",
    access: "admin",
    params: productId,
    body: imageUploadBodySchema,
    bodyType: "multipart",
    response: imageUploadAnswerSchema,
    errors: { ...adminOnly, 404: "No such product", 413: "The image is larger than 5 MB", 415: "Not a JPEG, PNG, GIF or WebP image" },
  },

  // Admin: payments and shipping
  {
    method: "get",
    path: "/api/admin/payment-config",
    summary: "Payment settings, secrets masked",
    access: "admin",
    response: paymentConfigSchema,
    errors: adminOnly,
  },
  {
    method: "post",
    path: "/api/admin/payment-config",
    summary: "Save payment settings or enable/disable a provider",
    access: "admin",
    body: paymentConfigUpdateSchema,
    response: paymentConfigSchema,
    errors: adminOnly,
  },

  // Shop details: the imprint and the shop's time zone (issue 19)
  {
    method: "get",
    path: "/api/admin/shop-details",
    summary: "The shop's details: the imprint's fields, the time zone, and which required imprint fields are still missing",
    access: "admin",
    response: adminShopDetailsSchema,
    errors: adminOnly,
  },
  {
    method: "post",
    path: "/api/admin/shop-details",
    summary: "Save the shop's details (fields left out keep their value; an empty imprint field is cleared)",
    access: "admin",
    body: shopDetailsUpdateSchema,
    response: adminShopDetailsSchema,
    errors: { ...adminOnly, 400: "A field is too long, malformed, unknown, or the time zone is not an IANA zone" },
  },
  {
    method: "get",
    path: "/api/admin/shipping-methods",
    summary: "Every shipping method",
    access: "admin",
    response: shippingMethodListSchema,
    errors: adminOnly,
  },
  {
    method: "post",
    path: "/api/admin/shipping-methods",
    summary: "Create a shipping method",
    access: "admin",
    body: shippingMethodInputSchema,
    response: shippingMethodSchema,
    status: 201,
    errors: adminOnly,
  },
  {
    method: "get",
    path: "/api/admin/shipping-methods/{id}",
    summary: "One shipping method",
    access: "admin",
    params: shippingMethodId,
    response: shippingMethodSchema,
    errors: { ...adminOnly, 404: "No such shipping method" },
  },
  {
    method: "put",
    path: "/api/admin/shipping-methods/{id}",
    summary: "Change a shipping method",
    access: "admin",
    params: shippingMethodId,
    body: shippingMethodUpdateSchema,
    response: shippingMethodSchema,
    errors: { ...adminOnly, 404: "No such shipping method" },
  },
  {
    method: "delete",
    path: "/api/admin/shipping-methods/{id}",
    summary: "Delete a shipping method",
    access: "admin",
    params: shippingMethodId,
    response: messageSchema,
    errors: { ...adminOnly, 404: "No such shipping method" },
  },
]
