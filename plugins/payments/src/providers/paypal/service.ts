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
import { PaymentGatewayError, walletGateway, type PaypalGateway, type PaypalOrderView } from "../../gateways"
import { eurosOf } from "../amounts"
import { readSettingsFrom } from "../settings-source"

/**
 * What a PayPal payment session keeps (no secrets): PayPal's order, its approval address, the
 * amount in euros, the mode it was made in, and the capture once the money is taken.
 */
export interface PaypalSessionData extends Record<string, unknown> {
  session_id: string
  paypal_order_id: string
  status: string
  approve_url: string | null
  amount: string
  sandbox: boolean
  capture_id?: string | null
  refund_ids?: string[]
}

/** What the facade passes when it starts a wallet payment. */
export interface PaypalSessionInput extends Record<string, unknown> {
  return_url: string
  cancel_url: string
  description?: string
  locale?: string
}

function sessionStatus(order: PaypalOrderView): PaymentSessionStatus {
  if (order.captureId && order.status === "COMPLETED") return PaymentSessionStatus.CAPTURED
  if (order.status === "VOIDED") return PaymentSessionStatus.CANCELED
  if (order.status === "APPROVED") return PaymentSessionStatus.PENDING
  return PaymentSessionStatus.REQUIRES_MORE
}

class PaypalProviderService extends AbstractPaymentProvider<Record<string, unknown>> {
  static identifier = "paypal"

  // Medusa constructs providers itself; ModuleProvider needs a public constructor.
  constructor(cradle: Record<string, unknown>, options: Record<string, unknown> = {}) {
    super(cradle, options)
  }

  private async gateway(data?: Record<string, unknown>): Promise<PaypalGateway> {
    const settings = await readSettingsFrom(this.container)
    return walletGateway(settings, typeof data?.sandbox === "boolean" ? { sandbox: data.sandbox } : { newPayment: true })
  }

  async initiatePayment({ amount, currency_code, data, context }: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    if (currency_code.toLowerCase() !== "eur") throw new MedusaError(MedusaError.Types.INVALID_DATA, "PayPal payments are taken in euros")
    const input = (data ?? {}) as Partial<PaypalSessionInput> & { session_id?: string }
    if (!input.return_url || !input.cancel_url)
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "A PayPal payment needs return_url and cancel_url")
    const sessionId = String(input.session_id ?? context?.idempotency_key)
    const gateway = await this.gateway()
    const euros = eurosOf(amount)
    const order = await gateway.createOrder({
      amount: euros,
      reference: sessionId,
      requestId: sessionId,
      returnUrl: input.return_url,
      cancelUrl: input.cancel_url,
      description: input.description ?? "Enclave order",
      locale: input.locale,
    })
    const session: PaypalSessionData = {
      session_id: sessionId,
      paypal_order_id: order.id,
      status: order.status,
      approve_url: order.approveUrl,
      amount: euros,
      sandbox: gateway.sandbox,
      capture_id: null,
    }
    return { id: order.id, status: PaymentSessionStatus.PENDING, data: session }
  }

  /**
   * Called when Medusa completes the cart. The facade captures before that (so that a capture
   * and its order survive one another's failures); here the capture is confirmed with PayPal, or
   * made if the order is approved but not yet captured.
   */
  async authorizePayment({ data }: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    const session = data as PaypalSessionData
    const gateway = await this.gateway(session)
    let order = await gateway.getOrder(session.paypal_order_id)
    if (order.status === "APPROVED") order = await gateway.capture(session.paypal_order_id, session.session_id)
    return { status: sessionStatus(order), data: { ...session, status: order.status, capture_id: order.captureId } }
  }

  async capturePayment({ data }: CapturePaymentInput): Promise<CapturePaymentOutput> {
    const session = data as PaypalSessionData
    if (session.capture_id) return { data: session }
    const gateway = await this.gateway(session)
    const order = await gateway.capture(session.paypal_order_id, session.session_id)
    return { data: { ...session, status: order.status, capture_id: order.captureId } }
  }

  async refundPayment({ amount, data, context }: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const session = data as PaypalSessionData
    if (!session.capture_id)
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "This PayPal payment has not been captured: there is nothing to refund")
    const gateway = await this.gateway(session)
    // A capture PayPal denied afterwards (PAYMENT.CAPTURE.DENIED) took no money: cancelling its
    // order has nothing to give back, and PayPal refuses to refund it.
    const order = await gateway.getOrder(session.paypal_order_id)
    if (order.captureStatus === "DECLINED" || order.captureStatus === "FAILED") return { data: { ...session, status: order.status } }
    const refundId = await gateway.refund(
      session.capture_id,
      eurosOf(amount),
      String(context?.idempotency_key ?? `${session.capture_id}-${eurosOf(amount)}`),
    )
    return { data: { ...session, refund_ids: [...(session.refund_ids ?? []), refundId] } }
  }

  /** With intent CAPTURE nothing is held before the capture: an uncaptured order simply expires at PayPal. */
  async cancelPayment({ data }: CancelPaymentInput): Promise<CancelPaymentOutput> {
    return { data }
  }

  async deletePayment({ data }: DeletePaymentInput): Promise<DeletePaymentOutput> {
    return { data }
  }

  /** A PayPal order's amount cannot change after approval; the facade starts a new session instead. */
  async updatePayment({ data, amount }: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    const session = data as PaypalSessionData
    if (session.amount && eurosOf(amount) !== session.amount) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "The amount of a PayPal order cannot change: start the payment again")
    }
    return { data }
  }

  async retrievePayment({ data }: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    const session = data as PaypalSessionData
    const order = await (await this.gateway(session)).getOrder(session.paypal_order_id)
    return { data: { ...session, status: order.status, capture_id: order.captureId ?? session.capture_id ?? null } }
  }

  async getPaymentStatus({ data }: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    const session = data as PaypalSessionData
    const order = await (await this.gateway(session)).getOrder(session.paypal_order_id)
    return { status: sessionStatus(order), data: { ...session, status: order.status } }
  }

  /**
   * A webhook counts only when PayPal confirms its signature for a webhook id saved in the
   * settings (sandbox or live: one address serves both). The session is PayPal's custom_id.
   */
  async getWebhookActionAndData({ rawData, headers }: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    const settings = await readSettingsFrom(this.container)
    const raw = typeof rawData === "string" ? rawData : rawData.toString("utf8")
    let verified = false
    for (const sandbox of [settings.paypalSandboxMode, !settings.paypalSandboxMode]) {
      let gateway: PaypalGateway
      try {
        gateway = walletGateway(settings, { sandbox })
      } catch {
        continue
      }
      if (await gateway.verifyWebhook(headers as Record<string, string>, raw).catch(() => false)) {
        verified = true
        break
      }
    }
    if (!verified) throw new PaymentGatewayError("invalid_signature", "The webhook's signature could not be verified")
    const event = JSON.parse(raw) as { event_type?: string; resource?: { custom_id?: string; amount?: { value?: string } } }
    const data = { session_id: event.resource?.custom_id ?? "", amount: Number(event.resource?.amount?.value ?? 0) }
    switch (event.event_type) {
      case "PAYMENT.CAPTURE.COMPLETED":
        return { action: PaymentActions.SUCCESSFUL, data }
      case "PAYMENT.CAPTURE.DENIED":
        return { action: PaymentActions.FAILED, data }
      default:
        return { action: PaymentActions.NOT_SUPPORTED }
    }
  }
}

export default PaypalProviderService
