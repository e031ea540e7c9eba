import { createRequire } from "node:module"
import type Stripe from "stripe"
import type { StripeKeys } from "../modules/payment-settings/settings"
import { PaymentGatewayError } from "./errors"

/**
 * Stripe's PaymentIntents through the `stripe` SDK. STRIPE_API_URL (default https://api.stripe.com)
 * becomes the SDK's documented host/port/protocol options: a deployment may route Stripe through a
 * gateway of its own, and the test suite points it at its loopback Stripe.
 */

export interface CardIntentView {
  id: string
  status: Stripe.PaymentIntent.Status
  /** In cents. */
  amount: number
  amountReceived: number
  currency: string
  clientSecret: string | null
  metadata: Record<string, string>
  failure: string | null
}

/**
 * The SDK loads with the first card payment, not with every Medusa start: with PayPal's, some
 * 0.2 s of a start's CPU and its memory, in a process that may never take a card.
 */
let sdk: typeof Stripe | undefined
const stripeSdk = (): typeof Stripe => (sdk ??= createRequire(__filename)("stripe") as typeof Stripe)

function apiLocation(): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  const configured = process.env.STRIPE_API_URL
  if (!configured) return {}
  const url = new URL(configured)
  const protocol = url.protocol === "http:" ? "http" : "https"
  return { host: url.hostname, port: Number(url.port || (protocol === "http" ? 80 : 443)), protocol }
}

function viewOf(intent: Stripe.PaymentIntent): CardIntentView {
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amount,
    amountReceived: intent.amount_received ?? 0,
    currency: intent.currency,
    clientSecret: intent.client_secret ?? null,
    metadata: (intent.metadata ?? {}) as Record<string, string>,
    failure: intent.last_payment_error?.message ?? null,
  }
}

function gatewayError(error: unknown): PaymentGatewayError {
  if (error instanceof PaymentGatewayError) return error
  // The SDK's error classes, once it has loaded (nothing it threw otherwise).
  const errors = sdk?.errors
  if (errors && error instanceof errors.StripeCardError) {
    return new PaymentGatewayError("declined", error.message, error.decline_code ?? error.code, error.statusCode)
  }
  if (errors && error instanceof errors.StripeConnectionError) {
    return new PaymentGatewayError("unreachable", "The card payment provider cannot be reached. Please try again.", error.message)
  }
  if (errors && error instanceof errors.StripeError) {
    const invalid = /invalid json/i.test(error.message)
    return new PaymentGatewayError(
      invalid ? "invalid_response" : "not_ok",
      invalid ? "Invalid response from the card payment provider" : "The card payment provider refused the request",
      error.message,
      error.statusCode,
    )
  }
  return new PaymentGatewayError("unreachable", "The card payment provider cannot be reached. Please try again.", String(error))
}

export class StripeGateway {
  private static readonly clients = new Map<string, StripeGateway>()

  static for(keys: StripeKeys): StripeGateway {
    const id = `${keys.sandbox ? "sandbox" : "live"}:${keys.secretKey}:${keys.webhookSecret ?? ""}`
    let gateway = StripeGateway.clients.get(id)
    if (!gateway) {
      gateway = new StripeGateway(keys)
      StripeGateway.clients.set(id, gateway)
    }
    return gateway
  }

  private readonly stripe: Stripe

  private constructor(private readonly keys: StripeKeys) {
    const Sdk = stripeSdk()
    this.stripe = new Sdk(keys.secretKey, {
      ...apiLocation(),
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: "Enclave" },
    })
  }

  get sandbox(): boolean {
    return this.keys.sandbox
  }

  get publicKey(): string {
    return this.keys.publicKey
  }

  /** A PaymentIntent for an amount in cents; the idempotency key makes a retried create one intent. */
  async createIntent(amount: number, metadata: Record<string, string>, idempotencyKey: string): Promise<CardIntentView> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        { amount, currency: "eur", automatic_payment_methods: { enabled: true }, metadata },
        { idempotencyKey },
      )
      if (!intent?.id || !intent.client_secret) {
        throw new PaymentGatewayError(
          "invalid_response",
          "Invalid response from the card payment provider",
          "no PaymentIntent id or client secret",
        )
      }
      return viewOf(intent)
    } catch (error) {
      throw gatewayError(error)
    }
  }

  async retrieve(id: string): Promise<CardIntentView> {
    try {
      return viewOf(await this.stripe.paymentIntents.retrieve(id))
    } catch (error) {
      throw gatewayError(error)
    }
  }

  async capture(id: string): Promise<CardIntentView> {
    try {
      return viewOf(await this.stripe.paymentIntents.capture(id))
    } catch (error) {
      throw gatewayError(error)
    }
  }

  /** Cancels an intent that has not taken money; one that has is left as it is (refunds are separate). */
  async cancel(id: string): Promise<CardIntentView> {
    const intent = await this.retrieve(id)
    if (intent.status === "succeeded" || intent.status === "canceled") return intent
    try {
      return viewOf(await this.stripe.paymentIntents.cancel(id))
    } catch (error) {
      throw gatewayError(error)
    }
  }

  async refund(intentId: string, amount: number, idempotencyKey: string): Promise<string> {
    try {
      const refund = await this.stripe.refunds.create({ payment_intent: intentId, amount }, { idempotencyKey })
      return refund.id
    } catch (error) {
      throw gatewayError(error)
    }
  }

  /** A webhook delivery checked against the signing secret saved for this mode; null when it is not genuine. */
  webhookEvent(rawBody: string | Buffer, signature: string | undefined): Stripe.Event | null {
    if (!this.keys.webhookSecret || !signature) return null
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signature, this.keys.webhookSecret)
    } catch {
      return null
    }
  }
}
