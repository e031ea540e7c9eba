/**
 * The loopback fakes of PayPal and Stripe (tests/fakes) driven by the real SDKs the backend uses:
 * what the SDKs send is understood, what the fakes answer is what the SDKs parse, and each injected
 * failure surfaces as the error the backend will have to handle. The fake Stripe.js is driven in
 * Chromium with the real `loadStripe` of @stripe/stripe-js.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process"
import { readFile } from "node:fs/promises"
import http from "node:http"
import type { AddressInfo } from "node:net"
import { createInterface } from "node:readline"
import { chromium, type Browser } from "@playwright/test"
import type { loadStripe, Stripe as StripeJs, StripeElements } from "@stripe/stripe-js"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import Stripe from "../../plugins/payments/node_modules/stripe/esm/stripe.esm.node.js"
import { FakePaypal, PAYPAL_LIVE_HOST, PAYPAL_SANDBOX_HOST } from "../fakes/paypal.ts"
import { fakeStripeJs, routeStripeJs } from "../fakes/stripe-js.ts"
import { FakeStripe, parseForm } from "../fakes/stripe.ts"
import type { Json } from "../support/api.ts"
import { chromiumPath } from "../support/browser.ts"

/** A server standing in for the shop's webhook route: records what arrives and answers with `decide`. */
async function startReceiver(decide: (headers: http.IncomingHttpHeaders, body: string) => number) {
  const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = []
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString("utf8")
    received.push({ headers: req.headers, body })
    res.writeHead(decide(req.headers, body), { "content-type": "application/json" }).end('{"received":true}')
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks`
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

describe("FakeStripe with the stripe SDK", () => {
  const fake = new FakeStripe()
  const secretKey = "sk_test_51FakeEnclaveSecretKey00000000"
  const publishableKey = "pk_test_51FakeEnclavePublishableKey000"
  let stripe: Stripe

  beforeAll(async () => {
    await fake.start()
    fake.addKeys(secretKey, publishableKey)
    // As the backend builds it from STRIPE_API_URL.
    const api = new URL(fake.url)
    stripe = new Stripe(secretKey, { host: api.hostname, port: api.port, protocol: api.protocol.replace(":", "") as "http" })
  })
  afterAll(() => fake.stop())
  beforeEach(() => fake.reset())

  it("creates, retrieves and updates a payment intent from the SDK's form-encoded calls", async () => {
    const created = await stripe.paymentIntents.create({
      amount: 12_999,
      currency: "eur",
      metadata: { cart_id: "cart_01", customer: "42" },
      automatic_payment_methods: { enabled: true },
    })
    expect(created).toMatchObject({
      object: "payment_intent",
      amount: 12_999,
      currency: "eur",
      status: "requires_payment_method",
      metadata: { cart_id: "cart_01", customer: "42" },
      livemode: false,
      amount_received: 0,
      last_payment_error: null,
      latest_charge: null,
    })
    expect(created.id).toMatch(/^pi_\w+$/)
    expect(created.client_secret).toMatch(new RegExp(`^${created.id}_secret_\\w+$`))
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${secretKey}`)

    const updated = await stripe.paymentIntents.update(created.id, { amount: 13_499, metadata: { customer: "" } })
    expect(updated.amount).toBe(13_499)
    expect(updated.metadata).toEqual({ cart_id: "cart_01" })
    expect((await stripe.paymentIntents.retrieve(created.id)).amount).toBe(13_499)
  })

  it("answers a repeated Idempotency-Key with the first answer and refuses it for other parameters", async () => {
    const first = await stripe.paymentIntents.create({ amount: 5000, currency: "eur" }, { idempotencyKey: "cart_01-attempt-1" })
    const again = await stripe.paymentIntents.create({ amount: 5000, currency: "eur" }, { idempotencyKey: "cart_01-attempt-1" })
    expect(again.id).toBe(first.id)
    expect(again.lastResponse.headers["idempotent-replayed"]).toBe("true")
    const other = stripe.paymentIntents.create({ amount: 6000, currency: "eur" }, { idempotencyKey: "cart_01-attempt-1" })
    await expect(other).rejects.toMatchObject({ type: "StripeIdempotencyError", statusCode: 400 })
  })

  it("takes the money when the customer confirms with 4242… and refunds it", async () => {
    const intent = await stripe.paymentIntents.create({ amount: 2500, currency: "eur" })
    fake.confirm(intent.id, "4242424242424242")
    const paid = await stripe.paymentIntents.retrieve(intent.id)
    expect(paid).toMatchObject({ status: "succeeded", amount_received: 2500 })
    expect(paid.latest_charge).toMatch(/^ch_/)

    const partial = await stripe.refunds.create({ payment_intent: intent.id, amount: 1000 })
    expect(partial).toMatchObject({ object: "refund", amount: 1000, currency: "eur", payment_intent: intent.id, status: "succeeded" })
    const rest = await stripe.refunds.create({ payment_intent: intent.id })
    expect(rest.amount).toBe(1500)
    await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      code: "charge_already_refunded",
    })
  })

  it("declines 4000…0002 with a card error and leaves the intent waiting for another card", async () => {
    const intent = await stripe.paymentIntents.create({ amount: 2500, currency: "eur" })
    const declined = await stripe.paymentIntents
      .confirm(intent.id, { payment_method: "pm_card_chargeDeclined" })
      .catch((error: unknown) => error)
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError)
    expect(declined).toMatchObject({
      statusCode: 402,
      code: "card_declined",
      decline_code: "generic_decline",
      message: "Your card was declined.",
    })
    expect(() => fake.confirm(intent.id, "4000000000000002")).toThrow(/card_declined/)
    const after = await stripe.paymentIntents.retrieve(intent.id)
    expect(after.status).toBe("requires_payment_method")
    expect(after.last_payment_error).toMatchObject({ type: "card_error", code: "card_declined", decline_code: "generic_decline" })
    expect(fake.confirm(intent.id, "4242424242424242").status).toBe("succeeded")
  })

  it("holds a 3-D Secure card in requires_action until the customer passes or fails the check", async () => {
    const redirected = await stripe.paymentIntents.create({ amount: 3000, currency: "eur" })
    const waiting = await stripe.paymentIntents.confirm(redirected.id, {
      payment_method: "pm_card_authenticationRequired",
      return_url: "http://127.0.0.1:4321/checkout/success",
    })
    expect(waiting.status).toBe("requires_action")
    expect(waiting.next_action?.type).toBe("redirect_to_url")
    const challenge = await fetch(waiting.next_action!.redirect_to_url!.url!)
    expect(await challenge.text()).toContain("Complete authentication")
    const completed = await fetch(waiting.next_action!.redirect_to_url!.url!, {
      method: "POST",
      body: new URLSearchParams({
        client_secret: redirected.client_secret!,
        return_url: "http://127.0.0.1:4321/checkout/success",
        outcome: "complete",
      }),
      redirect: "manual",
    })
    const back = new URL(completed.headers.get("location")!)
    expect(Object.fromEntries(back.searchParams)).toEqual({
      payment_intent: redirected.id,
      payment_intent_client_secret: redirected.client_secret,
      redirect_status: "succeeded",
    })
    expect((await stripe.paymentIntents.retrieve(redirected.id)).status).toBe("succeeded")

    const failing = await stripe.paymentIntents.create({ amount: 3000, currency: "eur" })
    expect(fake.confirm(failing.id, "4000002760003184").status).toBe("requires_action")
    fake.authenticate(failing.id, false)
    const failed = await stripe.paymentIntents.retrieve(failing.id)
    expect(failed.status).toBe("requires_payment_method")
    expect(failed.last_payment_error?.code).toBe("payment_intent_authentication_failure")
  })

  it("confirms from a browser with the publishable key and the client secret, across origins", async () => {
    const intent = await stripe.paymentIntents.create({ amount: 4200, currency: "eur" })
    const url = `${fake.url}/v1/payment_intents/${intent.id}/confirm`
    const preflight = await fetch(url, {
      method: "OPTIONS",
      headers: {
        origin: "http://127.0.0.1:4321",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:4321")

    const form = (clientSecret: string, card: string) =>
      new URLSearchParams({
        key: publishableKey,
        client_secret: clientSecret,
        "payment_method_data[type]": "card",
        "payment_method_data[card][number]": card,
        "payment_method_data[card][exp_month]": "12",
        "payment_method_data[card][exp_year]": "2034",
        "payment_method_data[card][cvc]": "123",
      })
    const wrongSecret = await fetch(url, {
      method: "POST",
      headers: { origin: "http://127.0.0.1:4321" },
      body: form(`${intent.id}_secret_guessed`, "4242424242424242"),
    })
    expect(wrongSecret.status).toBe(400)
    const declined = await fetch(url, { method: "POST", body: form(intent.client_secret!, "4000000000000002") })
    expect(declined.status).toBe(402)
    expect((await declined.json()).error).toMatchObject({
      type: "card_error",
      code: "card_declined",
      payment_intent: { id: intent.id, status: "requires_payment_method" },
    })
    const paid = await fetch(url, {
      method: "POST",
      headers: { origin: "http://127.0.0.1:4321" },
      body: form(intent.client_secret!, "4242424242424242"),
    })
    expect(paid.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:4321")
    expect(await paid.json()).toMatchObject({ id: intent.id, status: "succeeded", amount_received: 4200 })
    // A publishable key may not do what the secret key does.
    const create = await fetch(`${fake.url}/v1/payment_intents`, {
      method: "POST",
      headers: { authorization: `Bearer ${publishableKey}` },
      body: "amount=100&currency=eur",
    })
    expect(create.status).toBe(401)
  })

  it("surfaces a 500 as StripeAPIError without retrying, and a non-JSON page as StripeAPIError", async () => {
    const intent = await stripe.paymentIntents.create({ amount: 2500, currency: "eur" })
    const before = fake.requests.length
    fake.failNext("retrieve", "server-error")
    const serverError = await stripe.paymentIntents.retrieve(intent.id).catch((error: unknown) => error)
    expect(serverError).toBeInstanceOf(Stripe.errors.StripeAPIError)
    expect(serverError).toMatchObject({ statusCode: 500, type: "StripeAPIError", message: "An unknown error occurred" })
    expect(fake.requests.length - before).toBe(1)

    fake.failNext("create", "non-json")
    const nonJson = await stripe.paymentIntents.create({ amount: 2500, currency: "eur" }).catch((error: unknown) => error)
    expect(nonJson).toBeInstanceOf(Stripe.errors.StripeAPIError)
    expect((nonJson as Error).message).toBe("Invalid JSON received from the Stripe API")

    fake.failNext("refund", "server-error")
    fake.reset()
    fake.confirm(intent.id)
    expect((await stripe.refunds.create({ payment_intent: intent.id })).status).toBe("succeeded")
  })

  it("refuses an unknown key with the key masked, and bad amounts as Stripe does", async () => {
    const api = new URL(fake.url)
    const stranger = new Stripe("sk_test_51SomeoneElsesKeyAbcd", { host: api.hostname, port: api.port, protocol: "http" })
    const refused = await stranger.paymentIntents.create({ amount: 100, currency: "eur" }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(Stripe.errors.StripeAuthenticationError)
    expect((refused as Error).message).toMatch(/^Invalid API Key provided: sk_test_\*+Abcd$/)
    await expect(stripe.paymentIntents.create({ amount: 20, currency: "eur" })).rejects.toMatchObject({
      code: "amount_too_small",
      param: "amount",
    })
    await expect(stripe.paymentIntents.retrieve("pi_unknown")).rejects.toMatchObject({ statusCode: 404, code: "resource_missing" })
  })

  it("answers a delayed call late, having done it at once", async () => {
    const intent = await stripe.paymentIntents.create({ amount: 2500, currency: "eur" })
    fake.delayNext("cancel", 300)
    const started = Date.now()
    const cancelling = stripe.paymentIntents.cancel(intent.id)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(fake.intents.get(intent.id)?.intent.status).toBe("canceled")
    expect((await cancelling).status).toBe("canceled")
    expect(Date.now() - started).toBeGreaterThanOrEqual(290)
  })

  it("signs webhooks so that stripe.webhooks.constructEvent accepts them, and a tampered one not", async () => {
    const secret = "whsec_fakeEnclaveWebhookSecret"
    const events: Stripe.Event[] = []
    const receiver = await startReceiver((headers, body) => {
      try {
        events.push(stripe.webhooks.constructEvent(body, String(headers["stripe-signature"]), secret))
        return 200
      } catch {
        return 400
      }
    })
    try {
      const intent = await stripe.paymentIntents.create({ amount: 2500, currency: "eur", metadata: { cart_id: "cart_07" } })
      fake.confirm(intent.id)
      expect(await fake.sendWebhook(receiver.url, "payment_intent.succeeded", intent.id, secret)).toMatchObject({ status: 200 })
      expect(events).toHaveLength(1)
      expect(events[0]).toMatchObject({
        object: "event",
        type: "payment_intent.succeeded",
        livemode: false,
        api_version: Stripe.API_VERSION,
      })
      expect(events[0].data.object).toMatchObject({ id: intent.id, status: "succeeded", metadata: { cart_id: "cart_07" } })

      expect((await fake.sendWebhook(receiver.url, "payment_intent.succeeded", intent.id, secret, { tamper: true })).status).toBe(400)
      expect((await fake.sendWebhook(receiver.url, "payment_intent.payment_failed", intent.id, "whsec_anotherSecret")).status).toBe(400)
      expect(events).toHaveLength(1)
    } finally {
      await receiver.close()
    }
  })

  it("decodes bracketed form keys into nested parameters", () => {
    expect(parseForm("amount=100&metadata[a]=1&payment_method_data[card][number]=4242&payment_method_types[0]=card")).toEqual({
      amount: "100",
      metadata: { a: "1" },
      payment_method_data: { card: { number: "4242" } },
      payment_method_types: { 0: "card" },
    })
  })
})

/**
 * The PayPal SDK in a child process: HTTPS_PROXY and NODE_EXTRA_CA_CERTS are read at process start.
 * Each command is answered with what the SDK returned or threw (see tests/fakes/paypal-sdk-child.ts).
 */
class PaypalSdkChild {
  private readonly child: ChildProcessWithoutNullStreams
  private readonly waiting = new Map<number, (answer: SdkAnswer) => void>()
  private tag = 0
  stderr = ""

  constructor(fake: FakePaypal) {
    this.child = spawn(process.execPath, [new URL("../fakes/paypal-sdk-child.ts", import.meta.url).pathname], {
      env: { ...process.env, HTTPS_PROXY: fake.proxyUrl, NO_PROXY: "127.0.0.1,localhost", NODE_EXTRA_CA_CERTS: fake.caCertFile },
    })
    this.child.stderr.on("data", (chunk: Buffer) => (this.stderr += chunk.toString()))
    createInterface({ input: this.child.stdout }).on("line", (line) => {
      const answer = JSON.parse(line) as SdkAnswer & { tag: number }
      this.waiting.get(answer.tag)?.(answer)
      this.waiting.delete(answer.tag)
    })
  }

  ask(command: Record<string, unknown>): Promise<SdkAnswer> {
    const tag = ++this.tag
    return new Promise((resolve) => {
      this.waiting.set(tag, resolve)
      this.child.stdin.write(`${JSON.stringify({ ...command, tag })}\n`)
    })
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.child.once("exit", () => resolve())
      this.child.stdin.end()
    })
  }
}

interface SdkAnswer {
  ok: boolean
  statusCode?: number
  result?: Json
  errorClass?: string
  message?: string
  isApiError?: boolean
  body?: string
}

describe("FakePaypal with the PayPal SDK through HTTPS_PROXY", () => {
  const fake = new FakePaypal()
  const clientId = "AaFakeEnclaveSandboxClientId"
  const clientSecret = "EFakeEnclaveSandboxSecret0123456789"
  const shop = "http://127.0.0.1:4321"
  let sdk: PaypalSdkChild

  const orderBody = (value = "129.99") => ({
    intent: "CAPTURE",
    purchaseUnits: [{ referenceId: "default", customId: "cart_01", invoiceId: "ENC-1001", amount: { currencyCode: "EUR", value } }],
    paymentSource: {
      paypal: {
        experienceContext: {
          returnUrl: `${shop}/checkout/success?paypal=true`,
          cancelUrl: `${shop}/checkout/error?paypal=true`,
          userAction: "PAY_NOW",
          shippingPreference: "SET_PROVIDED_ADDRESS",
        },
      },
    },
  })
  const createOrder = async (value?: string) => {
    const created = await sdk.ask({ op: "create", body: orderBody(value), paypalRequestId: `create-${Math.random()}` })
    expect(created.ok, JSON.stringify(created)).toBe(true)
    return created.result as { id: string; status: string; links: Array<{ rel: string; href: string }> }
  }

  beforeAll(async () => {
    await fake.start()
    fake.addClient(clientId, clientSecret, [PAYPAL_SANDBOX_HOST])
    fake.addClient("AaFakeEnclaveLiveClientId", "ELiveSecret", [PAYPAL_LIVE_HOST])
    sdk = new PaypalSdkChild(fake)
    expect((await sdk.ask({ op: "configure", clientId, clientSecret, environment: "Sandbox" })).ok).toBe(true)
  })
  afterAll(async () => {
    await sdk?.stop()
    await fake.stop()
  })
  beforeEach(() => fake.reset())

  it("reaches the sandbox host through the tunnel with a certificate from the fake's CA", async () => {
    expect(await readFile(fake.caCertFile, "utf8")).toMatch(/^-----BEGIN CERTIFICATE-----/)
    const order = await createOrder()
    expect(order.id).toMatch(/^[A-Z0-9]{17}$/)
    expect(order.status).toBe("PAYER_ACTION_REQUIRED")
    const tokenCall = fake.requests.find((request) => request.path === "/v1/oauth2/token")
    expect(tokenCall).toMatchObject({ host: PAYPAL_SANDBOX_HOST, method: "POST" })
    expect(tokenCall?.body).toContain("grant_type=client_credentials")
    const createCall = fake.requests.find((request) => request.path === "/v2/checkout/orders")
    expect(createCall?.host).toBe(PAYPAL_SANDBOX_HOST)
    expect(createCall?.headers.authorization).toMatch(/^Bearer A21AA/)
    expect(JSON.parse(createCall!.body)).toMatchObject({
      intent: "CAPTURE",
      purchase_units: [{ custom_id: "cart_01", amount: { currency_code: "EUR", value: "129.99" } }],
    })
    expect(fake.refusedTunnels).toEqual([])
  })

  it("creates, shows and captures an order once the buyer approved it on the approval page", async () => {
    const order = await createOrder("129.99")
    const payerAction = order.links.find((link) => link.rel === "payer-action")
    expect(payerAction?.href).toBe(`${fake.approvalOrigin}/checkoutnow?token=${order.id}`)

    const shown = await sdk.ask({ op: "get", id: order.id })
    expect(shown.result).toMatchObject({
      id: order.id,
      status: "PAYER_ACTION_REQUIRED",
      purchaseUnits: [{ amount: { currencyCode: "EUR", value: "129.99" } }],
    })
    expect(shown.result.createTime).toMatch(/^\d{4}-\d\d-\d\dT/)

    const early = await sdk.ask({ op: "capture", id: order.id, paypalRequestId: `capture-${order.id}` })
    expect(early).toMatchObject({
      ok: false,
      errorClass: "CustomError",
      isApiError: true,
      statusCode: 422,
      result: { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "ORDER_NOT_APPROVED" }] },
    })

    const page = await fetch(payerAction!.href)
    const html = await page.text()
    expect(html).toContain("<title>PayPal Sandbox</title>")
    expect(html).toContain("129.99 EUR")
    expect(html).toContain('aria-label="Approve payment"')
    expect(html).toContain("Cancel and return")
    const approved = await fetch(`${fake.approvalOrigin}/checkoutnow/approve`, {
      method: "POST",
      body: new URLSearchParams({ token: order.id }),
      redirect: "manual",
    })
    expect(approved.status).toBe(302)
    const back = new URL(approved.headers.get("location")!)
    expect(`${back.origin}${back.pathname}`).toBe(`${shop}/checkout/success`)
    expect(back.searchParams.get("paypal")).toBe("true")
    expect(back.searchParams.get("token")).toBe(order.id)
    expect(back.searchParams.get("PayerID")).toMatch(/^[A-Z0-9]{13}$/)

    const captured = await sdk.ask({ op: "capture", id: order.id, paypalRequestId: `capture-${order.id}` })
    expect(captured).toMatchObject({ ok: true, statusCode: 201, result: { id: order.id, status: "COMPLETED" } })
    const capture = captured.result.purchaseUnits[0].payments.captures[0]
    expect(capture).toMatchObject({
      status: "COMPLETED",
      finalCapture: true,
      customId: "cart_01",
      amount: { currencyCode: "EUR", value: "129.99" },
    })
    expect(capture.id).toMatch(/^[A-Z0-9]{17}$/)
    expect(fake.capturesTaken(order.id)).toBe(1)

    // The same PayPal-Request-Id is answered as before; any other repeat is refused. Neither takes money.
    const replay = await sdk.ask({ op: "capture", id: order.id, paypalRequestId: `capture-${order.id}` })
    expect(replay.result.purchaseUnits[0].payments.captures[0].id).toBe(capture.id)
    const again = await sdk.ask({ op: "capture", id: order.id, paypalRequestId: "another-request" })
    expect(again).toMatchObject({ ok: false, statusCode: 422, result: { details: [{ issue: "ORDER_ALREADY_CAPTURED" }] } })
    expect(fake.capturesTaken(order.id)).toBe(1)

    const afterwards = await sdk.ask({ op: "get", id: order.id })
    expect(afterwards.result.status).toBe("COMPLETED")
    expect(afterwards.result.purchaseUnits[0].payments.captures[0].id).toBe(capture.id)
  })

  it("sends the buyer back to cancel_url with the token when they cancel", async () => {
    const order = await createOrder()
    const cancelled = await fetch(`${fake.approvalOrigin}/checkoutnow/cancel`, {
      method: "POST",
      body: new URLSearchParams({ token: order.id }),
      redirect: "manual",
    })
    expect(cancelled.headers.get("location")).toBe(`${shop}/checkout/error?paypal=true&token=${order.id}`)
    expect(fake.orders.get(order.id)?.status).toBe("PAYER_ACTION_REQUIRED")
  })

  it("refunds a capture and shows it refunded", async () => {
    const order = await createOrder("50.00")
    fake.approve(order.id)
    const captured = await sdk.ask({ op: "capture", id: order.id, paypalRequestId: `capture-${order.id}` })
    const captureId = captured.result.purchaseUnits[0].payments.captures[0].id
    const refund = await sdk.ask({ op: "refund", captureId, body: { amount: { currencyCode: "EUR", value: "20.00" } } })
    expect(refund).toMatchObject({ ok: true, statusCode: 201, result: { status: "COMPLETED", amount: { value: "20.00" } } })
    expect((await sdk.ask({ op: "getCapture", captureId })).result.status).toBe("PARTIALLY_REFUNDED")
    await sdk.ask({ op: "refund", captureId })
    expect((await sdk.ask({ op: "getCapture", captureId })).result.status).toBe("REFUNDED")
    expect((await sdk.ask({ op: "refund", captureId })).statusCode).toBe(422)
  })

  it("refuses bad orders as PayPal does: 422 for a zero amount, 404 for an unknown id", async () => {
    const zero = await sdk.ask({ op: "create", body: orderBody("0.00") })
    expect(zero).toMatchObject({
      ok: false,
      errorClass: "CustomError",
      statusCode: 422,
      result: { details: [{ issue: "CANNOT_BE_ZERO_OR_NEGATIVE" }] },
    })
    const syntax = await sdk.ask({ op: "create", body: orderBody("12,50") })
    expect(syntax).toMatchObject({
      ok: false,
      statusCode: 400,
      result: { name: "INVALID_REQUEST", details: [{ issue: "INVALID_PARAMETER_SYNTAX" }] },
    })
    const unknown = await sdk.ask({ op: "get", id: "0ABCDEFGHIJKLMNOP" })
    expect(unknown).toMatchObject({ ok: false, errorClass: "CustomError", statusCode: 404, result: { name: "RESOURCE_NOT_FOUND" } })
  })

  it("shows each injected failure as the SDK reports it", async () => {
    fake.failNext("create", "non-json")
    const nonJson = await sdk.ask({ op: "create", body: orderBody() })
    expect(nonJson).toMatchObject({ ok: false, errorClass: "Error", isApiError: false })
    expect(nonJson.message).toMatch(/^Could not parse body as JSON/)

    fake.failNext("create", "server-error")
    const serverError = await sdk.ask({ op: "create", body: orderBody() })
    // A status the SDK has no handler for: the body is only text on the error, result stays empty.
    expect(serverError).toMatchObject({
      ok: false,
      errorClass: "CustomError",
      isApiError: true,
      statusCode: 500,
      message: "The error response.",
    })
    expect(serverError.result).toBeUndefined()
    expect(JSON.parse(serverError.body!)).toMatchObject({ name: "INTERNAL_SERVER_ERROR" })

    fake.failNext("create", "no-id")
    const noId = await sdk.ask({ op: "create", body: orderBody() })
    expect(noId).toMatchObject({ ok: true, statusCode: 201 })
    expect(noId.result.id).toBeUndefined()

    fake.failNext("create", "no-approve-link")
    const noLink = await sdk.ask({ op: "create", body: orderBody() })
    expect(noLink.result.links.map((link: { rel: string }) => link.rel)).toEqual(["self", "update", "capture"])

    fake.failNext("get", "server-error")
    const getFailed = await sdk.ask({ op: "get", id: "0ABCDEFGHIJKLMNOP" })
    expect(getFailed).toMatchObject({ ok: false, errorClass: "CustomError", statusCode: 500 })

    const order = await createOrder()
    fake.approve(order.id)
    fake.failNext("capture", "non-json")
    const captureNonJson = await sdk.ask({ op: "capture", id: order.id, paypalRequestId: `capture-${order.id}` })
    expect(captureNonJson).toMatchObject({ ok: false, errorClass: "Error", isApiError: false })
    fake.failNext("capture", "server-error")
    const captureServerError = await sdk.ask({ op: "capture", id: order.id, paypalRequestId: `capture-${order.id}` })
    expect(captureServerError).toMatchObject({ ok: false, errorClass: "CustomError", statusCode: 500 })
    expect(fake.capturesTaken(order.id)).toBe(0)

    fake.failNext("capture", "declined")
    const declined = await sdk.ask({ op: "capture", id: order.id, paypalRequestId: `capture-${order.id}` })
    expect(declined).toMatchObject({
      ok: false,
      errorClass: "CustomError",
      statusCode: 422,
      result: { details: [{ issue: "INSTRUMENT_DECLINED" }] },
    })
    expect(fake.capturesTaken(order.id)).toBe(0)

    fake.failNext("capture", "no-capture-id")
    const noCapture = await sdk.ask({ op: "capture", id: order.id, paypalRequestId: `capture-${order.id}` })
    expect(noCapture).toMatchObject({
      ok: true,
      statusCode: 201,
      result: { status: "COMPLETED", purchaseUnits: [{ payments: { captures: [] } }] },
    })
    expect(fake.capturesTaken(order.id)).toBe(1)
  })

  it("reports a failed token call, and the SDK's client keeps failing until it is built anew", async () => {
    const fresh = new PaypalSdkChild(fake)
    const tokenCalls = () => fake.requests.filter((request) => request.path === "/v1/oauth2/token").length
    try {
      await fresh.ask({ op: "configure", clientId, clientSecret, environment: "Sandbox" })
      fake.failNext("token", "server-error")
      const serverError = await fresh.ask({ op: "create", body: orderBody() })
      expect(serverError).toMatchObject({
        ok: false,
        errorClass: "ApiError",
        statusCode: 500,
        message: "Response status code was not ok: 500.",
      })
      // The SDK keeps the rejected token promise: later calls rethrow it without asking PayPal again.
      const before = tokenCalls()
      const stillFailing = await fresh.ask({ op: "create", body: orderBody() })
      expect(stillFailing).toMatchObject({ ok: false, errorClass: "ApiError", statusCode: 500 })
      expect(tokenCalls()).toBe(before)

      await fresh.ask({ op: "configure", clientId, clientSecret, environment: "Sandbox" })
      fake.failNext("token", "non-json")
      const nonJson = await fresh.ask({ op: "create", body: orderBody() })
      expect(nonJson).toMatchObject({ ok: false, errorClass: "Error", isApiError: false })
      expect(nonJson.message).toMatch(/^Could not parse body as JSON/)

      await fresh.ask({ op: "configure", clientId, clientSecret, environment: "Sandbox" })
      expect((await fresh.ask({ op: "create", body: orderBody() })).ok).toBe(true)
      expect(tokenCalls()).toBe(before + 2)
    } finally {
      await fresh.stop()
    }
  })

  it("refuses unknown client credentials and keeps sandbox and live apart", async () => {
    const stranger = new PaypalSdkChild(fake)
    try {
      await stranger.ask({ op: "configure", clientId, clientSecret: "wrong", environment: "Sandbox" })
      const refused = await stranger.ask({ op: "create", body: orderBody() })
      expect(refused).toMatchObject({ ok: false, errorClass: "OAuthProviderError", isApiError: true, statusCode: 401, message: "" })
      expect(JSON.parse(refused.body!)).toEqual({ error: "invalid_client", error_description: "Client Authentication failed" })
      expect(fake.requests.at(-1)).toMatchObject({ path: "/v1/oauth2/token" })

      await stranger.ask({ op: "configure", clientId, clientSecret, environment: "Production" })
      expect((await stranger.ask({ op: "create", body: orderBody() })).ok).toBe(false)
      expect(fake.requests.at(-1)?.host).toBe(PAYPAL_LIVE_HOST)

      await stranger.ask({ op: "configure", clientId: "AaFakeEnclaveLiveClientId", clientSecret: "ELiveSecret", environment: "Production" })
      const live = await stranger.ask({ op: "create", body: orderBody() })
      expect(live.ok).toBe(true)
      expect(fake.orders.get(live.result.id)?.host).toBe(PAYPAL_LIVE_HOST)
      // A live order is not found on the sandbox.
      expect((await sdk.ask({ op: "get", id: live.result.id })).statusCode).toBe(404)
    } finally {
      await stranger.stop()
    }
  })

  it("answers a delayed capture late, so two captures race; the same request id takes the money once", async () => {
    const order = await createOrder()
    fake.approve(order.id)
    fake.delayNext("capture", 400)
    const requestId = `capture-${order.id}`
    const first = sdk.ask({ op: "capture", id: order.id, paypalRequestId: requestId })
    await new Promise((resolve) => setTimeout(resolve, 150))
    const second = await sdk.ask({ op: "capture", id: order.id, paypalRequestId: requestId })
    expect(second.ok).toBe(true)
    const firstAnswer = await first
    expect(firstAnswer.result.purchaseUnits[0].payments.captures[0].id).toBe(second.result.purchaseUnits[0].payments.captures[0].id)
    expect(fake.capturesTaken(order.id)).toBe(1)
    expect(fake.requests.filter((request) => request.path === `/v2/checkout/orders/${order.id}/capture`)).toHaveLength(2)
  })

  it("verifies exactly the webhooks it sent, through verify-webhook-signature", async () => {
    const receiver = await startReceiver(() => 200)
    try {
      const order = await createOrder("75.00")
      fake.approve(order.id)
      await sdk.ask({ op: "capture", id: order.id, paypalRequestId: `capture-${order.id}` })
      const event = fake.captureEvent(order.id, "PAYMENT.CAPTURE.COMPLETED")
      expect(event).toMatchObject({
        event_type: "PAYMENT.CAPTURE.COMPLETED",
        resource_type: "capture",
        event_version: "1.0",
        resource: { status: "COMPLETED", custom_id: "cart_01", supplementary_data: { related_ids: { order_id: order.id } } },
      })
      expect(String(event.id)).toMatch(/^WH-/)

      expect(await fake.sendWebhook(receiver.url, event, { webhookId: "WH-SANDBOX-1" })).toEqual({ status: 200, body: '{"received":true}' })
      const genuine = receiver.received[0]
      expect(Object.keys(genuine.headers)).toEqual(
        expect.arrayContaining([
          "paypal-transmission-id",
          "paypal-transmission-time",
          "paypal-transmission-sig",
          "paypal-cert-url",
          "paypal-auth-algo",
        ]),
      )
      const verify = (headers: http.IncomingHttpHeaders, body: string, webhookId: string) =>
        sdk.ask({ op: "verifyWebhook", headers, body, webhookId })
      expect(await verify(genuine.headers, genuine.body, "WH-SANDBOX-1")).toMatchObject({
        ok: true,
        result: { verification_status: "SUCCESS" },
      })
      expect((await verify(genuine.headers, genuine.body, "WH-OTHER")).result).toEqual({ verification_status: "FAILURE" })
      const altered = JSON.stringify({ ...JSON.parse(genuine.body), event_type: "PAYMENT.CAPTURE.DENIED" })
      expect((await verify(genuine.headers, altered, "WH-SANDBOX-1")).result).toEqual({ verification_status: "FAILURE" })

      await fake.sendWebhook(receiver.url, fake.captureEvent(order.id, "PAYMENT.CAPTURE.DENIED"), {
        webhookId: "WH-SANDBOX-1",
        tamper: true,
      })
      const tampered = receiver.received[1]
      expect(JSON.parse(tampered.body).resource.status).toBe("DECLINED")
      expect((await verify(tampered.headers, tampered.body, "WH-SANDBOX-1")).result).toEqual({ verification_status: "FAILURE" })
    } finally {
      await receiver.close()
    }
  })

  it("refuses tunnels to any other host", async () => {
    const refused = await new Promise<number>((resolve, reject) => {
      const proxy = new URL(fake.proxyUrl)
      http
        .request({ host: proxy.hostname, port: proxy.port, method: "CONNECT", path: "api.stripe.com:443" })
        .on("connect", (response, socket) => {
          socket.destroy()
          resolve(response.statusCode ?? 0)
        })
        .on("error", reject)
        .end()
    })
    expect(refused).toBe(403)
    expect(fake.refusedTunnels).toContain("api.stripe.com:443")
  })
})

/** What the test pages put on `window`, read back inside page.evaluate. */
type CheckoutWindow = typeof window & {
  loadStripe: typeof loadStripe
  fakeCheckout: { stripe: StripeJs; elements: StripeElements; events: string[] }
  mountCheckout: (key: string, clientSecret: string) => void
}

/**
 * A checkout form as the storefront's island builds it with @stripe/react-stripe-js, bundled with the
 * installed React so the fake is checked against what the library really calls.
 */
async function bundleReactCheckout(): Promise<string> {
  const { build } = await import("esbuild")
  const entry = `
    import { loadStripe } from "@stripe/stripe-js/pure"
    import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js"
    import { useState } from "react"
    import { createRoot } from "react-dom/client"
    function PayForm() {
      const stripe = useStripe()
      const elements = useElements()
      const [ready, setReady] = useState(false)
      const [complete, setComplete] = useState(false)
      const [outcome, setOutcome] = useState("")
      async function pay(event) {
        event.preventDefault()
        const result = await stripe.confirmPayment({ elements, redirect: "if_required", confirmParams: { return_url: location.href } })
        setOutcome(result.error ? result.error.message : result.paymentIntent.status)
      }
      return (
        <form onSubmit={pay}>
          <PaymentElement onReady={() => setReady(true)} onChange={(event) => setComplete(event.complete)} />
          <span data-testid="ready">{ready ? "ready" : ""}</span>
          <span data-testid="complete">{complete ? "complete" : ""}</span>
          <button type="submit" disabled={!stripe || !elements}>Pay</button>
          <p role="status">{outcome}</p>
        </form>
      )
    }
    window.mountCheckout = (key, clientSecret) => {
      createRoot(document.getElementById("app")).render(
        <Elements stripe={loadStripe(key)} options={{ clientSecret }}><PayForm /></Elements>,
      )
    }
  `
  const result = await build({
    stdin: { contents: entry, loader: "jsx", resolveDir: new URL("../..", import.meta.url).pathname },
    bundle: true,
    write: false,
    format: "iife",
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "silent",
  })
  return result.outputFiles[0].text.replace(/<\/script/gi, "<\\/script")
}

describe("fake Stripe.js in Chromium with the real loadStripe", () => {
  const fake = new FakeStripe()
  const publishableKey = "pk_test_51FakeEnclaveBrowserKey"
  const secretKey = "sk_test_51FakeEnclaveBrowserSecret"
  let browser: Browser
  let page: import("@playwright/test").Page
  let stripe: Stripe
  let shop: http.Server
  let shopUrl = ""

  beforeAll(async () => {
    await fake.start()
    fake.addKeys(secretKey, publishableKey)
    const api = new URL(fake.url)
    stripe = new Stripe(secretKey, { host: api.hostname, port: api.port, protocol: "http" })
    // A page on another origin than the fake API, serving @stripe/stripe-js's own loader as a module.
    const loader = await readFile(new URL("../../node_modules/@stripe/stripe-js/dist/pure.mjs", import.meta.url), "utf8")
    const reactApp = await bundleReactCheckout()
    shop = http.createServer((req, res) => {
      if (req.url === "/pure.mjs") res.writeHead(200, { "content-type": "text/javascript" }).end(loader)
      else if (req.url === "/react")
        res
          .writeHead(200, { "content-type": "text/html" })
          .end(
            `<!DOCTYPE html><html><head><title>Checkout</title></head><body><main id="app"></main><script>${reactApp}</script></body></html>`,
          )
      // The loader is imported by the page itself: page.evaluate code is compiled by vitest, which rewrites import().
      else
        res
          .writeHead(200, { "content-type": "text/html" })
          .end(
            '<!DOCTYPE html><html><head><title>Checkout</title><script type="module">import { loadStripe } from "/pure.mjs"; window.loadStripe = loadStripe</script></head><body><main><div id="payment"></div></main></body></html>',
          )
    })
    await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve))
    shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`
    browser = await chromium.launch({ executablePath: chromiumPath() })
    page = await browser.newPage()
    await routeStripeJs(page, fake.url)
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
    await new Promise<void>((resolve) => shop.close(() => resolve()))
    await fake.stop()
  })

  /** Loads Stripe.js as the storefront does and mounts a payment element the way <PaymentElement> does. */
  async function mountPaymentElement(clientSecret: string) {
    await page.goto(`${shopUrl}/checkout`)
    await page.waitForFunction(() => typeof (window as CheckoutWindow).loadStripe === "function")
    const loaded = await page.evaluate(
      async ({ key, clientSecret }) => {
        const warnings: string[] = []
        const warn = console.warn
        console.warn = (...args: unknown[]) => warnings.push(args.join(" "))
        const stripe = (await (window as CheckoutWindow).loadStripe(key))!
        console.warn = warn
        const events: string[] = []
        const elements = stripe.elements({ clientSecret })
        const element = elements.create("payment", { layout: "tabs" })
        element.on("ready", () => events.push("ready"))
        element.on("change", (event: { complete: boolean }) => events.push(`change:${event.complete}`))
        element.mount(document.getElementById("payment")!)
        const looksLikeStripe = [
          "elements",
          "createToken",
          "createPaymentMethod",
          "confirmCardPayment",
          "_registerWrapper",
          "registerAppInfo",
        ].every((name) => typeof Reflect.get(stripe, name) === "function")
        Object.assign(window, { fakeCheckout: { stripe, elements, events } })
        return { looksLikeStripe, warnings, script: document.querySelector("script[src^='https://js.stripe.com']")?.getAttribute("src") }
      },
      { key: publishableKey, clientSecret },
    )
    expect(loaded).toEqual({ looksLikeStripe: true, warnings: [], script: "https://js.stripe.com/endive/stripe.js" })
    await expect.poll(() => page.evaluate(() => (window as CheckoutWindow).fakeCheckout.events.includes("ready"))).toBe(true)
  }

  async function typeCard(number: string) {
    await page.getByLabel("Card number").fill(number)
    await page.getByLabel("Expiration date").fill("12 / 34")
    await page.getByLabel("Security code").fill("123")
  }

  const confirm = () =>
    page.evaluate(async (returnUrl) => {
      const { stripe, elements } = (window as CheckoutWindow).fakeCheckout
      return stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl }, redirect: "if_required" })
    }, `${shopUrl}/checkout/success`)

  it("confirms a payment typed into the payment element", async () => {
    const intent = await stripe.paymentIntents.create({ amount: 8900, currency: "eur" })
    await mountPaymentElement(intent.client_secret!)
    await page.getByLabel("Card number").focus()
    await page.keyboard.type("4242 4242 4242 4242")
    await page.keyboard.press("Tab")
    await page.keyboard.type("1234")
    await page.keyboard.press("Tab")
    await page.keyboard.type("123")
    expect(await page.evaluate(() => (window as CheckoutWindow).fakeCheckout.events.at(-1))).toBe("change:true")
    const result = await confirm()
    expect(result.error).toBeUndefined()
    expect(result.paymentIntent).toMatchObject({ id: intent.id, status: "succeeded" })
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe("succeeded")
    const confirmCall = fake.requests.find((request) => request.path === `/v1/payment_intents/${intent.id}/confirm`)
    expect(confirmCall?.headers.origin).toBe(shopUrl)
    expect(parseForm(confirmCall!.body)).toMatchObject({
      key: publishableKey,
      client_secret: intent.client_secret,
      payment_method_data: { card: { number: "4242424242424242" } },
    })
    const retrieved = await page.evaluate(
      (secret) => (window as CheckoutWindow).fakeCheckout.stripe.retrievePaymentIntent(secret),
      intent.client_secret!,
    )
    expect(retrieved.paymentIntent?.status).toBe("succeeded")
  })

  it("answers a declined card and an incomplete form with { error } as Stripe.js does", async () => {
    const intent = await stripe.paymentIntents.create({ amount: 8900, currency: "eur" })
    await mountPaymentElement(intent.client_secret!)
    await page.getByLabel("Card number").fill("4242")
    const incomplete = await confirm()
    expect(incomplete.error).toMatchObject({ type: "validation_error", code: "incomplete_number" })
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Your card number is incomplete.")
    expect(await page.getByLabel("Card number").getAttribute("aria-invalid")).toBe("true")
    expect(await page.evaluate(() => (window as CheckoutWindow).fakeCheckout.elements.submit())).toMatchObject({
      error: { code: "incomplete_number" },
    })

    await typeCard("4000 0000 0000 0002")
    const declined = await confirm()
    expect(declined.error).toMatchObject({
      type: "card_error",
      code: "card_declined",
      decline_code: "generic_decline",
      message: "Your card was declined.",
    })
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe("requires_payment_method")

    await typeCard("4242 4242 4242 4242")
    expect(await page.evaluate(() => (window as CheckoutWindow).fakeCheckout.elements.submit())).toEqual({})
    expect((await confirm()).paymentIntent?.status).toBe("succeeded")
  })

  it("shows the 3-D Secure challenge over the page and settles with its outcome", async () => {
    const intent = await stripe.paymentIntents.create({ amount: 8900, currency: "eur" })
    await mountPaymentElement(intent.client_secret!)
    await typeCard("4000 0027 6000 3184")
    const failing = confirm()
    await page.getByRole("dialog", { name: "3D Secure 2 Test Page" }).getByRole("button", { name: "Fail authentication" }).click()
    expect((await failing).error).toMatchObject({
      code: "payment_intent_authentication_failure",
      payment_intent: { id: intent.id, status: "requires_payment_method" },
    })
    expect(await page.getByRole("dialog").count()).toBe(0)

    const passing = confirm()
    await page.getByRole("button", { name: "Complete authentication" }).click()
    expect((await passing).paymentIntent).toMatchObject({ id: intent.id, status: "succeeded" })
  })

  it("works under @stripe/react-stripe-js: <Elements>, <PaymentElement>, useStripe, useElements", async () => {
    const intent = await stripe.paymentIntents.create({ amount: 15_900, currency: "eur" })
    const problems: string[] = []
    page.on("console", (message) => {
      // The declined card's 402 is logged by Chromium as a failed resource, as with the real Stripe.js.
      const failedRequest = message.text().startsWith("Failed to load resource")
      if ((message.type() === "error" || message.type() === "warning") && !failedRequest) problems.push(message.text())
    })
    page.on("pageerror", (error) => problems.push(String(error)))
    await page.goto(`${shopUrl}/react`)
    await page.waitForFunction(() => typeof (window as CheckoutWindow).mountCheckout === "function")
    await page.evaluate(({ key, clientSecret }) => (window as CheckoutWindow).mountCheckout(key, clientSecret), {
      key: publishableKey,
      clientSecret: intent.client_secret!,
    })
    await expect.poll(() => page.getByTestId("ready").textContent()).toBe("ready")
    await typeCard("4000 0000 0000 0002")
    await expect.poll(() => page.getByTestId("complete").textContent()).toBe("complete")
    await page.getByRole("button", { name: "Pay" }).click()
    await expect.poll(() => page.getByRole("status").textContent()).toBe("Your card was declined.")
    await typeCard("4242 4242 4242 4242")
    await page.getByRole("button", { name: "Pay" }).click()
    await expect.poll(() => page.getByRole("status").textContent()).toBe("succeeded")
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe("succeeded")
    expect(problems).toEqual([])
  })

  it("is plain JavaScript a browser runs as is", () => {
    const source = fakeStripeJs("http://127.0.0.1:1/")
    expect(() => new Function(source)).not.toThrow()
    expect(source).toContain('var API = "http://127.0.0.1:1"')
  })
})
