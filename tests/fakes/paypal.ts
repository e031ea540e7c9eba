/**
 * A loopback fake of PayPal's REST API (OAuth 2 client credentials, Orders v2, captures, refunds,
 * webhook signature verification) and of its buyer approval page, for tests only.
 *
 * The PayPal SDK has no base-URL setting, so the fake is reached the way a corporate proxy would be:
 * the shop runs with HTTPS_PROXY=<proxyUrl>, the SDK's axios opens `CONNECT api-m.sandbox.paypal.com:443`
 * and the fake terminates TLS inside that tunnel with a certificate of its own CA
 * (NODE_EXTRA_CA_CERTS=<caCertFile>). The same port serves the approval page as plain HTTP to the browser.
 */
import { execFile } from "node:child_process"
import { createHmac, randomBytes, randomUUID } from "node:crypto"
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises"
import http from "node:http"
import type { AddressInfo, Socket } from "node:net"
import { tmpdir } from "node:os"
import path from "node:path"
import tls from "node:tls"
import { promisify } from "node:util"
import { isDeepStrictEqual } from "node:util"
import { crc32 } from "node:zlib"

const run = promisify(execFile)

export const PAYPAL_SANDBOX_HOST = "api-m.sandbox.paypal.com"
export const PAYPAL_LIVE_HOST = "api-m.paypal.com"
const API_HOSTS = [PAYPAL_SANDBOX_HOST, PAYPAL_LIVE_HOST]

export type PaypalOperation = "token" | "create" | "get" | "capture" | "refund" | "verify"
export type PaypalFailure = "non-json" | "server-error" | "no-id" | "no-approve-link" | "declined" | "no-capture-id"

export interface PaypalRequestRecord {
  /** api-m.sandbox.paypal.com or api-m.paypal.com inside a tunnel; "browser" for the plain-HTTP approval page. */
  host: string
  method: string
  path: string
  headers: http.IncomingHttpHeaders
  body: string
}

interface Money {
  currency_code: string
  value: string
}

export interface PaypalCapture {
  id: string
  status: "COMPLETED" | "PARTIALLY_REFUNDED" | "REFUNDED" | "DECLINED"
  amount: Money
  refundedCents: number
  customId?: string
  invoiceId?: string
  orderId: string
  createTime: string
  updateTime: string
}

export interface PaypalStoredOrder {
  id: string
  /** The API host the order was created on: orders do not cross between sandbox and live. */
  host: string
  intent: string
  status: "CREATED" | "PAYER_ACTION_REQUIRED" | "APPROVED" | "COMPLETED"
  purchaseUnits: Array<Record<string, unknown> & { reference_id: string; amount: Money; custom_id?: string; invoice_id?: string }>
  paymentSource?: Record<string, unknown>
  returnUrl?: string
  cancelUrl?: string
  payer?: PaypalPayer
  capture?: PaypalCapture
  /** The PayPal-Request-Id of the capture that took the money, and PayPal's answer to it, for replays. */
  captureRequestId?: string
  captureAnswer?: unknown
  createTime: string
  updateTime: string
}

export interface PaypalPayer {
  payer_id: string
  email_address: string
  name: { given_name: string; surname: string }
  address: { country_code: string }
}

export type PaypalWebhookEventType =
  "PAYMENT.CAPTURE.COMPLETED" | "PAYMENT.CAPTURE.DENIED" | "PAYMENT.CAPTURE.PENDING" | "PAYMENT.CAPTURE.REFUNDED"

/** What the fake signed when it sent a webhook: verify-webhook-signature succeeds only for exactly this. */
interface SentWebhook {
  webhookId: string
  authAlgo: string
  certUrl: string
  transmissionSig: string
  transmissionTime: string
  event: unknown
}

interface Answer {
  status: number
  body: unknown
  /** Set for answers that are not JSON (the injected HTML page, redirects). */
  raw?: { contentType: string; text: string }
  headers?: Record<string, string>
}

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
/** PayPal's order and capture ids are 17 upper-case alphanumerics (e.g. 5O190127TN364715T). */
function paypalId(length = 17): string {
  return Array.from(randomBytes(length), (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join("")
}

function debugId(): string {
  return randomBytes(7).toString("hex").slice(0, 13)
}

const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, "Z")

/** Amounts as PayPal takes them: a decimal string; EUR and USD allow two decimals. */
const AMOUNT_SYNTAX = /^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/
function toCents(value: string): number {
  const [whole, fraction = ""] = value.split(".")
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2))
}
function fromCents(cents: number): string {
  return (cents / 100).toFixed(2)
}

interface ErrorDetail {
  field?: string
  value?: string
  location?: string
  issue: string
  description: string
}

function paypalError(status: number, name: string, message: string, details?: ErrorDetail[], links?: unknown[]): Answer {
  const body: Record<string, unknown> = { name, message, debug_id: debugId() }
  if (details) body.details = details
  body.links =
    links ??
    (details?.length
      ? [{ href: `https://developer.paypal.com/docs/api/orders/v2/#error-${details[0].issue}`, rel: "information_link", method: "GET" }]
      : [])
  return { status, body }
}

const invalidRequest = (details: ErrorDetail[]) =>
  paypalError(400, "INVALID_REQUEST", "Request is not well-formed, syntactically incorrect, or violates schema.", details)
const unprocessable = (details: ErrorDetail[], links?: unknown[]) =>
  paypalError(
    422,
    "UNPROCESSABLE_ENTITY",
    "The requested action could not be performed, semantically incorrect, or failed business validation.",
    details,
    links,
  )
const notFound = () =>
  paypalError(404, "RESOURCE_NOT_FOUND", "The specified resource does not exist.", [
    { issue: "INVALID_RESOURCE_ID", description: "Specified resource ID does not exist. Please check the resource ID and try again." },
  ])
const authenticationFailure = (): Answer => ({
  status: 401,
  body: {
    name: "AUTHENTICATION_FAILURE",
    message: "Authentication failed due to invalid authentication credentials or a missing Authorization header.",
    links: [{ href: "https://developer.paypal.com/docs/api/overview/#error", rel: "information_link" }],
  },
})

export class FakePaypal {
  readonly requests: PaypalRequestRecord[] = []
  readonly orders = new Map<string, PaypalStoredOrder>()
  /** CONNECT targets the fake refused (anything but PayPal's two API hosts). */
  readonly refusedTunnels: string[] = []

  private readonly server = http.createServer((req, res) => void this.handle(req, res))
  private readonly sockets = new Set<Socket>()
  /** Which API host the client asked for when it opened the tunnel a TLS socket belongs to. */
  private readonly tunnelHost = new WeakMap<Socket, string>()
  private secureContext?: tls.SecureContext
  private folder?: string
  private port = 0

  private readonly clients = new Map<string, { secret: string; hosts: string[] }>()
  private readonly tokens = new Map<string, { clientId: string; host: string }>()
  private readonly createdByRequestId = new Map<string, Answer>()
  private readonly refunds = new Map<string, { id: string; captureId: string; amount: Money }>()
  private readonly sentWebhooks = new Map<string, SentWebhook>()
  private failures = new Map<PaypalOperation, PaypalFailure>()
  private delays = new Map<PaypalOperation, number>()

  get proxyUrl(): string {
    return `http://127.0.0.1:${this.port}`
  }
  /** Where the browser is sent to approve; PayPal's is https://www.sandbox.paypal.com. */
  get approvalOrigin(): string {
    return `http://127.0.0.1:${this.port}`
  }
  get caCertFile(): string {
    if (!this.folder) throw new Error("FakePaypal is not started")
    return path.join(this.folder, "ca.pem")
  }

  async start(): Promise<void> {
    this.folder = await mkdtemp(path.join(tmpdir(), "fake-paypal-"))
    const { key, cert } = await makeCertificates(this.folder)
    this.secureContext = tls.createSecureContext({ key, cert })
    this.server.on("connection", (socket: Socket) => this.track(socket))
    this.server.on("connect", (req, socket: Socket, head) => this.openTunnel(req, socket, head))
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve))
    this.port = (this.server.address() as AddressInfo).port
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
    if (this.folder) await rm(this.folder, { recursive: true, force: true })
  }

  /** Credentials of a REST app. hosts limits where they work: sandbox apps are unknown to live and back. */
  addClient(clientId: string, secret: string, hosts: string[] = API_HOSTS): void {
    this.clients.set(clientId, { secret, hosts })
  }

  /** The next call of op fails as mode says (each mode is an answer PayPal, or something on the way, could give). */
  failNext(op: PaypalOperation, mode: PaypalFailure): void {
    const onlyFor: Partial<Record<PaypalFailure, PaypalOperation>> = {
      "no-id": "create",
      "no-approve-link": "create",
      declined: "capture",
      "no-capture-id": "capture",
    }
    const required = onlyFor[mode]
    // A mode that cannot happen for op would silently do nothing and let a test pass for the wrong reason.
    if (required && required !== op) throw new Error(`FakePaypal: ${mode} is a failure of ${required}, not of ${op}`)
    this.failures.set(op, mode)
  }
  /** The next call of op is carried out at once but answered only after ms (a slow PayPal, for races). */
  delayNext(op: PaypalOperation, ms: number): void {
    this.delays.set(op, ms)
  }
  reset(): void {
    this.failures.clear()
    this.delays.clear()
  }

  /** How many captures of this order took money (a replayed or refused capture takes none). */
  capturesTaken(orderId: string): number {
    return this.orders.get(orderId)?.capture ? 1 : 0
  }

  /** The buyer approves, as the approval page's button does, for tests without a browser. */
  approve(orderId: string): PaypalPayer {
    const order = this.orders.get(orderId)
    if (!order) throw new Error(`FakePaypal: no order ${orderId}`)
    if (order.status !== "CREATED" && order.status !== "PAYER_ACTION_REQUIRED") {
      throw new Error(`FakePaypal: order ${orderId} is ${order.status}, not waiting for the buyer`)
    }
    order.payer = {
      payer_id: paypalId(13),
      email_address: "sb-buyer@personal.example.com",
      name: { given_name: "Test", surname: "Buyer" },
      address: { country_code: "DE" },
    }
    order.status = "APPROVED"
    order.updateTime = now()
    return order.payer
  }

  /** A PayPal webhook event about the capture of an order the fake knows (the order must have been captured). */
  captureEvent(orderId: string, type: PaypalWebhookEventType = "PAYMENT.CAPTURE.COMPLETED"): Record<string, unknown> {
    const order = this.orders.get(orderId)
    if (!order?.capture) throw new Error(`FakePaypal: order ${orderId} has no capture`)
    const status = {
      "PAYMENT.CAPTURE.COMPLETED": "COMPLETED",
      "PAYMENT.CAPTURE.DENIED": "DECLINED",
      "PAYMENT.CAPTURE.PENDING": "PENDING",
      "PAYMENT.CAPTURE.REFUNDED": "REFUNDED",
    }[type]
    // PayPal denies the capture before it tells the shop: from now on it reads DECLINED and took no money.
    if (type === "PAYMENT.CAPTURE.DENIED") order.capture.status = "DECLINED"
    const resource = { ...this.captureJson(order.capture, order.host), status, supplementary_data: { related_ids: { order_id: orderId } } }
    return {
      id: `WH-${paypalId(17)}-${paypalId(17)}`,
      event_version: "1.0",
      create_time: now(),
      resource_type: "capture",
      resource_version: "2.0",
      event_type: type,
      summary: `Payment ${status?.toLowerCase()} for EUR ${order.capture.amount.value} EUR`,
      resource,
      links: [
        { href: `https://${order.host}/v1/notifications/webhooks-events/WH-${orderId}`, rel: "self", method: "GET" },
        { href: `https://${order.host}/v1/notifications/webhooks-events/WH-${orderId}/resend`, rel: "resend", method: "POST" },
      ],
    }
  }

  /**
   * POSTs a webhook event to the shop as PayPal does. The signature cannot be checked locally (PayPal
   * signs with its certificate); the shop asks verify-webhook-signature, which answers SUCCESS only for
   * what was sent here. tamper sends a signature that differs from the recorded one.
   */
  async sendWebhook(
    targetUrl: string,
    event: unknown,
    options: { webhookId: string; tamper?: boolean },
  ): Promise<{ status: number; body: string }> {
    const payload = JSON.stringify(event)
    const transmissionId = randomUUID()
    const transmissionTime = now()
    const signature = createHmac("sha256", "fake-paypal-signing-key")
      .update(`${transmissionId}|${transmissionTime}|${options.webhookId}|${crc32(payload)}`)
      .digest("base64")
    const sent: SentWebhook = {
      webhookId: options.webhookId,
      authAlgo: "SHA256withRSA",
      certUrl: `https://${PAYPAL_SANDBOX_HOST}/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77`,
      transmissionSig: signature,
      transmissionTime,
      event: JSON.parse(payload),
    }
    this.sentWebhooks.set(transmissionId, sent)
    const response = await fetch(targetUrl, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "PayPal/AUHD-214.0-58009440",
        "paypal-transmission-id": transmissionId,
        "paypal-transmission-time": transmissionTime,
        "paypal-transmission-sig": options.tamper ? flipSignature(signature) : signature,
        "paypal-cert-url": sent.certUrl,
        "paypal-auth-algo": sent.authAlgo,
      },
      body: payload,
    })
    return { status: response.status, body: await response.text() }
  }

  // ---- transport

  private track(socket: Socket): void {
    this.sockets.add(socket)
    socket.once("close", () => this.sockets.delete(socket))
  }

  private openTunnel(req: http.IncomingMessage, socket: Socket, head: Buffer): void {
    this.track(socket)
    const [host, port] = (req.url ?? "").split(":")
    if (!API_HOSTS.includes(host) || port !== "443") {
      this.refusedTunnels.push(req.url ?? "")
      socket.end("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n")
      return
    }
    socket.write("HTTP/1.1 200 Connection Established\r\n\r\n")
    if (head.length) socket.unshift(head)
    const secure = new tls.TLSSocket(socket, { isServer: true, secureContext: this.secureContext })
    this.tunnelHost.set(secure, host)
    secure.on("error", () => secure.destroy())
    this.track(secure)
    // The HTTP server parses the decrypted stream like any connection of its own.
    this.server.emit("connection", secure)
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const body = await readBody(req)
    const apiHost = this.tunnelHost.get(req.socket)
    const url = new URL(req.url ?? "/", "http://fake")
    this.requests.push({ host: apiHost ?? "browser", method: req.method ?? "", path: req.url ?? "", headers: req.headers, body })
    let answer: Answer
    let op: PaypalOperation | undefined
    try {
      if (apiHost) {
        op = operationOf(req.method ?? "", url.pathname)
        answer = this.failure(op) ?? this.api(apiHost, req, url, body)
      } else {
        answer = this.browser(req.method ?? "", url, body)
      }
    } catch (error) {
      answer = paypalError(500, "INTERNAL_SERVER_ERROR", `Fake PayPal failed: ${String(error)}`)
    }
    const delay = op && this.delays.get(op)
    if (op && delay) {
      this.delays.delete(op)
      await new Promise((resolve) => setTimeout(resolve, delay))
    }
    send(res, answer)
  }

  // ---- API

  private api(host: string, req: http.IncomingMessage, url: URL, body: string): Answer {
    const method = req.method ?? ""
    const route = url.pathname
    if (method === "POST" && route === "/v1/oauth2/token") return this.issueToken(host, req.headers.authorization, body)
    if (!this.authorised(host, req.headers.authorization)) return authenticationFailure()
    const json = parseJson(body)
    if (json === undefined && body.trim() !== "")
      return invalidRequest([{ issue: "MALFORMED_REQUEST_JSON", location: "body", description: "The request JSON is not well formed." }])
    const requestId = headerText(req.headers["paypal-request-id"])
    const representation = headerText(req.headers.prefer) === "return=representation"
    let m: RegExpMatchArray | null
    if (method === "POST" && route === "/v2/checkout/orders") return this.createOrder(host, json, requestId, representation)
    if (method === "GET" && (m = route.match(/^\/v2\/checkout\/orders\/([^/]+)$/))) return this.getOrder(host, m[1])
    if (method === "POST" && (m = route.match(/^\/v2\/checkout\/orders\/([^/]+)\/capture$/)))
      return this.captureOrder(host, m[1], requestId)
    if (method === "GET" && (m = route.match(/^\/v2\/payments\/captures\/([^/]+)$/))) return this.getCapture(host, m[1])
    if (method === "POST" && (m = route.match(/^\/v2\/payments\/captures\/([^/]+)\/refund$/))) return this.refund(host, m[1], json)
    if (method === "POST" && route === "/v1/notifications/verify-webhook-signature") return this.verifyWebhook(json)
    return notFound()
  }

  private issueToken(host: string, authorization: string | undefined, body: string): Answer {
    const [scheme, encoded] = (authorization ?? "").split(" ")
    const [clientId, ...secretParts] = Buffer.from(encoded ?? "", "base64")
      .toString()
      .split(":")
    const client = this.clients.get(clientId)
    const known = scheme === "Basic" && client && client.secret === secretParts.join(":") && client.hosts.includes(host)
    if (!known) return { status: 401, body: { error: "invalid_client", error_description: "Client Authentication failed" } }
    if (new URLSearchParams(body).get("grant_type") !== "client_credentials") {
      return { status: 400, body: { error: "unsupported_grant_type", error_description: "Grant Type is NULL" } }
    }
    const token = `A21AA${randomBytes(48).toString("base64url")}`
    this.tokens.set(token, { clientId, host })
    return {
      status: 200,
      body: {
        scope: "https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund openid",
        access_token: token,
        token_type: "Bearer",
        app_id: `APP-${paypalId(17)}`,
        expires_in: 32400,
        nonce: `${now()}${randomBytes(16).toString("base64url")}`,
      },
    }
  }

  private authorised(host: string, authorization: string | undefined): boolean {
    const [scheme, token] = (authorization ?? "").split(" ")
    return scheme === "Bearer" && this.tokens.get(token ?? "")?.host === host
  }

  /** Orders live on the host they were made on: a sandbox order is unknown to live. */
  private findOrder(host: string, id: string): PaypalStoredOrder | undefined {
    const order = this.orders.get(id)
    return order?.host === host ? order : undefined
  }

  private createOrder(host: string, json: unknown, requestId: string | undefined, representation: boolean): Answer {
    // PayPal-Request-Id makes a repeated create answer what the first one did instead of making a second order.
    const replay = requestId && this.createdByRequestId.get(`${host} ${requestId}`)
    if (replay) return replay
    const invalid = validateOrderRequest(json)
    if (invalid) return invalid
    const request = json as CreateOrderBody
    const paypalSource = request.payment_source?.paypal
    const context = paypalSource?.experience_context ?? request.application_context ?? {}
    const order: PaypalStoredOrder = {
      id: paypalId(),
      host,
      intent: request.intent,
      status: paypalSource ? "PAYER_ACTION_REQUIRED" : "CREATED",
      purchaseUnits: request.purchase_units.map((unit, index) => ({
        ...unit,
        reference_id: unit.reference_id ?? (index === 0 ? "default" : String(index)),
        payee: { email_address: "sb-merchant@business.example.com", merchant_id: "FAKEMERCHANT01" },
      })),
      paymentSource: request.payment_source,
      returnUrl: context.return_url,
      cancelUrl: context.cancel_url,
      createTime: now(),
      updateTime: now(),
    }
    const failure = this.failures.get("create")
    this.orders.set(order.id, order)
    const full = this.orderJson(order, failure === "no-approve-link")
    // PayPal's default (Prefer: return=minimal) is id, status, links; payment_source when one was given.
    const minimal: Record<string, unknown> = { id: full.id, status: full.status }
    if (full.payment_source) minimal.payment_source = full.payment_source
    minimal.links = full.links
    const answer: Answer = { status: 201, body: representation ? full : minimal }
    if (failure === "no-id" || failure === "no-approve-link") this.failures.delete("create")
    if (failure === "no-id") {
      const { id: _withoutId, ...rest } = answer.body as Record<string, unknown>
      answer.body = rest
    }
    if (requestId) this.createdByRequestId.set(`${host} ${requestId}`, answer)
    return answer
  }

  private getOrder(host: string, id: string): Answer {
    const order = this.findOrder(host, id)
    return order ? { status: 200, body: this.orderJson(order) } : notFound()
  }

  private captureOrder(host: string, id: string, requestId: string | undefined): Answer {
    const order = this.findOrder(host, id)
    if (!order) return notFound()
    if (order.status === "COMPLETED") {
      // PayPal replays a capture repeated with the same PayPal-Request-Id; any other repeat is refused.
      if (requestId && requestId === order.captureRequestId) return { status: 201, body: order.captureAnswer }
      return unprocessable([
        {
          issue: "ORDER_ALREADY_CAPTURED",
          description: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
        },
      ])
    }
    if (order.status !== "APPROVED") {
      return unprocessable(
        [
          {
            issue: "ORDER_NOT_APPROVED",
            description:
              "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
          },
        ],
        [{ href: `${this.approvalOrigin}/checkoutnow?token=${order.id}`, rel: "approve", method: "GET" }],
      )
    }
    const failure = this.failures.get("capture")
    if (failure === "declined") {
      this.failures.delete("capture")
      return unprocessable(
        [
          {
            issue: "INSTRUMENT_DECLINED",
            description: "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
          },
        ],
        [{ href: `${this.approvalOrigin}/checkoutnow?token=${order.id}`, rel: "redirect", method: "GET" }],
      )
    }
    const unit = order.purchaseUnits[0]
    order.capture = {
      id: paypalId(),
      status: "COMPLETED",
      amount: unit.amount,
      refundedCents: 0,
      customId: unit.custom_id,
      invoiceId: unit.invoice_id,
      orderId: order.id,
      createTime: now(),
      updateTime: now(),
    }
    order.status = "COMPLETED"
    order.updateTime = now()
    order.captureRequestId = requestId
    order.captureAnswer = this.captureAnswer(order)
    if (failure === "no-capture-id") {
      // The money is taken; only the answer lacks the capture (the case docs/product.md §8 calls payment received, not finalised).
      this.failures.delete("capture")
      const answer = structuredClone(order.captureAnswer) as { purchase_units: Array<{ payments: { captures: unknown[] } }> }
      answer.purchase_units[0].payments.captures = []
      return { status: 201, body: answer }
    }
    return { status: 201, body: order.captureAnswer }
  }

  private getCapture(host: string, id: string): Answer {
    const capture = this.findCapture(host, id)
    return capture ? { status: 200, body: this.captureJson(capture, host) } : notFound()
  }

  private refund(host: string, captureId: string, json: unknown): Answer {
    const capture = this.findCapture(host, captureId)
    if (!capture) return notFound()
    const requested = (json as { amount?: Money } | undefined)?.amount
    const remaining = toCents(capture.amount.value) - capture.refundedCents
    const cents = requested ? toCents(requested.value) : remaining
    if (requested && (!AMOUNT_SYNTAX.test(requested.value) || cents <= 0)) {
      return unprocessable([
        {
          field: "/amount/value",
          value: requested.value,
          location: "body",
          issue: "INVALID_PARAMETER_VALUE",
          description: "The value of a field is invalid.",
        },
      ])
    }
    if (capture.status === "DECLINED") {
      return unprocessable([{ issue: "REFUND_NOT_ALLOWED", description: "You cannot refund this capture." }])
    }
    if (capture.status === "REFUNDED" || cents > remaining) {
      return unprocessable([
        {
          issue: capture.status === "REFUNDED" ? "CAPTURE_FULLY_REFUNDED" : "REFUND_AMOUNT_EXCEEDED",
          description: "The refund amount must be less than or equal to the capture amount that has not yet been refunded.",
        },
      ])
    }
    capture.refundedCents += cents
    capture.status = capture.refundedCents === toCents(capture.amount.value) ? "REFUNDED" : "PARTIALLY_REFUNDED"
    capture.updateTime = now()
    const refund = { id: paypalId(), captureId, amount: { currency_code: capture.amount.currency_code, value: fromCents(cents) } }
    this.refunds.set(refund.id, refund)
    return {
      status: 201,
      body: {
        id: refund.id,
        status: "COMPLETED",
        amount: refund.amount,
        links: [
          { href: `https://${host}/v2/payments/refunds/${refund.id}`, rel: "self", method: "GET" },
          { href: `https://${host}/v2/payments/captures/${captureId}`, rel: "up", method: "GET" },
        ],
      },
    }
  }

  private verifyWebhook(json: unknown): Answer {
    const request = (json ?? {}) as Record<string, unknown>
    const required = ["auth_algo", "cert_url", "transmission_id", "transmission_sig", "transmission_time", "webhook_id", "webhook_event"]
    const missing = required.filter((field) => request[field] === undefined || request[field] === "")
    if (missing.length) {
      return paypalError(
        400,
        "VALIDATION_ERROR",
        "Invalid request - see details",
        missing.map((field) => ({
          field,
          location: "body",
          issue: "MISSING_REQUIRED_PARAMETER",
          description: "A required field is missing.",
        })),
      )
    }
    const sent = this.sentWebhooks.get(String(request.transmission_id))
    const genuine =
      Boolean(sent) &&
      sent!.webhookId === request.webhook_id &&
      sent!.authAlgo === request.auth_algo &&
      sent!.certUrl === request.cert_url &&
      sent!.transmissionSig === request.transmission_sig &&
      sent!.transmissionTime === request.transmission_time &&
      isDeepStrictEqual(sent!.event, request.webhook_event)
    return { status: 200, body: { verification_status: genuine ? "SUCCESS" : "FAILURE" } }
  }

  private failure(op: PaypalOperation | undefined): Answer | undefined {
    const mode = op && this.failures.get(op)
    if (!op || !mode) return undefined
    if (mode === "non-json") {
      this.failures.delete(op)
      return {
        status: 200,
        body: undefined,
        raw: {
          contentType: "text/html; charset=utf-8",
          text: "<!DOCTYPE html><html><head><title>PayPal</title></head><body><p>Sorry, something went wrong.</p></body></html>",
        },
      }
    }
    if (mode === "server-error") {
      this.failures.delete(op)
      return paypalError(500, "INTERNAL_SERVER_ERROR", "An internal server error occurred.")
    }
    // The other modes shape an answer that is otherwise made normally (see createOrder and captureOrder).
    return undefined
  }

  // ---- representations

  private findCapture(host: string, id: string): PaypalCapture | undefined {
    for (const order of this.orders.values()) if (order.host === host && order.capture?.id === id) return order.capture
    return undefined
  }

  private orderJson(order: PaypalStoredOrder, withoutApproveLink = false): Record<string, unknown> {
    const self = `https://${order.host}/v2/checkout/orders/${order.id}`
    const links: unknown[] = [{ href: self, rel: "self", method: "GET" }]
    const waiting = order.status === "CREATED" || order.status === "PAYER_ACTION_REQUIRED"
    if (waiting && !withoutApproveLink) {
      links.push({
        href: `${this.approvalOrigin}/checkoutnow?token=${order.id}`,
        rel: order.paymentSource ? "payer-action" : "approve",
        method: "GET",
      })
    }
    if (order.status !== "COMPLETED") {
      links.push({ href: self, rel: "update", method: "PATCH" }, { href: `${self}/capture`, rel: "capture", method: "POST" })
    }
    const body: Record<string, unknown> = { id: order.id, intent: order.intent, status: order.status }
    if (order.paymentSource || order.payer) body.payment_source = this.paymentSourceJson(order)
    body.purchase_units = order.purchaseUnits.map((unit, index) =>
      index === 0 && order.capture ? { ...unit, payments: { captures: [this.captureJson(order.capture, order.host)] } } : unit,
    )
    if (order.payer)
      body.payer = {
        name: order.payer.name,
        email_address: order.payer.email_address,
        payer_id: order.payer.payer_id,
        address: order.payer.address,
      }
    body.create_time = order.createTime
    if (order.updateTime !== order.createTime) body.update_time = order.updateTime
    body.links = links
    return body
  }

  private paymentSourceJson(order: PaypalStoredOrder): Record<string, unknown> {
    const given = (order.paymentSource ?? {}) as { paypal?: Record<string, unknown> }
    const { experience_context: _notEchoed, ...paypal } = given.paypal ?? {}
    if (!order.payer) return { paypal }
    return {
      paypal: {
        ...paypal,
        email_address: order.payer.email_address,
        account_id: order.payer.payer_id,
        account_status: "VERIFIED",
        name: order.payer.name,
        address: order.payer.address,
      },
    }
  }

  private captureJson(capture: PaypalCapture, host: string): Record<string, unknown> {
    const gross = toCents(capture.amount.value)
    const fee = Math.round(gross * 0.0249) + 35
    const json: Record<string, unknown> = {
      id: capture.id,
      status: capture.status,
      amount: capture.amount,
      final_capture: true,
      seller_protection: { status: "ELIGIBLE", dispute_categories: ["ITEM_NOT_RECEIVED", "UNAUTHORIZED_TRANSACTION"] },
      seller_receivable_breakdown: {
        gross_amount: capture.amount,
        paypal_fee: { currency_code: capture.amount.currency_code, value: fromCents(fee) },
        net_amount: { currency_code: capture.amount.currency_code, value: fromCents(gross - fee) },
      },
    }
    if (capture.customId !== undefined) json.custom_id = capture.customId
    if (capture.invoiceId !== undefined) json.invoice_id = capture.invoiceId
    json.links = [
      { href: `https://${host}/v2/payments/captures/${capture.id}`, rel: "self", method: "GET" },
      { href: `https://${host}/v2/payments/captures/${capture.id}/refund`, rel: "refund", method: "POST" },
      { href: `https://${host}/v2/checkout/orders/${capture.orderId}`, rel: "up", method: "GET" },
    ]
    json.create_time = capture.createTime
    json.update_time = capture.updateTime
    return json
  }

  private captureAnswer(order: PaypalStoredOrder): Record<string, unknown> {
    const unit = order.purchaseUnits[0]
    return {
      id: order.id,
      status: "COMPLETED",
      payment_source: this.paymentSourceJson(order),
      purchase_units: [{ reference_id: unit.reference_id, payments: { captures: [this.captureJson(order.capture!, order.host)] } }],
      payer: {
        name: order.payer!.name,
        email_address: order.payer!.email_address,
        payer_id: order.payer!.payer_id,
        address: order.payer!.address,
      },
      links: [{ href: `https://${order.host}/v2/checkout/orders/${order.id}`, rel: "self", method: "GET" }],
    }
  }

  // ---- the buyer's approval page (plain HTTP, no script)

  private browser(method: string, url: URL, body: string): Answer {
    if (method === "GET" && url.pathname === "/checkoutnow") return this.approvalPage(url.searchParams.get("token") ?? "")
    if (method === "POST" && (url.pathname === "/checkoutnow/approve" || url.pathname === "/checkoutnow/cancel")) {
      const token = new URLSearchParams(body).get("token") ?? ""
      return this.decide(token, url.pathname.endsWith("/approve"))
    }
    return html(404, "Not found", "<p>This page does not exist.</p>")
  }

  private approvalPage(token: string): Answer {
    const order = this.orders.get(token)
    if (!order) return html(404, "PayPal Sandbox", "<p>This checkout session does not exist.</p>")
    if (order.status !== "CREATED" && order.status !== "PAYER_ACTION_REQUIRED") {
      return html(409, "PayPal Sandbox", `<p>This payment is already ${escapeHtml(order.status.toLowerCase())}.</p>`)
    }
    const { value, currency_code } = order.purchaseUnits[0].amount
    const tokenField = `<input type="hidden" name="token" value="${escapeHtml(order.id)}">`
    return html(
      200,
      "PayPal Sandbox",
      `
<h1>Pay with PayPal</h1>
<p>Amount to pay: <strong data-testid="amount">${escapeHtml(value)} ${escapeHtml(currency_code)}</strong></p>
<p>Signed in as sb-buyer@personal.example.com</p>
<form method="post" action="/checkoutnow/approve">${tokenField}
  <button type="submit" aria-label="Approve payment">Log in and approve</button>
</form>
<form method="post" action="/checkoutnow/cancel">${tokenField}
  <button type="submit">Cancel and return</button>
</form>`,
    )
  }

  private decide(token: string, approved: boolean): Answer {
    const order = this.orders.get(token)
    if (!order) return html(404, "PayPal Sandbox", "<p>This checkout session does not exist.</p>")
    const target = approved ? order.returnUrl : order.cancelUrl
    if (!target) return html(400, "PayPal Sandbox", "<p>The shop gave no address to return to.</p>")
    const query: Record<string, string> = { token: order.id }
    if (approved) query.PayerID = this.approve(order.id).payer_id
    return { status: 302, body: undefined, headers: { location: appendQuery(target, query) }, raw: { contentType: "text/plain", text: "" } }
  }
}

// ---- request validation, as PayPal's schema checks answer

interface CreateOrderBody {
  intent: string
  purchase_units: Array<Record<string, unknown> & { reference_id?: string; amount: Money; custom_id?: string; invoice_id?: string }>
  payment_source?: { paypal?: { experience_context?: ExperienceContext } & Record<string, unknown> }
  application_context?: ExperienceContext
}
interface ExperienceContext {
  return_url?: string
  cancel_url?: string
}

function validateOrderRequest(json: unknown): Answer | undefined {
  if (!json || typeof json !== "object")
    return invalidRequest([{ issue: "MALFORMED_REQUEST_JSON", location: "body", description: "The request JSON is not well formed." }])
  const request = json as Partial<CreateOrderBody>
  const missing = (field: string): ErrorDetail => ({
    field,
    location: "body",
    issue: "MISSING_REQUIRED_PARAMETER",
    description: "A required field / parameter is missing.",
  })
  if (!request.intent) return invalidRequest([missing("/intent")])
  if (request.intent !== "CAPTURE" && request.intent !== "AUTHORIZE") {
    return invalidRequest([
      {
        field: "/intent",
        value: String(request.intent),
        location: "body",
        issue: "INVALID_PARAMETER_VALUE",
        description: "The value of a field is invalid.",
      },
    ])
  }
  if (!Array.isArray(request.purchase_units) || request.purchase_units.length === 0) return invalidRequest([missing("/purchase_units")])
  for (const unit of request.purchase_units) {
    const at = `/purchase_units/@reference_id=='${unit?.reference_id ?? "default"}'/amount`
    const amount = unit?.amount
    if (!amount) return invalidRequest([missing(at)])
    if (!amount.currency_code) return invalidRequest([missing(`${at}/currency_code`)])
    if (!/^[A-Z]{3}$/.test(amount.currency_code)) {
      return invalidRequest([
        {
          field: `${at}/currency_code`,
          value: String(amount.currency_code),
          location: "body",
          issue: "INVALID_PARAMETER_SYNTAX",
          description: "The value of a field does not conform to the expected format.",
        },
      ])
    }
    if (amount.value === undefined || amount.value === "") return invalidRequest([missing(`${at}/value`)])
    if (typeof amount.value !== "string" || !AMOUNT_SYNTAX.test(amount.value)) {
      return invalidRequest([
        {
          field: `${at}/value`,
          value: String(amount.value),
          location: "body",
          issue: "INVALID_PARAMETER_SYNTAX",
          description: "The value of a field does not conform to the expected format.",
        },
      ])
    }
    if (amount.value.startsWith("-") || toCents(amount.value) <= 0) {
      return unprocessable([
        {
          field: `${at}/value`,
          value: amount.value,
          location: "body",
          issue: "CANNOT_BE_ZERO_OR_NEGATIVE",
          description: "Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.",
        },
      ])
    }
    if (/\.\d{3,}$/.test(amount.value)) {
      return unprocessable([
        {
          field: `${at}/value`,
          value: amount.value,
          location: "body",
          issue: "DECIMAL_PRECISION",
          description: "If the currency supports decimals, only two decimal place precision is supported.",
        },
      ])
    }
  }
  const context = request.payment_source?.paypal?.experience_context ?? request.application_context
  for (const key of ["return_url", "cancel_url"] as const) {
    const value = context?.[key]
    if (value !== undefined && !URL.canParse(value)) {
      const where = request.payment_source?.paypal?.experience_context
        ? "/payment_source/paypal/experience_context"
        : "/application_context"
      return invalidRequest([
        {
          field: `${where}/${key}`,
          value,
          location: "body",
          issue: "INVALID_PARAMETER_SYNTAX",
          description: "The value of a field does not conform to the expected format.",
        },
      ])
    }
  }
  return undefined
}

// ---- helpers

function operationOf(method: string, route: string): PaypalOperation | undefined {
  if (route === "/v1/oauth2/token") return "token"
  if (method === "POST" && route === "/v2/checkout/orders") return "create"
  if (method === "GET" && /^\/v2\/checkout\/orders\/[^/]+$/.test(route)) return "get"
  if (/\/capture$/.test(route) && route.startsWith("/v2/checkout/orders/")) return "capture"
  if (/^\/v2\/payments\/captures\/[^/]+\/refund$/.test(route)) return "refund"
  if (route === "/v1/notifications/verify-webhook-signature") return "verify"
  return undefined
}

function send(res: http.ServerResponse, answer: Answer): void {
  const headers: Record<string, string> = { ...answer.headers }
  let text: string
  if (answer.raw) {
    headers["content-type"] = answer.raw.contentType
    text = answer.raw.text
  } else {
    headers["content-type"] = "application/json"
    text = answer.body === undefined ? "" : JSON.stringify(answer.body)
    const id = (answer.body as { debug_id?: string } | undefined)?.debug_id
    headers["paypal-debug-id"] = id ?? debugId()
  }
  res.writeHead(answer.status, headers).end(text)
}

function html(status: number, title: string, main: string): Answer {
  const text = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main>${main}</main></body></html>`
  return { status, body: undefined, raw: { contentType: "text/html; charset=utf-8", text } }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** Adds query parameters to a URL that may already have some (…?paypal=true -> …?paypal=true&token=…). */
export function appendQuery(target: string, query: Record<string, string>): string {
  const url = new URL(target)
  for (const [key, value] of Object.entries(query)) url.searchParams.append(key, value)
  return url.toString()
}

function flipSignature(signature: string): string {
  return (signature[0] === "A" ? "B" : "A") + signature.slice(1)
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

function parseJson(text: string): unknown {
  try {
    return text.trim() ? JSON.parse(text) : undefined
  } catch {
    return undefined
  }
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString("utf8")
}

/** A throwaway CA and a certificate for both PayPal API host names, signed by it. */
async function makeCertificates(folder: string): Promise<{ key: string; cert: string }> {
  const file = (name: string) => path.join(folder, name)
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
  await run("openssl", [
    "req",
    "-x509",
    ...ec,
    "-keyout",
    file("ca.key"),
    "-out",
    file("ca.pem"),
    "-days",
    "2",
    "-subj",
    "/CN=Enclave test CA (fake PayPal)",
    "-addext",
    "basicConstraints=critical,CA:TRUE",
    "-addext",
    "keyUsage=critical,keyCertSign,cRLSign",
  ])
  await run("openssl", ["req", ...ec, "-keyout", file("host.key"), "-out", file("host.csr"), "-subj", `/CN=${PAYPAL_SANDBOX_HOST}`])
  await writeFile(
    file("host.ext"),
    [
      `subjectAltName=${API_HOSTS.map((host) => `DNS:${host}`).join(",")}`,
      "basicConstraints=CA:FALSE",
      "keyUsage=critical,digitalSignature",
      "extendedKeyUsage=serverAuth",
    ].join("\n"),
  )
  await run("openssl", [
    "x509",
    "-req",
    "-in",
    file("host.csr"),
    "-CA",
    file("ca.pem"),
    "-CAkey",
    file("ca.key"),
    "-CAcreateserial",
    "-out",
    file("host.pem"),
    "-days",
    "2",
    "-extfile",
    file("host.ext"),
  ])
  return { key: await readFile(file("host.key"), "utf8"), cert: await readFile(file("host.pem"), "utf8") }
}
