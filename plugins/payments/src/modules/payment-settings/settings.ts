/**
 * The payment settings as the server uses them: SPEC §3 names, secrets in clear. They never leave
 * the server in this form (the admin sees them masked, checkout sees only which providers work).
 */
export interface PaymentSettings {
  stripeEnabled: boolean
  stripeSecretKey: string | null
  stripePublicKey: string | null
  stripeSandboxMode: boolean
  stripeSandboxSecretKey: string | null
  stripeSandboxPublicKey: string | null
  paypalEnabled: boolean
  paypalClientId: string | null
  paypalSecret: string | null
  paypalSandboxMode: boolean
  paypalSandboxClientId: string | null
  paypalSandboxSecret: string | null
  shippingLabel: string
  shippingPrice: string
  updatedAt: Date
}

/** What a save may change; a field left out keeps its value, null clears it. */
export type PaymentSettingsPatch = Partial<Omit<PaymentSettings, "updatedAt">>

/** The fields stored encrypted. */
export const secretSettings = ["stripeSecretKey", "stripeSandboxSecretKey", "paypalSecret", "paypalSandboxSecret"] as const

export interface StripeKeys {
  secretKey: string
  publicKey: string
  sandbox: boolean
}
export interface PaypalKeys {
  clientId: string
  secret: string
  sandbox: boolean
}

/** Stripe's keys for the mode it is in (sandbox or live), or null while either is missing. */
export function stripeKeys(s: PaymentSettings): StripeKeys | null {
  const sandbox = s.stripeSandboxMode
  const secretKey = sandbox ? s.stripeSandboxSecretKey : s.stripeSecretKey
  const publicKey = sandbox ? s.stripeSandboxPublicKey : s.stripePublicKey
  return secretKey && publicKey ? { secretKey, publicKey, sandbox } : null
}

/** PayPal's client id and secret for the mode it is in, or null while either is missing. */
export function paypalKeys(s: PaymentSettings): PaypalKeys | null {
  const sandbox = s.paypalSandboxMode
  const clientId = sandbox ? s.paypalSandboxClientId : s.paypalClientId
  const secret = sandbox ? s.paypalSandboxSecret : s.paypalSecret
  return clientId && secret ? { clientId, secret, sandbox } : null
}
