import { AbstractPaymentProvider, MedusaError, PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  DeletePaymentInput,
  DeletePaymentOutput,
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  ProviderWebhookPayload,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import type Stripe from "stripe"
import { cardGateway, PaymentGatewayError, type CardIntentView, type StripeGateway } from "../../gateways"
import { centsOf } from "../amounts"
import { readSettingsFrom } from "../settings-source"

/** What a card payment session keeps: the PaymentIntent, its client secret for Stripe Elements, the amount in cents, the mode. */
export interface StripeSessionData extends Record<string, unknown> {
  session_id: string
  id: string
  client_secret: string
  amount: number
  status: string
  sandbox: boolean
  refund_ids?: string[]
}

function sessionStatus(intent: CardIntentView): PaymentSessionStatus {
  switch (intent.status) {
    case "succeeded":
      return PaymentSessionStatus.CAPTURED
    case "requires_capture":
      return PaymentSessionStatus.AUTHORIZED
    case "processing":
      return PaymentSessionStatus.PENDING
    case "canceled":
      return PaymentSessionStatus.CANCELED
    default:
      return PaymentSessionStatus.REQUIRES_MORE
  }
}

class StripeProviderService extends AbstractPaymentProvider<Record<string, unknown>> {
  static identifier = "stripe"

  // Medusa constructs providers itself; ModuleProvider needs a public constructor.
  constructor(cradle: Record<string, unknown>, options: Record<string, unknown> = {}) {
    super(cradle, options)
  }

  private async gateway(data?: Record<string, unknown>): Promise<StripeGateway> {
    const settings = await readSettingsFrom(this.container)
    return cardGateway(settings, typeof data?.sandbox === "boolean" ? { sandbox: data.sandbox } : { newPayment: true })
  }

  async initiatePayment({ amount, currency_code, data, context }: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    if (currency_code.toLowerCase() !== "eur") throw new MedusaError(MedusaError.Types.INVALID_DATA, "Card payments are taken in euros")
    const input = (data ?? {}) as { session_id?: string; cart_id?: string }
    const sessionId = String(input.session_id ?? context?.idempotency_key)
    const gateway = await this.gateway()
    const cents = centsOf(amount)
    const metadata: Record<string, string> = { session_id: sessionId }
    if (input.cart_id) metadata.cart_id = input.cart_id
    const intent = await gateway.createIntent(cents, metadata, sessionId)
    const session: StripeSessionData = {
      session_id: sessionId,
      id: intent.id,
      client_secret: intent.clientSecret!,
      amount: cents,
      status: intent.status,
      sandbox: gateway.sandbox,
    }
    return { id: intent.id, status: PaymentSessionStatus.PENDING, data: session }
  }

  /** The browser confirmed the intent with Stripe; only Stripe's own word that it succeeded counts. */
  async authorizePayment({ data }: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    const session = data as StripeSessionData
    const intent = await (await this.gateway(session)).retrieve(session.id)
    if (intent.status === "succeeded" && intent.amountReceived !== session.amount) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Stripe received ${intent.amountReceived} cents, not ${session.amount}`)
    }
    return { status: sessionStatus(intent), data: { ...session, status: intent.status } }
  }

  async capturePayment({ data }: CapturePaymentInput): Promise<CapturePaymentOutput> {
    const session = data as StripeSessionData
    const gateway = await this.gateway(session)
    let intent = await gateway.retrieve(session.id)
    if (intent.status === "requires_capture") intent = await gateway.capture(session.id)
    return { data: { ...session, status: intent.status } }
  }

  async refundPayment({ amount, data, context }: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const session = data as StripeSessionData
    const cents = centsOf(amount)
    const gateway = await this.gateway(session)
    // An intent that did not succeed after all (payment_intent.payment_failed) took no money:
    // there is nothing to give back, and Stripe refuses to refund it.
    const intent = await gateway.retrieve(session.id)
    if (intent.status !== "succeeded") return { data: { ...session, status: intent.status } }
    const refundId = await gateway.refund(session.id, cents, String(context?.idempotency_key ?? `${session.id}-${cents}`))
    return { data: { ...session, refund_ids: [...(session.refund_ids ?? []), refundId] } }
  }

  async cancelPayment({ data }: CancelPaymentInput): Promise<CancelPaymentOutput> {
    const session = data as StripeSessionData
    const intent = await (await this.gateway(session)).cancel(session.id)
    return { data: { ...session, status: intent.status } }
  }

  /** A session replaced at checkout: its intent is cancelled unless it already took money (then the webhook or staff see it). */
  async deletePayment({ data }: DeletePaymentInput): Promise<DeletePaymentOutput> {
    const session = data as StripeSessionData
    if (!session?.id) return { data }
    const intent = await (await this.gateway(session)).cancel(session.id)
    return { data: { ...session, status: intent.status } }
  }

  async updatePayment({ data, amount }: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    const session = data as StripeSessionData
    if (session.amount !== undefined && centsOf(amount) !== session.amount) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "The amount of a card payment cannot change: start the payment again")
    }
    return { data }
  }

  async retrievePayment({ data }: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    const session = data as StripeSessionData
    const intent = await (await this.gateway(session)).retrieve(session.id)
    return { data: { ...session, status: intent.status } }
  }

  async getPaymentStatus({ data }: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    const session = data as StripeSessionData
    const intent = await (await this.gateway(session)).retrieve(session.id)
    return { status: sessionStatus(intent), data: { ...session, status: intent.status } }
  }

  /** Stripe signs each delivery with the endpoint's secret; sandbox and live secrets are both tried. */
  async getWebhookActionAndData({ rawData, headers }: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    const settings = await readSettingsFrom(this.container)
    const signature = headers["stripe-signature"] as string | undefined
    let event: Stripe.Event | null = null
    for (const sandbox of [settings.stripeSandboxMode, !settings.stripeSandboxMode]) {
      try {
        event = cardGateway(settings, { sandbox }).webhookEvent(rawData, signature)
      } catch {
        continue
      }
      if (event) break
    }
    if (!event) throw new PaymentGatewayError("invalid_signature", "The webhook's signature could not be verified")
    if (event.type !== "payment_intent.succeeded" && event.type !== "payment_intent.payment_failed")
      return { action: PaymentActions.NOT_SUPPORTED }
    const intent = event.data.object as Stripe.PaymentIntent
    const data = { session_id: intent.metadata?.session_id ?? "", amount: (intent.amount_received || intent.amount) / 100 }
    return { action: event.type === "payment_intent.succeeded" ? PaymentActions.SUCCESSFUL : PaymentActions.FAILED, data }
  }
}

export default StripeProviderService
