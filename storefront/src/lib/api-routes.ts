/**
 * Every /api call the storefront makes, in the browser (lib/client/calls.ts) and on the server (lib/data), named
 * once in the contract's own form, "METHOD /api/path/{param}". api-routes.test.ts checks each against the
 * contract's apiOperations, so a typo or a call the facade no longer serves fails a test instead of a
 * customer's checkout; nothing else in the storefront writes an /api path by hand.
 */

type Method = "GET" | "POST" | "PUT" | "DELETE"

export const apiRoutes = {
  session: "GET /api/session",
  user: "GET /api/user",
  login: "POST /api/login",
  loginTwoFactor: "POST /api/login/two-factor",
  loginPasskeyOptions: "POST /api/login/passkey/options",
  loginPasskey: "POST /api/login/passkey",
  loginPasskeySecondFactorOptions: "POST /api/login/passkey/second-factor/options",
  loginPasskeySecondFactor: "POST /api/login/passkey/second-factor",
  register: "POST /api/register",
  logout: "POST /api/logout",
  passwordReset: "POST /api/password-reset",
  passwordResetConfirm: "POST /api/password-reset/confirm",
  account: "GET /api/account",
  accountUpdate: "PUT /api/account",
  accountEmailConfirm: "POST /api/account/email/confirm",
  accountSessions: "GET /api/account/sessions",
  accountSessionsEnd: "DELETE /api/account/sessions",
  accountSessionEnd: "DELETE /api/account/sessions/{id}",
  accountData: "GET /api/account/data",
  accountDelete: "POST /api/account/deletion",
  passkeyConfirmOptions: "POST /api/account/passkeys/confirm/options",
  pgpKey: "GET /api/account/pgp-key",
  pgpKeySave: "PUT /api/account/pgp-key",
  pgpKeyRemove: "DELETE /api/account/pgp-key",
  accountPassword: "POST /api/account/password",
  twoFactorSetup: "POST /api/account/two-factor/setup",
  twoFactorEnable: "POST /api/account/two-factor/enable",
  twoFactorDisable: "POST /api/account/two-factor/disable",
  passkeys: "GET /api/account/passkeys",
  passkeyRegistrationOptions: "POST /api/account/passkeys/registration/options",
  passkeyAdd: "POST /api/account/passkeys",
  passkeyRename: "PUT /api/account/passkeys/{id}",
  passkeyRemove: "DELETE /api/account/passkeys/{id}",
  cart: "GET /api/cart",
  cartAdd: "POST /api/cart",
  cartItemUpdate: "PUT /api/cart/{itemId}",
  cartItemRemove: "DELETE /api/cart/{itemId}",
  cartClear: "DELETE /api/cart",
  products: "GET /api/products",
  product: "GET /api/products/{id}",
  shippingMethods: "GET /api/shipping-methods",
  paymentMethods: "GET /api/payment-methods",
  checkoutSummary: "GET /api/checkout-summary",
  shopDetails: "GET /api/shop-details",
  orders: "GET /api/orders",
  withdrawals: "POST /api/withdrawals",
  orderPlace: "POST /api/orders",
  orderInvoice: "GET /api/orders/{id}/invoice.pdf",
  cardPaymentCreate: "POST /api/card-payments",
  paypalOrderCreate: "POST /api/paypal-server/create-order",
  paypalOrderCapture: "POST /api/paypal-server/capture-order",
} as const satisfies Record<string, `${Method} /api/${string}`>

export type ApiRoute = (typeof apiRoutes)[keyof typeof apiRoutes]

/** The values of a route's `{name}` segments. */
export type RouteParams = Record<string, string | number>

export function routeMethod(route: ApiRoute): Method {
  return route.slice(0, route.indexOf(" ")) as Method
}

/** The route's path with its `{name}` segments filled in: `routePath(apiRoutes.product, { id: 3 })` is "/api/products/3". */
export function routePath(route: ApiRoute, params: RouteParams = {}): string {
  const template = route.slice(route.indexOf(" ") + 1)
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    // A path with "undefined" in it would reach another resource or none: a mistake of ours, said at once.
    if (value === undefined) throw new Error(`${route}: no value for {${name}}`)
    return encodeURIComponent(String(value))
  })
}
