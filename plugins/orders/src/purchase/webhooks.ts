import type { WebhookReceipt } from "@enclave/contract"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, PaymentActions } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { releaseCartLock, takeCartLockStep } from "../cart/cart-lock"
import { workflowError } from "@enclave/contract/shop-error"
import { cancelShopOrderWorkflow } from "../orders/cancel-order"
import { shopOrders } from "../orders/read-orders"
import { findCheckoutPayment } from "./records"
import { settleCardPayment, settleWalletPayment } from "./settle"

export type WebhookProvider = "stripe" | "paypal"

/** Medusa's provider keys (pp_<identifier>_<id>) without the pp_ prefix, as getWebhookActionAndData takes them. */
const providerKeys: Record<WebhookProvider, string> = { stripe: "stripe_enclave", paypal: "paypal_enclave" }

export interface WebhookDelivery {
  body: Record<string, unknown>
  rawBody: string | Buffer
  headers: Record<string, unknown>
}

/** The contract's answer to a delivery (webhookReceiptSchema). */
export type WebhookOutcome = WebhookReceipt

interface PaymentFailure {
  provider: WebhookProvider
  reference: string
  /** The shop user who started the payment: their purchase lock keeps this from racing its settlement. */
  userId: string | null
  reason: string
}

/**
 * The record says why the money did not arrive (and "failed" unless it became an order), read
 * under the purchase's lock so a settlement cannot slip between; compensation puts back its old word.
 */
const markPaymentFailedStep = createStep(
  "enclave-mark-payment-failed",
  async (input: PaymentFailure, { container }) => {
    const row = (await findCheckoutPayment(container, { provider: input.provider, reference: input.reference }))!
    await shopOrders(container).updateCheckoutPayments({
      id: row.id,
      status: row.order_id ? row.status : "failed",
      failure_reason: input.reason,
    })
    return new StepResponse(
      { orderId: row.order_id },
      { id: row.id, status: row.status, payment_id: row.payment_id, failure_reason: row.failure_reason },
    )
  },
  async (previous, { container }) => {
    if (previous) await shopOrders(container).updateCheckoutPayments(previous)
  },
)

/**
 * The provider says the money did not arrive after all. An order the payment became is cancelled,
 * so it does not ship and its stock goes back on sale. A cancel that fails gives the record its old
 * word back, and the provider retries.
 */
const paymentFailedWorkflow = createWorkflow("enclave-payment-failed", (input: PaymentFailure) => {
  const lock = takeCartLockStep({ userId: transform({ input }, ({ input }) => input.userId ?? null) })
  const marked = markPaymentFailedStep(input)
  when("enclave-payment-failed-cancel-order", { marked }, ({ marked }) => Boolean(marked.orderId)).then(() => {
    cancelShopOrderWorkflow.runAsStep({
      input: transform({ marked, input }, ({ marked, input }) => ({ orderId: marked.orderId!, reason: input.reason })),
    })
  })
  releaseCartLock(lock)
  return new WorkflowResponse({ cancelledOrderId: transform({ marked }, ({ marked }) => marked.orderId) })
})

/**
 * POST /api/webhooks/{stripe,paypal}: the provider (through Medusa's payment module) checks the
 * signature and says what happened; the shop then reconciles, so a payment whose browser went
 * away still becomes its order, and one the provider refused is marked. A delivery whose
 * signature is wrong is refused before anything is read (the provider throws invalid_signature).
 */
export async function receiveWebhook(
  container: MedusaContainer,
  provider: WebhookProvider,
  delivery: WebhookDelivery,
): Promise<WebhookOutcome> {
  const payments = container.resolve(Modules.PAYMENT)
  const { action, data } = await payments.getWebhookActionAndData({
    provider: providerKeys[provider],
    payload: { data: delivery.body, rawData: delivery.rawBody, headers: delivery.headers },
  })
  const row = data?.session_id ? await findCheckoutPayment(container, { provider, payment_session_id: data.session_id }) : null
  if (!row || (action !== PaymentActions.SUCCESSFUL && action !== PaymentActions.FAILED)) return { received: true, result: "ignored" }
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)

  if (action === PaymentActions.FAILED) {
    const reason = provider === "paypal" ? "PayPal denied the capture" : "Stripe reports the card payment failed"
    let cancelledOrderId: string | null = row.order_id
    try {
      const { result } = await paymentFailedWorkflow(container).run({
        input: { provider, reference: row.reference, userId: row.shop_user_id, reason },
      })
      cancelledOrderId = result.cancelledOrderId
    } catch (error) {
      throw workflowError(error)
    }
    if (cancelledOrderId) logger.warn(`Order ${cancelledOrderId} cancelled: ${reason} (${provider} ${row.reference})`)
    return { received: true, result: "failed" }
  }

  const wasOrdered = Boolean(row.order_id)
  try {
    if (provider === "stripe") await settleCardPayment(container, row.reference)
    else await settleWalletPayment(container, row.reference, captureIdOf(delivery.body))
  } catch (error) {
    // Recorded as unfinalised by finalisePayment; answering 200 stops the provider repeating a
    // delivery that staff now handle. Anything else goes to the provider as a failure to retry.
    const paymentReceived = (error as { extra?: { paymentReceived?: boolean } }).extra?.paymentReceived
    if (paymentReceived) return { received: true, result: "unfinalised" }
    throw error
  }
  return { received: true, result: wasOrdered ? "already-ordered" : "ordered" }
}

/** PAYMENT.CAPTURE.COMPLETED's resource is the capture itself. */
function captureIdOf(body: Record<string, unknown>): string | undefined {
  const resource = body.resource as { id?: unknown } | undefined
  return typeof resource?.id === "string" ? resource.id : undefined
}
