import type { AxiosStatic } from "axios"
import { createRequire } from "node:module"
import type * as PaypalSdk from "@paypal/paypal-server-sdk"
import type { Order, OrdersController, PaymentsController } from "@paypal/paypal-server-sdk"
import { paypalMessages } from "@enclave/contract"
import type { PaypalKeys } from "../modules/payment-settings/settings"
import { PaymentGatewayError } from "./errors"

/**
 * PayPal Orders v2 through PayPal's server SDK. The SDK knows only PayPal's two hosts; its HTTP
 * client honours HTTPS_PROXY/NO_PROXY, which is how a deployment behind a proxy (and the test
 * suite's loopback PayPal) reaches them. Nothing here is kept between requests except the SDK
 * client per key set, which caches its OAuth token.
 */

export interface PaypalOrderView {
  id: string
  status: string
  createTime: string | null
  amount: { currency_code: string; value: string } | null
  approveUrl: string | null
  /** The capture that took the money, once there is one. */
  captureId: string | null
  captureStatus: string | null
}

export interface CreatePaypalOrder {
  /** Euros with two decimals, e.g. "1299.00". */
  amount: string
  /** Ours, sent as custom_id: the Medusa payment session this order pays. */
  reference: string
  /** PayPal-Request-Id: sending the same create twice makes one order. */
  requestId: string
  returnUrl: string
  cancelUrl: string
  description: string
  locale?: string
}

const HOSTS = { sandbox: "https://api-m.sandbox.paypal.com", live: "https://api-m.paypal.com" } as const
const TIMEOUT_MS = 20_000

type Operation = "create" | "capture" | "get" | "refund"

function failureMessage(operation: Operation): string {
  return operation === "capture" ? paypalMessages.captureFailed : paypalMessages.createFailed
}

function invalidMessage(operation: Operation): string {
  return operation === "capture" ? paypalMessages.invalidCaptureResponse : paypalMessages.invalidResponse
}

/**
 * PayPal's SDK (and axios, which it brings) load with the first PayPal call, not with every Medusa
 * start: with Stripe's, some 0.2 s of a start's CPU and its memory, in a process that may never
 * take PayPal.
 */
let sdk: typeof PaypalSdk | undefined
const load = createRequire(__filename)
const paypalSdk = (): typeof PaypalSdk => (sdk ??= load("@paypal/paypal-server-sdk") as typeof PaypalSdk)
const axios = (): AxiosStatic => (load("axios") as { default: AxiosStatic }).default

/** PayPal's error body in one line: its issue codes and descriptions, else its message. */
function describeFailure(body: Record<string, unknown>): string {
  const details = Array.isArray(body.details) ? (body.details as Array<{ issue?: string; description?: string }>) : []
  const parts = details.map((d) => [d.issue, d.description].filter(Boolean).join(": ")).filter(Boolean)
  if (parts.length > 0) return parts.join("; ")
  return String(body.message ?? body.error_description ?? body.name ?? "PayPal refused the request")
}

function issuesOf(body: Record<string, unknown>): string[] {
  return Array.isArray(body.details) ? (body.details as Array<{ issue?: string }>).map((d) => d.issue ?? "") : []
}

/** Turns whatever the SDK threw into a PaymentGatewayError with the product docs' words. */
function gatewayError(operation: Operation, error: unknown): PaymentGatewayError {
  if (error instanceof PaymentGatewayError) return error
  if (sdk && error instanceof sdk.ApiError) {
    let body: Record<string, unknown>
    try {
      body = JSON.parse(String(error.body))
      if (!body || typeof body !== "object") throw new Error("not an object")
    } catch {
      return new PaymentGatewayError("invalid_response", invalidMessage(operation), `HTTP ${error.statusCode}`, error.statusCode)
    }
    const issues = issuesOf(body)
    if (issues.includes("ORDER_NOT_APPROVED")) {
      return new PaymentGatewayError(
        "not_approved",
        "The PayPal payment has not been approved yet",
        describeFailure(body),
        error.statusCode,
      )
    }
    if (issues.includes("INSTRUMENT_DECLINED") || issues.includes("PAYER_ACTION_REQUIRED")) {
      return new PaymentGatewayError(
        "declined",
        "PayPal declined the payment: please choose another way to pay in PayPal",
        describeFailure(body),
        error.statusCode,
      )
    }
    return new PaymentGatewayError("not_ok", failureMessage(operation), describeFailure(body), error.statusCode)
  }
  const message = error instanceof Error ? error.message : String(error)
  // A reply came but could not be read: the SDK throws a plain Error of its own (it has no type for it).
  // PayPal not reached at all is axios's error (isAxiosError, a system code such as ECONNREFUSED) or the timeout's abort.
  if (!isTransportError(error)) return new PaymentGatewayError("invalid_response", invalidMessage(operation), message.split("\n")[0])
  return new PaymentGatewayError("unreachable", failureMessage(operation), message)
}

function isTransportError(error: unknown): boolean {
  const e = error as { isAxiosError?: unknown; name?: unknown; code?: unknown } | null
  return !(error instanceof Error) || e?.isAxiosError === true || e?.name === "AbortError" || typeof e?.code === "string"
}

function viewOf(order: Order): PaypalOrderView {
  const unit = order.purchaseUnits?.[0]
  const capture = unit?.payments?.captures?.[0]
  const approve = order.links?.find((l) => l.rel === "approve" || l.rel === "payer-action")
  return {
    id: order.id ?? "",
    status: String(order.status ?? ""),
    createTime: order.createTime ?? null,
    amount: unit?.amount ? { currency_code: unit.amount.currencyCode, value: unit.amount.value } : null,
    approveUrl: approve?.href ?? null,
    captureId: capture?.id ?? null,
    captureStatus: capture?.status ? String(capture.status) : null,
  }
}

export class PaypalGateway {
  private static readonly clients = new Map<string, PaypalGateway>()

  /** One gateway per key set: new keys saved in the admin make a new one at the next request. */
  static for(keys: PaypalKeys): PaypalGateway {
    const id = `${keys.sandbox ? "sandbox" : "live"}:${keys.clientId}:${keys.secret}`
    let gateway = PaypalGateway.clients.get(id)
    if (!gateway) {
      gateway = new PaypalGateway(keys)
      PaypalGateway.clients.set(id, gateway)
    }
    return gateway
  }

  /**
   * The SDK's client keeps a failed OAuth token request and throws its error at every later call
   * without asking PayPal again, so after any failure the next call starts with a fresh client.
   */
  private failed(operation: Operation, error: unknown): PaymentGatewayError {
    PaypalGateway.clients.delete(this.cacheKey)
    return gatewayError(operation, error)
  }

  private readonly orders: OrdersController
  private readonly payments: PaymentsController
  private readonly cacheKey: string

  private constructor(private readonly keys: PaypalKeys) {
    this.cacheKey = `${keys.sandbox ? "sandbox" : "live"}:${keys.clientId}:${keys.secret}`
    const { Client, Environment, OrdersController, PaymentsController } = paypalSdk()
    const client = new Client({
      clientCredentialsAuthCredentials: { oAuthClientId: keys.clientId, oAuthClientSecret: keys.secret },
      environment: keys.sandbox ? Environment.Sandbox : Environment.Production,
      timeout: TIMEOUT_MS,
    })
    this.orders = new OrdersController(client)
    this.payments = new PaymentsController(client)
  }

  get sandbox(): boolean {
    return this.keys.sandbox
  }

  async createOrder(input: CreatePaypalOrder): Promise<PaypalOrderView> {
    let order: Order
    try {
      const { CheckoutPaymentIntent, PaypalExperienceUserAction, PaypalWalletContextShippingPreference } = paypalSdk()
      const response = await this.orders.createOrder({
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              referenceId: "default",
              customId: input.reference,
              description: input.description,
              amount: { currencyCode: "EUR", value: input.amount },
            },
          ],
          paymentSource: {
            paypal: {
              experienceContext: {
                brandName: "Enclave",
                locale: input.locale,
                returnUrl: input.returnUrl,
                cancelUrl: input.cancelUrl,
                userAction: PaypalExperienceUserAction.PayNow,
                // The address is the one entered at checkout, not the one kept at PayPal.
                shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
              },
            },
          },
        },
        paypalRequestId: input.requestId,
        prefer: "return=representation",
      })
      order = response.result
    } catch (error) {
      throw this.failed("create", error)
    }
    const view = viewOf(order ?? {})
    if (!view.id) throw new PaymentGatewayError("no_order_id", paypalMessages.noOrderId)
    if (!view.approveUrl) throw new PaymentGatewayError("no_approval_url", paypalMessages.noApprovalUrl)
    return view
  }

  async getOrder(id: string): Promise<PaypalOrderView> {
    try {
      const { result } = await this.orders.getOrder({ id })
      return viewOf(result)
    } catch (error) {
      throw this.failed("get", error)
    }
  }

  /**
   * Captures an approved order. PayPal answers a repeated capture with the same PayPal-Request-Id
   * with the first capture, so retries (and a second instance racing this one) never take money
   * twice; an order captured under another id is read back instead.
   */
  async capture(id: string, requestId: string): Promise<PaypalOrderView & { captureId: string }> {
    let view: PaypalOrderView
    try {
      const { result } = await this.orders.captureOrder({ id, paypalRequestId: requestId, prefer: "return=representation" })
      view = viewOf(result ?? {})
    } catch (error) {
      const failure = this.failed("capture", error)
      if (failure.details?.includes("ORDER_ALREADY_CAPTURED")) view = await this.getOrder(id)
      else throw failure
    }
    if (!view.captureId) throw new PaymentGatewayError("no_payment_id", paypalMessages.noPaymentId)
    if (view.captureStatus === "DECLINED" || view.captureStatus === "FAILED") {
      throw new PaymentGatewayError(
        "declined",
        "PayPal declined the payment: please choose another way to pay in PayPal",
        view.captureStatus,
      )
    }
    return view as PaypalOrderView & { captureId: string }
  }

  async refund(captureId: string, amount: string, requestId: string): Promise<string> {
    try {
      const { result } = await this.payments.refundCapturedPayment({
        captureId,
        paypalRequestId: requestId,
        body: { amount: { currencyCode: "EUR", value: amount } },
      })
      return result.id ?? ""
    } catch (error) {
      throw this.failed("refund", error)
    }
  }

  /**
   * Asks PayPal whether a webhook delivery is genuine (POST /v1/notifications/verify-webhook-signature).
   * The SDK has no call for it, so this one goes through axios, like the SDK's own requests.
   */
  async verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<boolean> {
    const webhookId = this.keys.webhookId
    if (!webhookId) return false
    const header = (name: string) => {
      const value = headers[name]
      return Array.isArray(value) ? value[0] : value
    }
    const base = this.keys.sandbox ? HOSTS.sandbox : HOSTS.live
    const token = await axios().post(`${base}/v1/oauth2/token`, "grant_type=client_credentials", {
      auth: { username: this.keys.clientId, password: this.keys.secret },
      headers: { "content-type": "application/x-www-form-urlencoded" },
      timeout: TIMEOUT_MS,
    })
    const answer = await axios().post(
      `${base}/v1/notifications/verify-webhook-signature`,
      {
        auth_algo: header("paypal-auth-algo"),
        cert_url: header("paypal-cert-url"),
        transmission_id: header("paypal-transmission-id"),
        transmission_sig: header("paypal-transmission-sig"),
        transmission_time: header("paypal-transmission-time"),
        webhook_id: webhookId,
        webhook_event: JSON.parse(rawBody),
      },
      { headers: { authorization: `Bearer ${token.data.access_token}` }, timeout: TIMEOUT_MS },
    )
    return answer.data?.verification_status === "SUCCESS"
  }
}
