import { paymentSecretFields } from "@enclave/contract"

/**
 * The payment settings as the server uses them: docs/product.md §3 names, secrets in clear. They never leave
 * the server in this form (the admin sees them masked, checkout sees only which providers work).
 */
export interface PaymentSettings {
  stripeEnabled: boolean
  stripeSecretKey: string | null
  stripePublicKey: string | null
  stripeSandboxMode: boolean
  /**
   * Test payments: the simulated card (docs/product.md §4, ids `str-…`) places orders without any
   * payment. Offered only while this is on and the card provider is in sandbox mode (testPaymentsOffered).
   */
  testPaymentsEnabled: boolean
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
  /** Stripe's webhook signing secrets (whsec_…) and PayPal's webhook ids, for live and sandbox mode. */
  stripeWebhookSecret: string | null
  stripeSandboxWebhookSecret: string | null
  paypalWebhookId: string | null
  paypalSandboxWebhookId: string | null
  /** Invoice / wire transfer (business customers only): on/off and the shop's bank account, IBAN and BIC normalised. */
  invoiceEnabled: boolean
  invoiceAccountHolder: string | null
  invoiceIban: string | null
  invoiceBic: string | null
  /** Days from the order to the due date (1–365, default 14). */
  invoicePaymentTermDays: number
  /** The smallest order total paid by invoice, euros as "x.xx" (default "0.00": no minimum). */
  invoiceMinimumTotal: string
  updatedAt: Date
}

/** What a save may change; a field left out keeps its value, null clears it. */
export type PaymentSettingsPatch = Partial<Omit<PaymentSettings, "updatedAt">>

/** The fields stored encrypted: the contract's secret fields. */
export const secretSettings = paymentSecretFields

export interface StripeKeys {
  secretKey: string
  publicKey: string
  sandbox: boolean
  /** null while none is saved: webhooks are then refused. */
  webhookSecret: string | null
}
export interface PaypalKeys {
  clientId: string
  secret: string
  sandbox: boolean
  webhookId: string | null
}

/** Stripe's keys for a mode (sandbox or live), or null while either is missing. */
export function stripeKeysFor(s: PaymentSettings, sandbox: boolean): StripeKeys | null {
  const secretKey = sandbox ? s.stripeSandboxSecretKey : s.stripeSecretKey
  const publicKey = sandbox ? s.stripeSandboxPublicKey : s.stripePublicKey
  const webhookSecret = (sandbox ? s.stripeSandboxWebhookSecret : s.stripeWebhookSecret) || null
  return secretKey && publicKey ? { secretKey, publicKey, sandbox, webhookSecret } : null
}

/** Stripe's keys for the mode it is in now. */
export function stripeKeys(s: PaymentSettings): StripeKeys | null {
  return stripeKeysFor(s, s.stripeSandboxMode)
}

/** Whether checkout offers (and the shop accepts) the simulated card now. */
export function testPaymentsOffered(s: Pick<PaymentSettings, "testPaymentsEnabled" | "stripeSandboxMode">): boolean {
  return s.testPaymentsEnabled && s.stripeSandboxMode
}

/** PayPal's client id and secret for a mode, or null while either is missing. */
export function paypalKeysFor(s: PaymentSettings, sandbox: boolean): PaypalKeys | null {
  const clientId = sandbox ? s.paypalSandboxClientId : s.paypalClientId
  const secret = sandbox ? s.paypalSandboxSecret : s.paypalSecret
  const webhookId = (sandbox ? s.paypalSandboxWebhookId : s.paypalWebhookId) || null
  return clientId && secret ? { clientId, secret, sandbox, webhookId } : null
}

/** PayPal's keys for the mode it is in now. */
export function paypalKeys(s: PaymentSettings): PaypalKeys | null {
  return paypalKeysFor(s, s.paypalSandboxMode)
}

/** What an invoice needs: where to pay, within how many days, from which order total. */
export interface InvoiceDetails {
  accountHolder: string
  iban: string
  bic: string
  paymentTermDays: number
  minimumTotal: string
}

/** The bank details for invoices, or null while the account holder, IBAN or BIC is missing. */
export function invoiceDetails(s: PaymentSettings): InvoiceDetails | null {
  const { invoiceAccountHolder: accountHolder, invoiceIban: iban, invoiceBic: bic } = s
  return accountHolder && iban && bic
    ? { accountHolder, iban, bic, paymentTermDays: s.invoicePaymentTermDays, minimumTotal: s.invoiceMinimumTotal }
    : null
}
