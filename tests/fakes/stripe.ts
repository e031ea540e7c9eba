/**
 * A loopback fake of Stripe's REST API for PaymentIntents and refunds, for tests only.
 *
 * The backend's `stripe` SDK is pointed here with host/port/protocol (from STRIPE_API_URL); the browser's
 * fake Stripe.js (stripe-js.ts) confirms here with the publishable key and the client secret, as the real
 * one does against api.stripe.com. Bodies are form-encoded with bracketed keys, as the SDK sends them.
 */
import { randomBytes } from "node:crypto"
import http from "node:http"
import type { AddressInfo, Socket } from "node:net"
// The backend's SDK (plugins/payments depends on stripe 23; the root node_modules holds an older one).
import Stripe from "../../plugins/payments/node_modules/stripe/esm/stripe.esm.node.js"

export type StripeOperation = "create" | "retrieve" | "update" | "confirm" | "cancel" | "refund"
export type StripeFailure = "server-error" | "non-json"
export type StripeEventType = "payment_intent.succeeded" | "payment_intent.payment_failed" | "payment_intent.canceled"

export interface StripeRequestRecord {
  method: string
  path: string
  headers: http.IncomingHttpHeaders
  body: string
}

type Intent = Record<string, unknown> & {
  id: string
  amount: number
  currency: string
  status: string
  client_secret: string
  metadata: Record<string, string>
  capture_method: string
  amount_received: number
  last_payment_error: unknown
  latest_charge: string | null
}

interface StoredIntent {
  intent: Intent
  /** The secret key that made it: other accounts' keys do not see it. */
  secretKey: string
  refundedAmount: number
}

interface Answer {
  status: number
  body?: unknown
  text?: string
  headers?: Record<string, string>
}

type Params = { [key: string]: string | Params }

/** Test cards (https://docs.stripe.com/testing) and what the fake does with them. */
const DECLINES: Record<string, { code: string; decline_code?: string; message: string }> = {
  "4000000000000002": { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
  "4000000000009995": { code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." },
  "4000000000000069": { code: "expired_card", message: "Your card has expired." },
  "4000000000000127": { code: "incorrect_cvc", message: "Your card's security code is incorrect." },
}
/** Test payment methods the SDK may pass as payment_method instead of card details. */
const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: "4242424242424242",
  pm_card_chargeDeclined: "4000000000000002",
  pm_card_chargeDeclinedInsufficientFunds: "4000000000009995",
  pm_card_authenticationRequired: "4000002760003184",
}
/** Cards whose bank asks for 3-D Secure: the intent waits in requires_action until authenticate(). */
const THREE_D_SECURE = new Set(["4000002760003184", "4000002500003155", "4000000000003220"])
const AUTHENTICATION_FAILURE = {
  type: "invalid_request_error",
  code: "payment_intent_authentication_failure",
  message: "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
  doc_url: "https://stripe.com/docs/error-codes/payment-intent-authentication-failure",
}

const stripeId = (prefix: string) => `${prefix}_3${randomBytes(18).toString("base64url").replace(/[-_]/g, "x").slice(0, 23)}`
const seconds = () => Math.floor(Date.now() / 1000)

function stripeError(status: number, error: Record<string, unknown>): Answer {
  const body = { error: { ...error, request_log_url: `https://dashboard.stripe.com/test/logs/${stripeId("req")}` } }
  return { status, body }
}
const invalidRequest = (message: string, extra: Record<string, unknown> = {}) =>
  stripeError(400, { type: "invalid_request_error", message, ...extra })
const noSuchIntent = (id: string) =>
  stripeError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    param: "intent",
    message: `No such payment_intent: '${id}'`,
    doc_url: "https://stripe.com/docs/error-codes/resource-missing",
  })

/** Stripe shows only the start and the last four characters of a wrong key. */
function maskKey(key: string): string {
  const prefix = key.match(/^[a-z]+_(test|live)_/)?.[0] ?? ""
  return `${prefix}${"*".repeat(Math.max(0, key.length - prefix.length - 4))}${key.slice(-4)}`
}

export class FakeStripe {
  readonly requests: StripeRequestRecord[] = []
  readonly intents = new Map<string, StoredIntent>()
  readonly refunds = new Map<string, Record<string, unknown>>()

  private readonly server = http.createServer((req, res) => void this.handle(req, res))
  private readonly sockets = new Set<Socket>()
  private port = 0
  private readonly keys = new Map<string, string>()
  private readonly idempotent = new Map<string, { body: string; answer: Answer }>()
  private failures = new Map<StripeOperation, StripeFailure>()
  private delays = new Map<StripeOperation, number>()

  get url(): string {
    return `http://127.0.0.1:${this.port}`
  }

  async start(): Promise<void> {
    this.server.on("connection", (socket: Socket) => {
      this.sockets.add(socket)
      socket.once("close", () => this.sockets.delete(socket))
    })
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve))
    this.port = (this.server.address() as AddressInfo).port
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  addKeys(secretKey: string, publishableKey: string): void {
    this.keys.set(secretKey, publishableKey)
  }

  /** The next call of op fails: a 500 Stripe marks not worth retrying, or an HTML page from something on the way. */
  failNext(op: StripeOperation, mode: StripeFailure): void {
    this.failures.set(op, mode)
  }
  /** The next call of op is carried out at once but answered only after ms (a slow Stripe, for races). */
  delayNext(op: StripeOperation, ms: number): void {
    this.delays.set(op, ms)
  }
  reset(): void {
    this.failures.clear()
    this.delays.clear()
  }

  /** The customer confirms with a card, as the browser does, for tests without a browser. */
  confirm(intentId: string, cardNumber = "4242424242424242"): Intent {
    const stored = this.intents.get(intentId)
    if (!stored) throw new Error(`FakeStripe: no payment intent ${intentId}`)
    const answer = this.confirmIntent(stored, { payment_method_data: { type: "card", card: { number: cardNumber } } })
    if (answer.status !== 200) throw new Error(`FakeStripe: confirming ${intentId} failed: ${JSON.stringify(answer.body)}`)
    return stored.intent
  }

  /**
   * The customer passes or fails the bank's 3-D Secure check of an intent in requires_action, as the
   * challenge that Stripe.js shows (or the page Stripe redirects to) lets them, for tests without a browser.
   */
  authenticate(intentId: string, passed: boolean): Intent {
    const stored = this.intents.get(intentId)
    if (!stored) throw new Error(`FakeStripe: no payment intent ${intentId}`)
    const answer = this.finishAuthentication(stored, passed)
    if (answer.status !== 200) throw new Error(`FakeStripe: authenticating ${intentId} failed: ${JSON.stringify(answer.body)}`)
    return stored.intent
  }

  /** Posts a Stripe event about an intent, signed like Stripe signs (with the SDK's own test header). */
  async sendWebhook(
    targetUrl: string,
    type: StripeEventType,
    intentId: string,
    secret: string,
    options: { tamper?: boolean } = {},
  ): Promise<{ status: number; body: string }> {
    const stored = this.intents.get(intentId)
    if (!stored) throw new Error(`FakeStripe: no payment intent ${intentId}`)
    const payload = JSON.stringify(
      {
        id: stripeId("evt"),
        object: "event",
        api_version: Stripe.API_VERSION,
        created: seconds(),
        data: { object: stored.intent },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      },
      null,
      2,
    )
    let signature = Stripe.webhooks.generateTestHeaderString({ payload, secret })
    if (options.tamper) signature = signature.replace(/v1=(.)/, (_all, c: string) => `v1=${c === "a" ? "b" : "a"}`)
    const response = await fetch(targetUrl, {
      method: "POST",
      headers: {
        "content-type": "application/json; charset=utf-8",
        "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        "stripe-signature": signature,
      },
      body: payload,
    })
    return { status: response.status, body: await response.text() }
  }

  // ---- transport

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const body = await readBody(req)
    const method = req.method ?? ""
    const url = new URL(req.url ?? "/", "http://fake")
    this.requests.push({ method, path: req.url ?? "", headers: req.headers, body })
    const cors = corsHeaders(req)
    if (method === "OPTIONS") {
      res.writeHead(204, cors).end()
      return
    }
    if (url.pathname.startsWith("/fake-3ds/")) {
      const answer = this.challenge(method, url, parseForm(method === "GET" ? url.search.slice(1) : body))
      res.writeHead(answer.status, { ...cors, ...answer.headers }).end(answer.text ?? JSON.stringify(answer.body))
      return
    }
    const op = operationOf(method, url.pathname)
    let answer: Answer
    try {
      answer =
        this.injected(op) ??
        this.withIdempotency(req, body, () => this.api(req, url, parseForm(method === "GET" ? url.search.slice(1) : body)))
    } catch (error) {
      answer = stripeError(500, { type: "api_error", message: `Fake Stripe failed: ${String(error)}` })
    }
    const delay = op && this.delays.get(op)
    if (op && delay) {
      this.delays.delete(op)
      await new Promise((resolve) => setTimeout(resolve, delay))
    }
    const headers = { ...cors, "request-id": stripeId("req"), "stripe-version": Stripe.API_VERSION, ...answer.headers }
    if (answer.text !== undefined) res.writeHead(answer.status, headers).end(answer.text)
    else res.writeHead(answer.status, { ...headers, "content-type": "application/json" }).end(JSON.stringify(answer.body, null, 2))
  }

  private injected(op: StripeOperation | undefined): Answer | undefined {
    const mode = op && this.failures.get(op)
    if (!op || !mode) return undefined
    this.failures.delete(op)
    if (mode === "non-json") {
      return {
        status: 200,
        text: "<!DOCTYPE html><html><body><h1>Bad gateway</h1></body></html>",
        headers: { "content-type": "text/html; charset=utf-8" },
      }
    }
    // Stripe marks most 500s not worth retrying; without this header the SDK would retry and hide the failure.
    return { ...stripeError(500, { type: "api_error", message: "An unknown error occurred" }), headers: { "stripe-should-retry": "false" } }
  }

  /** Stripe answers a repeated POST with the same Idempotency-Key as it answered the first, and refuses other params. */
  private withIdempotency(req: http.IncomingMessage, body: string, handle: () => Answer): Answer {
    const key = headerText(req.headers["idempotency-key"])
    if (req.method !== "POST" || !key) return handle()
    const scope = `${req.headers.authorization ?? ""} ${key}`
    const earlier = this.idempotent.get(scope)
    if (earlier && earlier.body !== body) {
      return invalidRequest(
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        { type: "idempotency_error" },
      )
    }
    if (earlier)
      return {
        ...earlier.answer,
        headers: { ...earlier.answer.headers, "idempotent-replayed": "true", "original-request": "req_original" },
      }
    const answer = handle()
    if (answer.status < 500) this.idempotent.set(scope, { body, answer: structuredClone(answer) })
    return answer
  }

  // ---- API

  private api(req: http.IncomingMessage, url: URL, params: Params): Answer {
    const method = req.method ?? ""
    const key = apiKey(req, params)
    const secretKey = this.keys.has(key) ? key : undefined
    const publishable = [...this.keys.values()].includes(key)
    if (!secretKey && !publishable) {
      return stripeError(401, {
        type: "invalid_request_error",
        message: key
          ? `Invalid API Key provided: ${maskKey(key)}`
          : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      })
    }
    const route = url.pathname
    let m: RegExpMatchArray | null
    if ((m = route.match(/^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/)) && publishable && !secretKey) {
      // The browser may only retrieve and confirm, and only with the intent's client secret.
      const stored = this.ownedBy(m[1], key)
      if (!stored) return noSuchIntent(m[1])
      if (params.client_secret !== stored.intent.client_secret) {
        return invalidRequest("The client_secret provided does not match the client_secret associated with the PaymentIntent.", {
          param: "client_secret",
        })
      }
      if (method === "GET" && !m[2]) return { status: 200, body: stored.intent }
      if (method === "POST" && m[2]) return this.confirmIntent(stored, params)
    }
    if (!secretKey) {
      return stripeError(401, {
        type: "invalid_request_error",
        message:
          "This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.",
      })
    }
    if (method === "POST" && route === "/v1/payment_intents") return this.createIntent(secretKey, params)
    if ((m = route.match(/^\/v1\/payment_intents\/([^/]+)(?:\/(confirm|cancel))?$/))) {
      const stored = this.ownedBy(m[1], secretKey)
      if (!stored) return noSuchIntent(m[1])
      if (method === "GET" && !m[2]) return { status: 200, body: stored.intent }
      if (method === "POST" && !m[2]) return this.updateIntent(stored, params)
      if (method === "POST" && m[2] === "confirm") return this.confirmIntent(stored, params)
      if (method === "POST" && m[2] === "cancel") return this.cancelIntent(stored, params)
    }
    if (method === "POST" && route === "/v1/refunds") return this.refund(secretKey, params)
    if (method === "GET" && (m = route.match(/^\/v1\/refunds\/([^/]+)$/)) && this.refunds.has(m[1]))
      return { status: 200, body: this.refunds.get(m[1]) }
    return invalidRequest(
      `Unrecognized request URL (${method}: ${route}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    )
  }

  private ownedBy(id: string, key: string): StoredIntent | undefined {
    const stored = this.intents.get(id)
    if (!stored) return undefined
    return stored.secretKey === key || this.keys.get(stored.secretKey) === key ? stored : undefined
  }

  private createIntent(secretKey: string, params: Params): Answer {
    const invalid = checkAmount(params.amount, true) ?? checkCurrency(params.currency, true)
    if (invalid) return invalid
    const id = stripeId("pi")
    const automatic = (params.automatic_payment_methods as Params | undefined)?.enabled
    const intent: Intent = {
      id,
      object: "payment_intent",
      amount: Number(params.amount),
      amount_capturable: 0,
      amount_details: { tip: {} },
      amount_received: 0,
      application: null,
      application_fee_amount: null,
      automatic_payment_methods: automatic === undefined ? null : { allow_redirects: "always", enabled: automatic === "true" },
      canceled_at: null,
      cancellation_reason: null,
      capture_method: typeof params.capture_method === "string" ? params.capture_method : "automatic_async",
      client_secret: `${id}_secret_${randomBytes(18).toString("base64url").replace(/[-_]/g, "z")}`,
      confirmation_method: "automatic",
      created: seconds(),
      currency: String(params.currency).toLowerCase(),
      customer: null,
      description: typeof params.description === "string" ? params.description : null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: flatMetadata(params.metadata),
      next_action: null,
      on_behalf_of: null,
      payment_method: null,
      payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: "automatic" } },
      payment_method_types:
        automatic === "true" || !params.payment_method_types ? ["card"] : Object.values(params.payment_method_types as Params),
      processing: null,
      receipt_email: typeof params.receipt_email === "string" ? params.receipt_email : null,
      setup_future_usage: null,
      shipping: null,
      statement_descriptor: null,
      status: "requires_payment_method",
    }
    this.intents.set(id, { intent, secretKey, refundedAmount: 0 })
    return { status: 200, body: intent }
  }

  private updateIntent(stored: StoredIntent, params: Params): Answer {
    const { intent } = stored
    if (!["requires_payment_method", "requires_confirmation", "requires_action"].includes(intent.status)) {
      return unexpectedState(intent, "update")
    }
    const invalid = checkAmount(params.amount, false) ?? checkCurrency(params.currency, false)
    if (invalid) return invalid
    if (params.amount !== undefined) intent.amount = Number(params.amount)
    if (params.currency !== undefined) intent.currency = String(params.currency).toLowerCase()
    if (typeof params.description === "string") intent.description = params.description
    if (params.metadata !== undefined) {
      // Stripe merges metadata; an empty value deletes a key.
      for (const [key, value] of Object.entries(flatMetadata(params.metadata))) {
        if (value === "") delete intent.metadata[key]
        else intent.metadata[key] = value
      }
    }
    return { status: 200, body: intent }
  }

  private confirmIntent(stored: StoredIntent, params: Params): Answer {
    const { intent } = stored
    if (intent.status !== "requires_payment_method" && intent.status !== "requires_confirmation") return unexpectedState(intent, "confirm")
    const card = cardOf(params)
    if (!card) {
      return invalidRequest(
        "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with cus_, you can provide a payment method.",
        { code: "payment_intent_unexpected_state", payment_intent: intent },
      )
    }
    const paymentMethod = {
      id: stripeId("pm"),
      object: "payment_method",
      type: "card",
      card: { brand: brandOf(card), last4: card.slice(-4), exp_month: 12, exp_year: 2034, funding: "credit", country: "US" },
    }
    intent.payment_method = paymentMethod.id
    const decline =
      DECLINES[card] ?? (luhnValid(card) ? undefined : { code: "incorrect_number", message: "Your card number is incorrect." })
    if (decline) {
      intent.status = "requires_payment_method"
      intent.latest_charge = decline.decline_code ? stripeId("ch") : intent.latest_charge
      intent.last_payment_error = {
        type: "card_error",
        ...decline,
        doc_url: `https://stripe.com/docs/error-codes/${decline.code.replace(/_/g, "-")}`,
        payment_method: paymentMethod,
      }
      intent.payment_method = null
      return stripeError(402, {
        type: "card_error",
        ...decline,
        charge: intent.latest_charge,
        doc_url: `https://stripe.com/docs/error-codes/${decline.code.replace(/_/g, "-")}`,
        payment_intent: intent,
        payment_method: paymentMethod,
      })
    }
    intent.last_payment_error = null
    if (THREE_D_SECURE.has(card)) return this.requireAuthentication(stored, params)
    return this.succeed(stored)
  }

  /**
   * Stripe.js (use_stripe_sdk) gets a challenge it shows in the page; a server-side confirm with a
   * return_url gets a page to redirect the customer to, which sends them back to return_url.
   */
  private requireAuthentication(stored: StoredIntent, params: Params): Answer {
    const { intent } = stored
    intent.status = "requires_action"
    const challenge = `${this.url}/fake-3ds/${intent.id}?client_secret=${encodeURIComponent(intent.client_secret)}`
    const returnUrl = typeof params.return_url === "string" ? params.return_url : undefined
    intent.next_action =
      params.use_stripe_sdk === "true" || !returnUrl
        ? { type: "use_stripe_sdk", use_stripe_sdk: { type: "three_d_secure_redirect", stripe_js: challenge, source: stripeId("src") } }
        : {
            type: "redirect_to_url",
            redirect_to_url: { url: `${challenge}&return_url=${encodeURIComponent(returnUrl)}`, return_url: returnUrl },
          }
    return { status: 200, body: intent }
  }

  private finishAuthentication(stored: StoredIntent, passed: boolean): Answer {
    const { intent } = stored
    if (intent.status !== "requires_action") return unexpectedState(intent, "authenticate")
    intent.next_action = null
    if (passed) return this.succeed(stored)
    intent.status = "requires_payment_method"
    intent.payment_method = null
    intent.last_payment_error = { ...AUTHENTICATION_FAILURE }
    return { status: 200, body: intent }
  }

  private succeed(stored: StoredIntent): Answer {
    const { intent } = stored
    intent.latest_charge = stripeId("ch")
    if (intent.capture_method === "manual") {
      intent.status = "requires_capture"
      intent.amount_capturable = intent.amount
    } else {
      intent.status = "succeeded"
      intent.amount_received = intent.amount
    }
    return { status: 200, body: intent }
  }

  /** The bank's 3-D Secure page: plain HTML with two buttons, and the same as JSON for the fake Stripe.js. */
  private challenge(method: string, url: URL, params: Params): Answer {
    const stored = this.intents.get(url.pathname.split("/")[2] ?? "")
    if (!stored || params.client_secret !== stored.intent.client_secret)
      return { status: 404, text: "Unknown authentication", headers: { "content-type": "text/plain" } }
    const returnUrl = typeof params.return_url === "string" ? params.return_url : ""
    if (method === "GET") {
      const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`
      const form = (outcome: string, label: string) =>
        `<form method="post">${hidden("client_secret", stored.intent.client_secret)}${hidden("return_url", returnUrl)}${hidden("outcome", outcome)}<button type="submit">${label}</button></form>`
      const text = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>3D Secure 2 Test Page</title></head><body><main><h1>3D Secure 2 Test Page</h1><p>Amount: ${(stored.intent.amount / 100).toFixed(2)} ${stored.intent.currency.toUpperCase()}</p>${form("complete", "Complete authentication")}${form("fail", "Fail authentication")}</main></body></html>`
      return { status: 200, text, headers: { "content-type": "text/html; charset=utf-8" } }
    }
    const answer = this.finishAuthentication(stored, params.outcome === "complete")
    if (answer.status !== 200 || !returnUrl) return answer
    const back = new URL(returnUrl)
    back.searchParams.set("payment_intent", stored.intent.id)
    back.searchParams.set("payment_intent_client_secret", stored.intent.client_secret)
    back.searchParams.set("redirect_status", stored.intent.status === "succeeded" ? "succeeded" : "failed")
    return { status: 302, text: "", headers: { location: back.toString() } }
  }

  private cancelIntent(stored: StoredIntent, params: Params): Answer {
    const { intent } = stored
    if (intent.status === "succeeded" || intent.status === "canceled") return unexpectedState(intent, "cancel")
    intent.status = "canceled"
    intent.canceled_at = seconds()
    intent.cancellation_reason = typeof params.cancellation_reason === "string" ? params.cancellation_reason : null
    return { status: 200, body: intent }
  }

  private refund(secretKey: string, params: Params): Answer {
    const intentId = typeof params.payment_intent === "string" ? params.payment_intent : ""
    if (!intentId)
      return invalidRequest("One of the following params should be provided for this request: payment_intent or charge.", {
        code: "parameter_missing",
      })
    const stored = this.ownedBy(intentId, secretKey)
    if (!stored) return noSuchIntent(intentId)
    if (stored.intent.status !== "succeeded") {
      return invalidRequest(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, {
        code: "charge_not_refundable",
        param: "payment_intent",
      })
    }
    const invalid = checkAmount(params.amount, false)
    if (invalid) return invalid
    const remaining = stored.intent.amount_received - stored.refundedAmount
    if (remaining <= 0)
      return invalidRequest(`Charge ${stored.intent.latest_charge} has already been refunded.`, { code: "charge_already_refunded" })
    const amount = params.amount === undefined ? remaining : Number(params.amount)
    if (amount > remaining) {
      return invalidRequest(
        `Refund amount (€${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (€${(remaining / 100).toFixed(2)})`,
        { param: "amount" },
      )
    }
    stored.refundedAmount += amount
    const refund = {
      id: stripeId("re"),
      object: "refund",
      amount,
      balance_transaction: stripeId("txn"),
      charge: stored.intent.latest_charge,
      created: seconds(),
      currency: stored.intent.currency,
      destination_details: { card: { type: "refund" }, type: "card" },
      metadata: flatMetadata(params.metadata),
      payment_intent: intentId,
      reason: typeof params.reason === "string" ? params.reason : null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: "succeeded",
      transfer_reversal: null,
    }
    this.refunds.set(refund.id, refund)
    return { status: 200, body: refund }
  }
}

// ---- helpers

function operationOf(method: string, route: string): StripeOperation | undefined {
  if (method === "POST" && route === "/v1/payment_intents") return "create"
  if (method === "GET" && /^\/v1\/payment_intents\/[^/]+$/.test(route)) return "retrieve"
  if (method === "POST" && /^\/v1\/payment_intents\/[^/]+$/.test(route)) return "update"
  if (method === "POST" && /^\/v1\/payment_intents\/[^/]+\/confirm$/.test(route)) return "confirm"
  if (method === "POST" && /^\/v1\/payment_intents\/[^/]+\/cancel$/.test(route)) return "cancel"
  if (method === "POST" && route === "/v1/refunds") return "refund"
  return undefined
}

function unexpectedState(intent: Intent, action: string): Answer {
  const message =
    intent.status === "succeeded" && action === "confirm"
      ? "You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed."
      : `You cannot ${action} this PaymentIntent because it has a status of ${intent.status}.`
  return invalidRequest(message, {
    code: "payment_intent_unexpected_state",
    doc_url: "https://stripe.com/docs/error-codes/payment-intent-unexpected-state",
    payment_intent: intent,
  })
}

function checkAmount(value: Params[string] | undefined, required: boolean): Answer | undefined {
  if (value === undefined)
    return required ? invalidRequest("Missing required param: amount.", { code: "parameter_missing", param: "amount" }) : undefined
  if (typeof value !== "string" || !/^\d+$/.test(value)) {
    return invalidRequest("Invalid integer: " + String(value), { code: "parameter_invalid_integer", param: "amount" })
  }
  // Stripe's minimum charge in euros is 50 cents.
  if (Number(value) < 50) return invalidRequest("Amount must be at least €0.50 eur", { code: "amount_too_small", param: "amount" })
  return undefined
}

function checkCurrency(value: Params[string] | undefined, required: boolean): Answer | undefined {
  if (value === undefined)
    return required ? invalidRequest("Missing required param: currency.", { code: "parameter_missing", param: "currency" }) : undefined
  if (typeof value !== "string" || !/^[a-zA-Z]{3}$/.test(value)) {
    return invalidRequest(`Invalid currency: ${String(value)}. Stripe currently supports these currencies: eur, usd, …`, {
      code: "parameter_invalid_string",
      param: "currency",
    })
  }
  return undefined
}

/** The card number a confirm carries: typed card details (Stripe.js) or a test payment method id (SDK). */
function cardOf(params: Params): string | undefined {
  const data = params.payment_method_data as Params | undefined
  const number = (data?.card as Params | undefined)?.number
  if (typeof number === "string") return number.replace(/\s/g, "")
  if (typeof params.payment_method === "string") return TEST_PAYMENT_METHODS[params.payment_method]
  return undefined
}

function brandOf(card: string): string {
  if (card.startsWith("4")) return "visa"
  if (/^5[1-5]/.test(card)) return "mastercard"
  if (/^3[47]/.test(card)) return "amex"
  return "unknown"
}

function luhnValid(card: string): boolean {
  if (!/^\d{12,19}$/.test(card)) return false
  let sum = 0
  for (let i = 0; i < card.length; i++) {
    let digit = Number(card[card.length - 1 - i])
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
    sum += digit
  }
  return sum % 10 === 0
}

function flatMetadata(value: Params[string] | undefined): Record<string, string> {
  if (!value || typeof value === "string") return {}
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, typeof v === "string" ? v : JSON.stringify(v)]))
}

/** The secret key of the SDK (Bearer) or the publishable key Stripe.js sends as `key` in the body. */
function apiKey(req: http.IncomingMessage, params: Params): string {
  const [scheme, token] = (req.headers.authorization ?? "").split(" ")
  if (scheme === "Bearer" && token) return token
  if (scheme === "Basic" && token) return Buffer.from(token, "base64").toString().split(":")[0]
  return typeof params.key === "string" ? params.key : ""
}

/** Decodes Stripe's form encoding: metadata[order]=1&payment_method_types[0]=card -> nested objects. */
export function parseForm(text: string): Params {
  const params: Params = {}
  for (const [name, value] of new URLSearchParams(text)) {
    const path = name.split(/\[|\]\[|\]/).filter((part, index) => index === 0 || part !== "")
    let target = params
    path.slice(0, -1).forEach((part) => {
      if (typeof target[part] !== "object") target[part] = {}
      target = target[part] as Params
    })
    target[path[path.length - 1]] = value
  }
  return params
}

/** Stripe's API answers browsers on any origin (Stripe.js calls it from the shop's pages). */
function corsHeaders(req: http.IncomingMessage): Record<string, string> {
  return {
    "access-control-allow-origin": headerText(req.headers.origin) ?? "*",
    "access-control-allow-methods": "GET, POST, HEAD, OPTIONS, DELETE",
    "access-control-allow-headers":
      headerText(req.headers["access-control-request-headers"]) ?? "Content-Type, Authorization, Stripe-Version",
    "access-control-max-age": "300",
    vary: "Origin",
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString("utf8")
}
