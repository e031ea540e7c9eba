/**
 * Drives the real PayPal SDK in a process of its own, because the SDK reaches the fake only through
 * HTTPS_PROXY and trusts its certificate only through NODE_EXTRA_CA_CERTS, which Node reads at start.
 *
 * Protocol: one JSON command per stdin line, one JSON answer per stdout line carrying the command's
 * `tag`. Commands run concurrently (answers may come out of order), so tests can race two calls.
 *   {"op":"configure","clientId","clientSecret","environment":"Sandbox"|"Production"}
 *   {"op":"create","body",paypalRequestId?,prefer?}  {"op":"get","id"}  {"op":"capture","id",paypalRequestId?}
 *   {"op":"refund","captureId",body?}  {"op":"getCapture","captureId"}
 *   {"op":"verifyWebhook","headers","body","webhookId"} (axios, as the backend checks a webhook)
 * Answer: {ok:true,statusCode,result} or {ok:false,errorClass,message,statusCode?,result?,body?}:
 * what a caller of the SDK gets back or sees thrown, which is what the backend must cope with.
 */
import { createInterface } from "node:readline"
import axios from "axios"
import { ApiError, Client, Environment, OrdersController, PaymentsController } from "@paypal/paypal-server-sdk"
import type { Json } from "../support/api.ts"

interface Command {
  op: string
  [key: string]: Json
}

let orders: OrdersController | undefined
let credentials: { clientId: string; clientSecret: string; baseUrl: string } | undefined
let payments: PaymentsController | undefined

function configure(command: Command): void {
  const client = new Client({
    clientCredentialsAuthCredentials: { oAuthClientId: command.clientId, oAuthClientSecret: command.clientSecret },
    environment: command.environment === "Production" ? Environment.Production : Environment.Sandbox,
    timeout: 10_000,
  })
  credentials = {
    clientId: command.clientId,
    clientSecret: command.clientSecret,
    baseUrl: command.environment === "Production" ? "https://api-m.paypal.com" : "https://api-m.sandbox.paypal.com",
  }
  orders = new OrdersController(client)
  payments = new PaymentsController(client)
}

async function call(command: Command): Promise<{ statusCode: number; result: unknown }> {
  if (!orders || !payments) throw new Error("configure first")
  switch (command.op) {
    case "create":
      return orders.createOrder({ body: command.body, paypalRequestId: command.paypalRequestId, prefer: command.prefer })
    case "get":
      return orders.getOrder({ id: command.id })
    case "capture":
      return orders.captureOrder({ id: command.id, paypalRequestId: command.paypalRequestId, prefer: command.prefer })
    case "refund":
      return payments.refundCapturedPayment({ captureId: command.captureId, body: command.body })
    case "getCapture":
      return payments.getCapturedPayment({ captureId: command.captureId })
    default:
      throw new Error(`unknown op ${command.op}`)
  }
}

/**
 * The SDK has no webhook verification, so a backend posts to verify-webhook-signature with axios itself
 * (through the same HTTPS_PROXY); this does the same with the headers and body the shop received.
 */
async function verifyWebhook(command: Command): Promise<unknown> {
  if (!credentials) throw new Error("configure first")
  const token = await axios.post(`${credentials.baseUrl}/v1/oauth2/token`, "grant_type=client_credentials", {
    auth: { username: credentials.clientId, password: credentials.clientSecret },
    headers: { "content-type": "application/x-www-form-urlencoded" },
  })
  const headers = command.headers as Record<string, string>
  const verification = await axios.post(
    `${credentials.baseUrl}/v1/notifications/verify-webhook-signature`,
    {
      auth_algo: headers["paypal-auth-algo"],
      cert_url: headers["paypal-cert-url"],
      transmission_id: headers["paypal-transmission-id"],
      transmission_sig: headers["paypal-transmission-sig"],
      transmission_time: headers["paypal-transmission-time"],
      webhook_id: command.webhookId,
      webhook_event: JSON.parse(command.body),
    },
    { headers: { authorization: `Bearer ${token.data.access_token}` } },
  )
  return verification.data
}

function describeError(error: unknown): Record<string, unknown> {
  const described: Record<string, unknown> = {
    ok: false,
    errorClass: (error as object)?.constructor?.name ?? typeof error,
    message: error instanceof Error ? error.message : String(error),
    isApiError: error instanceof ApiError,
  }
  if (error instanceof ApiError) {
    described.statusCode = error.statusCode
    described.result = error.result
    described.body = typeof error.body === "string" ? error.body : "(stream)"
  }
  const code = (error as { code?: unknown })?.code
  if (code !== undefined) described.code = code
  return described
}

async function answer(command: Command): Promise<Record<string, unknown>> {
  try {
    if (command.op === "configure") {
      configure(command)
      return { ok: true }
    }
    if (command.op === "verifyWebhook") return { ok: true, result: await verifyWebhook(command) }
    const response = await call(command)
    return { ok: true, statusCode: response.statusCode, result: response.result }
  } catch (error) {
    return describeError(error)
  }
}

for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue
  const command = JSON.parse(line) as Command
  void answer(command).then((reply) => process.stdout.write(`${JSON.stringify({ tag: command.tag, ...reply })}\n`))
}
