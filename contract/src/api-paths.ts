// Core schemas: the form schemas are zod/mini (./forms.ts), the others classic zod.
import type { $ZodType as ZodType } from "zod/v4/core"
import { z } from "zod"
import { PGP_KEY_REFUSALS } from "./privacy.js"
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
  accountDataSchema,
  accountDeletionSchema,
  pgpKeySavedSchema,
  pgpKeySaveSchema,
  pgpKeySchema,
  pgpKeyStateSchema,
  accountSessionListSchema,
  emailChangeConfirmSchema,
  loginSchema,
  passwordChangeSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  profileUpdateAnswerSchema,
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
import {
  adminReturnListSchema,
  adminReturnSchema,
  idempotencyKeySchema,
  openReturnSchema,
  receiveReturnSchema,
  refundProposalSchema,
  refundRequestSchema,
  refundSchema,
  returnIdSchema,
  withdrawalRequestSchema,
  withdrawalSchema,
} from "./after-sale.js"
import { apiErrorSchema, challengeRequiredSchema, healthSchema, healthUnavailableSchema, openApiDocumentSchema } from "./errors.js"
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
import {
  PASSKEY_NOT_FOUND_MESSAGE,
  accountDeletionByPasskeySchema,
  passkeyAssertionSchema,
  passkeyCreationOptionsSchema,
  passkeyIdSchema,
  passkeyListSchema,
  passkeyRegistrationSchema,
  passkeyRenameSchema,
  passkeyRequestOptionsSchema,
  passkeySchema,
} from "./passkeys.js"
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
import {
  CROSS_ORIGIN_MESSAGE,
  NOT_AN_ADMIN_MESSAGE,
  ORIGIN_REQUIRED_MESSAGE,
  PAYMENT_ID_USED_MESSAGE,
  PENDING_SIGN_IN_COOKIE,
  PENDING_SIGN_IN_MINUTES,
  SANDBOX_CARD_PAYMENT_ID,
  SANDBOX_CARD_PAYMENT_PREFIX,
  SESSION_COOKIE,
  TEST_PAYMENTS_OFF_MESSAGE,
  SIGN_IN_CHALLENGE_AFTER,
  SIGN_IN_CHALLENGE_MINUTES,
  SIGN_IN_CHALLENGE_WINDOW_MINUTES,
  PASSKEY_CHALLENGE_MINUTES,
  MAX_PASSKEYS_PER_ACCOUNT,
} from "./values.js"

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
  /** Schemas of the optional request headers it reads (a refund's Idempotency-Key). */
  headers?: Record<string, ZodType>
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
  /**
   * The error statuses its route answers by itself, each with what it means (a text, or a text with
   * its own body schema and examples). The statuses of the facade's middlewares that run on the call
   * (host, body, origin, admin guard, sign-in limit) are added by `errorAnswersOf`, from the fields
   * below: together they are every status the call answers, which the document lists and the tests hold
   * the real answers to.
   */
  errors?: Record<number, string | ErrorAnswer>
  /** The body of its error answers: ApiError unless said otherwise (the payment calls' PaymentError). */
  errorSchema?: ZodType
  /** The facade's per-address limit of sign-in attempts guards it (429); api/middlewares.ts mounts it from this flag. */
  signInLimit?: boolean
  /** Needs the pending sign-in cookie (`enclave.2fa`) of POST /api/login's `{twoFactorRequired: true}` answer. */
  pendingSignIn?: boolean
  /** What the `Set-Cookie` header of its success answer does. */
  setsCookie?: string
  /** Example request bodies, by name. */
  requestExamples?: Record<string, ApiExample>
}

/** An example of a body, as OpenAPI's Example Object writes it. */
export interface ApiExample {
  summary: string
  value: unknown
}

/** One error status of an operation: what it means, its body when not the operation's error schema, examples. */
export interface ErrorAnswer {
  description: string
  schema?: ZodType
  examples?: Record<string, ApiExample>
}

/** Named schemas: each becomes `#/components/schemas/<name>`. */
export const apiSchemas: Record<string, ZodType> = {
  ApiError: apiErrorSchema,
  ChallengeRequired: challengeRequiredSchema,
  Message: messageSchema,
  AccountData: accountDataSchema,
  PgpKey: pgpKeySchema,
  PgpKeyState: pgpKeyStateSchema,
  PgpKeySaved: pgpKeySavedSchema,
  PgpKeySave: pgpKeySaveSchema,
  AccountDeletion: accountDeletionSchema,
  Health: healthSchema,
  HealthUnavailable: healthUnavailableSchema,
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
  ProfileUpdateAnswer: profileUpdateAnswerSchema,
  EmailChangeConfirm: emailChangeConfirmSchema,
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
  WithdrawalRequest: withdrawalRequestSchema,
  Withdrawal: withdrawalSchema,
  AdminReturn: adminReturnSchema,
  AdminReturnList: adminReturnListSchema,
  OpenReturn: openReturnSchema,
  ReceiveReturn: receiveReturnSchema,
  RefundRequest: refundRequestSchema,
  Refund: refundSchema,
  RefundProposal: refundProposalSchema,
  Passkey: passkeySchema,
  PasskeyList: passkeyListSchema,
  PasskeyRegistration: passkeyRegistrationSchema,
  PasskeyRename: passkeyRenameSchema,
  PasskeyAssertion: passkeyAssertionSchema,
  PasskeyCreationOptions: passkeyCreationOptionsSchema,
  PasskeyRequestOptions: passkeyRequestOptionsSchema,
}

const productId = { id: productIdSchema }
const shippingMethodId = { id: shippingMethodIdSchema }

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
  "wording is shown in English on German pages. An `imageUrl` on another site is fetched by the shop and stored like " +
  "an upload; the product gets the shop's own `/uploads/…` address. Only from public internet addresses (also after " +
  "each of at most 3 redirects), within 10 s, an image/* answer of at most 5 MB whose content is a JPEG, PNG, GIF or " +
  "WebP; otherwise 400 on `imageUrl` and nothing is saved. The answer is the product as GET /api/admin/products/{id} shows it."
/** Calls that reach a payment provider answer errors with `error` (and `paymentReceived`) too: docs/product.md §3, §8. */
const paymentCall = { errorSchema: paymentErrorSchema }

// What several routes answer alike (cart/cart.ts, orders/checkout.ts, accounts/sign-in-guard.ts).
const CART_BUSY = "the cart is busy with another change of the same account (try again)"
const CHECKOUT_400 =
  "an address country the shop cannot ship to, an unknown or inactive shipping method or one that does not ship to the address's country, an empty cart"
const CHECKOUT_409 =
  "not enough stock (`details.stockQuantity`), a product no longer sold, or the client's total disagrees with the server's (`details` has the server's figures)"
const SIGN_IN_LOCK_423 =
  "Too many failed attempts on this username from this address: locked for a while (`details.lock` `username`, `details.minutes`)"
const SIGN_IN_CHALLENGE_428: ErrorAnswer = {
  description:
    `more than ${SIGN_IN_CHALLENGE_AFTER} failed sign-ins of this username within ${SIGN_IN_CHALLENGE_WINDOW_MINUTES} minutes, from any addresses: ` +
    "solve the ALTCHA proof-of-work challenge in `details.challenge` (SHA-256: find the counter from 0 up whose key starts with " +
    "`keyPrefix`; the altcha-lib package's solveChallenge does it) and send the attempt again with `altcha`, base64 of " +
    `\`{challenge, solution}\`, within ${SIGN_IN_CHALLENGE_MINUTES} minutes. A solution opens one attempt of this username; ` +
    "`details.reason` says why a sent one was not taken (`invalid`, `expired`, `used`). Nothing is counted for a 428.",
  schema: challengeRequiredSchema,
}
const SIGN_IN_LOCK_429 = "too many failed sign-ins from this address, whatever the usernames (`details.lock` `address`, `details.minutes`)"
/**
 * A passkey call's refusal: `details.code` names it (contract passkeys.ts passkeyMessages). Said in words, not
 * as a schema of the status: the same statuses also answer the middlewares' refusals, which have no code.
 */
const passkeyRefusal = (description: string) => `${description}; \`details.code\` names the refusal`
const PASSKEY_CHALLENGE_TEXT =
  `Each options answer holds a challenge that the server keeps for ${PASSKEY_CHALLENGE_MINUTES} minutes and takes once: ` +
  "an answer signing a challenge that is used already, ran out, or was issued for another ceremony or account is refused " +
  "(`passkey_challenge_invalid`)."
const SESSION_COOKIE_TEXT = `\`${SESSION_COOKIE}\`, the new session (HttpOnly, SameSite=Lax, Path=/, 7 days; Secure when the shop is reached over HTTPS)`

/** docs/product.md §4 Simulated card flow: what a client must know to buy with the sandbox card. */
const SANDBOX_CARD_TEXT =
  `**The sandbox card.** While an admin has test payments on (Payments → card payments, 'Take test payments'; a new deployment ` +
  `starts with them off) and the card provider is in sandbox mode, \`paymentMethod: "stripe"\` with a \`paymentId\` of ` +
  `\`${SANDBOX_CARD_PAYMENT_PREFIX}\` and 16 hex digits that the client makes up (the server takes \`${SANDBOX_CARD_PAYMENT_ID.source}\`) ` +
  `places the order without any payment, recorded as a test payment ('Card (Sandbox)'). GET /api/payment-methods says ` +
  `whether it is on offer (\`simulatedCard\`). Each id is accepted once: an id an order was placed with already is a 409 ` +
  `'${PAYMENT_ID_USED_MESSAGE}'. With test payments off it is a 400 '${TEST_PAYMENTS_OFF_MESSAGE}'.`
const sandboxCardOrder = {
  shippingAddress: {
    fullName: "Ada Lovelace",
    addressLine1: "Unter den Linden 1",
    city: "Berlin",
    state: "Berlin",
    postalCode: "10117",
    country: "Germany",
  },
  shippingMethod: 1,
  paymentMethod: "stripe",
  paymentId: `${SANDBOX_CARD_PAYMENT_PREFIX}3f9a0c2b7d1e4a65`,
}

export const apiOperations: ApiOperation[] = [
  // Operations
  {
    method: "get",
    path: "/api/health",
    summary: "Whether the shop and its database answer",
    access: "public",
    response: healthSchema,
    errors: {
      503: {
        description: "The database does not answer (or, answered by the front door, the shop's server does not answer or is restarting)",
        schema: healthUnavailableSchema,
      },
    },
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
      `With two-factor sign-in on, the right password answers \`{twoFactorRequired: true}\` and signs nobody in yet: it sets the \`${PENDING_SIGN_IN_COOKIE}\` cookie instead, ` +
      `which POST /api/login/two-factor needs, with a code, within ${PENDING_SIGN_IN_MINUTES} minutes.`,
    body: loginSchema,
    response: userSchema.or(twoFactorRequiredSchema),
    signInLimit: true,
    setsCookie:
      `Signed in: ${SESSION_COOKIE_TEXT}. With \`{twoFactorRequired: true}\`: \`${PENDING_SIGN_IN_COOKIE}\`, the pending sign-in ` +
      `(HttpOnly, SameSite=Strict, Path=/api/login, ${PENDING_SIGN_IN_MINUTES} minutes), which POST /api/login/two-factor needs.`,
    errors: {
      401: "Invalid username or password",
      423: SIGN_IN_LOCK_423,
      428: SIGN_IN_CHALLENGE_428,
      429: SIGN_IN_LOCK_429,
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
    signInLimit: true,
    setsCookie: SESSION_COOKIE_TEXT,
    errors: { 409: "Username or email already taken" },
  },
  {
    method: "post",
    path: "/api/login/two-factor",
    summary: "Complete a two-factor sign-in",
    description:
      `After POST /api/login answered \`{twoFactorRequired: true}\`, with the \`${PENDING_SIGN_IN_COOKIE}\` cookie that answer set ` +
      `(a browser sends it by itself; another client sends it back as it got it): a code of the authenticator app ` +
      "(RFC 6238, 30-second steps, one step either side) or an unused recovery code. A code works once; wrong codes count " +
      "toward the sign-in lock like wrong passwords.",
    access: "public",
    pendingSignIn: true,
    body: twoFactorCodeSchema,
    response: userSchema,
    signInLimit: true,
    setsCookie: `${SESSION_COOKIE_TEXT}; \`${PENDING_SIGN_IN_COOKIE}\` is cleared.`,
    errors: {
      401: `Wrong or used code, or no pending sign-in: no \`${PENDING_SIGN_IN_COOKIE}\` cookie, or it ran out after ${PENDING_SIGN_IN_MINUTES} minutes`,
      423: SIGN_IN_LOCK_423,
      429: SIGN_IN_LOCK_429,
    },
  },
  {
    method: "post",
    path: "/api/login/passkey/options",
    summary: "Start a username-less passkey sign-in: WebAuthn request options",
    description:
      "Options for navigator.credentials.get (@simplewebauthn/browser's startAuthentication), with no allowCredentials: the " +
      "authenticator offers the discoverable credentials (passkeys) it holds for the shop. User verification is required. " +
      PASSKEY_CHALLENGE_TEXT,
    access: "public",
    response: passkeyRequestOptionsSchema,
    // Not under the per-minute sign-in limit: the sign-in page asks for these as it opens (the browser's
    // passkey autofill), and each page view would use up an attempt the person may need for the password.
  },
  {
    method: "post",
    path: "/api/login/passkey",
    summary: "Sign in with a passkey (username-less)",
    description:
      "The browser's answer (AuthenticationResponseJSON) to the options of POST /api/login/passkey/options. The passkey names its " +
      "account and is two factors in itself: no authenticator code follows, even with two-factor sign-in on. Counted by the sign-in " +
      "rules like a password (a refusal counts as a failed sign-in from this address).",
    access: "public",
    body: passkeyAssertionSchema,
    response: userSchema,
    signInLimit: true,
    setsCookie: SESSION_COOKIE_TEXT,
    errors: {
      401: passkeyRefusal(
        "The passkey is not registered here or was removed (`passkey_unknown`), its signature, origin, relying party or user " +
          "verification does not hold (`passkey_invalid`), or the challenge is used, expired or not one of a sign-in (`passkey_challenge_invalid`)",
      ),
      423: SIGN_IN_LOCK_423,
      429: SIGN_IN_LOCK_429,
    },
  },
  {
    method: "post",
    path: "/api/login/passkey/second-factor/options",
    summary: "The second step with a passkey: WebAuthn request options for the pending sign-in's account",
    description:
      `After POST /api/login answered \`{twoFactorRequired: true}\`, with the \`${PENDING_SIGN_IN_COOKIE}\` cookie: options listing the ` +
      "account's passkeys and security keys (user verification preferred: a security key without a PIN is a second factor beside the " +
      "password). " +
      PASSKEY_CHALLENGE_TEXT,
    access: "public",
    pendingSignIn: true,
    response: passkeyRequestOptionsSchema,
    signInLimit: true,
    errors: {
      401: `No pending sign-in: no \`${PENDING_SIGN_IN_COOKIE}\` cookie, or it ran out after ${PENDING_SIGN_IN_MINUTES} minutes`,
      409: passkeyRefusal("The account has no passkey (`no_passkeys`): use the authenticator code at POST /api/login/two-factor"),
    },
  },
  {
    method: "post",
    path: "/api/login/passkey/second-factor",
    summary: "Complete a two-factor sign-in with a passkey instead of a code",
    description:
      `The browser's answer to the options of POST /api/login/passkey/second-factor/options, with the \`${PENDING_SIGN_IN_COOKIE}\` cookie. ` +
      "A refused passkey counts toward the sign-in lock like a wrong code.",
    access: "public",
    pendingSignIn: true,
    body: passkeyAssertionSchema,
    response: userSchema,
    signInLimit: true,
    setsCookie: `${SESSION_COOKIE_TEXT}; \`${PENDING_SIGN_IN_COOKIE}\` is cleared.`,
    errors: {
      401: passkeyRefusal(
        `No pending sign-in (no \`${PENDING_SIGN_IN_COOKIE}\` cookie, or it ran out), or the passkey is refused: not one of the account's ` +
          "(`passkey_unknown`), not verified (`passkey_invalid`), or its challenge used or expired (`passkey_challenge_invalid`)",
      ),
      423: SIGN_IN_LOCK_423,
      429: SIGN_IN_LOCK_429,
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
    signInLimit: true,
  },
  {
    method: "post",
    path: "/api/password-reset/confirm",
    summary: "Set a new password with the token of a reset mail",
    description: "Ends every session of the account; sign in with the new password afterwards.",
    access: "public",
    body: passwordResetConfirmSchema,
    response: messageSchema,
    signInLimit: true,
    errors: { 400: "The token is invalid, used or expired" },
  },
  {
    method: "post",
    path: "/api/logout",
    summary: "Sign out",
    access: "public",
    response: messageSchema,
    setsCookie: `Clears \`${SESSION_COOKIE}\`.`,
  },

  // Account (the signed-in customer's own)
  {
    method: "get",
    path: "/api/account",
    summary: "The signed-in customer's account",
    access: "customer",
    response: userSchema,
  },
  {
    method: "put",
    path: "/api/account",
    summary: "Change one's profile: e-mail, name and address",
    description:
      "The register form's rules apply (docs/product.md §5); the username cannot be changed. Name and address change at once. " +
      "A new e-mail does not: the answer carries it as `pendingEmail` with a message, and a link is mailed to the new address " +
      "(it works once, for 24 hours, through POST /api/account/email/confirm) while the old address is told of the request. " +
      "The answer is the same whether or not another account has the new address (that address is then told so instead of getting a link).",
    access: "customer",
    body: profileUpdateSchema,
    response: profileUpdateAnswerSchema,
  },
  {
    method: "post",
    path: "/api/account/email/confirm",
    summary: "Confirm a new e-mail address with the token of the link mailed to it",
    description:
      "Needs no session: the token proves the mailbox. The account's e-mail (and an admin's Medusa login) becomes the new address; " +
      "the link then stops working, as do older ones.",
    access: "public",
    body: emailChangeConfirmSchema,
    response: userSchema,
    // No per-address limit: a 256-bit token cannot be guessed, and the storefront's confirm page calls
    // this from its server, whose one address every customer would then share.
    errors: {
      400: "The token is invalid, used, replaced by a newer request or expired",
      409: "Another account took the address since the link was mailed",
    },
  },
  {
    method: "get",
    path: "/api/account/sessions",
    summary: "The account's signed-in sessions (browser, signed in, last seen), the current one marked",
    access: "customer",
    response: accountSessionListSchema,
  },
  {
    method: "delete",
    path: "/api/account/sessions",
    summary: "Sign out everywhere else: ends every session of the account but this one",
    access: "customer",
    response: sessionsEndedSchema,
  },
  {
    method: "delete",
    path: "/api/account/sessions/{id}",
    summary: "Sign out one other session of the account",
    description: "`id` is a session's id as GET /api/account/sessions lists it (this session signs out with POST /api/logout).",
    access: "customer",
    params: { id: z.string() },
    response: messageSchema,
    errors: { 404: "The account has no other session with this id" },
  },
  {
    method: "get",
    path: "/api/account/data",
    summary: "Download everything the shop holds about the signed-in customer (GDPR Art. 15, 20)",
    description:
      "One JSON document, sent as a file to save (`Content-Disposition: attachment`): the account, addresses, orders with items, payments and refunds, withdrawals, sign-in records, sessions, passkeys (public parts), the OpenPGP key, the mails sent (subject and date) and consents. No secrets: the password's hash, the two-factor secret and session ids are never in it.",
    access: "customer",
    response: accountDataSchema,
  },
  {
    method: "post",
    path: "/api/account/deletion",
    summary: "Delete one's account (GDPR Art. 17)",
    description:
      "Needs the account's password (`{password}`) or a passkey's answer to POST /api/account/passkeys/confirm/options (`{passkey}`); a wrong one counts toward the sign-in lock like a failed sign-in. Every session of the account ends; the account, its passkeys, two-factor data, cart, sign-in records and Medusa customer are deleted; its orders and invoices stay, as the law's retention requires (§ 147 AO, § 257 HGB), detached from the account and marked `account_deleted_at` in Medusa's order metadata. A last mail confirms it; the username is free again.",
    access: "customer",
    body: z.union([accountDeletionSchema as unknown as z.ZodType<{ password: string }>, accountDeletionByPasskeySchema]),
    response: messageSchema,
    signInLimit: true,
    setsCookie: "Clears the session cookie.",
    errors: {
      400: "The password is wrong, or the passkey's answer is refused (`details.code`)",
      409: "An administrator's account cannot be deleted here (`details.code`: `admin_account`)",
      423: SIGN_IN_LOCK_423,
      429: SIGN_IN_LOCK_429,
    },
  },
  {
    method: "get",
    path: "/api/account/pgp-key",
    summary: "The OpenPGP key the account's mails are encrypted to",
    access: "customer",
    response: pgpKeyStateSchema,
  },
  {
    method: "put",
    path: "/api/account/pgp-key",
    summary: "Encrypt every mail to the account with this OpenPGP public key",
    description:
      "An ASCII-armoured public key with a usable encryption subkey, not expired or revoked, and a user ID with the account's e-mail address; else 400 with `details.code` (" +
      PGP_KEY_REFUSALS.map((code) => "`" + code + "`").join(", ") +
      "). An encrypted test mail goes out at once; from then on every mail to the account is PGP/MIME-encrypted (RFC 3156).",
    access: "customer",
    body: pgpKeySaveSchema,
    response: pgpKeySavedSchema,
    errors: { 400: "Not a public key the shop can encrypt to for this account (`details.code` says why)" },
  },
  {
    method: "delete",
    path: "/api/account/pgp-key",
    summary: "Remove the OpenPGP key: mails go unencrypted again",
    access: "customer",
    response: messageSchema,
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
    signInLimit: true,
    setsCookie: SESSION_COOKIE_TEXT,
    errors: {
      400: "The current password is wrong",
      423: SIGN_IN_LOCK_423,
      429: SIGN_IN_LOCK_429,
    },
  },

  {
    method: "post",
    path: "/api/account/two-factor/setup",
    summary: "Start turning on two-factor sign-in: a new secret and its QR code",
    description: "Nothing changes at sign-in until POST /api/account/two-factor/enable confirms a code of this secret.",
    access: "customer",
    response: twoFactorSetupSchema,
    errors: { 409: "Two-factor sign-in is already on" },
  },
  {
    method: "post",
    path: "/api/account/two-factor/enable",
    summary: "Turn on two-factor sign-in with a code of the new secret",
    description: "Answers ten single-use recovery codes, this once; they are stored only as hashes.",
    access: "customer",
    body: twoFactorCodeSchema,
    response: recoveryCodesSchema,
    errors: { 400: "Wrong code", 409: "Two-factor sign-in is already on, or was not set up" },
  },
  {
    method: "post",
    path: "/api/account/two-factor/disable",
    summary: "Turn off two-factor sign-in",
    description: "Needs a current code or a recovery code; a wrong one counts toward the sign-in lock.",
    access: "customer",
    body: twoFactorCodeSchema,
    response: messageSchema,
    signInLimit: true,
    errors: {
      400: "Wrong or used code",
      409: "Two-factor sign-in is not on",
      423: SIGN_IN_LOCK_423,
      429: SIGN_IN_LOCK_429,
    },
  },

  {
    method: "get",
    path: "/api/account/passkeys",
    summary: "The account's passkeys and security keys: name, created, last used (public parts only)",
    access: "customer",
    response: passkeyListSchema,
  },
  {
    method: "post",
    path: "/api/account/passkeys/registration/options",
    summary: "Start adding a passkey: WebAuthn creation options",
    description:
      "Options for navigator.credentials.create (@simplewebauthn/browser's startRegistration): a discoverable credential with user " +
      "verification, none of the account's passkeys again, no attestation. " +
      PASSKEY_CHALLENGE_TEXT,
    access: "customer",
    response: passkeyCreationOptionsSchema,
    errors: { 409: passkeyRefusal(`The account has ${MAX_PASSKEYS_PER_ACCOUNT} passkeys already (\`too_many_passkeys\`)`) },
  },
  {
    method: "post",
    path: "/api/account/passkeys",
    summary: "Add a passkey: its name and the browser's answer to the creation options",
    description: "Only its public key, counter and transports are kept; the private key never leaves the authenticator.",
    access: "customer",
    body: passkeyRegistrationSchema,
    response: passkeySchema,
    status: 201,
    errors: {
      400: passkeyRefusal(
        "The answer does not verify (`passkey_invalid`: origin, relying party, user verification) or its challenge is used, expired or another's (`passkey_challenge_invalid`)",
      ),
      409: passkeyRefusal(
        "The passkey is registered already (`passkey_already_registered`), or the account has the most it may (`too_many_passkeys`)",
      ),
    },
  },
  {
    method: "put",
    path: "/api/account/passkeys/{id}",
    summary: "Rename a passkey",
    access: "customer",
    params: { id: passkeyIdSchema },
    body: passkeyRenameSchema,
    response: passkeySchema,
    errors: { 404: PASSKEY_NOT_FOUND_MESSAGE },
  },
  {
    method: "delete",
    path: "/api/account/passkeys/{id}",
    summary: "Remove a passkey",
    description:
      "It signs nobody in afterwards. Every account keeps its password, so only the second factor the shop requires can be the last " +
      "way in: while the shop requires two factors of its staff, an admin's last passkey cannot be removed unless two-factor " +
      "sign-in is on (409 `last_second_factor`).",
    access: "customer",
    params: { id: passkeyIdSchema },
    response: messageSchema,
    errors: {
      404: PASSKEY_NOT_FOUND_MESSAGE,
      409: passkeyRefusal("It is an admin's last second factor while the shop requires two (`last_second_factor`)"),
    },
  },
  {
    method: "post",
    path: "/api/account/passkeys/confirm/options",
    summary: "WebAuthn request options to confirm a grave change with one of one's passkeys instead of the password",
    description:
      "The account's passkeys, user verification required. The browser's answer goes with the change it confirms, whose route checks it. " +
      PASSKEY_CHALLENGE_TEXT,
    access: "customer",
    response: passkeyRequestOptionsSchema,
    errors: { 409: passkeyRefusal("The account has no passkey (`no_passkeys`)") },
  },

  // Cart
  {
    method: "get",
    path: "/api/cart",
    summary: "The signed-in user's cart items",
    access: "customer",
    response: cartSchema,
  },
  {
    method: "post",
    path: "/api/cart",
    summary: "Add a product to the cart; answers the cart",
    access: "customer",
    body: addToCartSchema,
    response: cartSchema,
    status: 201,
    errors: { 404: "No such product", 409: `More than the stock (\`details.stockQuantity\`), or ${CART_BUSY}` },
  },
  {
    method: "put",
    path: "/api/cart/{itemId}",
    summary: "Change a cart item's quantity; answers the cart",
    access: "customer",
    params: { itemId: wholeNumberIdSchema("Cart item") },
    body: updateCartItemSchema,
    response: cartSchema,
    errors: {
      404: "No such item in the cart, or its product is no longer sold",
      409: `More than the stock (\`details.stockQuantity\`), or ${CART_BUSY}`,
    },
  },
  {
    method: "delete",
    path: "/api/cart/{itemId}",
    summary: "Remove a cart item; answers the cart",
    access: "customer",
    params: { itemId: wholeNumberIdSchema("Cart item") },
    response: cartSchema,
    errors: { 404: "No such item in the cart", 409: CART_BUSY },
  },
  {
    method: "delete",
    path: "/api/cart",
    summary: "Empty the cart; answers the (empty) cart",
    access: "customer",
    response: cartSchema,
    errors: { 409: CART_BUSY },
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
      "The server computes subtotal, shipping and total from its own prices; a `total` or `shippingCost` sent that disagrees is refused. " +
      'A card payment id (a PaymentIntent of POST /api/card-payments) is checked with Stripe first. `paymentMethod: "Invoice"` (business customers only, ' +
      "while the shop offers it, from its minimum total) places the order pending, with `invoice` holding the transfer reference, due date and bank account.\n\n" +
      SANDBOX_CARD_TEXT,
    access: "customer",
    ...paymentCall,
    body: createOrderSchema,
    requestExamples: {
      sandboxCard: {
        summary: "Paid with the sandbox card (while test payments are on): a new str- id for every order",
        value: sandboxCardOrder,
      },
    },
    response: orderSchema,
    status: 201,
    errors: {
      400: {
        description: `Missing shipping address, ${CHECKOUT_400}, an unverified payment, test payments switched off (sandbox card), or invoice payment not offered to this customer or below its minimum total`,
        examples: {
          testPaymentsOff: {
            summary: "The sandbox card while test payments are off",
            value: {
              message: TEST_PAYMENTS_OFF_MESSAGE,
              code: "test_payments_off",
              details: { fields: { paymentId: "Test payments are switched off" } },
            },
          },
        },
      },
      402: "The card payment has not gone through",
      404: "No such card payment for this account",
      409: {
        description: `A payment id an order was placed with already (a sandbox card's id is accepted once), ${CHECKOUT_409}, ${CART_BUSY}, or the payment was taken but the order could not be made (\`paymentReceived\`)`,
        examples: {
          paymentUsed: {
            summary: "A sandbox card id sent again",
            value: {
              message: PAYMENT_ID_USED_MESSAGE,
              code: "payment_id_used",
              details: { fields: { paymentId: PAYMENT_ID_USED_MESSAGE } },
            },
          },
        },
      },
      502: "Stripe failed",
      503: "Too many people are buying the same product at this moment: try again",
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
    errors: { 400: "Unknown country or shipping method, or an empty cart" },
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
      400: `Card payments are switched off, ${CHECKOUT_400}`,
      409: `${CHECKOUT_409}, or ${CART_BUSY}`,
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
      400: `PayPal payments are switched off, ${CHECKOUT_400}`,
      403: "userId is not the signed-in user's",
      409: `${CHECKOUT_409}, or ${CART_BUSY}`,
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
      400: "PayPal's keys for the payment's mode (sandbox or live) are no longer saved",
      402: "PayPal declined the payment",
      403: "userId is not the signed-in user's",
      404: "No such PayPal order for this account",
      409: "Not approved yet, or the payment was taken but the order could not be made (paymentReceived)",
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
    errors: {
      400: "PayPal's keys for the payment's mode (sandbox or live) are no longer saved",
      404: "No such PayPal order for this account",
      502: "PayPal failed",
    },
  },
  {
    method: "post",
    path: "/api/webhooks/stripe",
    summary: "Stripe's events (payment_intent.succeeded / payment_failed), signed with the saved webhook secret",
    description:
      "Called by Stripe, not by a browser: the `Stripe-Signature` header over the exact bytes sent is the credential. A succeeded payment whose browser went away becomes its order; a failed one is marked. An error answer makes Stripe deliver the event again.",
    access: "public",
    ...paymentCall,
    body: stripeWebhookEventSchema,
    response: webhookReceiptSchema,
    errors: {
      400: "The signature is missing or wrong",
      402: "Stripe says the payment has not gone through",
      409: "The payment's amount is not the order's",
      502: "Stripe failed",
    },
  },
  {
    method: "post",
    path: "/api/webhooks/paypal",
    summary: "PayPal's events (PAYMENT.CAPTURE.COMPLETED / DENIED), verified with PayPal for the saved webhook id",
    description:
      "Called by PayPal, not by a browser: the PayPal-Transmission-* headers are verified with PayPal. A completed capture whose order was not made becomes its order; a denied capture cancels it. An error answer makes PayPal deliver the event again.",
    access: "public",
    ...paymentCall,
    body: paypalWebhookEventSchema,
    response: webhookReceiptSchema,
    errors: {
      400: "The signature could not be verified",
      402: "PayPal declined the capture",
      409: "PayPal says the payment is not approved",
      502: "PayPal failed",
    },
  },
  {
    method: "get",
    path: "/api/orders",
    summary: "The signed-in user's orders with their items",
    access: "customer",
    response: orderListSchema,
  },
  {
    method: "post",
    path: "/api/withdrawals",
    summary: 'Withdraw from a contract ("Confirm withdrawal"): the consumer\'s statement under § 356a BGB, Art. 11a CRD',
    description:
      "Records the statement with the server's date and time and mails the receipt at once (its content, the moment, the order, the items, " +
      "what happens next, the address to send the goods to), in `language` or the page's. Signed in: `orderId` must be one of the caller's " +
      "orders. Signed out: `orderId` with `email`, the order's e-mail address; a wrong pair is answered exactly as an unknown number (404). " +
      "`items` names some items (default: every item not withdrawn from yet). Goods already dispatched get a return request in Medusa " +
      "(`order.return_requested`). The same items again answer 200 with the first statement, not a second one. While the period runs " +
      "(14 days from delivery, before delivery too): a business's order (company and VAT ID), a cancelled order, an ended period or items " +
      "withdrawn already are a 409 whose `details.code` says which.",
    access: "public",
    signInLimit: true,
    body: withdrawalRequestSchema,
    requestExamples: {
      signedOut: {
        summary: "Signed out: the order's number and e-mail address",
        value: { orderId: 1042, name: "Ada Lovelace", email: "ada@example.com" },
      },
    },
    response: withdrawalSchema,
    status: 201,
    errors: {
      400: "A missing name, an invalid e-mail address, an item the order does not have",
      404: "No order with this number and e-mail address (signed in: among the caller's orders)",
      409: "The right does not apply or has ended (`details.code`: `period_ended` with `lastDay`, `business`, `cancelled`, `nothing_left`), or the order is busy with another change (`busy`)",
    },
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
    errors: { 404: "No such order among the caller's (any order's, for an admin)" },
  },

  // Admin: users and orders
  {
    method: "get",
    path: "/api/admin/unfinalised-payments",
    summary: "Payments taken that could not become an order, for staff to finish or refund",
    access: "admin",
    response: unfinalisedPaymentListSchema,
  },
  {
    method: "get",
    path: "/api/admin/users",
    summary: "Every user (view only)",
    access: "admin",
    response: userListSchema,
  },
  { method: "get", path: "/api/admin/orders", summary: "Every order", access: "admin", response: orderListSchema },
  {
    method: "put",
    path: "/api/admin/orders/{id}/status",
    summary: "Set an order's status",
    access: "admin",
    params: { id: wholeNumberIdSchema("Order") },
    body: updateOrderStatusSchema,
    response: orderSchema,
    errors: { 404: "No such order", 409: "Medusa refuses the move (an order it will not fulfil, ship, complete or cancel)" },
  },
  {
    method: "post",
    path: "/api/admin/orders/{id}/mark-paid",
    summary: "Mark an invoice order as paid: its payment is captured in Medusa",
    description: "The transfer arrived. A pending order moves on to processing; `invoice.paidAt` records when.",
    access: "admin",
    params: { id: wholeNumberIdSchema("Order") },
    response: orderSchema,
    errors: { 404: "No such order", 409: "Not an invoice order, paid already, or cancelled" },
  },
  {
    method: "delete",
    path: "/api/admin/orders/{id}",
    summary: "Delete an order",
    access: "admin",
    params: { id: wholeNumberIdSchema("Order") },
    response: messageSchema,
    errors: { 404: "No such order", 409: "Medusa refuses to cancel it" },
  },
  {
    method: "put",
    path: "/api/admin/orders/{id}/shipping-address",
    summary: "Change an order's shipping address",
    access: "admin",
    params: { id: wholeNumberIdSchema("Order") },
    body: updateShippingAddressSchema,
    response: shippingAddressChangedSchema,
    errors: {
      400: "A country the shop cannot ship to",
      404: "No such order",
      409: "The new address is in another country than the order's",
    },
  },
  {
    method: "get",
    path: "/api/admin/returns",
    summary: "Every withdrawal and return: requested, received, refunded, with the withdrawal's date and 14-day refund deadline",
    description:
      "Open ones first. `overdue`: a withdrawal not refunded by its deadline (§ 357 (1) BGB). A withdrawal before dispatch has no Medusa return (`returnId` null): stop the parcel, cancel or refund.",
    access: "admin",
    response: adminReturnListSchema,
  },
  {
    method: "post",
    path: "/api/admin/returns/{id}/receive",
    summary: "Receive a return: its items are back, restocked (on sale again in Medusa's inventory) or not, with a note",
    description:
      "Runs Medusa's receive-return workflows (`order.return_received`). `items` names what arrived (default: all of the return). A return is received once.",
    access: "admin",
    params: { id: returnIdSchema },
    body: receiveReturnSchema,
    response: adminReturnSchema,
    errors: {
      400: "An item that is not in the return, or more of it",
      404: "No such return",
      409: "Received already, or the order is busy with another change",
    },
  },
  {
    method: "post",
    path: "/api/admin/orders/{id}/returns",
    summary: "Open a return for an order (goodwill, warranty, or a withdrawal that came by letter)",
    description:
      "A Medusa return request for dispatched items (default: every item dispatched and not returned yet), received later with POST /api/admin/returns/{id}/receive.",
    access: "admin",
    params: { id: wholeNumberIdSchema("Order") },
    body: openReturnSchema,
    response: adminReturnSchema,
    status: 201,
    errors: {
      400: "An item the order does not have",
      404: "No such order",
      409: "Cancelled, an unpaid invoice order, nothing dispatched and not returned yet, or the order is busy with another change",
    },
  },
  {
    method: "get",
    path: "/api/admin/orders/{id}/refunds",
    summary: "What can be refunded on an order, its refunds so far, and the amount the withdrawal rule proposes",
    description:
      "`proposed`: the withdrawn (or received) items and, when the whole order is withdrawn, the standard delivery (the cheapest method to the address), not the extra of a dearer method (§ 357 (2) BGB); less what was refunded already.",
    access: "admin",
    params: { id: wholeNumberIdSchema("Order") },
    response: refundProposalSchema,
    errors: { 404: "No such order" },
  },
  {
    method: "post",
    path: "/api/admin/orders/{id}/refunds",
    summary: "Refund money on an order, fully or partly, through its payment provider",
    description:
      "Medusa's refund-payment workflow: a card through Stripe's refunds API, PayPal through its capture refund, a sandbox order as a test refund; " +
      "an invoice order's refund is a transfer staff send to `bankAccount`, recorded as done. Never more than captured and not refunded. " +
      "Send an `Idempotency-Key` header (the admin sends one per refund dialog): the same key again answers 200 with the first refund and refunds nothing more, " +
      "also when both arrive at once. Medusa announces `payment.refunded`; the customer gets a mail.",
    access: "admin",
    params: { id: wholeNumberIdSchema("Order") },
    headers: { "Idempotency-Key": idempotencyKeySchema },
    body: refundRequestSchema,
    response: refundSchema,
    status: 201,
    errors: {
      400: "An invalid amount, an invoice order's refund without `bankAccount`, an item the order does not have",
      404: "No such order",
      409: "Nothing was paid that could be refunded, more than is refundable (`details.refundable`), or the order is busy with another change",
      502: "The payment provider refused the refund: its words; nothing was recorded as refunded",
    },
  },
  {
    method: "get",
    path: "/api/admin/order-user/{userId}",
    summary: "The customer profile behind an order",
    access: "admin",
    params: { userId: wholeNumberIdSchema("User") },
    response: userSchema,
    errors: { 404: "No such user" },
  },

  // Admin: products
  {
    method: "get",
    path: "/api/admin/products",
    summary: "Every product with its English and German texts, in the shop's default order",
    description: ADMIN_PRODUCT_TEXT,
    access: "admin",
    response: adminProductListSchema,
  },
  {
    method: "get",
    path: "/api/admin/products/{id}",
    summary: "One product with its English and German texts",
    description: ADMIN_PRODUCT_TEXT,
    access: "admin",
    params: productId,
    response: adminProductSchema,
    errors: { 404: "No such product" },
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
    errors: { 404: "No such product", 409: "The product does not track stock, or has no variant to price" },
  },
  {
    method: "delete",
    path: "/api/admin/products/{id}",
    summary: "Delete a product",
    access: "admin",
    params: productId,
    response: messageSchema,
    errors: { 404: "No such product", 409: "Orders still hold some of its stock" },
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
    errors: {
      400: "No image in the form field `image`, more than one file, an empty file, or a file name with a folder",
      404: "No such product",
      413: "The image is larger than 5 MB",
      415: "Not a JPEG, PNG, GIF or WebP image, or another kind than it claims",
    },
  },

  // Admin: payments and shipping
  {
    method: "get",
    path: "/api/admin/payment-config",
    summary: "Payment settings, secrets masked",
    access: "admin",
    response: paymentConfigSchema,
  },
  {
    method: "post",
    path: "/api/admin/payment-config",
    summary: "Save payment settings or enable/disable a provider",
    access: "admin",
    body: paymentConfigUpdateSchema,
    response: paymentConfigSchema,
    errors: { 400: "A provider cannot be enabled before its keys (or invoice payment before its bank account) are saved" },
  },

  // Shop details: the imprint and the shop's time zone
  {
    method: "get",
    path: "/api/admin/shop-details",
    summary: "The shop's details: the imprint's fields, the time zone, and which required imprint fields are still missing",
    access: "admin",
    response: adminShopDetailsSchema,
  },
  {
    method: "post",
    path: "/api/admin/shop-details",
    summary: "Save the shop's details (fields left out keep their value; an empty imprint field is cleared)",
    access: "admin",
    body: shopDetailsUpdateSchema,
    response: adminShopDetailsSchema,
    errors: {
      400: "A field is too long, malformed, unknown, or the time zone is not an IANA zone",
      409: passkeyRefusal(
        "`staffSecondFactorRequired: true` from a session signed in with one factor (`own_second_factor_required`): whoever requires two factors of all staff signs in with two",
      ),
    },
  },
  {
    method: "get",
    path: "/api/admin/shipping-methods",
    summary: "Every shipping method",
    access: "admin",
    response: shippingMethodListSchema,
  },
  {
    method: "post",
    path: "/api/admin/shipping-methods",
    summary: "Create a shipping method",
    access: "admin",
    body: shippingMethodInputSchema,
    response: shippingMethodSchema,
    status: 201,
  },
  {
    method: "get",
    path: "/api/admin/shipping-methods/{id}",
    summary: "One shipping method",
    access: "admin",
    params: shippingMethodId,
    response: shippingMethodSchema,
    errors: { 404: "No such shipping method" },
  },
  {
    method: "put",
    path: "/api/admin/shipping-methods/{id}",
    summary: "Change a shipping method",
    access: "admin",
    params: shippingMethodId,
    body: shippingMethodUpdateSchema,
    response: shippingMethodSchema,
    errors: { 404: "No such shipping method" },
  },
  {
    method: "delete",
    path: "/api/admin/shipping-methods/{id}",
    summary: "Delete a shipping method",
    access: "admin",
    params: shippingMethodId,
    response: messageSchema,
    errors: { 404: "No such shipping method" },
  },
]

// ---- Every status a call answers ---------------------------------------------------------------

const STATE_CHANGING: ReadonlySet<HttpMethod> = new Set(["post", "put", "delete"])

/**
 * The Origin rule of api-facade http/same-origin.ts, as the document states it (info and each change's 403):
 * a generated client must know to send the shop's own Origin with a signed-in change.
 */
export const ORIGIN_RULE_TEXT =
  "A POST, PUT or DELETE that carries the session cookie must show that it comes from the shop's own pages: it sends " +
  "`Origin` with the shop's own origin (browsers do so by themselves) or `Sec-Fetch-Site: same-origin`. Without either " +
  `header it is refused with 403 '${ORIGIN_REQUIRED_MESSAGE}'. Whether or not a cookie is sent, an \`Origin\` of another host, ` +
  `or a \`Sec-Fetch-Site\` other than \`same-origin\` or \`none\`, is refused with 403 '${CROSS_ORIGIN_MESSAGE}'. A change ` +
  "without the cookie and without either header (a script signing in, a payment provider's webhook) is judged by its " +
  "body and credentials alone. Reads (GET, HEAD, OPTIONS) need neither header."
const originExamples: Record<string, ApiExample> = {
  originRequired: {
    summary: "The session cookie, but neither Origin nor Sec-Fetch-Site: send the shop's own Origin",
    value: { message: ORIGIN_REQUIRED_MESSAGE, code: "origin_required" },
  },
  crossOrigin: {
    summary: "An Origin of another host, or Sec-Fetch-Site cross-site or same-site",
    value: { message: CROSS_ORIGIN_MESSAGE, code: "cross_origin" },
  },
}

/**
 * Every error status of an operation with what it means: the route's own (`errors`) first, then those of
 * the front door and of the facade's middlewares that run on the call (api-facade api/middlewares.ts): the
 * host check (400), the JSON body (400, 413, 415), the path's and query's parameters (400), the Origin rule
 * (403 for every change), the admin guard (401, 403), who is signed in (401), the sign-in limit (429) and
 * the HTTP parser (431). A status with several causes names them all. Sorted by status; 5xx beyond the
 * route's own are the document's one `5XX` answer.
 */
export function errorAnswersOf(op: ApiOperation): Map<number, ErrorAnswer> {
  const found = new Map<number, { texts: string[]; schema?: ZodType; examples: Record<string, ApiExample> }>()
  const add = (status: number, text: string, more: { schema?: ZodType; examples?: Record<string, ApiExample> } = {}) => {
    const entry = found.get(status) ?? { texts: [], examples: {} }
    entry.texts.push(text)
    entry.schema ??= more.schema
    Object.assign(entry.examples, more.examples)
    found.set(status, entry)
  }
  for (const [status, answer] of Object.entries(op.errors ?? {})) {
    if (typeof answer === "string") add(Number(status), answer)
    else add(Number(status), answer.description, answer)
  }
  add(400, "a Host (or X-Forwarded-Host) the shop does not serve (`details.fields.host`)")
  if (op.params) add(400, "a path parameter out of its form (`details.fields` names it)")
  if (op.query) add(400, "a query parameter out of its form (`details.fields` names it)")
  if (op.body && op.bodyType === "multipart") add(400, "a body that is not a multipart/form-data form")
  else if (op.body) {
    add(400, "a body that is not JSON (`Content-Type: application/json`) or not valid JSON")
    add(400, "a field that breaks its rule, or an unknown field: `details.fields` names each")
    add(413, "The JSON body is larger than 100 kB")
    add(415, "The body's charset is not a UTF one, or its Content-Encoding not gzip, deflate or none")
  }
  if (op.access !== "public") add(401, "Not signed in: no session cookie, or one that has ended")
  if (op.access === "admin")
    add(
      403,
      "Signed in, but not an admin; or an admin signed in with one factor while the shop requires two of its staff (`details.code` `staff_second_factor_required`)",
      {
        examples: { notAnAdmin: { summary: "A customer's session", value: { message: NOT_AN_ADMIN_MESSAGE, code: "not_an_admin" } } },
      },
    )
  if (STATE_CHANGING.has(op.method)) add(403, ORIGIN_RULE_TEXT, { examples: originExamples })
  if (op.signInLimit) add(429, "more sign-in attempts from this address within a minute than the shop allows (20 unless configured)")
  add(431, "The request's headers are too large: its address or cookies are over 16 kB")
  const sentence = (texts: string[]) => {
    const joined = texts.join("; ")
    return joined.charAt(0).toUpperCase() + joined.slice(1)
  }
  return new Map(
    [...found.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, entry]) => [
        status,
        {
          description: sentence(entry.texts),
          ...(entry.schema ? { schema: entry.schema } : {}),
          ...(Object.keys(entry.examples).length ? { examples: entry.examples } : {}),
        },
      ]),
  )
}

// ---- Which operation a request reaches ---------------------------------------------------------

interface ApiPath {
  template: string
  /** Lower case; null where the template has a `{param}`. */
  segments: (string | null)[]
  methods: HttpMethod[]
}

/** The operations' paths, ranked as Medusa's file router ranks routes: at the first segment where two differ, a fixed one wins over a `{param}`. */
const apiPaths: ApiPath[] = (() => {
  const byTemplate = new Map<string, ApiPath>()
  for (const op of apiOperations) {
    const path = byTemplate.get(op.path) ?? {
      template: op.path,
      // Lower case: Express matches routes regardless of case.
      segments: op.path
        .split("/")
        .slice(2)
        .map((segment) => (/^\{\w+\}$/.test(segment) ? null : segment.toLowerCase())),
      methods: [],
    }
    path.methods.push(op.method)
    byTemplate.set(op.path, path)
  }
  const rank = (path: ApiPath) => path.segments.map((segment) => (segment === null ? "1" : "0")).join("")
  return [...byTemplate.values()].sort((a, b) => rank(a).localeCompare(rank(b)))
})()

/**
 * The API path a request's path reaches (as sent, without its query), with the methods it serves: what the
 * facade routes by (api-facade http/no-such-path.ts) and the tests judge answers by. Undefined for /api
 * itself, empty segments (/api//products) and paths no operation has.
 */
export function apiPathOf(requestPath: string): { template: string; methods: HttpMethod[] } | undefined {
  if (!/^\/api\//i.test(requestPath)) return undefined
  const segments = requestPath.slice("/api/".length).replace(/\/$/, "").split("/")
  if (segments.includes("")) return undefined
  const found = apiPaths.find(
    (path) =>
      path.segments.length === segments.length && path.segments.every((fixed, i) => fixed === null || fixed === segments[i].toLowerCase()),
  )
  return found && { template: found.template, methods: [...found.methods] }
}
