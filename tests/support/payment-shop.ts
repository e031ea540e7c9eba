/**
 * A shop of its own whose payment providers talk to the loopback fakes of PayPal and Stripe
 * (tests/fakes): the PayPal SDK reaches "PayPal" through HTTPS_PROXY with the fake's CA trusted,
 * the Stripe SDK through STRIPE_API_URL. Payment settings are global, so the suites that switch
 * providers on and off run on this shop, not on the shared one.
 */
import { FakePaypal } from "../fakes/paypal.ts"
import { FakeStripe } from "../fakes/stripe.ts"
import { ApiClient } from "./api.ts"
import { startShopProcess, TEST_ADMIN_PASSWORD, type ShopProcess } from "./shop.ts"

/** The keys the admin saves; the fakes know them. Live keys exist too, to prove the mode switch. */
export const paymentKeys = {
  stripeSandboxSecretKey: "sk_test_51EnclaveFakeSandboxSecret0001",
  stripeSandboxPublicKey: "pk_test_51EnclaveFakeSandboxPublic0001",
  stripeSandboxWebhookSecret: "whsec_EnclaveFakeSandboxWebhook0001",
  stripeSecretKey: "sk_live_51EnclaveFakeLiveSecret000002",
  stripePublicKey: "pk_live_51EnclaveFakeLivePublic000002",
  stripeWebhookSecret: "whsec_EnclaveFakeLiveWebhook000002",
  paypalSandboxClientId: "EnclaveFakeSandboxClientId0003",
  paypalSandboxSecret: "EnclaveFakeSandboxPaypalSecret0003",
  paypalSandboxWebhookId: "WH-ENCLAVE-SANDBOX-0003",
  paypalClientId: "EnclaveFakeLiveClientId000004",
  paypalSecret: "EnclaveFakeLivePaypalSecret000004",
  paypalWebhookId: "WH-ENCLAVE-LIVE-0004",
}

/** The values that must never appear in an answer or a log. */
export const paymentSecrets = [
  paymentKeys.stripeSandboxSecretKey,
  paymentKeys.stripeSandboxWebhookSecret,
  paymentKeys.stripeSecretKey,
  paymentKeys.stripeWebhookSecret,
  paymentKeys.paypalSandboxSecret,
  paymentKeys.paypalSecret,
]

export interface PaymentShop {
  shop: ShopProcess
  paypal: FakePaypal
  stripe: FakeStripe
  url: string
  admin(): Promise<ApiClient>
  /** Saves every key (both modes) and enables both providers in sandbox mode. */
  enableProviders(): Promise<void>
  stop(): Promise<void>
}

/** `env` adds to the shop's environment, e.g. DATABASE_URL, REDIS_URL and MEDUSA_SERVERS for the scaled-out shop. */
export async function startPaymentShop(options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<PaymentShop> {
  const paypal = new FakePaypal()
  const stripe = new FakeStripe()
  await Promise.all([paypal.start(), stripe.start()])
  paypal.addClient(paymentKeys.paypalSandboxClientId, paymentKeys.paypalSandboxSecret, ["api-m.sandbox.paypal.com"])
  paypal.addClient(paymentKeys.paypalClientId, paymentKeys.paypalSecret, ["api-m.paypal.com"])
  stripe.addKeys(paymentKeys.stripeSandboxSecretKey, paymentKeys.stripeSandboxPublicKey)
  stripe.addKeys(paymentKeys.stripeSecretKey, paymentKeys.stripePublicKey)
  const shop = await startShopProcess({
    env: {
      HTTPS_PROXY: paypal.proxyUrl,
      NO_PROXY: "127.0.0.1,localhost",
      NODE_EXTRA_CA_CERTS: paypal.caCertFile,
      STRIPE_API_URL: stripe.url,
      // The fake's approval page stands in for PayPal's, where checkout's form sends the browser without JavaScript.
      CSP_EXTRA_FORM_ORIGINS: paypal.approvalOrigin,
      ...options.env,
    },
    timeoutMs: options.timeoutMs,
  })
  const admin = async () => {
    const client = new ApiClient(shop.url)
    const answer = await client.post("/api/login", { username: "admin", password: TEST_ADMIN_PASSWORD })
    if (answer.status !== 200) throw new Error(`admin login answered ${answer.status}`)
    return client
  }
  return {
    shop,
    paypal,
    stripe,
    url: shop.url,
    admin,
    async enableProviders() {
      const client = await admin()
      const saved = await client.post("/api/admin/payment-config", {
        ...paymentKeys,
        stripeSandboxMode: true,
        paypalSandboxMode: true,
        stripeEnabled: true,
        paypalEnabled: true,
      })
      if (saved.status !== 200) throw new Error(`saving payment keys answered ${saved.status}: ${JSON.stringify(saved.body)}`)
    },
    async stop() {
      await shop.stop()
      shop.removeData()
      await Promise.all([paypal.stop(), stripe.stop()])
    },
  }
}
