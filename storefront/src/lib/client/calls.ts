/**
 * Every /api call the islands make, one function each, typed by the contract (one data layer).
 * The answers an island decides on or shows before money moves (who is signed in, the cart, the ways to pay
 * and ship, a payment's and an order's answer) are checked with @enclave/contract/answers: a malformed one
 * fails like any failed request (ApiRequestError) instead of being acted on. The others are taken as typed.
 */
import type {
  AccountDeletion,
  AccountDeletionByPasskey,
  AccountSession,
  PgpKeySave,
  PgpKeySaved,
  PgpKeyState,
  AddToCartRequest,
  CapturePaypalOrderRequest,
  CardPayment,
  CartItem,
  CheckoutSummary,
  CreateCardPaymentRequest,
  CreateOrderRequest,
  CreatePaypalOrderRequest,
  LoginRequest,
  Passkey,
  PasskeyAssertion,
  PasskeyCreationOptions,
  PasskeyRegistration,
  PasskeyRequestOptions,
  Order,
  PasswordChange,
  PasswordResetConfirm,
  PasswordResetRequest,
  PaymentMethods,
  PaypalCapture,
  PaypalOrderCreated,
  ProfileUpdate,
  ProfileUpdateAnswer,
  RecoveryCodes,
  RegisterRequest,
  SessionsEnded,
  SessionState,
  ShippingMethod,
  TwoFactorCode,
  TwoFactorRequired,
  TwoFactorSetup,
  UpdateCartItemRequest,
  User,
} from "@enclave/contract"
import { apiRoutes } from "../api-routes"
import { callApi } from "./api"
import { cartCheck, sessionCheck } from "./page-load-checks"

type AnswerChecks = typeof import("@enclave/contract/answers")

/** The check of an answer, from a chunk of its own that the page fetches when the first checked call is made. */
const checked =
  <Name extends keyof AnswerChecks>(name: Name) =>
  () =>
    import("@enclave/contract/answers").then((checks) => checks[name])

// Accounts

/** Who is signed in: `user: null` for a visitor (GET /api/user would answer 401, which browsers log as an error). */
export const fetchSession = () => callApi<SessionState>(apiRoutes.session, { answer: () => Promise.resolve(sessionCheck) })

export const signIn = (body: LoginRequest) =>
  callApi<User | TwoFactorRequired>(apiRoutes.login, { body, answer: checked("loginAnswerSchema") })

export const signInWithCode = (body: TwoFactorCode) =>
  callApi<User>(apiRoutes.loginTwoFactor, { body, answer: checked("userAnswerSchema") })

export const passkeySignInOptions = () => callApi<PasskeyRequestOptions>(apiRoutes.loginPasskeyOptions)

export const signInWithPasskey = (body: PasskeyAssertion) =>
  callApi<User>(apiRoutes.loginPasskey, { body, answer: checked("userAnswerSchema") })

export const passkeySecondFactorOptions = () => callApi<PasskeyRequestOptions>(apiRoutes.loginPasskeySecondFactorOptions)

export const signInWithPasskeySecondFactor = (body: PasskeyAssertion) =>
  callApi<User>(apiRoutes.loginPasskeySecondFactor, { body, answer: checked("userAnswerSchema") })

export const createAccount = (body: RegisterRequest) => callApi<User>(apiRoutes.register, { body, answer: checked("userAnswerSchema") })

export const signOut = () => callApi<unknown>(apiRoutes.logout)

export const requestPasswordReset = (body: PasswordResetRequest) =>
  callApi<{ message?: string } | undefined>(apiRoutes.passwordReset, { body })

export const confirmPasswordReset = (body: PasswordResetConfirm) => callApi<unknown>(apiRoutes.passwordResetConfirm, { body })

export const fetchAccount = () => callApi<User>(apiRoutes.account, { answer: checked("userAnswerSchema") })

/** The account as saved, and a new e-mail that waits for the link mailed to it (`pendingEmail`). */
export const updateAccount = (body: ProfileUpdate) =>
  callApi<ProfileUpdateAnswer>(apiRoutes.accountUpdate, { body, answer: checked("userAnswerSchema") })

export const changePassword = (body: PasswordChange) => callApi<unknown>(apiRoutes.accountPassword, { body })

export const fetchAccountSessions = () => callApi<AccountSession[]>(apiRoutes.accountSessions)

export const endOtherSessions = () => callApi<SessionsEnded>(apiRoutes.accountSessionsEnd)

export const endSession = (id: string) => callApi<{ message: string }>(apiRoutes.accountSessionEnd, {}, { id })

/** Request options for confirming a grave change (deleting the account) with one of the account's passkeys. */
export const passkeyConfirmOptions = () => callApi<PasskeyRequestOptions>(apiRoutes.passkeyConfirmOptions)

export const deleteAccount = (body: AccountDeletion | AccountDeletionByPasskey) =>
  callApi<{ message: string }>(apiRoutes.accountDelete, { body })

export const fetchPgpKey = () => callApi<PgpKeyState>(apiRoutes.pgpKey)

export const savePgpKey = (body: PgpKeySave) => callApi<PgpKeySaved>(apiRoutes.pgpKeySave, { body })

export const removePgpKey = () => callApi<{ message: string }>(apiRoutes.pgpKeyRemove)

export const startTwoFactorSetup = () => callApi<TwoFactorSetup>(apiRoutes.twoFactorSetup)

export const enableTwoFactor = (body: TwoFactorCode) => callApi<RecoveryCodes>(apiRoutes.twoFactorEnable, { body })

export const disableTwoFactor = (body: TwoFactorCode) => callApi<unknown>(apiRoutes.twoFactorDisable, { body })

export const fetchPasskeys = () => callApi<Passkey[]>(apiRoutes.passkeys)

export const passkeyRegistrationOptions = () => callApi<PasskeyCreationOptions>(apiRoutes.passkeyRegistrationOptions)

export const addPasskey = (body: PasskeyRegistration) => callApi<Passkey>(apiRoutes.passkeyAdd, { body })

export const renamePasskey = (id: string, name: string) => callApi<Passkey>(apiRoutes.passkeyRename, { body: { name } }, { id })

export const removePasskey = (id: string) => callApi<unknown>(apiRoutes.passkeyRemove, {}, { id })

// The cart

export const fetchCart = () => callApi<CartItem[]>(apiRoutes.cart, { answer: () => Promise.resolve(cartCheck) })

export const addToCart = (body: AddToCartRequest) => callApi<unknown>(apiRoutes.cartAdd, { body })

export const changeCartQuantity = (itemId: number, body: UpdateCartItemRequest) =>
  callApi<unknown>(apiRoutes.cartItemUpdate, { body }, { itemId })

export const removeFromCart = (itemId: number) => callApi<unknown>(apiRoutes.cartItemRemove, {}, { itemId })

export const clearCart = () => callApi<unknown>(apiRoutes.cartClear)

// Checkout and payments

export const fetchShippingMethods = () =>
  callApi<ShippingMethod[]>(apiRoutes.shippingMethods, { answer: checked("shippingMethodsAnswerSchema") })

/** The cart priced for where it goes and how (VAT per rate, net prices under the reverse charge), as the order will be. */
export const fetchCheckoutSummary = (query: { country: string; state?: string | null; shippingMethod?: number | null }) =>
  callApi<CheckoutSummary>(apiRoutes.checkoutSummary, { query, answer: checked("checkoutSummaryAnswerSchema") })

export const fetchPaymentMethods = () =>
  callApi<PaymentMethods>(apiRoutes.paymentMethods, { answer: checked("paymentMethodsAnswerSchema") })

/**
 * An order to place. Its address may come back from session storage after 3-D Secure, unchecked here: the
 * facade checks the whole request and answers a 400 that names the field.
 */
export type OrderToPlace = Omit<CreateOrderRequest, "shippingAddress"> & { shippingAddress: Record<string, unknown> }

/** Places the order: after a card payment (its payment id), or by invoice (none: nothing is paid yet). */
export const placeOrder = (body: OrderToPlace) => callApi<Order>(apiRoutes.orderPlace, { body, answer: checked("orderAnswerSchema") })

export const createCardPayment = (body: CreateCardPaymentRequest) =>
  callApi<CardPayment>(apiRoutes.cardPaymentCreate, { body, answer: checked("cardPaymentAnswerSchema") })

export const createPaypalOrder = (body: CreatePaypalOrderRequest) =>
  callApi<PaypalOrderCreated>(apiRoutes.paypalOrderCreate, { body, answer: checked("paypalOrderCreatedAnswerSchema") })

/** Captures an approved PayPal order and places the shop's order; the same again answers the same (idempotent). */
export const capturePaypalOrder = (body: CapturePaypalOrderRequest) =>
  callApi<PaypalCapture>(apiRoutes.paypalOrderCapture, { body, answer: checked("paypalCaptureAnswerSchema") })
