import type { WebhookReceipt } from "@enclave/contract"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, PaymentActions } from "@medusajs/framework/utils"
import { createWorkflow, transform, when } from "@medusajs/framework/workflows-sdk"
import { runThenBump } from "../catalogue/cache"
import { workflowError } from "../http/api-error"
import { cancelShopOrderWorkflow } from "../orders/cancel-order"
import { settleCardPayment } from "./card"
import { findCheckoutPayment, markCheckoutPaymentStep, withPaymentLock, type CheckoutPaymentRow } from "./records"
import { settleWalletPayment } from "./wallet"

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

/**
 * The provider says the money did not arrive after all. The record says why (and "failed" unless
 * it became an order); an order it became is cancelled, so it does not ship and its stock goes back
 * on sale. A cancel that fails gives the record its old word back, and the provider retries.
 */
const paymentFailedWorkflow = createWorkflow("enclave-payment-failed", (input: { row: CheckoutPaymentRow; reason: string }) => {
  markCheckoutPaymentStep(
    transform({ input }, ({ input: { row, reason } }) => ({
      id: row.id,
      previous: { status: row.status, payment_id: row.payment_id, failure_reason: row.failure_reason },
      next: { status: row.order_id ? row.status : ("failed" as const), payment_id: row.payment_id, failure_reason: reason },
    })),
  )
  when("enclave-payment-failed-cancel-order", { input }, ({ input }) => Boolean(input.row.order_id)).then(() => {
    cancelShopOrderWorkflow.runAsStep({
      input: transform({ input }, ({ input }) => ({ orderId: input.row.order_id!, reason: input.reason })),
    })
  })
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
    await withPaymentLock(container, row.reference, async () => {
      const current = (await findCheckoutPayment(container, { provider, reference: row.reference }))!
      const run = () => paymentFailedWorkflow(container).run({ input: { row: current, reason } })
      try {
        // A cancelled order's stock is on sale again: the catalogue must say so at the next request.
        await (current.order_id ? runThenBump("an order was cancelled: its stock is on sale again", run, "stock") : run())
      } catch (error) {
        throw workflowError(error)
      }
      if (current.order_id) logger.warn(`Order ${current.order_id} cancelled: ${reason} (${provider} ${current.reference})`)
    })
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
